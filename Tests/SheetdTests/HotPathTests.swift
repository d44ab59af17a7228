import Testing
import SheetRPC
import SheetRPCTestSupport
import SheetServer

/// The fast path for `input.pan`, `input.scroll`, `clock.tick`, `sheet.present` and
/// `sheet.dismiss` answers exactly as the generic path: the same stream is sent compact (fast path) and with a leading space on
/// every message (which only the generic path reads), and the outputs must be identical.
@Suite struct HotPathTests {
    static func run(_ messages: [String], clock: String = "host", spaced: Bool) -> [String] {
        run(messages, clock: clock, spaced: spaced, on: SheetService(configuration: .init(now: { 500 })))
    }

    static func run(_ messages: [String], clock: String = "host", spaced: Bool, on service: SheetService) -> [String] {
        let c = RPCConnection(service: service)
        var out: [String] = []
        let all = [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"\#(clock)"}}"#] + messages
        for m in all {
            for reply in c.receive(spaced ? " " + m : m) { out.append(String(decoding: reply, as: UTF8.self)) }
        }
        return out
    }

    static let create = #"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"detents":["medium","large"]}}"#

    static func pan(_ session: String, _ t: String, _ phase: String, y: String, extra: String = "", id: String? = nil) -> String {
        let idMember = id.map { #""id":\#($0),"# } ?? ""
        return #"{"jsonrpc":"2.0",\#(idMember)"method":"input.pan","params":{"session":"\#(session)","t":\#(t),"phase":"\#(phase)","translation":{"x":0,"y":\#(y)}\#(extra)}}"#
    }

    static func tick(_ t: String, id: String? = "9") -> String {
        let idMember = id.map { #""id":\#($0),"# } ?? ""
        return #"{"jsonrpc":"2.0",\#(idMember)"method":"clock.tick","params":{"t":\#(t)}}"#
    }

    static let stream: [String] = [
        create, create,
        #"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s1","t":0}}"#,
        tick("0"), tick("16"), tick("600"),
        // A drag with requests and notifications, velocities, nulls, -0 and exponents.
        pan("s1", "610", "began", y: "-0", id: "10"),
        pan("s1", "620", "changed", y: "12.5"),
        // The form hosts write on every move (read straight through): -0, an exponent, a value
        // out of range, a phase that is not one.
        pan("s1", "622", "changed", y: "-0"),
        pan("s1", "624", "changed", y: "1.5e1"),
        pan("s1", "626", "changed", y: "2e9"),
        pan("s1", "628", "sideways", y: "3"),
        pan("s1", "630", "changed", y: "1.5e2", extra: #","velocity":null,"source":null"#),
        tick("630"),
        pan("s1", "640", "changed", y: "-40", id: "-11"),
        tick("640", id: nil),
        pan("s1", "650", "ended", y: "300", extra: #","velocity":{"x":0,"y":2400}"#),
        tick("660"), tick("700"), tick("1200"),
        // Errors: unknown session, a dismissed sheet, time going backwards, out of range.
        pan("s9", "1210", "began", y: "0"),
        pan("s9", "1210", "began", y: "0", id: "12"),
        pan("s2", "1210", "began", y: "0", id: "13"),
        pan("s2", "5", "began", y: "0", extra: #","source":"bottomEdge""#),
        pan("s2", "1220", "changed", y: "-200"),
        pan("s2", "1230", "cancelled", y: "-200", id: "14"),
        // A grabber drag (the fast path reads every source the declaration lists).
        pan("s1", "1232", "began", y: "0", extra: #","source":"grabber""#, id: "18"),
        pan("s1", "1234", "cancelled", y: "0", extra: #","source":"grabber""#),
        pan("s1", "1e16", "changed", y: "0"),
        pan("s01", "1240", "changed", y: "0"),
        tick("1300"), tick("2000"),
        // Scroll samples (the list at its top, pulled down), with null optionals.
        #"{"jsonrpc":"2.0","id":17,"method":"sheet.present","params":{"session":"s1","t":2005,"animated":false}}"#,
        #"{"jsonrpc":"2.0","method":"input.scroll","params":{"session":"s1","t":2010,"phase":"dragBegan","offsetY":-50,"insetTop":50,"contentHeight":2000,"viewportHeight":600,"isTracking":true,"translationY":0}}"#,
        #"{"jsonrpc":"2.0","id":15,"method":"input.scroll","params":{"session":"s1","t":2020,"phase":"scrolled","offsetY":-50,"insetTop":50,"contentHeight":2000,"viewportHeight":600,"isTracking":true,"translationY":30,"velocityY":null,"entry":null}}"#,
        tick("2020"),
        #"{"jsonrpc":"2.0","method":"input.scroll","params":{"session":"s1","t":2030,"phase":"dragEnded","offsetY":-50,"insetTop":50,"contentHeight":2000,"viewportHeight":600,"isTracking":false,"translationY":40,"velocityY":-100}}"#,
        #"{"jsonrpc":"2.0","method":"input.scroll","params":{"session":"s7","t":2040,"phase":"scrolled","offsetY":0,"insetTop":0,"contentHeight":1,"viewportHeight":1,"isTracking":true,"translationY":0}}"#,
        tick("2500"), tick("2500.25"),
        #"{"jsonrpc":"2.0","id":16,"method":"session.destroy","params":{"session":"s1"}}"#,
        pan("s1", "2600", "began", y: "0"),
        tick("2600"),
    ]

    static func command(_ method: String, _ session: String, _ members: String = "", id: String? = nil) -> String {
        let idMember = id.map { #""id":\#($0),"# } ?? ""
        return #"{"jsonrpc":"2.0",\#(idMember)"method":"sheet.\#(method)","params":{"session":"\#(session)"\#(members)}}"#
    }

    /// Presents and dismisses: requests and notifications, `animated` both ways, a
    /// `stackBehavior` on a sheet without a parent, refusals (already presented, unknown
    /// session, a bad member, no `t` — an error on the host clock only), and a stack (its
    /// root's dismissal takes its child first: the generic path's).
    static let commands: [String] = [
        create, create,
        command("present", "s1", #","t":0"#, id: "3"),
        tick("16"),
        command("present", "s1", #","t":20"#, id: "4"),
        command("present", "s1", #","t":20"#),
        command("dismiss", "s1", #","t":30,"animated":false"#),
        tick("40"),
        command("present", "s2", #","t":50,"stackBehavior":"replace","animated":true"#, id: "5"),
        command("present", "s2", #","t":60,"stackBehavior":"sideways""#),
        command("present", "s9", #","t":60"#, id: "6"),
        command("present", "s1", "", id: "7"),
        command("present", "s1", #","t":null"#),
        command("present", "s1", #","t":70,"animated":1"#),
        command("dismiss", "s2", #","t":80,"stackBehavior":"push""#, id: "8"),
        // As hosts write them (`HotMessage.canonicalCommand`): with and without `t`, a bad `t`,
        // an unknown session, a session that is not one.
        command("dismiss", "s1", #","t":85.25"#), command("present", "s1", #","t":86"#),
        command("present", "s1"), command("dismiss", "s1", #","t":true"#),
        command("dismiss", "s7", #","t":87"#), command("dismiss", "x1", #","t":87"#),
        tick("100"), tick("700"),
        command("dismiss", "s2", #","t":710"#, id: "9"),
        tick("720"),
        #"{"jsonrpc":"2.0","id":10,"method":"session.create","params":{"parent":"s1"}}"#,
        command("present", "s3", #","t":730"#, id: "11"),
        tick("800"), tick("1400"),
        command("dismiss", "s1", #","t":1410"#, id: "12"),
        tick("1500"), tick("2500"),
        command("present", "s3", #","t":2510,"stackBehavior":"switch""#, id: "13"),
        tick("2600"), tick("3500"),
    ]

    @Test func presentsAndDismissesAnswerTheSameOnBothPaths() {
        for clock in ["host", "realtime"] {
            let fast = SheetService(configuration: .init(now: { 500 }))
            let fastOut = Self.run(Self.commands, clock: clock, spaced: false, on: fast)
            let generic = Self.run(Self.commands, clock: clock, spaced: true)
            #expect(fastOut.count > Self.commands.count)
            #expect(fastOut == generic, "clock \(clock)")
            #expect(fast.fastPathTaken.present > 0)
            #expect(fast.fastPathTaken.dismiss > 0)
        }
    }

    @Test func hostClockStreamAnswersTheSameOnBothPaths() {
        let fast = Self.run(Self.stream, spaced: false)
        let generic = Self.run(Self.stream, spaced: true)
        #expect(fast.count > Self.stream.count)  // frames and answers came out
        #expect(fast == generic)
    }

    /// The comparison above proves nothing if the fast path never runs: it must take the
    /// compact stream's pans, scroll samples and ticks, and none of the spaced stream's.
    @Test func theFastPathTakesCompactPansScrollsAndTicks() {
        let fast = SheetService(configuration: .init(now: { 500 }))
        _ = Self.run(Self.stream, spaced: false, on: fast)
        #expect(fast.fastPathTaken.pan > 0)
        #expect(fast.fastPathTaken.scroll > 0)
        #expect(fast.fastPathTaken.tick > 0)
        let generic = SheetService(configuration: .init(now: { 500 }))
        _ = Self.run(Self.stream, spaced: true, on: generic)
        #expect(generic.fastPathTaken == FastPathCounts())
    }

    @Test func realtimeClockStreamAnswersTheSameOnBothPaths() {
        // On the realtime clock `clock.tick` is refused and input times map onto the server's.
        let fast = Self.run(Self.stream, clock: "realtime", spaced: false)
        let generic = Self.run(Self.stream, clock: "realtime", spaced: true)
        #expect(fast == generic)
    }
}
