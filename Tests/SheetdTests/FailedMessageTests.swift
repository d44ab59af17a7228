import Testing
import SheetRPC
import SheetServer

/// A message that gets an error (or a failure `$/diagnostic`) has no effect at all: not on
/// the host clock, not on any session, not on the output. Checked for every method in the
/// method table, as a request and as a notification.
@Suite struct FailedMessageTests {
    static let container: JSONValue = ["width": 390, "height": 844]
    /// Far ahead of the scene: a refused message that moved the clock would show.
    static let later: JSONValue = 1e12

    /// Sessions in every interesting situation: s1 presenting with a navigation stack, s2
    /// under a finger, s3 dismissed.
    static func scene() -> InProcess {
        let d = InProcess()
        d.call("session.create", ["container": container, "detents": ["medium", "large"],
                                  "navigation": ["entries": [["id": "a", "preferredHeight": 300],
                                                             ["id": "b", "preferredHeight": 400]]]])
        d.call("sheet.present", ["session": "s1", "t": 0])
        d.call("clock.tick", ["t": 100])
        d.call("session.create", ["container": container, "detents": ["medium", "large"]])
        d.call("sheet.present", ["session": "s2", "t": 100, "animated": false])
        d.call("input.pan", ["session": "s2", "t": 110, "phase": "began", "translation": ["y": 0]])
        d.call("input.pan", ["session": "s2", "t": 120, "phase": "changed", "translation": ["y": 30]])
        d.call("session.create", ["container": container])
        d.call("clock.tick", ["t": 130])
        return d
    }

    /// What every method is tried with besides the generic failures below: a valid-looking
    /// call the engine must refuse (unknown detent or entry, wrong state), stamped far ahead.
    static let specific: [String: [JSONValue]] = [
        "clock.tick": [["t": "soon"], ["t": 1e16]],
        "session.create": [["container": ["width": 1e308, "height": 844]], ["container": container, "detents": []],
                           ["container": container, "detents": ["medium", "medium"]],
                           ["container": container, "selectedDetent": "nope"],
                           ["container": container, "policies": ["dismissal": "nope"]]],
        "session.destroy": [["session": "s99"]],
        "session.snapshot": [["session": "s99"]],
        "session.restore": [["state": ["format": "sheetd.snapshot/9", "seq": 0, "sheet": [:]]],
                            ["state": ["format": "sheetd.snapshot/2", "seq": 0, "sheet": [:]]]],
        "sheet.present": [["session": "s2", "t": later]],
        "sheet.dismiss": [["session": "s2", "t": later]],
        "sheet.selectDetent": [["session": "s1", "t": later, "detent": "nope"],
                               ["session": "s2", "t": later, "detent": "large"]],
        "sheet.setContentHeight": [["session": "s1", "t": later, "height": 100, "entry": "nope"],
                                   ["session": "s1", "t": later, "height": -1]],
        "sheet.setContainer": [["session": "s1", "t": later, "width": 390, "height": 844,
                                "safeArea": ["top": 500, "bottom": 400]]],
        "input.pan": [["session": "s3", "t": later, "phase": "began", "translation": ["y": 10]],
                      ["session": "s3", "t": later, "phase": "began", "translation": ["x": 10], "source": "leftEdge"]],
        "input.tap": [["session": "s1", "t": later, "target": "nope"]],
        "input.keyboard": [["session": "s1", "t": later, "height": -5]],
        "nav.push": [["session": "s1", "t": later, "entry": ["id": "a", "preferredHeight": 100]],
                     ["session": "s2", "t": later, "entry": ["id": "z", "preferredHeight": 100]]],
        "nav.pop": [["session": "s3", "t": later], ["session": "s2", "t": later]],
        "nav.popToRoot": [["session": "s3", "t": later]],
        "nav.setStack": [["session": "s1", "t": later, "entries": []],
                         ["session": "s1", "t": later, "entries": [["id": "x", "preferredHeight": 1],
                                                                   ["id": "x", "preferredHeight": 2]]],
                         ["session": "s2", "t": later, "entries": [["id": "x", "preferredHeight": 1]]]],
        "input.scroll": [["session": "s1", "t": later, "phase": "scrolled", "offsetY": 0, "insetTop": 0,
                          "contentHeight": 1000, "viewportHeight": 400, "isTracking": true, "translationY": 5,
                          "entry": "nope"]],
        "input.accessibilityAction": [["session": "s3", "t": later, "action": "escape"],
                                      ["session": "s1", "t": later, "action": "collapse"],
                                      ["session": "s2", "t": later, "action": "expand"],
                                      ["session": "s1", "t": later, "action": "nope"]],
        "input.back": [["session": "s3", "t": later, "phase": "began", "progress": 0.5],
                       ["session": "s3", "t": later, "phase": "invoked"],
                       ["session": "s1", "t": later, "phase": "began"],
                       ["session": "s1", "t": later, "phase": "progressed", "progress": 0.5],
                       ["session": "s1", "t": later, "phase": "cancelled"],
                       ["session": "s1", "t": later, "phase": "began", "progress": 2],
                       ["session": "s1", "t": later, "phase": "began", "progress": 0.5, "swipeEdge": "up"]],
        "plugins.load": [["path": "/nonexistent/libnothing.so"]],
        // Configuration methods (merge of engine and trust-state).
        "sheet.configure": [["session": "s1", "t": later, "options": ["cornerRadius": 30], "detents": ["fit", "fit"]],
                            ["session": "s1", "t": later, "options": ["detached": ["horizontal": 300]]]],
        "sheet.snapTo": [["session": "s3", "t": later, "height": 100], ["session": "s2", "t": later, "height": 100]],
        "sheet.previewRelease": [["session": "s1", "velocity": ["x": 0, "y": 1e9]], ["session": "s1"]],
        "session.frame": [["session": "s99"], ["session": 1]],
        "clock.runUntilRest": [["fps": 0], ["fps": 1000], ["maxMs": 60001], ["maxMs": -1], ["fps": "60"]],
    ]

