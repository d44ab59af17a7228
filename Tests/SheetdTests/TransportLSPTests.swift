#if canImport(Glibc)
import Glibc
#endif
import Testing
import SheetRPC

@Suite struct TransportLSPTests {
    @Test func sessionOverLSP() throws {
        let d = try Daemon(framing: .lsp)
        let (hello, _) = try d.request("initialize", [:])
        #expect(hello["result"]?["serverInfo"]?["name"] == "sheetd")
        #expect(String(decoding: d.rawOutput.prefix(16), as: UTF8.self) == "Content-Length: ")
        #expect(try d.call("session.create", T.container)["session"]?.stringValue != nil)
        #expect(try d.call("session.list").arrayValue != nil)
        #expect(try d.call("shutdown") == .null)
        d.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(try d.waitForExit() == 0)
        #expect(d.protocolViolations.isEmpty)
    }

    @Test func autoDetectionSkipsLeadingWhitespace() throws {
        let lsp = try Daemon(framing: .lsp)
        lsp.sendRaw(Array("\r\n\n  ".utf8))
        #expect(T.code(try lsp.request("session.list").response) == -32002)
        let nd = try Daemon(framing: .ndjson)
        nd.sendRaw(Array("\n \t\r\n".utf8))
        #expect(T.code(try nd.request("session.list").response) == -32002)
    }

    @Test func headersCaseInsensitiveExtraHeadersAndSplitWrites() throws {
        let d = try Daemon(framing: .lsp)
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
        let msg = Array("content-length: \(body.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(body)".utf8)
        for i in stride(from: 0, to: msg.count, by: 9) { d.sendRaw(Array(msg[i..<min(i + 9, msg.count)])) }
        #expect(try d.readMessage()["id"] == 1)
        var many: [UInt8] = []
        for i in 2...20 {
            let b = #"{"jsonrpc":"2.0","id":\#(i),"method":"session.list"}"#
            many += Array("Content-Length: \(b.utf8.count)\r\n\r\n\(b)".utf8)
        }
        d.sendRaw(many)
        #expect(try d.readMessages(19).map { $0["id"] } == (2...20).map { .int(Int64($0)) })
    }

    @Test func randomBytesThenAValidFrameIsAnswered() throws {
        let d = try Daemon(arguments: ["--framing", "lsp"], framing: .lsp)
        d.sendRaw(T.junkLines(200, seed: 99))
        d.sendRaw([13, 10])
        let (r, _) = try d.request("initialize", [:])
        #expect(r["result"]?["serverInfo"] != nil)
        for m in d.unclaimedResponses {
            #expect(m["id"] == .null)
            #expect(T.code(m) == -32700)
        }
    }

    @Test func malformedHeaderAndOversizeResync() throws {
        let d = try Daemon(arguments: ["--max-message-bytes", "200"], framing: .lsp)
        _ = try d.call("initialize", [:])
        d.sendRaw(Array("Content-Length: 12\r\nthis is not a header\r\n\r\n{\"junk\":1}\r\n".utf8))
        let bad = try d.readMessage()
        #expect(T.code(bad) == -32700)
        #expect(bad["id"] == .null)
        // An oversized body full of frame-looking bytes is skipped exactly.
        let inner = #"{"jsonrpc":"2.0","id":666,"method":"session.list"}"#
        let framedInner = "Content-Length: \(inner.utf8.count)\r\n\r\n\(inner)"
        let huge = String(repeating: framedInner, count: 20)
        let hugeMsg = Array("Content-Length: \(huge.utf8.count)\r\n\r\n".utf8)
        d.sendRaw(hugeMsg + Array(huge.utf8).prefix(300))
        let over = try d.readMessage()
        #expect(T.code(over) == -32600)
        #expect(over["error"]?["data"]?["limit"] == 200)
        d.sendRaw(Array(huge.utf8).dropFirst(300).map { $0 })
        #expect(try d.call("session.list").arrayValue != nil)
        #expect(d.unclaimedResponses.isEmpty)  // id 666 was never answered
    }

    @Test func stockPythonLSPClient() throws {
        let script = #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/scripts/lsp-client-check.py"
        let binary = try Daemon.binaryPath()
        // The first of python3 (PATH: pyenv, venvs, pip) and /usr/bin/python3 (Debian's
        // python3-pylsp-jsonrpc) that has the module; a clear failure when neither does.
        let r = try Python.run("/" + script, [binary], importing: "pylsp_jsonrpc",
                               debianPackage: "python3-pylsp-jsonrpc", pipPackage: "python-lsp-jsonrpc")
        let output = r.stdout + r.stderr
        #expect(r.status == 0, "lsp-client-check failed: \(output)")
    }
}
