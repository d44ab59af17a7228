// swift-tools-version:6.0
// sheetd — iOS-grade bottom-sheet behaviour as a JSON-RPC daemon.
import PackageDescription

/// Where this manifest lives: the release link below names files in `link/`.
let packageRoot = String(#filePath.dropLast("Package.swift".count))

/// Release `sheetd` starts like a small C program (issue 12, start-up): the Swift runtime,
/// libstdc++ and the unwinder are linked statically (link/README.md), the executable exports
/// no symbols (nothing dlopen'd uses them; the dynamic loader and `dladdr` then have little to
/// search), and generic metadata is reached through direct accessors instead of demangling
/// type names at first use.
let releaseCodegen: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]
let releaseLink: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic", "-L", packageRoot + "link/static-libstdcxx"], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "sheetd",
    products: [
        .executable(name: "sheetd", targets: ["sheetd"]),
        // The benchmark: `swift run -c release sheetd-bench` (measures the sheetd built beside it).
        .executable(name: "sheetd-bench", targets: ["sheetd-bench"]),
        .library(name: "SheetCore", targets: ["SheetCore"]),
        // The Swift client: spawns sheetd and speaks its wire protocol (no engine code).
        .library(name: "SheetClient", targets: ["SheetClient"]),
        // Bundled policy plugins: each is a shared object that sheetd loads with dlopen.
        .library(name: "sheetd-material", type: .dynamic, targets: ["MaterialPlugin"]),
        .library(name: "sheetd-expanded-only", type: .dynamic, targets: ["ExpandedOnlyPlugin"]),
        .library(name: "sheetd-crossfade", type: .dynamic, targets: ["CrossfadePlugin"]),
    ],
    targets: [
        // System libraries and C interfaces.
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        // The plugin ABI: a module map over protocol/sheetd_plugin.h (the one header).
        .systemLibrary(name: "CSheetdPlugin"),
        // ppoll(2), which Swift's Glibc module hides (GNU extension): sub-millisecond waits.
        .systemLibrary(name: "CLinuxPoll"),

        // The engine: pure value types and state machines, no I/O.
        .target(name: "SheetCore", swiftSettings: releaseCodegen),
        // Transport: framing, jansson codec, JSON-RPC 2.0, typed params.
        .target(name: "SheetRPC", dependencies: ["CJansson"], swiftSettings: releaseCodegen),
        // Plugin host: dlopen, ABI checks, adapters onto SheetCore's policy protocols.
        .target(name: "SheetPluginHost", dependencies: ["SheetCore", "CSheetdPlugin"], swiftSettings: releaseCodegen),
        // The daemon's brain: sessions, methods, clocks. No file descriptors.
        .target(name: "SheetServer", dependencies: ["SheetCore", "SheetRPC", "SheetPluginHost"], swiftSettings: releaseCodegen),
        // Whole-file reads and complete writes for the executables (POSIX).
        .target(name: "SheetFileIO"),
        // What a replay showed, drawn: the SVG plot and the HTML player (its page and the web
        // host's renderer are resources, embedded as bytes).
        .target(name: "SheetReplay", dependencies: ["SheetServer", "SheetRPC", "SheetCore"],
                resources: [.embedInCode("Resources/player.html"), .embedInCode("Resources/player.js"),
                            .embedInCode("Resources/sheet-renderer.js")]),
        // The thin executable: CLI, the poll loop, stdio.
        .executableTarget(name: "sheetd", dependencies: ["SheetServer", "SheetRPC", "SheetCore", "SheetReplay", "SheetFileIO", "CLinuxPoll"],
                         swiftSettings: releaseCodegen, linkerSettings: releaseLink),
        // The benchmark, measuring the `sheetd` built beside it against bench/floor.
        .executableTarget(name: "sheetd-bench", dependencies: ["SheetServer", "SheetRPC", "SheetFileIO", "sheetd"]),

        // Bundled plugins.
        .target(name: "MaterialPlugin", dependencies: ["CJansson", "CSheetdPlugin"], path: "plugins/material"),
        .target(name: "ExpandedOnlyPlugin", dependencies: ["CSheetdPlugin"], path: "plugins/expanded-only"),
        .target(name: "CrossfadePlugin", dependencies: ["CSheetdPlugin"], path: "plugins/crossfade"),

        // The client library: a thin typed layer over SheetRPC's codec and framing.
        .target(name: "SheetClient", dependencies: ["SheetRPC"]),

        .testTarget(name: "SheetCoreTests", dependencies: ["SheetCore"]),
        .testTarget(name: "SheetRPCTests", dependencies: ["SheetRPC"]),
        .testTarget(name: "SheetPluginHostTests", dependencies: ["SheetPluginHost", "SheetCore"],
                    exclude: ["Fixtures"]),  // C fixture, compiled with cc at test time
        // End-to-end tests spawn the built `sheetd`; depending on it makes `swift test` build it.
        .testTarget(name: "SheetdTests", dependencies: ["SheetServer", "SheetRPC", "SheetCore", "SheetReplay", "sheetd",
                                                    "sheetd-bench"]),
        // The Swift client against the built daemon (and the README's client program).
        .testTarget(name: "SheetClientTests", dependencies: ["SheetClient", "sheetd"]),
    ],
    swiftLanguageModes: [.v6]
)
