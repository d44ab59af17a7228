import SheetCore
import SheetRPC

/// A sheet stack in a snapshot: `session.snapshot` of a stack's root returns the
/// root's own snapshot plus the rest of the stack, `session.restore` recreates all of it.
///
/// Members are numbered by **position**: 0 is the root (the snapshot's own `seq` and
/// `sheet`), `n` is `children[n - 1]`. Children are listed in creation order, so a parent's
/// position is always below its child's (a cycle cannot be written down):
///
/// ```
/// {format, seq, sheet,                       // the root, exactly as a lone session's snapshot
///  onDismissed: [{present: 1}],              // the root's pending stack reactions
///  children: [{parent: 0, seq, sheet, onDismissed: [{present: 0}]}, ...]}
/// ```
///
/// `onDismissed` lists, in order, what the member's next `dismissed` event sets off: present
/// or dismiss the member at that position (`replace`/`switch` presentations, chained
/// dismissals). Live session ids never appear. A session with no children snapshots without
/// `onDismissed` and `children`, byte for byte as before stacks.
struct StackSnapshot {
    /// One restored member below the root.
    struct Child {
        var state: SheetState
        var policies: SheetPolicies
        var seq: Int
        /// Position of the parent (below this child's own position).
        var parent: Int
    }

    /// A reaction to a member's `dismissed`, by position.
    typealias Reaction = StackReaction<Int>

    var root: (state: SheetState, policies: SheetPolicies, seq: Int)
    var children: [Child] = []
    /// Position → its reactions, in order.
    var onDismissed: [[Reaction]] = []
}

extension SheetService {
    /// The members a stack's snapshot adds at its top level.
    static let stackSnapshotMembers = ["onDismissed", "children"]
    /// Children or reactions a snapshot may list: beyond any 1 MiB message.
    static let maxListedMembers = 1 << 20

    /// `session.snapshot` takes a stack's root (or a session in no stack); a member with a
    /// parent is `-32010` naming the root.
    func checkStackRoot(_ id: String) throws(RPCError) {
        guard stack.parent[id] != nil, let root = stack.ancestors(of: id).last else { return }
        throw RPCError.invalidState("session \(id) is part of a sheet stack: snapshot its root \"\(root)\" "
                                    + "(a stack is snapshotted whole)")
    }

    /// The stack below `root` (if any) as `onDismissed` and `children` members of its snapshot.
    func addStackMembers(to o: inout JSONObject, root: String) throws(RPCError) {
        let below = stack.descendants(of: root).compactMap { sessions[$0] }.sorted { $0.order < $1.order }
        guard !below.isEmpty else { return }
        let ids = [root] + below.map { $0.id }
        let position = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
        func reactions(_ id: String) -> JSONValue {
            // A reaction to a destroyed session does nothing; it is left out.
            .array((stack.onDismissed[id] ?? []).compactMap { $0.renamed { position[$0] } }.map {
                [$0.presents ? "present" : "dismiss": .int(Int64($0.member))]
            })
        }
        o["onDismissed"] = reactions(root)
        var children: [JSONValue] = []
        for s in below {
            guard let parent = stack.parent[s.id].flatMap({ position[$0] }) else {
                throw RPCError.internalError("could not snapshot \(root): \(s.id) has no parent in its stack")
            }
            children.append(["parent": .int(Int64(parent)), "seq": .int(Int64(s.seq)), "sheet": try snapshotSheet(s),
                             "onDismissed": reactions(s.id)])
        }
        o["children"] = .array(children)
    }

    /// Validate a whole snapshot, stack included; nothing is created or changed. Every sheet
    /// passes `restoredState`; parents, depths, containers and reactions are checked here.
    func restoredStack(_ snap: Params) throws(RPCError) -> StackSnapshot {
        let format = try snapshotFormat(snap)
        let root = try restoredState(snap, format: format)
        var out = StackSnapshot(root: root)
        var depths = [1]
        // No count limit here (the message size bounds it): too many sessions is `-32012` below.
        let members = snap["children"].exists ? try snap["children"].array(maxCount: Self.maxListedMembers) : []
        for (i, c) in members.enumerated() {
            let position = i + 1
            try c.requireObject()
            try c.rejectUnknownKeys(["parent", "seq", "sheet", "onDismissed"])
            let parent = try Self.position(c["parent"], below: position, what: "a parent listed before this child")
            let depth = depths[parent] + 1
            guard depth <= StackGeometry.maxDepth else {
                throw c["parent"].fail("a stack is at most \(StackGeometry.maxDepth) sheets deep, this sheet would be \(depth)")
            }
            depths.append(depth)
            let (state, policies, seq) = try restoredState(c, format: format)
            guard state.setup.container == out.root.state.setup.container else {
                throw c["sheet"]["setup"]["container"].fail("expected the root's container (a child takes its parent's container)")
            }
            out.children.append(.init(state: state, policies: policies, seq: seq, parent: parent))
        }
        let count = members.count + 1
        out.onDismissed = [try Self.reactions(snap["onDismissed"], of: 0, count: count)]
        for (i, c) in members.enumerated() {
            out.onDismissed.append(try Self.reactions(c["onDismissed"], of: i + 1, count: count))
        }
        return out
    }

    /// A position in `0..<limit`.
    static func position(_ p: Params, below limit: Int, what: String) throws(RPCError) -> Int {
        let n = try p.number(in: 0...1e15)
        guard n == n.rounded(), n < Double(limit) else {
            throw p.fail("expected the position of \(what), a whole number in 0..<\(limit), got \(n)")
        }
        return Int(n)
    }

    /// A member's `onDismissed` (absent: none): `{present: n}` or `{dismiss: n}`, each naming
    /// another member's position.
    static func reactions(_ p: Params, of own: Int, count: Int) throws(RPCError) -> [StackSnapshot.Reaction] {
        guard p.exists else { return [] }
        var out: [StackSnapshot.Reaction] = []
        for r in try p.array(maxCount: Self.maxListedMembers) {
            try r.requireObject()
            try r.rejectUnknownKeys(["present", "dismiss"])
            let isPresent = r["present"].exists
            guard isPresent != r["dismiss"].exists else { throw r.fail("expected exactly one of present, dismiss") }
            let target = r[isPresent ? "present" : "dismiss"]
            let n = try position(target, below: count, what: "a member of this stack")
            guard n != own else { throw target.fail("a sheet's reaction names another sheet, not itself (\(n))") }
            out.append(isPresent ? .present(n) : .dismiss(n))
        }
        return out
    }

    /// Creates a validated snapshot's sessions (root first, then the children in their
    /// order) and links them; the answer is `{session}` plus, for a stack, `children`: the new
    /// ids in the snapshot's order.
    func add(_ restored: StackSnapshot) -> JSONValue {
        let root = addSession(Sheet(restoring: restored.root.state, policies: restored.root.policies), seq: restored.root.seq)
        guard !restored.children.isEmpty else { return ["session": .string(root.id)] }
        var ids = [root.id]
        for c in restored.children {
            var sheet = Sheet(restoring: c.state, policies: c.policies)
            sheet.stackDepth = stack.depth(of: ids[c.parent]) + 1  // policies see it (plugin ABI 1.2)
            let id = addSession(sheet, seq: c.seq).id
            stack.link(id, to: ids[c.parent])
            ids.append(id)
        }
        for (position, reactions) in restored.onDismissed.enumerated() where !reactions.isEmpty {
            stack.onDismissed[ids[position]] = reactions.compactMap { $0.renamed { ids[$0] } }
        }
        return ["session": .string(root.id), "children": .array(ids.dropFirst().map { .string($0) })]
    }
}
