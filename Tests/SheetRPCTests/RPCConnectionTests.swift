import Testing
import SheetRPC
import SheetRPCTestSupport

/// Sends text, returns each outgoing message as text (byte-exact) for easy comparison.
private func send(_ c: RPCConnection, _ text: String) -> [String] {
    c.receive(text).map { String(decoding: $0, as: UTF8.self) }
}

private func ready() -> (RPCConnection, FakeService) {
    let s = FakeService()
    let c = RPCConnection(service: s)
    _ = c.receive(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
    return (c, s)
}

private func decoded(_ c: RPCConnection, _ text: String) throws -> [JSONValue] {
    try c.receive(text).map { try JSONCodec.decode($0) }
}

private func code(_ v: JSONValue) -> Int64? {
    if case .int(let i)? = v["error"]?["code"] { return i }
    return nil
}

@Suite struct RPCConnectionTests {
    // MARK: Basics

    @Test func requestAndResponseBytes() {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","id":1,"method":"echo","params":{"b":1,"a":[0.42,510.0]}}"#)
            == [#"{"jsonrpc":"2.0","id":1,"result":{"b":1,"a":[0.42,510]}}"#])
    }

    /// The method set is read once, after `initialize` and not for its reply (a daemon builds
    /// its method table then, off the start-up path), and not again.
    @Test func methodNamesAreReadOnceAfterTheInitializeReply() {
        let s = FakeService()
        let c = RPCConnection(service: s)
        #expect(send(c, #"{"jsonrpc":"2.0","method":"$/custom"}"#) == [])  // before initialize: not served
        #expect(send(c, #"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#).last
            == #"{"jsonrpc":"2.0","id":0,"result":{"serverInfo":{"name":"fake"}}}"#)
        #expect(s.methodNameReads == 0)
        #expect(send(c, #"{"jsonrpc":"2.0","id":1,"method":"echo"}"#) == [#"{"jsonrpc":"2.0","id":1,"result":null}"#])
        #expect(send(c, #"{"jsonrpc":"2.0","id":2,"method":"nope"}"#).count == 1)
        #expect(s.methodNameReads == 1)
        #expect(s.calls == ["initialize", "echo"])
    }

    @Test func idsAreEchoedExactly() {
        let (c, _) = ready()
        for id in ["\"abc\"", "\"\"", "7", "-3", "0", "7.0", "1e2", "-0.5", "1.50", "null", "9223372036854775807", "\"\\u00e9\""] {
            let out = send(c, #"{"jsonrpc":"2.0","id":\#(id),"method":"echo"}"#)
            let expected = id == "\"\\u00e9\"" ? "\"é\"" : id
            #expect(out == [#"{"jsonrpc":"2.0","id":\#(expected),"result":null}"#], "id \(id)")
        }
        // Real ids inside a batch, with spaces and a repeated key.
        #expect(send(c, #"[ {"id": 2.0, "jsonrpc":"2.0","method":"echo"}, {"jsonrpc":"2.0","method":"echo","id":3.10} ]"#)
            == [#"[{"jsonrpc":"2.0","id":2.0,"result":null},{"jsonrpc":"2.0","id":3.10,"result":null}]"#])
    }

    @Test func notificationsAreNeverAnswered() {
        let (c, s) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","method":"echo","params":[1]}"#) == [])
        #expect(s.calls.last == "echo")
    }

    // MARK: Errors

    @Test func parseError() throws {
        let (c, _) = ready()
        let out = try decoded(c, #"{"jsonrpc":"2.0","id":1,"method":"echo""#)
        #expect(out.count == 1)
        #expect(out[0]["id"] == .null)
        #expect(code(out[0]) == -32700)
        #expect(out[0]["error"]?["message"]?.stringValue?.contains("line 1") == true)
        #expect(code(try decoded(c, "\u{1}")[0]) == -32700)
        #expect(code(try c.receive([0x7B, 0xFF, 0x7D]).map { try JSONCodec.decode($0) }[0]) == -32700)
    }

    @Test func invalidRequests() throws {
        let (c, _) = ready()
        let cases: [(String, JSONValue)] = [
            (#"{"jsonrpc":"1.0","id":1,"method":"echo"}"#, 1),
            (#"{"id":1,"method":"echo"}"#, 1),
            (#"{"jsonrpc":2.0,"id":"x","method":"echo"}"#, "x"),
            (#"{"jsonrpc":"2.0","id":true,"method":"echo"}"#, .null),
            (#"{"jsonrpc":"2.0","id":{},"method":"echo"}"#, .null),
            (#"{"jsonrpc":"2.0","id":[1],"method":"echo"}"#, .null),
            (#"{"jsonrpc":"2.0","id":1}"#, 1),
            (#"{"jsonrpc":"2.0","id":1,"method":5}"#, 1),
            (#"{"jsonrpc":"2.0","id":1,"method":"echo","params":"x"}"#, 1),
            (#"{"jsonrpc":"2.0","id":1,"method":"echo","params":3}"#, 1),
            (#"{"jsonrpc":"2.0","method":1,"params":"bar"}"#, .null),  // not a valid notification either
            ("42", .null),
            ("\"req\"", .null),
        ]
        for (text, id) in cases {
            let out = try decoded(c, text)
            #expect(out.count == 1, "\(text)")
            #expect(code(out[0]) == -32600, "\(text)")
            #expect(out[0]["id"] == id, "\(text)")
        }
    }

    @Test func nullParamsAreTreatedAsAbsent() {
        let (c, s) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","id":1,"method":"echo","params":null}"#) == [#"{"jsonrpc":"2.0","id":1,"result":null}"#])
        #expect(send(c, #"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#) == [#"{"jsonrpc":"2.0","id":2,"result":null}"#])
        #expect(s.calls.last == "echo")
    }

    @Test func methodNotFound() throws {
        let (c, _) = ready()
        let out = try decoded(c, #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#)
        #expect(code(out[0]) == -32601)
        #expect(out[0]["error"]?["message"] == "method not found: nope")
    }

    @Test func serviceErrorsPassThrough() throws {
        let (c, _) = ready()
        let p = try decoded(c, #"{"jsonrpc":"2.0","id":1,"method":"params","params":{"width":-3}}"#)
        #expect(code(p[0]) == -32602)
        #expect(p[0]["error"]?["message"] == "params.width: expected a number >= 0, got -3")
        for k in [-32603, -32001, -32010, -32011, -32012] {
            let out = try decoded(c, #"{"jsonrpc":"2.0","id":"k","method":"fail","params":{"code":\#(k),"message":"m"}}"#)
            #expect(out == [["jsonrpc": "2.0", "id": "k", "error": ["code": .int(Int64(k)), "message": "m"]]])
        }
    }

    // MARK: Batches

    @Test func batches() {
        let (c, _) = ready()
        let out = send(c, #"[{"jsonrpc":"2.0","id":1,"method":"echo","params":[1]},{"jsonrpc":"2.0","method":"echo"},1,{"jsonrpc":"2.0","id":"b","method":"nope"}]"#)
        #expect(out.count == 1)
        #expect(out[0].hasPrefix(#"[{"jsonrpc":"2.0","id":1,"result":[1]},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"#))
        #expect(out[0].hasSuffix(#"{"jsonrpc":"2.0","id":"b","error":{"code":-32601,"message":"method not found: nope"}}]"#))
    }

    @Test func emptyBatchIsOneError() throws {
        let (c, _) = ready()
        let out = try decoded(c, " [ ] ")
        #expect(out.count == 1)
        #expect(out[0].objectValue != nil)
        #expect(code(out[0]) == -32600)
        #expect(out[0]["id"] == .null)
    }

    @Test func notificationOnlyBatchGetsNoReply() {
        let (c, s) = ready()
        #expect(send(c, #"[{"jsonrpc":"2.0","method":"echo"},{"jsonrpc":"2.0","method":"echo"}]"#) == [])
        #expect(s.calls.count == 3)
    }

    @Test func invalidBatchElementsEachGetAnError() throws {
        let (c, _) = ready()
        let out = try decoded(c, "[1,2,3]")
        #expect(out.count == 1)
        #expect(out[0].arrayValue?.count == 3)
        #expect(out[0].arrayValue?.allSatisfy { code($0) == -32600 } == true)
    }

    // MARK: Emitted notifications

    @Test func emittedNotificationsComeBeforeTheResponse() {
        let (c, _) = ready()
        let out = send(c, #"{"jsonrpc":"2.0","id":5,"method":"emit","params":{"count":2}}"#)
        #expect(out == [
            #"{"jsonrpc":"2.0","method":"test.note","params":{"i":0}}"#,
            #"{"jsonrpc":"2.0","method":"test.note","params":{"i":1}}"#,
            #"{"jsonrpc":"2.0","id":5,"result":"done"}"#,
        ])
    }

    @Test func emittedNotificationsComeBeforeTheBatchResponse() {
        let (c, _) = ready()
        let out = send(c, #"[{"jsonrpc":"2.0","id":1,"method":"emit"},{"jsonrpc":"2.0","method":"emit"},{"jsonrpc":"2.0","id":2,"method":"echo"}]"#)
        #expect(out == [
            #"{"jsonrpc":"2.0","method":"test.note","params":{"i":0}}"#,
            #"{"jsonrpc":"2.0","method":"test.note","params":{"i":0}}"#,
            #"[{"jsonrpc":"2.0","id":1,"result":"done"},{"jsonrpc":"2.0","id":2,"result":null}]"#,
        ])
    }

    @Test func notificationsEmittedBeforeAnErrorAreKept() {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","id":1,"method":"emitThenFail"}"#) == [
            #"{"jsonrpc":"2.0","method":"test.note","params":{"i":0}}"#,
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-32010,"message":"nope"}}"#,
        ])
        #expect(send(c, #"{"jsonrpc":"2.0","method":"emitThenFail"}"#) == [
            #"{"jsonrpc":"2.0","method":"test.note","params":{"i":0}}"#,
            #"{"jsonrpc":"2.0","method":"$/diagnostic","params":{"method":"emitThenFail","code":-32010,"message":"nope"}}"#,
        ])
    }

    @Test func notificationsEmittedByInitializeComeFirst() {
        let c = RPCConnection(service: FakeService())
        let out = send(c, #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#)
        #expect(out == [
            #"{"jsonrpc":"2.0","method":"test.hello","params":{}}"#,
            #"{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"fake"}}}"#,
        ])
    }

    // MARK: $/diagnostic

    @Test func failedNotificationsProduceDiagnostics() {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","method":"nope"}"#)
            == [#"{"jsonrpc":"2.0","method":"$/diagnostic","params":{"method":"nope","code":-32601,"message":"method not found: nope"}}"#])
        #expect(send(c, #"{"jsonrpc":"2.0","method":"params","params":{"width":"x"}}"#)
            == [#"{"jsonrpc":"2.0","method":"$/diagnostic","params":{"method":"params","code":-32602,"message":"params.width: expected a number >= 0, got \"x\""}}"#])
        #expect(send(c, #"{"jsonrpc":"2.0","method":"fail","params":{"code":-32001,"message":"unknown session: s9"}}"#)
            == [#"{"jsonrpc":"2.0","method":"$/diagnostic","params":{"method":"fail","code":-32001,"message":"unknown session: s9"}}"#])
    }

    @Test func unknownDollarNotificationsAreIgnoredButServedOnesRun() {
        let (c, s) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#) == [])
        #expect(send(c, #"{"jsonrpc":"2.0","method":"$/custom"}"#) == [])
        #expect(s.calls.last == "$/custom")
    }

    // MARK: Lifecycle

    @Test func requestsBeforeInitializeGetNotInitialized() throws {
        let s = FakeService()
        let c = RPCConnection(service: s)
        for m in ["echo", "nope", "shutdown"] {
            let out = try decoded(c, #"{"jsonrpc":"2.0","id":1,"method":"\#(m)"}"#)
            #expect(code(out[0]) == -32002, "\(m)")
        }
        #expect(send(c, #"{"jsonrpc":"2.0","method":"echo"}"#)
            == [#"{"jsonrpc":"2.0","method":"$/diagnostic","params":{"method":"echo","code":-32002,"message":"not initialized: send initialize before echo"}}"#])
        #expect(s.calls.isEmpty)
        #expect(!c.isInitialized)
    }

    @Test func failedInitializeLeavesTheConnectionUninitialized() throws {
        let s = FakeService()
        s.initializeError = .invalidParams("params.clock: bad")
        let c = RPCConnection(service: s)
        #expect(code(try decoded(c, #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#)[0]) == -32602)
        #expect(!c.isInitialized)
        s.initializeError = nil
        #expect(try decoded(c, #"{"jsonrpc":"2.0","id":2,"method":"initialize"}"#).last?["result"] != nil)
        #expect(c.isInitialized)
    }

    @Test func initializeTwiceIsRefused() throws {
        let (c, _) = ready()
        let out = try decoded(c, #"{"jsonrpc":"2.0","id":9,"method":"initialize"}"#)
        #expect(code(out[0]) == -32010)
        #expect(out[0]["error"]?["message"]?.stringValue?.contains("already") == true)
        #expect(out[0]["id"] == 9)
    }

    @Test func initializeAsNotificationIsADiagnostic() throws {
        let c = RPCConnection(service: FakeService())
        let out = try decoded(c, #"{"jsonrpc":"2.0","method":"initialize"}"#)
        #expect(out[0]["method"] == "$/diagnostic")
        #expect(out[0]["params"]?["code"] == -32600)
        #expect(!c.isInitialized)
    }

    @Test func shutdownThenExitIsZero() throws {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#) == [#"{"jsonrpc":"2.0","id":1,"result":null}"#])
        #expect(c.isShuttingDown)
        let after = try decoded(c, #"{"jsonrpc":"2.0","id":2,"method":"echo"}"#)
        #expect(code(after[0]) == -32600)
        #expect(after[0]["error"]?["message"]?.stringValue?.hasPrefix("shutting down") == true)
        #expect(code(try decoded(c, #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)[0]) == -32600)
        #expect(try decoded(c, #"{"jsonrpc":"2.0","method":"echo"}"#)[0]["params"]?["code"] == -32600)
        #expect(c.exitCode == nil)
        #expect(send(c, #"{"jsonrpc":"2.0","method":"exit"}"#) == [])
        #expect(c.exitCode == 0)
        // Everything after exit is ignored.
        #expect(send(c, #"{"jsonrpc":"2.0","id":4,"method":"echo"}"#) == [])
        #expect(c.receive(.error(.oversize(limit: 1, size: 2))) == [])
    }

    @Test func exitWithoutShutdownIsOne() {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","method":"exit"}"#) == [])
        #expect(c.exitCode == 1)
        let c2 = RPCConnection(service: FakeService())
        #expect(send(c2, #"{"jsonrpc":"2.0","method":"exit"}"#) == [])  // no diagnostic before init
        #expect(c2.exitCode == 1)
    }

    @Test func exitAsARequestIsAnsweredAndRecorded() {
        let (c, _) = ready()
        _ = send(c, #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)
        #expect(send(c, #"{"jsonrpc":"2.0","id":2,"method":"exit"}"#) == [#"{"jsonrpc":"2.0","id":2,"result":null}"#])
        #expect(c.exitCode == 0)
    }

    @Test func shutdownAsNotificationIsADiagnosticAndChangesNothing() throws {
        let (c, _) = ready()
        let out = try decoded(c, #"{"jsonrpc":"2.0","method":"shutdown"}"#)
        #expect(out[0]["params"]?["method"] == "shutdown")
        #expect(out[0]["params"]?["code"] == -32600)
        #expect(!c.isShuttingDown)
    }

    @Test func exitInsideABatchStopsProcessing() {
        let (c, s) = ready()
        let before = s.calls.count
        let out = send(c, #"[{"jsonrpc":"2.0","id":1,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"},{"jsonrpc":"2.0","id":2,"method":"echo"}]"#)
        #expect(out == [#"[{"jsonrpc":"2.0","id":1,"result":null}]"#])
        #expect(c.exitCode == 0)
        #expect(s.calls.count == before)
    }

    // MARK: Framing errors

    @Test func framingErrors() throws {
        let (c, _) = ready()
        let over = try c.receive(.error(.oversize(limit: 1_048_576, size: 2_000_000))).map { try JSONCodec.decode($0) }
        #expect(over.count == 1)
        #expect(over[0]["id"] == .null)
        #expect(code(over[0]) == -32600)
        #expect(over[0]["error"]?["message"]?.stringValue?.contains("1048576") == true)
        #expect(over[0]["error"]?["data"] == ["limit": 1_048_576, "size": 2_000_000])
        let bad = try c.receive(.error(.malformedHeader("x"))).map { try JSONCodec.decode($0) }
        #expect(code(bad[0]) == -32700)
        #expect(bad[0]["id"] == .null)
    }

    // MARK: Clock

    @Test func deadlinesAndAdvance() {
        let s = FakeService()
        s.deadline = 50
        let c = RPCConnection(service: s)
        #expect(c.nextDeadline() == nil)  // not initialized
        #expect(c.advance(to: 60) == [])
        _ = c.receive(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        #expect(c.nextDeadline() == 50)
        #expect(c.advance(to: 60.5).map { String(decoding: $0, as: UTF8.self) }
            == [#"{"jsonrpc":"2.0","method":"test.frame","params":{"t":60.5}}"#])
        #expect(s.advanced == [60.5])
        #expect(c.nextDeadline() == nil)
    }

    // MARK: Robustness

    @Test func neverCrashesOnRandomInput() {
        let (c, _) = ready()
        var rng = SplitMix(seed: 7)
        let pieces = ["{", "}", "[", "]", ",", ":", "\"jsonrpc\"", "\"2.0\"", "\"id\"", "\"method\"", "\"echo\"",
                      "\"params\"", "1", "1.5", "null", "true", "\"x\"", " ", "\u{0}", "\\", "\"emit\""]
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<Int(rng.next() % 24) { s += pieces[Int(rng.next() % UInt64(pieces.count))] }
            for out in c.receive(s) {
                #expect((try? JSONCodec.decode(out)) != nil)
            }
        }
        #expect(c.exitCode == nil)
    }

    // MARK: JSON edges

    /// A string with `\u0000` is valid JSON: the request is answered normally, to its id.
    @Test func nulInAStringValueIsAccepted() {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","id":4,"method":"echo","params":{"s":"a\u0000b"}}"#)
            == [#"{"jsonrpc":"2.0","id":4,"result":{"s":"a\u0000b"}}"#])
    }

    /// `\u0000` in a member name cannot be represented: -32602 naming it, to the request's id
    /// (a real id echoed byte for byte), or a `$/diagnostic` for a notification.
    @Test func nulInAMemberNameIsRefusedToTheRequestsID() throws {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","id":5.0,"method":"echo","params":{"a\u0000b":1}}"#)
            == [#"{"jsonrpc":"2.0","id":5.0,"error":{"code":-32602,"message":"member name \"a\\u0000b\": NUL characters (\\u0000) are not supported in member names"}}"#])
        let note = try decoded(c, #"{"jsonrpc":"2.0","method":"echo","params":{"\u0000":1}}"#)
        #expect(note.count == 1)
        #expect(note.first?["method"] == "$/diagnostic")
        #expect(note.first?["params"]?["method"] == "echo")
        #expect(note.first?["params"]?["code"] == -32602)
    }

    /// A duplicate `id` spelled with an escape: the answer carries the id the decoder kept
    /// (the last one), byte for byte.
    @Test func duplicateEscapedIDResolvesToTheDecodersValue() {
        let (c, _) = ready()
        #expect(send(c, #"{"jsonrpc":"2.0","id":1.5,"i\u0064":2.50,"method":"echo"}"#)
            == [#"{"jsonrpc":"2.0","id":2.50,"result":null}"#])
        #expect(send(c, #"{"jsonrpc":"2.0","i\u0064":1.5,"id":"x","method":"echo"}"#)
            == [#"{"jsonrpc":"2.0","id":"x","result":null}"#])
        #expect(send(c, #"[{"jsonrpc":"2.0","id":1.0,"\u0069d":3.0,"method":"echo"}]"#)
            == [#"[{"jsonrpc":"2.0","id":3.0,"result":null}]"#])
    }
}
