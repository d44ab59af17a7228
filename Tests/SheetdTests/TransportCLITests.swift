import Foundation
import SheetServer
import Testing

@Suite struct TransportCLITests {
    @Test func version() throws {
        let r = try Daemon.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == "sheetd \(SheetService.version)\n")
    }

    @Test func help() throws {
        let r = try Daemon.run(["--help"])
        #expect(r.status == 0)
        for word in ["serve", "replay", "bench", "--framing", "--max-message-bytes", "--log-level",
                     "--plugin-dir", "SHEETD_PLUGIN_PATH", "--help", "--version"] {
            #expect(r.stdout.contains(word), "help lacks \(word)")
        }
    }

    @Test func usageErrorsExitTwo() throws {
        for args in [["--bogus"], ["--framing", "xml"], ["--max-message-bytes", "-1"], ["--log-level"],
                     ["--log-level", "loud"], ["frobnicate"]] {
            let r = try Daemon.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stdout.isEmpty, "\(args)")
            #expect(r.stderr.contains("sheetd:"), "\(args)")
        }
    }

    @Test func serveSubcommandAndOptionForms() throws {
        let d = try Daemon(arguments: ["serve", "--framing=ndjson", "--log-level=error", "--plugin-dir", "/tmp"],
                           environment: ["SHEETD_PLUGIN_PATH": "/nonexistent:/tmp"])
        _ = try d.call("initialize", [:])
        d.closeInput()
        #expect(try d.waitForExit() == 0)
    }

    @Test func replay() throws {
        let path = NSTemporaryDirectory() + "sheetd-replay-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).ndjson"
        defer { unlink(path) }
        let stream = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844}}}"#,
            #"{"jsonrpc":"2.0","method":"nope"}"#,
            "garbage",
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"session.list"}"#,
        ].joined(separator: "\n") + "\n"
        try stream.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try Daemon.run(["replay", path])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first?.hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":"#) == true)
        #expect(lines.last == #"{"jsonrpc":"2.0","id":3,"result":null}"#)
        // The same stream in LSP framing replays to the same output.
        let lsp = stream.split(separator: "\n").map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()
        try lsp.write(toFile: path, atomically: true, encoding: .utf8)
        let r2 = try Daemon.run(["replay", path])
        #expect(r2.status == 0)
        #expect(r2.stdout == r.stdout)
    }

    @Test func replayMissingFile() throws {
        let r = try Daemon.run(["replay", "/nonexistent/stream.ndjson"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent/stream.ndjson"))
        #expect(r.stdout.isEmpty)
    }
}
