import Foundation
import Testing

/// The JS client's own tests (clients/js/tests, `node --test`), run against the built daemon
/// with `SHEETD` = the built sheetd, so `swift test` runs them too. They drive
/// clients/js/sheetd.js over a spawned sheetd's pipes (one JSON-RPC message per line), and over
/// the in-page transport with `SHEETD_WASM` = the WebAssembly build (when its tools are there).
@Suite struct JSClientTests {
    /// `node` on PATH when it runs `node --test` (Node 18 or later), else `nil`.
    static let node: String? = {
        guard let r = try? Subprocess.run("/usr/bin/env", ["node", "-e", "require('node:test')"]), r.status == 0 else {
            return nil
        }
        return "node"
    }()

    static let onCI = ProcessInfo.processInfo.environment["CI"] == "true"

    @Test(.enabled(if: node != nil || onCI, "no node (18 or later) on PATH"))
    func nodeTestSuitePasses() throws {
        guard let node = Self.node else {
            Issue.record("CI=true but no node (18 or later) on PATH")
            return
        }
        let root = SpecTests.repoRoot
        // The in-page transport's tests (wasm.test.mjs) run when the WebAssembly build can be
        // made (WasmConformanceTests fails under CI when it cannot).
        let wasm = WasmBuild.toolsPresent ? (try? WasmBuild.module.get()) : nil
        let r = try Subprocess.run("/usr/bin/env", [
            "SHEETD=\(try Daemon.binaryPath())",
        ] + (wasm.map { ["SHEETD_WASM=\($0)"] } ?? []) + [
            node, "--test", root.appendingPathComponent("clients/js/tests").path,
        ])
        #expect(r.status == 0, "node --test clients/js/tests failed:\n\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("# pass "), "\(r.stdout)")
        #expect(r.stdout.contains("# fail 0"), "\(r.stdout)")
    }
}
