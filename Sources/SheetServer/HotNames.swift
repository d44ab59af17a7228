#if canImport(Glibc)
import Glibc
#endif
import SheetWire

/// The names and ranges `HotMessage` matches, taken once from SheetWire's declarations
/// (`InputPan`, `InputScroll`, `ClockTick`, `CommandMembers`, `VectorShape`) as bytes.
final class HotNames: Sendable {
    static let shared = HotNames()

    /// A member's name as bytes, and its range (a number member).
    struct Key: Sendable {
        let bytes: [UInt8]
        let range: ClosedRange<Double>

        init(_ spec: MemberSpec) {
            bytes = Array(spec.name.utf8)
            range = spec.range ?? -1e9...1e9
        }

        static func ~= (key: Key, value: UnsafeBufferPointer<UInt8>) -> Bool {
            key.bytes.withUnsafeBufferPointer { bytesEqual($0, value) }
        }
    }

    /// An enum's wire strings as bytes.
    struct Choices<E: WireEnum>: Sendable {
        let table: [([UInt8], E)] = E.allCases.map { (Array($0.rawValue.utf8), $0) }

        func match(_ raw: UnsafeBufferPointer<UInt8>) -> E? {
            for (bytes, e) in table where bytes.withUnsafeBufferPointer({ bytesEqual($0, raw) }) { return e }
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

    let methods: [([UInt8], HotMessage.Method, String)] = [
        (Array(InputPan.name.utf8), .pan, InputPan.name),
        (Array(InputScroll.name.utf8), .scroll, InputScroll.name),
        (Array(ClockTick.name.utf8), .tick, ClockTick.name),
    ]
    let session = Key(CommandMembers.session.spec), time = Key(CommandMembers.t.spec)
    let tickTime = Key(ClockTick.t.spec)
    let x = Key(VectorShape.x), y = Key(VectorShape.y)
    let pan = PanKeys(), scroll = ScrollKeys()
    let panPhases = Choices<InputPan.Phase>(), panSources = Choices<InputPan.Source>()
    let scrollPhases = Choices<InputScroll.Phase>()

    private init() {}

    func method(_ raw: UnsafeBufferPointer<UInt8>) -> HotMessage.Method? {
        for (bytes, m, _) in methods where bytes.withUnsafeBufferPointer({ bytesEqual($0, raw) }) { return m }
        return nil
    }

    func name(of method: HotMessage.Method) -> String {
        for (_, m, name) in methods where m == method { return name }
        return ""
    }
}

/// Whether two byte runs are equal.
func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
    return memcmp(pa, pb, a.count) == 0
}