    /// Stack and layout refusals, tried like `specific`.
    static let stacks: [String: [JSONValue]] = [
        "session.create": [["parent": "s99"], ["parent": "s1", "container": container],
                           ["container": container, "options": ["detached": ["horizontal": 195]]]],
        "sheet.present": [["session": "s3", "t": later, "stackBehavior": "swap"]],
        "sheet.setContainer": [["session": "s1", "t": later, "width": 390, "height": 844, "sizeClass": "wide"]],
    ]

    /// Failures every method gets: an unknown member, and an unknown session stamped far ahead.
    static let generic: [JSONValue] = [["bogus": true], ["session": "s99", "t": later]]

    /// The sessions as `session.snapshot` and `session.list` see them.
    static func observe(_ d: InProcess) -> [JSONValue] {
        ["s1", "s2", "s3", "s4"].map { d.request("session.snapshot", ["session": .string($0)]).last?["result"] ?? .null }
            + [d.call("session.list") ?? .null]
    }

    /// What the next tick draws (a clock that moved would stamp and place the frames differently).
    /// (Request ids are left out: the runs send different numbers of requests.)
    static func nextTick(_ d: InProcess) -> [String] {
        (d.request("clock.tick", ["t": 150]) + d.request("clock.tick", ["t": 400])).map {
            JSONCodec.encodeToString(JSONMutation.set($0, [.key("id")], nil))
        }
    }

    @Test func everyMethodIsCovered() {
        let methods = InProcess().service.methodNames
        #expect(Set(Self.specific.keys).isSubset(of: methods))
        // Methods with no specific failure are session-less or take no params: the generic ones fail them.
        #expect(methods.subtracting(Self.specific.keys).sorted() == ["plugins.list", "session.list"])
    }

    @Test(arguments: InProcess().service.methodNames.sorted())
    func aRefusedMessageChangesNothing(method: String) {
        let control = Self.scene()
        let expectedTick = Self.nextTick(control)
        for params in Self.generic + (Self.specific[method] ?? []) + (Self.stacks[method] ?? []) {
            for asNotification in [false, true] {
                let d = Self.scene()
                let before = Self.observe(d)
                let out = asNotification ? d.notify(method, params) : d.request(method, params)
                let label = "\(method) \(JSONCodec.encodeToString(params)) \(asNotification ? "notification" : "request")"
                #expect(out.count == 1, "\(label): \(out)")
                if asNotification {
                    #expect(out.first?["method"] == "$/diagnostic", "\(label): \(out)")
                } else {
                    #expect(out.first?["error"] != nil, "\(label): \(out)")
                }
                #expect(Self.observe(d) == before, "\(label) changed a session")
                let tick = Self.nextTick(d)
                #expect(tick == expectedTick, "\(label) moved the clock or a session")
            }
        }
    }

    /// A refused `initialize` (handled before the method table) sets neither clock nor rate.
    @Test func aRefusedInitializeChangesNothing() {
        let d = InProcess(initialize: ["clock": "realtime", "fps": 1000])
        #expect(d.service.clock == .host && d.service.fps == 60)
        #expect(d.call("initialize", [:])?["clock"] == "host")
    }

    /// The realtime clock's offset is fixed by the first stamped input that succeeds, not by
    /// one that is refused.
    @Test func aRefusedInputFixesNoRealtimeOffset() {
        func run(refusedFirst: Bool) -> JSONValue? {
            let d = InProcess(configuration: .init(now: { 1000 }), initialize: ["clock": "realtime"])
            d.call("session.create", ["container": Self.container])
            if refusedFirst {
                #expect(d.error("sheet.selectDetent", ["session": "s1", "t": 5e11, "detent": "nope"]) != nil)
            }
            d.call("sheet.present", ["session": "s1", "t": 0])
            return d.call("session.snapshot", ["session": "s1"])
        }
        #expect(run(refusedFirst: true) == run(refusedFirst: false))
    }
}
