#if canImport(Glibc)
import Glibc
#endif
import SheetWire

/// The names and ranges `HotMessage` matches, taken once from SheetWire's declarations
/// (`InputPan`, `InputScroll`, `ClockTick`, `SheetPresent`, `SheetDismiss`, `CommandMembers`,
/// `VectorShape`) as bytes.
///
/// Every member is plain data — names are `NameBytes`, tables are buffers allocated once — so
/// reading a name or passing the tables along retains nothing: the fast path reads them for
/// every message.
struct HotNames: Sendable {
    static let shared = HotNames()

    /// A member's name as bytes, and its range (a number member).
    struct Key: Sendable {
        let name: NameBytes
        let range: ClosedRange<Double>

        init(_ spec: MemberSpec) {
            name = NameBytes(spec.name)
            range = spec.range ?? -1e9...1e9
        }

        static func ~= (key: Key, value: UnsafeBufferPointer<UInt8>) -> Bool { key.name.matches(value) }
    }

    /// An enum's wire strings as bytes.
    struct Choices<E: WireEnum>: @unchecked Sendable {
        /// Allocated once and never freed (the tables live as long as the process).
        let table: UnsafeBufferPointer<(NameBytes, E)>

        init() {
            let entries = E.allCases.map { (NameBytes($0.rawValue), $0) }
            let buffer = UnsafeMutableBufferPointer<(NameBytes, E)>.allocate(capacity: entries.count)
            _ = buffer.initialize(from: entries)
            table = UnsafeBufferPointer(buffer)
        }

        func match(_ raw: UnsafeBufferPointer<UInt8>) -> E? {
            for (name, e) in table where name.matches(raw) { return e }
            return nil
        }
    }

    struct PanKeys: Sendable {
        let phase = Key(InputPan.phase.spec), translation = Key(InputPan.translation)
        let velocity = Key(InputPan.velocity), source = Key(InputPan.source.spec)
    }

    struct ScrollKeys: Sendable {
        let phase = Key(InputScroll.phase.spec), offsetY = Key(InputScroll.offsetY.spec)
        let insetTop = Key(InputScroll.insetTop.spec), contentHeight = Key(InputScroll.contentHeight.spec)
        let viewportHeight = Key(InputScroll.viewportHeight.spec), isTracking = Key(InputScroll.isTracking.spec)
        let translationY = Key(InputScroll.translationY.spec), velocityY = Key(InputScroll.velocityY.spec)
        let entry = Key(InputScroll.entry.spec)
    }

    /// The fixed text between the values of an `input.pan` notification in the form hosts
    /// write (`HotMessage.canonicalPan`), spelled from the declarations.
    struct PanRuns: Sendable {
        let head = NameBytes(#"{"jsonrpc":"2.0","method":""# + InputPan.name + #"","params":{""#
                             + CommandMembers.session.spec.name + #"":"#)
        let t = NameBytes(#",""# + CommandMembers.t.spec.name + #"":"#)
        let phase = NameBytes(#",""# + InputPan.phase.spec.name + #"":"#)
        let translationX = NameBytes(#",""# + InputPan.translation.name + #"":{""# + VectorShape.x.name + #"":"#)
        let y = NameBytes(#",""# + VectorShape.y.name + #"":"#)
        let tail = NameBytes("}}}")
    }

    let panRuns = PanRuns()

    /// The fixed text of a `sheet.present` or `sheet.dismiss` as hosts write it
    /// (`HotMessage.canonicalCommand`): the head up to the session's value, `t` before its
    /// value, and the end.
    struct CommandRuns: Sendable {
        let presentHead = NameBytes(#"{"jsonrpc":"2.0","method":""# + SheetPresent.name + #"","params":{""#
                                    + CommandMembers.session.spec.name + #"":"#)
        let dismissHead = NameBytes(#"{"jsonrpc":"2.0","method":""# + SheetDismiss.name + #"","params":{""#
                                    + CommandMembers.session.spec.name + #"":"#)
        let t = NameBytes(#",""# + CommandMembers.t.spec.name + #"":"#)
        let tail = NameBytes("}}")
    }

    let commandRuns = CommandRuns()
    let pan = NameBytes(InputPan.name), scrollMethod = NameBytes(InputScroll.name), tick = NameBytes(ClockTick.name)
    let session = Key(CommandMembers.session.spec), time = Key(CommandMembers.t.spec)
    let tickTime = Key(ClockTick.t.spec)
    let x = Key(VectorShape.x), y = Key(VectorShape.y)
    let panKeys = PanKeys(), scroll = ScrollKeys()
    let panPhases = Choices<InputPan.Phase>(), panSources = Choices<InputPan.Source>()
    let scrollPhases = Choices<InputScroll.Phase>()
    let present = NameBytes(SheetPresent.name), dismiss = NameBytes(SheetDismiss.name)
    let animated = Key(Animated.member.spec), stackBehavior = Key(SheetPresent.stackBehavior.spec)
    let stackBehaviors = Choices<SheetPresent.StackBehavior>()

    private init() {}

    @inline(__always)
    func method(_ raw: UnsafeBufferPointer<UInt8>) -> HotMessage.Method? {
        if pan.matches(raw) { return .pan }
        if scrollMethod.matches(raw) { return .scroll }
        if tick.matches(raw) { return .tick }
        if present.matches(raw) { return .present }
        if dismiss.matches(raw) { return .dismiss }
        return nil
    }

    static func name(of method: HotMessage.Method) -> String {
        switch method {
        case .pan: InputPan.name
        case .scroll: InputScroll.name
        case .tick: ClockTick.name
        case .present: SheetPresent.name
        case .dismiss: SheetDismiss.name
        }
    }
}

/// A name's UTF-8 bytes in memory of its own, allocated once and never freed: copying one
/// copies a pointer and a count, nothing is retained.
struct NameBytes: @unchecked Sendable {
    let start: UnsafePointer<UInt8>
    let count: Int

    init(_ name: String) {
        let bytes = Array(name.utf8)
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        p.initialize(from: bytes, count: bytes.count)
        start = UnsafePointer(p)
        count = bytes.count
    }

    func matches(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        bytesEqual(UnsafeBufferPointer(start: start, count: count), raw)
    }
}

/// Whether two byte runs are equal.
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
    return memcmp(pa, pb, a.count) == 0
}
