import SheetCore
import SheetRPC
import SheetWire

/// The parent/child graph of stacked sheets (`session.create {parent}`) and what happens
/// when a sheet in it finishes dismissing: the next sheet of a `replace`/`switch` presents, or
/// the next one up a dismissed stack dismisses.
///
/// A stack is snapshotted whole from its root, its reactions by position (`StackSnapshot`).
/// What a sheet's `dismissed` event sets off: present or dismiss another sheet of its stack,
/// named by `Member` (a live session id in `SessionStack`, a position in `StackSnapshot`).
enum StackReaction<Member: Equatable>: Equatable {
    case present(Member)
    case dismiss(Member)

    /// The sheet it presents or dismisses.
    var member: Member {
        switch self {
        case .present(let m), .dismiss(let m): m
        }
    }

    var presents: Bool {
        if case .present = self { return true }
        return false
    }

    /// The same reaction naming its sheet another way; nil when `rename` has no name for it.
    func renamed<Other>(_ rename: (Member) -> Other?) -> StackReaction<Other>? {
        rename(member).map { presents ? .present($0) : .dismiss($0) }
    }
}

struct SessionStack {
    /// What a sheet's `dismissed` event sets off, naming the other sheet by its id.
    typealias Reaction = StackReaction<String>

    /// child → parent.
    private(set) var parent: [String: String] = [:]
    /// parent → children, in the order they were linked (creation order).
    private var childrenOf: [String: [String]] = [:]
    /// session → what to do, in order, when it is next dismissed.
    var onDismissed: [String: [Reaction]] = [:]

    func children(of id: String) -> [String] { childrenOf[id] ?? [] }

    /// `child` is stacked over `parent`.
    mutating func link(_ child: String, to parent: String) {
        self.parent[child] = parent
        childrenOf[parent, default: []].append(child)
    }

    /// 1 for a root, 2 for its child, ...
    func depth(of id: String) -> Int {
        var d = 1, cur = id
        while let p = parent[cur] { d += 1; cur = p }
        return d
    }

    func descendants(of id: String) -> [String] {
        children(of: id).flatMap { [$0] + descendants(of: $0) }
    }

    func ancestors(of id: String) -> [String] {
        var out: [String] = [], cur = id
        while let p = parent[cur] { out.append(p); cur = p }
        return out
    }

    var isEmpty: Bool { parent.isEmpty }

    mutating func remove(_ id: String) {
        if let p = parent.removeValue(forKey: id) {
            childrenOf[p]?.removeAll { $0 == id }
            if childrenOf[p]?.isEmpty == true { childrenOf[p] = nil }
        }
        childrenOf[id] = nil
        onDismissed[id] = nil
    }
}

extension SheetService {
    /// Shown: presenting, presented, dragged or settling (not dismissed, not dismissing).
    func isShown(_ id: String) -> Bool {
        guard let phase = sessions[id]?.sheet.phase else { return false }
        return phase != .dismissed && phase != .dismissing
    }

    /// `session.create {parent}`: the params with the parent's container put in (a child
    /// takes its parent's container; giving one is refused) and the parent's id, after the
    /// parent exists and the depth limit holds. Nothing changes here.
    func stackParams(_ p: Params) throws(RPCError) -> (Params, String?) {
        guard let parent = try p.read(SessionCreate.parent) else { return (p, nil) }
        guard let ps = sessions[parent] else { throw p[SessionCreate.parent.name].fail("no session \"\(parent.prefix(64))\"") }
        if p[SetupMembers.container.name].isPresent {
            throw p[SetupMembers.container.name].fail("a child takes its parent's container; give no container with parent")
        }
        let depth = stack.depth(of: parent) + 1
        guard depth <= StackGeometry.maxDepth else {
            throw RPCError.limitExceeded("params.parent: a stack is at most \(StackGeometry.maxDepth) sheets deep, this child would be \(depth)")
        }
        guard case .object(var o) = p.value else { throw p.fail("expected an object") }
        o[SetupMembers.container.name] = SetupWireEncoding.container(ps.sheet.state.setup.container)
        o[SessionCreate.parent.name] = nil
        return (Params(.object(o), path: p.path), parent)
    }

