import Foundation
import SheetCore
import SheetRPC
import Testing

/// sheetd compiled to WebAssembly (scripts/build-wasm.sh), run by the Node CLI
/// clients/js/bin/sheetd-wasm.mjs.
///
/// The module is built here when it is missing or older than a source (the script rebuilds
/// only then), so `swift test` builds it. Without the wasm tools (wasi-libc,
/// libclang-rt-dev-wasm32, the toolchain's wasm-ld) or Node these tests are skipped; under CI
/// (`CI=true`) they run and fail instead.
enum WasmBuild {
    static let onCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let script = SpecTests.repoRoot.appendingPathComponent("scripts/build-wasm.sh").path
    static let cli = SpecTests.repoRoot.appendingPathComponent("clients/js/bin/sheetd-wasm.mjs").path

    /// The tools are there (`build-wasm.sh --check`) and so is Node.
    static let toolsPresent: Bool = {
        guard let r = try? Subprocess.run("/bin/bash", [script, "--check"]), r.status == 0 else { return false }
        guard let n = try? Subprocess.run("/usr/bin/env", ["node", "-e", "0"]), n.status == 0 else { return false }
        return true
    }()

    static let shouldRun = toolsPresent || onCI

    /// The built module's path; the build runs once per test process.
    static let module: Result<String, BuildFailed> = {
        guard toolsPresent else {
            return .failure(BuildFailed(message: "CI=true but the wasm tools or node are missing: apt-get install -y wasi-libc libclang-rt-dev-wasm32 nodejs (scripts/build-wasm.sh --check says which)"))
        }
        let r: Subprocess.Result
        do {
            r = try Subprocess.run("/bin/bash", [script])
        } catch {
            return .failure(BuildFailed(message: "scripts/build-wasm.sh could not run: \(error)"))
        }
        guard r.status == 0 else { return .failure(BuildFailed(message: "scripts/build-wasm.sh failed:\n\(r.stderr)")) }
        return .success(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }()

    struct BuildFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs the CLI with `input` (a file) on stdin.
    static func run(input: String, arguments: [String] = []) throws -> Subprocess.Result {
        let wasm = try module.get()
        return try Subprocess.run("/bin/sh", ["-c", #"cli="$0" wasm="$1" input="$2"; shift 2; exec node "$cli" --wasm "$wasm" "$@" < "$input""#, cli, wasm, input] + arguments)
    }

    /// Runs the CLI with `text` on stdin.
    static func run(text: String, arguments: [String] = []) throws -> Subprocess.Result {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("sheetd-wasm-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).in")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try run(input: file.path, arguments: arguments)
    }

    // MARK: Which conformance cases

    static let builtinPolicies = Set(BuiltinPolicies.dismissalNames + BuiltinPolicies.scrollHandoffNames
                                     + BuiltinPolicies.navigationNames + BuiltinPolicies.detentResolverNames)

    /// Whether a case's stream loads or lists plugins or names a policy outside the built-ins
    /// (those answer differently in the browser, where there are no plugins).
    static func needsPlugins(_ stream: String) -> Bool {
        func visit(_ v: JSONValue) -> Bool {
            switch v {
            case .array(let a): return a.contains(where: visit)
            case .object(let o):
                if case .string(let m)? = o["method"], m == "plugins.load" || m == "plugins.list" { return true }
                if case .object(let p)? = o["policies"] {
                    for key in ["dismissal", "scrollHandoff", "navigation"] {
                        if case .string(let name)? = p[key], !builtinPolicies.contains(name) { return true }
                    }
                }
                // A detent computed by a detent-resolver policy (`{id, resolver}`).
                if case .string(let name)? = o["resolver"], !builtinPolicies.contains(name) { return true }
                return o.ordered.contains { visit($0.value) }
            default: return false
            }
        }
        return stream.split(separator: "\n").contains { line in
            (try? JSONCodec.decode(String(line))).map(visit) ?? false
        }
    }

    /// The conformance cases the WebAssembly build must answer byte for byte.
    static func cases() throws -> [String] {
        try ConformanceRun.cases().filter { name in
            let stream = (try? String(contentsOf: ConformanceRun.root.appendingPathComponent(name + ".ndjson"), encoding: .utf8)) ?? ""
            return !needsPlugins(stream)
        }
    }

    /// A line as compared: a `-32700` answer's `message` masked (the JSON reader's own text).
    static func masked(_ line: Substring) -> String {
        guard line.contains("-32700"), case .object(var o)? = try? JSONCodec.decode(String(line)),
              case .object(var e)? = o["error"], e["code"] == .int(-32700) else { return String(line) }
        e["message"] = "<masked>"
        o["error"] = .object(e)
        return JSONCodec.encodeToString(.object(o))
    }
}

@Suite struct WasmConformanceTests {
    /// Every conformance case whose stream neither loads nor lists plugins nor names a policy
    /// outside the built-ins prints exactly its golden through the WebAssembly build (only the
    /// message text of `-32700` answers is masked).
    @Test(.enabled(if: WasmBuild.shouldRun, "no wasm tools (wasi-libc, libclang-rt-dev-wasm32) or no node"),
          arguments: try WasmBuild.cases())
    func wasmPrintsTheGolden(_ name: String) throws {
        let input = ConformanceRun.root.appendingPathComponent(name + ".ndjson").path
        let golden = try String(contentsOf: ConformanceRun.root.appendingPathComponent(name + ".golden.ndjson"), encoding: .utf8)
        let r = try WasmBuild.run(input: input)
        #expect(r.status == 0, "\(name): exit \(r.status): \(r.stderr)")
        let got = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(got.count == want.count, "\(name): \(got.count) lines, golden has \(want.count)")
        for (i, (g, w)) in zip(got, want).enumerated() where WasmBuild.masked(g) != WasmBuild.masked(w) {
            Issue.record("\(name) line \(i + 1):\n  golden: \(w)\n  wasm:   \(g)")
            break
        }
    }

    /// The selection is most of the suite, and leaves out exactly the plugin cases.
    @Test(.enabled(if: WasmBuild.shouldRun, "no wasm tools or no node"))
    func theSelectionIsMostOfTheSuite() throws {
        let all = try ConformanceRun.cases()
        let selected = try WasmBuild.cases()
        #expect(selected.count >= 55, "\(selected.count) of \(all.count)")
        for name in all where name.contains("plugin") { #expect(!selected.contains(name), "\(name)") }
        #expect(selected.contains("errors-parse-and-invalid-request"))
        #expect(selected.contains("batches"))
    }

    /// LSP framing in, LSP framing out, as `sheetd serve` does.
    @Test(.enabled(if: WasmBuild.shouldRun, "no wasm tools or no node"))
    func lspFramingIsAnsweredInKind() throws {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
        let r = try WasmBuild.run(text: "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Content-Length: "), "\(r.stdout)")
        #expect(r.stdout.contains(#""result":{"serverInfo":{"name":"sheetd""#), "\(r.stdout)")
    }

    /// Plugins do not exist in the browser: `plugins.load` answers -32011 saying so,
    /// `plugins.list` is empty, `initialize` lists the built-in policies only.
    @Test(.enabled(if: WasmBuild.shouldRun, "no wasm tools or no node"))
    func pluginsDoNotExistInTheBrowser() throws {
        let r = try WasmBuild.run(text: """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}
            {"jsonrpc":"2.0","id":2,"method":"plugins.load","params":{"path":"/usr/lib/sheetd/plugins/libsheetd-material.so"}}
            {"jsonrpc":"2.0","id":3,"method":"plugins.list"}

            """)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stdout)")
        guard lines.count == 3 else { return }
        let policies = (try? JSONCodec.decode(lines[0]))?["result"]?["policies"]?.objectValue
        func names(_ kind: String) -> [String]? { policies?[kind]?.arrayValue?.compactMap { $0.stringValue } }
        #expect(names("dismissal") == BuiltinPolicies.dismissalNames, "\(lines[0])")
        #expect(names("scrollHandoff") == BuiltinPolicies.scrollHandoffNames, "\(lines[0])")
        #expect(names("navigation") == BuiltinPolicies.navigationNames, "\(lines[0])")
        #expect(names("detentResolver") ?? [] == BuiltinPolicies.detentResolverNames, "\(lines[0])")
        #expect(lines[1] == #"{"jsonrpc":"2.0","id":2,"error":{"code":-32011,"message":"params.path: plugins (shared objects) do not exist in the browser: this build of sheetd (WebAssembly) has the built-in policies only"}}"#)
        #expect(lines[2] == #"{"jsonrpc":"2.0","id":3,"result":[]}"#)
    }
}
