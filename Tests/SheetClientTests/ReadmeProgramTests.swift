import Foundation
import Testing

/// README.md's Swift client is a complete program: its `Package.swift` block and its
/// `main.swift` block, placed next to this repository checked out as `sheetd` (the path
/// dependency `../sheetd`), build with `swift build` and print what the README says.
/// Slow (it builds SheetRPC and SheetClient from scratch in a temporary package).
@Suite struct ReadmeProgramTests {
    static func block(in readme: String, startingWith prefix: String) -> String? {
        var rest = readme[...]
        while let open = rest.range(of: "```swift\n") {
            guard let close = rest.range(of: "\n```", range: open.upperBound..<rest.endIndex) else { return nil }
            let body = String(rest[open.upperBound..<close.lowerBound])
            if body.hasPrefix(prefix) { return body + "\n" }
            rest = rest[close.upperBound...]
        }
        return nil
    }

    @Test func readmeSwiftProgramBuildsAndRuns() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try #require(Self.block(in: readme, startingWith: "// swift-tools-version"),
                                    "README.md has no ```swift block starting with // swift-tools-version")
        let main = try #require(Self.block(in: readme, startingWith: "import SheetClient"),
                                "README.md has no ```swift block starting with import SheetClient")
        #expect(main.split(separator: "\n").count <= 10, "the README's Swift client is over ten lines")
        #expect(manifest.contains(#".package(path: "../sheetd")"#))

        let fm = FileManager.default
        let tmp = fm.temporaryDirectory.appendingPathComponent("sheetd-readme-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? fm.removeItem(at: tmp) }
        let hello = tmp.appendingPathComponent("hello")
        try fm.createDirectory(at: hello.appendingPathComponent("Sources/hello"), withIntermediateDirectories: true)
        // The checkout of this repository, under the directory name the README uses.
        try fm.createSymbolicLink(at: tmp.appendingPathComponent("sheetd"), withDestinationURL: repositoryRoot)
        try manifest.write(to: hello.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try main.write(to: hello.appendingPathComponent("Sources/hello/main.swift"), atomically: true, encoding: .utf8)

        let build = try run("/usr/bin/env", ["swift", "build", "--package-path", hello.path], in: hello)
        try #require(build.status == 0, "swift build of the README program failed:\n\(build.output)")
        let ran = try run(hello.appendingPathComponent(".build/debug/hello").path, [], in: hello,
                          environment: ["SHEETD": try builtDaemon()])
        try #require(ran.status == 0, "the README program failed:\n\(ran.output)")
        let lines = ran.output.split(separator: "\n").map(String.init)
        // What the README says it prints: the frame at t=150 half-way (y 694), at rest at t=300, exit 0.
        #expect(lines.contains("150.0 presenting 694.0"), "\(lines)")
        #expect(lines.contains("300.0 presented 544.0"), "\(lines)")
        #expect(lines.last == "0", "\(lines)")
    }

    func run(_ executable: String, _ arguments: [String], in dir: URL,
             environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let log = dir.appendingPathComponent("log-\(UInt32.random(in: 0...UInt32.max)).txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = dir
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        p.waitUntilExit()
        try? handle.close()
        return (p.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
