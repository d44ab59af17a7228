// swift-tools-version:6.0
// sheetd — iOS-grade bottom-sheet behaviour as a JSON-RPC daemon.
import PackageDescription

/// No unsafeFlags, so other packages can depend on this one (`SheetClient`) by version: the
/// release build's static-link and codegen flags are in scripts/build-release.sh.
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
        .library(name: "sheetd-golden", type: .dynamic, targets: ["GoldenPlugin"]),
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
        // ppoll(2), prctl(PR_SET_PDEATHSIG), pidfd_open(2): the plugin helper processes.
        .systemLibrary(name: "CPluginProcess"),

        // The wire protocol as types: every method, member, range and enum declared once.
        .target(name: "SheetWire"),
        // The engine: pure value types and state machines, no I/O.
        .target(name: "SheetCore"),
        // Transport: framing, jansson codec, JSON-RPC 2.0, typed params.
        .target(name: "SheetRPC", dependencies: ["CJansson", "SheetWire"]),
        // Plugin host: dlopen, ABI checks, adapters onto SheetCore's policy protocols.
        .target(name: "SheetPluginHost", dependencies: ["SheetCore", "CSheetdPlugin", "CPluginProcess"]),
        // The daemon's brain: sessions, methods, clocks. No file descriptors.
        .target(name: "SheetServer", dependencies: ["SheetCore", "SheetRPC", "SheetPluginHost", "SheetWire"]),
        // Whole-file reads and complete writes for the executables (POSIX).
        .target(name: "SheetFileIO"),
        // What a replay showed, drawn: the SVG plot and the HTML player (its page and the web
        // host's renderer are resources, embedded as bytes).
        .target(name: "SheetReplay", dependencies: ["SheetServer", "SheetRPC", "SheetCore"],
                resources: [.embedInCode("Resources/player.html"), .embedInCode("Resources/player.js"),
                            .embedInCode("Resources/sheet-renderer.js")]),
        // The thin executable: CLI, the poll loop, stdio.
        .executableTarget(name: "sheetd", dependencies: ["SheetServer", "SheetRPC", "SheetCore", "SheetPluginHost", "SheetReplay", "SheetFileIO",
                                                          "CLinuxPoll"]),
        // The benchmark, measuring the `sheetd` built beside it against bench/floor.
        .executableTarget(name: "sheetd-bench", dependencies: ["SheetServer", "SheetRPC", "SheetCore", "SheetPluginHost", "SheetFileIO",
                                                               "sheetd"]),

        // Bundled plugins.
        .target(name: "MaterialPlugin", dependencies: ["CJansson", "CSheetdPlugin"], path: "plugins/material"),
        .target(name: "ExpandedOnlyPlugin", dependencies: ["CSheetdPlugin"], path: "plugins/expanded-only"),
        .target(name: "CrossfadePlugin", dependencies: ["CSheetdPlugin"], path: "plugins/crossfade"),
        .target(name: "GoldenPlugin", dependencies: ["CSheetdPlugin"], path: "plugins/golden"),

        // The client library: a thin typed layer over SheetRPC's codec and framing.
        .target(name: "SheetClient", dependencies: ["SheetRPC", "SheetWire"]),

        // What tests of a connection share: feed it a message, get every body back.
        .target(name: "SheetRPCTestSupport", dependencies: ["SheetRPC"]),

        // What every test target shares: where the built products are, the iPhone container.
        .target(name: "SheetTestSupport", dependencies: ["SheetCore", "SheetRPC"], path: "Tests/SheetTestSupport"),

        .testTarget(name: "SheetCoreTests", dependencies: ["SheetCore", "SheetTestSupport"]),
        .testTarget(name: "SheetWireTests", dependencies: ["SheetWire"]),
        .testTarget(name: "SheetRPCTests", dependencies: ["SheetRPC", "SheetRPCTestSupport"]),
        .testTarget(name: "SheetPluginHostTests", dependencies: ["SheetPluginHost", "SheetCore", "SheetTestSupport"],
                    exclude: ["Fixtures"]),  // C fixture, compiled with cc at test time
        // End-to-end tests spawn the built `sheetd`; depending on it makes `swift test` build it.
        .testTarget(name: "SheetdTests", dependencies: ["SheetServer", "SheetRPC", "SheetRPCTestSupport", "SheetCore", "SheetWire",
                                                    "SheetReplay", "SheetTestSupport", "sheetd", "sheetd-bench"]),
        // The Swift client against the built daemon (and the README's client program).
        .testTarget(name: "SheetClientTests", dependencies: ["SheetClient", "SheetTestSupport", "sheetd"]),
    ],
    swiftLanguageModes: [.v6]
)
