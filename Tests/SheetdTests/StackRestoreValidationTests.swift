import Testing
import SheetRPC
import SheetServer

/// `session.restore` of a stack's snapshot validates every member, parent, depth,
/// container and reaction before it creates anything; a damaged one is `-32602` naming the
/// place, too many sessions `-32012`, and a refused restore changes nothing at all. Only a
/// stack's root is snapshotted, and a lone session's snapshot has no stack members.
@Suite struct StackRestoreValidationTests {
    static let phone: JSONValue = ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]]

    /// s1 presented, then s2 (its child) presented by `replace`: s1 is dismissing and s2 waits
    /// for its `dismissed` (a pending reaction); s3 (s2's child) dismissed.
    static func scene(_ d: InProcess = InProcess()) -> InProcess {
        d.call("session.create", ["container": phone, "content": ["preferredHeight": 300], "options": ["recedeBackground": true]])
        d.call("session.create", ["parent": "s1", "content": ["preferredHeight": 500]])
        d.call("session.create", ["parent": "s2", "detents": ["medium"]])
        d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        d.call("clock.tick", ["t": 0])
        d.call("sheet.present", ["session": "s2", "t": 10, "stackBehavior": "replace"])
        d.call("clock.tick", ["t": 100])
        return d
    }

    static func snapshot() -> JSONValue { scene().call("session.snapshot", ["session": "s1"]) ?? .null }

    /// What the sessions look like (every root's snapshot and the session list).
    static func observe(_ d: InProcess) -> [JSONValue] {
        let list = d.call("session.list") ?? .null
        let roots = (list.arrayValue ?? []).compactMap { $0["session"] }.map {
            d.request("session.snapshot", ["session": $0]).last?["result"] ?? .null
        }
        return roots + [list]
    }

    /// What the next ticks send (request ids left out).
    static func nextTicks(_ d: InProcess) -> [String] {
        (d.request("clock.tick", ["t": 150]) + d.request("clock.tick", ["t": 900])).map {
            JSONCodec.encodeToString(JSONMutation.set($0, [.key("id")], nil))
        }
    }

    /// `snapshot` edited, restored into the scene: the error, after checking it changed nothing.
    static func refusal(_ snap: JSONValue, configuration: SheetService.Configuration = .init(),
                        sourceLocation: SourceLocation = #_sourceLocation) -> (code: JSONValue?, message: String) {
        let expected = nextTicks(scene(InProcess(configuration: configuration)))
        let d = scene(InProcess(configuration: configuration))
        let before = observe(d)
        let out = d.request("session.restore", ["state": snap])
        #expect(out.count == 1, "\(out)", sourceLocation: sourceLocation)
        #expect(observe(d) == before, "a refused restore changed a session", sourceLocation: sourceLocation)
        #expect(nextTicks(d) == expected, "a refused restore moved the clock or a session", sourceLocation: sourceLocation)
        let error = out.last?["error"]
        return (error?["code"], error?["message"]?.stringValue ?? "\(out)")
    }

    static func damaged(_ path: [PathStep], _ value: JSONValue?) -> JSONValue {
        JSONMutation.set(snapshot(), path, value)
    }

    @Test func theSnapshotHoldsTheStackByPosition() {
        let snap = Self.snapshot()
        #expect(snap["format"] == "sheetd.snapshot/3")
        #expect(snap["onDismissed"] == [["present": 1]])
        #expect(snap["children"]?.arrayValue?[0]["parent"] == 0)
        #expect(snap["children"]?.arrayValue?[1]["parent"] == 1)
        #expect(snap["children"]?.arrayValue?[1]["onDismissed"] == [])
        #expect(snap["children"]?.arrayValue?[0]["format"] == nil)
        // No live id anywhere in it.
        let text = JSONCodec.encodeToString(snap)
        #expect(!text.contains("\"s1\"") && !text.contains("\"s2\"") && !text.contains("\"s3\""))
    }

    @Test func aLoneSessionsSnapshotHasNoStackMembers() {
        let d = InProcess()
        d.call("session.create", ["container": Self.phone])
        d.call("session.create", ["container": Self.phone])
        d.call("session.create", ["parent": "s2"])
        d.call("session.destroy", ["session": "s3"])  // s2's stack is gone with its only child
        for id in ["s1", "s2"] {
            let snap = d.call("session.snapshot", ["session": .string(id)])
            #expect(snap?.objectValue?.keys == ["format", "seq", "sheet"], "\(id)")
            #expect(d.call("session.restore", ["state": snap ?? .null])?.objectValue?.keys == ["session"])
        }
    }

    @Test func aMemberBelowTheRootNamesTheRoot() {
        let d = Self.scene()
        for id in ["s2", "s3"] {
            let error = d.error("session.snapshot", ["session": .string(id)])
            #expect(error?["code"] == -32010)
            #expect(error?["message"]?.stringValue?.contains("snapshot its root \"s1\"") == true, "\(error ?? .null)")
        }
    }

    @Test(arguments: [
        // (path, new value, expected message prefix)
        ([PathStep.key("children"), .index(1), .key("sheet"), .key("selectedDetent")], "nope",
         "params.state.children[1].sheet.selectedDetent: no detent"),
        ([.key("children"), .index(0), .key("sheet"), .key("drag")], ["extent": "far"],
         "params.state.children[0].sheet.drag"),
        ([.key("children"), .index(0), .key("parent")], 1, "params.state.children[0].parent: expected the position of a parent"),
        ([.key("children"), .index(1), .key("parent")], 2, "params.state.children[1].parent: expected the position of a parent"),
        ([.key("children"), .index(1), .key("parent")], -1, "params.state.children[1].parent: expected a number"),
        ([.key("children"), .index(1), .key("parent")], 0.5, "params.state.children[1].parent: expected the position"),
        ([.key("children"), .index(1), .key("parent")], nil, "params.state.children[1].parent: expected a number"),
        ([.key("children"), .index(0), .key("format")], "sheetd.snapshot/2", "params.state.children[0].format: unknown member"),
        ([.key("children")], ["a"], "params.state.children[0]: expected an object"),
        ([.key("children")], 3, "params.state.children: expected an array"),
        ([.key("onDismissed")], [["present": 3]], "params.state.onDismissed[0].present: expected the position of a member"),
        ([.key("onDismissed")], [["present": 0]], "params.state.onDismissed[0].present: a sheet's reaction names another sheet"),
        ([.key("onDismissed")], [["present": 1, "dismiss": 2]], "params.state.onDismissed[0]: expected exactly one"),
        ([.key("onDismissed")], [[:]], "params.state.onDismissed[0]: expected exactly one"),
        ([.key("onDismissed")], [["remove": 1]], "params.state.onDismissed[0]"),
        ([.key("children"), .index(1), .key("onDismissed")], [["dismiss": "s1"]],
         "params.state.children[1].onDismissed[0].dismiss: expected a number"),
        ([.key("children"), .index(1), .key("onDismissed")], 7, "params.state.children[1].onDismissed: expected an array"),
        ([.key("children"), .index(1), .key("sheet"), .key("setup"), .key("container"), .key("width")], 391,
         "params.state.children[1].sheet.setup.container: expected the root's container"),
    ] as [([PathStep], JSONValue?, String)])
    func aDamagedStackIsRefusedAndChangesNothing(path: [PathStep], value: JSONValue?, prefix: String) {
        let (code, message) = Self.refusal(Self.damaged(path, value))
        #expect(code == -32602, "\(message)")
        #expect(message.hasPrefix(prefix), "\(message)")
    }

    @Test func aStackDeeperThanEightIsRefused() {
        let d = InProcess()
        d.call("session.create", ["container": Self.phone])
        for i in 1..<8 { d.call("session.create", ["parent": .string("s\(i)")]) }
        let snap = d.call("session.snapshot", ["session": "s1"]) ?? .null
        #expect(snap["children"]?.arrayValue?.count == 7)
        #expect(InProcess().call("session.restore", ["state": snap])?["children"]?.arrayValue?.count == 7)  // eight deep restores
        let ninth = JSONMutation.set(snap["children"]?.arrayValue?[6] ?? .null, [.key("parent")], 7)
        let deep = JSONMutation.set(snap, [.key("children")], .array((snap["children"]?.arrayValue ?? []) + [ninth]))
        let (code, message) = Self.refusal(deep)
        #expect(code == -32602)
        #expect(message.hasPrefix("params.state.children[7].parent: a stack is at most 8 sheets deep, this sheet would be 9"), "\(message)")
    }

    @Test func tooManySessionsForTheWholeStackIsRefused() {
        // The scene holds 3 sessions; a 3-sheet stack fits in 6, not in 5.
        let snap = Self.snapshot()
        let (code, message) = Self.refusal(snap, configuration: .init(maxSessions: 5))
        #expect(code == -32012)
        #expect(message.contains("this stack adds 3"), "\(message)")
        let d = Self.scene(InProcess(configuration: .init(maxSessions: 6)))
        #expect(d.call("session.restore", ["state": snap])?["children"] == ["s5", "s6"])
        // More children than sessions may live at all: still -32012, not a damaged snapshot.
        #expect(Self.refusal(snap, configuration: .init(maxSessions: 1)).code == -32012)
    }

    /// A stack whose root is dismissing with a chain pending (s1 ← s2 ← s3 and s1 ← s4).
    static func chainSnapshot() -> JSONValue {
        let d = InProcess()
        d.call("session.create", ["container": phone, "detents": ["medium", "large"], "options": ["recedeBackground": true]])
        d.call("session.create", ["parent": "s1", "content": ["preferredHeight": 500]])
        d.call("session.create", ["parent": "s2", "content": ["preferredHeight": 200]])
        d.call("session.create", ["parent": "s1", "detents": ["large"]])
        for s in ["s1", "s2", "s3", "s4"] { d.call("sheet.present", ["session": .string(s), "t": 0, "animated": false]) }
        d.call("sheet.dismiss", ["session": "s1", "t": 100])
        d.call("clock.tick", ["t": 200])
        return d.call("session.snapshot", ["session": "s1"]) ?? .null
    }

    /// Seeded damage to the stack's own members (parents, reactions, the lists themselves) and
    /// anywhere else: each answer is a restored stack that draws frames inside its container,
    /// dismisses whole and snapshots again, or `-32602` (`-32011` for a renamed policy).
    @Test(arguments: 0..<2)
    func mutatedStackSnapshotsRestoreSafelyOrAreRefused(seed: Int) {
        var rng = T.Rng(state: UInt64(seed) &* 104_729 &+ 3)
        let snaps = [Self.snapshot(), Self.chainSnapshot()]
        let values: [JSONValue?] = [nil, .null, -1, 0, 1, 2, 3, 4, 9, 0.5, 1e300, "s1", [], [:], [["present": 1]],
                                    [["dismiss": 0]], [["present": 2], ["dismiss": 1]], [["parent": 0, "seq": 0]]]
        var restored = 0, refused = 0
        for _ in 0..<400 {
            var snap = rng.pick(snaps)
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                if rng.next() % 4 == 0 {
                    snap = JSONMutation.mutate(snap, place: Int(rng.next() % 100_000), op: Int(rng.next() % 9),
                                               choice: Int(rng.next() % 100_000))
                } else {
                    let places = JSONMutation.places(snap).map(\.0).filter { !$0.contains(.key("sheet")) && !$0.isEmpty }
                    snap = JSONMutation.set(snap, rng.pick(places), rng.pick(values))
                }
            }
            let d = InProcess()
            let answer = d.request("session.restore", ["state": snap]).last ?? .null
            if let error = answer["error"] {
                refused += 1
                let isMissingPlugin = error["code"] == -32011
                #expect(error["code"] == -32602 || isMissingPlugin, "\(error) for \(JSONCodec.encodeToString(snap))")
                continue
            }
            restored += 1
            guard let root = answer["result"]?["session"] else {
                Issue.record("no session in \(answer)")
                continue
            }
            let container = snap["sheet"]?["setup"]?["container"]
            let width = container?["width"]?.doubleValue ?? .nan, height = container?["height"]?.doubleValue ?? .nan
            var t = 1000.0
            for step in 0..<12 {
                if step == 4 { _ = d.request("sheet.dismiss", ["session": root, "t": .number(t)]) }
                t += step < 8 ? 100 : 5000
                for m in d.request("clock.tick", ["t": .number(t)]) {
                    if m["method"] == "sheet.frame" { FrameBounds.check(m["params"]!, width: width, height: height, label: "\(snap)") }
                    #expect(m["error"] == nil, "\(m)")
                }
            }
            // What was restored snapshots again, and that snapshot restores.
            let again = d.call("session.snapshot", ["session": root])
            #expect(again != nil && d.call("session.restore", ["state": again ?? .null]) != nil, "\(JSONCodec.encodeToString(snap))")
        }
        #expect(restored > 10 && refused > 150, "restored \(restored), refused \(refused)")
    }
}