    /// `sheet.present {session, t, animated?, stackBehavior?}`.
    func present(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        let animated = try p.read(Animated.member)
        let behavior = try p.read(SheetPresent.stackBehavior)
        let id = try p.read(CommandMembers.session)
        guard let parent = stack.parent[id], behavior != .push, isShown(parent), !isShown(id) else {
            return try command(c) { sheet, t throws(SheetError) in
                try sheet.present(at: t, animated: animated)
            }
        }
        // replace / switch: the parent goes first; the child presents when it is dismissed.
        try checkMembers(c)
        let time = try inputTime(p)
        guard let ps = sessions[parent] else { throw RPCError.unknownSession(parent) }
        var sheet = ps.sheet.copy()
        sheet.takeFromFinger(at: time.t)  // the command wins over a finger on the parent
        do { try sheet.dismiss(at: time.t, animated: animated) } catch { throw RPCError(error) }
        ps.sheet = sheet
        commit(time: time)
        stack.onDismissed[parent, default: []].append(.present(id))
        if behavior == .switch { stack.onDismissed[id, default: []].append(.present(parent)) }
        markMoving(parent)
        drain(ps, id: parent)
        return ["state": .string(sessions[id]?.sheet.phase.rawValue ?? "dismissed")]
    }

    /// `sheet.dismiss`: a sheet with shown children dismisses them first, deepest first, each
    /// after the one above it is gone, then itself.
    func dismiss(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        let animated = try p.read(Animated.member)
        let id = try p.read(CommandMembers.session)
        let shown = shownDescendants(of: id)
        guard !shown.isEmpty else {
            return try command(c) { sheet, t throws(SheetError) in
                try sheet.dismiss(at: t, animated: animated)
            }
        }
        try checkMembers(c)
        guard let own = sessions[id] else { throw RPCError.unknownSession(id) }
        if own.sheet.phase == .dragging { throw RPCError.invalidState("cannot dismiss while the sheet is being dragged") }
        try dismissStack(id, shown: shown, time: try inputTime(p), animated: animated)
        return ["state": .string(sessions[id]!.sheet.phase.rawValue)]
    }

    /// `id`'s shown descendants, deepest (then latest) first: the order a dismissal takes them.
    func shownDescendants(of id: String) -> [String] {
        stack.descendants(of: id).filter(isShown)
            .sorted { (stack.depth(of: $0), sessions[$0]!.order) > (stack.depth(of: $1), sessions[$1]!.order) }
    }

    /// `sheet.dismiss` of `id` with `shown` (`shownDescendants`, not empty) over it: the first
    /// of them dismisses now, each next one when the one above it is gone, `id` last.
    func dismissStack(_ id: String, shown: [String], time: InputTime, animated: Bool) throws(RPCError) {
        let own = sessions[id]!, first = shown[0]
        // A finger on the sheet asked to dismiss refuses, as without children; the command
        // wins over a finger on any sheet above it.
        if own.sheet.phase == .dragging { throw RPCError.invalidState("cannot dismiss while the sheet is being dragged") }
        let fs = sessions[first]!
        var sheet = fs.sheet.copy()
        sheet.takeFromFinger(at: time.t)
        do { try sheet.dismiss(at: time.t, animated: animated) } catch { throw RPCError(error) }
        fs.sheet = sheet
        commit(time: time)
        // Nothing dismissed on the way down comes back (a `switch` parent stays dismissed).
        for d in shown { stack.onDismissed[d]?.removeAll { $0.presents } }
        let chain = shown + [id]
        for (a, b) in zip(chain, chain.dropFirst()) { stack.onDismissed[a, default: []].append(.dismiss(b)) }
        markMoving(first)
        drain(fs, id: first)
    }

    /// `sheet.setContainer {session, t, width, height, safeArea?, sizeClass?}`: on a root the
    /// whole stack moves; a child takes its parent's container and is refused.
    func setContainer(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        let width = try p.read(SheetSetContainer.width)
        let height = try p.read(SheetSetContainer.height)
        let safeArea = p[SheetSetContainer.safeArea.name].exists ? try Wire.safeArea(p[SheetSetContainer.safeArea.name]) : nil
        let sizeClass = try p.read(SheetSetContainer.sizeClass).map(SizeClass.init)
        let id = try p.read(CommandMembers.session)
        if let parent = stack.parent[id] {
            throw p[CommandMembers.session.name].fail("a child takes its parent's container: set the container of the stack's root \"\(stack.ancestors(of: id).last ?? parent)\"")
        }
        let family = stack.descendants(of: id)
        var container: Container?
        let result = try command(c) { sheet, t throws(SheetError) in
            // Without `safeArea` the session keeps the one it has; without `sizeClass` it is automatic.
            let c = Container(width: width, height: height, safeArea: safeArea ?? sheet.state.setup.container.safeArea,
                              sizeClass: sizeClass)
            // The setups the stack would have: this call's members are the container's.
            for setup in [sheet.state.setup] + family.compactMap({ self.sessions[$0]?.sheet.state.setup }) {
                var next = setup
                next.container = c
                do throws(SheetError) { try next.validate() } catch { throw error.placingContainerMembersAtTheTop() }
            }
            sheet.setContainer(c, at: t)
            container = c
        }
        if let c = container {
            for d in family {
                guard let s = sessions[d] else { continue }
                s.sheet.setContainer(c, at: hostNow)
                drain(s, id: d)
                markMoving(d)
            }
        }
        return result
    }

