import Testing
import SheetRPC

@Suite struct TransportNDJSONTests {
    @Test func sessionOverNDJSON() throws {
        let d = try Daemon()
        let (hello, _) = try d.request("initialize", ["clientInfo": ["name": "e2e"]])
        #expect(hello["result"]?["serverInfo"]?["name"] == "sheetd")
        #expect(hello["result"]?["protocolVersion"] == "1")
        let created = try d.call("session.create", T.container)
        #expect(created["session"]?.stringValue != nil)
        #expect(try d.call("session.list").arrayValue != nil)
        let (missing, _) = try d.request("no.such.method", [:])
        #expect(T.code(missing) == -32601)
        d.closeInput()
        #expect(try d.waitForExit() == 0)
        #expect(d.protocolViolations.isEmpty)
        #expect(d.rawOutput.last == 10)
    }

    @Test func requestBeforeInitialize() throws {
        let d = try Daemon()
        let (r, _) = try d.request("session.list")
        #expect(T.code(r) == -32002)
        d.send(#"{"jsonrpc":"2.0","method":"session.list"}"#)
        let diag = try d.readMessage()
        #expect(diag["method"] == "$/diagnostic")
        #expect(diag["params"]?["code"] == -32002)
    }

    @Test func idsEchoedAndBatchesOverTheWire() throws {
        let d = try Daemon()
        _ = try d.call("initialize", [:])
        d.send(#"{"jsonrpc":"2.0","id":7.0,"method":"session.list"}"#)
        d.send(#"{"jsonrpc":"2.0","id":"x-1","method":"session.list"}"#)
        d.send("[]")
        d.send(#"[{"jsonrpc":"2.0","id":1,"method":"session.list"},{"jsonrpc":"2.0","method":"session.list"},5]"#)
        d.send(#"[{"jsonrpc":"2.0","method":"session.list"}]"#)
        _ = try d.call("session.list")  // a fence: everything before it has been answered
        let text = String(decoding: d.rawOutput, as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix(#"{"jsonrpc":"2.0","id":7.0,"result":"#))
        #expect(lines[2].hasPrefix(#"{"jsonrpc":"2.0","id":"x-1","result":"#))
        #expect(lines[3] == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: empty batch"}}"#)
        let batch = try JSONCodec.decode(lines[4])
        #expect(batch.arrayValue?.count == 2)
        #expect(batch.arrayValue?.first?["id"] == 1)
        #expect(T.code(batch.arrayValue![1]) == -32600)
        #expect(lines.count == 6)  // the notification-only batch got no reply
    }

    @Test func messageSplitAcrossWritesAndManyInOneWrite() throws {
        let d = try Daemon()
        let first = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8) + [10]
        d.sendRaw(Array(first[..<20]))
        d.sendRaw(Array(first[20...]))
        #expect(try d.readMessage()["id"] == 1)
        var many: [UInt8] = []
        for i in 2...50 { many += Array(#"{"jsonrpc":"2.0","id":\#(i),"method":"session.list"}"#.utf8) + [13, 10] }
        d.sendRaw(many)
        let answers = try d.readMessages(49)
        #expect(answers.map { $0["id"] } == (2...50).map { .int(Int64($0)) })
    }

    @Test func randomBytesThenAValidRequestIsAnswered() throws {
        let d = try Daemon(arguments: ["--framing", "ndjson"])
        d.sendRaw(T.junkLines(200, seed: 1234))
        d.send(#"{"jsonrpc":"2.0","id":"after-junk","method":"initialize","params":{}}"#)
        var errors = 0
        while true {
            let m = try d.readMessage()
            if m["id"] == "after-junk" {
                #expect(m["result"]?["serverInfo"] != nil)
                break
            }
            #expect(m["id"] == .null)
            #expect(T.code(m) == -32700 || T.code(m) == -32600)
            errors += 1
        }
        #expect(errors > 150)
        d.closeInput()
        #expect(try d.waitForExit() == 0)
    }

    @Test func oversizeIsRefusedAndTheStreamResyncs() throws {
        let d = try Daemon(arguments: ["--max-message-bytes", "300"])
        _ = try d.call("initialize", [:])
        let big = #"{"jsonrpc":"2.0","id":99,"method":"session.create","params":{"pad":""# + String(repeating: "p", count: 5000) + "\"}}"
        d.sendRaw(Array(big.utf8).prefix(2000).map { $0 })  // the error comes before the line ends
        let e = try d.readMessage()
        #expect(T.code(e) == -32600)
        #expect(e["id"] == .null)
        #expect(e["error"]?["message"]?.stringValue?.contains("300") == true)
        d.sendRaw(Array(big.utf8).dropFirst(2000) + [10])
        #expect(try d.call("session.list").arrayValue != nil)
        #expect(d.unclaimedResponses.isEmpty)
    }

    @Test func exitCodes() throws {
        // EOF -> 0
        let a = try Daemon()
        _ = try a.call("initialize", [:])
        a.closeInput()
        #expect(try a.waitForExit() == 0)
        // shutdown + exit -> 0
        let b = try Daemon()
        _ = try b.call("initialize", [:])
        #expect(try b.call("shutdown") == .null)
        let (late, _) = try b.request("session.list")
        #expect(T.code(late) == -32600)
        b.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(try b.waitForExit() == 0)
        // exit without shutdown -> 1
        let c = try Daemon()
        _ = try c.call("initialize", [:])
        c.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(try c.waitForExit() == 1)
        // exit as the very first message -> 1, nothing written
        let e = try Daemon()
        e.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(try e.waitForExit() == 1)
        #expect(e.rawOutput.isEmpty)
    }

    @Test func onlyProtocolBytesOnStdoutLogsOnStderr() throws {
        let d = try Daemon(arguments: ["--log-level", "debug", "--max-message-bytes", "100"])
        _ = try d.call("initialize", [:])
        d.sendRaw(Array("not json at all\n".utf8))
        d.sendRaw(Array(repeating: UInt8(ascii: "x"), count: 300) + [10])
        _ = try d.call("session.create", T.container)
        d.send(#"{"jsonrpc":"2.0","method":"bogus.notification"}"#)
        d.closeInput()
        #expect(try d.waitForExit() == 0)
        #expect(d.protocolViolations.isEmpty)
        // Every line of stdout is one JSON-RPC message.
        let lines = d.rawOutput.split(separator: 10, omittingEmptySubsequences: false)
        #expect(lines.last?.isEmpty == true)
        for line in lines.dropLast() {
            let v = try JSONCodec.decode(Array(line))
            #expect(v["jsonrpc"] == "2.0")
        }
        #expect(d.stderrText.contains("sheetd: "))
    }

    @Test func closedOutputMakesTheDaemonExit() throws {
        let d = try Daemon()
        _ = try d.call("initialize", [:])
        d.closeOutput()
        #expect(try d.waitForExit() == 1)
    }
}