    /// After `id`'s events were taken: a `dismissed` (or `presentCancelled`: a sheet sent away
    /// before it arrived) sets off what the stack asked for.
    func react(to events: [SheetEvent], of id: String) {
        guard !stack.onDismissed.isEmpty else { return }  // (no stack waits: no id hashed per event)
        for e in events where e.kind == .dismissed || e.kind == .presentCancelled {  // gone, shown or not
            guard let reactions = stack.onDismissed.removeValue(forKey: id) else { continue }
            for r in reactions {
                let other = r.member, presents = r.presents
                guard let s = sessions[other] else { continue }
                // The stack's command wins over a finger on that sheet (never skipped).
                s.sheet.takeFromFinger(at: e.t)
                do {
                    if presents { try s.sheet.present(at: e.t) } else { try s.sheet.dismiss(at: e.t) }
                } catch {
                    diagnose("stack: could not \(presents ? "present" : "dismiss") \(other): \(error.message)",
                             code: RPCError.invalidStateCode, session: other)
                }
                markMoving(other)
                drain(s, id: other)
            }
        }
    }

    /// A frame's stack members: a parent's `transform` from how far its shown descendants
    /// push it back (`StackGeometry.levelsBack`; identity with none shown, or while the parent
    /// itself is dismissed); `background` only on a root.
    /// With `t` (`session.frame`), the descendants are read at `t` from copies, as a tick at
    /// `t` would advance them, changing nothing.
    func decorate(_ frame: inout FrameValues, of id: String, at t: Double? = nil) {
        guard !stack.isEmpty else { return }
        if stack.parent[id] != nil { frame.background = nil }
        let children = stack.children(of: id)
        guard !children.isEmpty else { return }
        // A dismissed parent (a `switch`/`replace` took it away) is not drawn: identity.
        guard frame.state != .dismissed else { return frame.transform = StackGeometry.identity }
        frame.transform = StackGeometry.parentTransform(levelsBack: levelsBack(id, at: t), sheetWidth: frame.sheet.width)
    }

    /// How many levels `id`'s shown descendants push it back, from their presentation progress
    /// (at `t` on copies when given).
    func levelsBack(_ id: String, at t: Double? = nil) -> Double {
        StackGeometry.levelsBack(children: stack.children(of: id).compactMap { c in
            guard let s = sessions[c] else { return nil }
            if let t {
                var later = s.sheet.copy()
                later.advance(to: t)
                return later.phase == .dismissed ? nil : (later.presentationProgress, levelsBack(c, at: t))
            }
            guard s.sheet.phase != .dismissed else { return nil }
            return (s.sheet.presentationProgress, levelsBack(c))
        })
    }

    /// Before a tick: every touched session's ancestors are touched too (a parent's transform
    /// follows its child), and every touched session is advanced, so a parent's frame sees its
    /// child at this tick's time.
    func prepareStacks(at t: Double) {
        guard !stack.isEmpty else { return }
        for s in sessions.movingSessions { for a in stack.ancestors(of: s.id) { markMoving(a) } }
        for s in sessions.movingSessions { s.sheet.advance(to: t) }
    }

    /// `session.destroy` of a session with children.
    func checkNotParent(_ id: String) throws(RPCError) {
        let children = stack.children(of: id)
        if !children.isEmpty {
            throw RPCError.invalidState("session \(id) has child sessions \(ListText.of(children.sorted())); destroy them first")
        }
    }
}

extension SheetError {
    /// `sheet.setContainer` takes the container's members at the top of its params: a setup
    /// place `container.safeArea` is the call's `safeArea`.
    func placingContainerMembersAtTheTop() -> SheetError {
        let container = "container."
        guard message.hasPrefix(container) else { return self }
        return SheetError(kind, String(message.dropFirst(container.count)))
    }
}
