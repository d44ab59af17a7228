#if canImport(Glibc)
import Glibc
#endif
import SheetCore
import SheetWire

/// The hottest messages (`input.pan`, `input.scroll`, `clock.tick`, and `sheet.present` /
/// `sheet.dismiss`, which on the realtime clock start every animation) decoded straight from
/// their bytes, with no JSON tree: the fast path of `SheetService.fastPath`.
///
/// It accepts only the plain, valid form: compact JSON (no whitespace), `jsonrpc` `"2.0"`, an
/// integer id or none, every params member known, present at most once, of the right type
/// and within the range the method table allows, strings in printable ASCII without escapes,
/// a session id of the form `s<n>`. Anything else — including every message that would get an
/// error from validation — returns nil and takes the generic path, which then answers exactly
/// as it always did. What this accepts, the generic path would accept with the same values.
struct HotMessage {
    /// The call, plain data (copying one copies bytes, nothing is retained).
    enum Call {
        case pan(session: Int, t: Double, phase: PanPhase, translation: Vector, velocity: Vector?, source: PanSource)
        case scroll(session: Int, t: Double, sample: Scroll)
        case tick(t: Double)
        /// `sheet.present` (`presents`) or `sheet.dismiss`; `t` nil when absent (the realtime
        /// clock's unstamped command).
        case command(session: Int, t: Double?, presents: Bool, animated: Bool)
    }

    /// `input.scroll`'s sample, its `entry` still the bytes of the message (valid while the
    /// message is handled; `sample` makes the string).
    struct Scroll {
        var phase: ScrollHandoffInput.Phase
        var offsetY, insetTop, contentHeight, viewportHeight: Double
        var isTracking: Bool
        var translationY: Double
        var velocityY: Double?
        var entry: UnsafeBufferPointer<UInt8>?

        var sample: ScrollSample {
            ScrollSample(phase: phase, offsetY: offsetY, insetTop: insetTop, contentHeight: contentHeight,
                         viewportHeight: viewportHeight, isTracking: isTracking, translationY: translationY,
                         velocityY: velocityY, entry: entry.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    /// The request id (nil for a notification).
    var id: Int64?
    var kind: Method
    var call: Call

    /// The method's wire name.
    var method: String { HotNames.name(of: kind) }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> HotMessage? {
        parse(bytes, head: CanonicalHead(bytes))
    }

    /// `parse`, given what `CanonicalHead` read of the same bytes (nil: not such a head).
    static func parse(_ bytes: UnsafeRawBufferPointer, head: CanonicalHead?) -> HotMessage? {
        if let head, let m = head.kind == .pan ? canonicalPan(head) : canonicalCommand(head) { return m }
        var s = ByteScanner(bytes)
        var id: Int64??, version = false, method: Method?, call: Call?
        // `params` is read where it stands, so it must come after `method` (as clients write it).
        // The envelope's keys are JSON-RPC's; the params' members are SheetWire's declarations.
        let ok = s.members { key, s in
            switch key {
            case "jsonrpc" where !version:
                version = s.rawString().map { "2.0" ~= $0 } ?? false
                return version
            case "method" where method == nil:
                method = s.rawString().flatMap { HotNames.shared.method($0) }
                return method != nil
            case "id" where id == nil:
                id = s.integer().map { .some($0) }
                return id != nil
            case "params" where call == nil:
                switch method {
                case .pan?: call = pan(&s, HotNames.shared)
                case .scroll?: call = scroll(&s, HotNames.shared)
                case .tick?: call = tick(&s, HotNames.shared)
                case .present?: call = command(&s, HotNames.shared, presents: true)
                case .dismiss?: call = command(&s, HotNames.shared, presents: false)
                case nil: return false
                }
                return call != nil
            default:
                return false
            }
        }
        guard ok, s.atEnd, version, let method, let call else { return nil }
        return HotMessage(id: id ?? nil, kind: method, call: call)
    }

    enum Method { case pan, scroll, tick, present, dismiss }

    /// The head of a message as hosts write it, up to its session:
    /// `{"jsonrpc":"2.0","method":M,"params":{"session":S` with M `input.pan`, `sheet.present`
    /// or `sheet.dismiss`. Read once, before the rest: the server starts loading session S
    /// while the message is parsed (at 10,000 sessions a session's state is not in the cache
    /// when its input comes, and the parse is the work there is to do while it arrives), and
    /// `canonicalPan` / `canonicalCommand` read on from where it stopped.
    struct CanonicalHead {
        /// `.pan`, `.present` or `.dismiss`.
        var kind: Method
        var session: Int
        /// Just after the session's value.
        var rest: ByteScanner

        init?(_ bytes: UnsafeRawBufferPointer) {
            var s = ByteScanner(bytes)
            if s.eat(HotNames.shared.panRuns.head) {
                kind = .pan
            } else if s.eat(HotNames.shared.commandRuns.presentHead) {
                kind = .present
            } else if s.eat(HotNames.shared.commandRuns.dismissHead) {
                kind = .dismiss
            } else {
                return nil
            }
            guard let session = s.session() else { return nil }
            self.session = session
            rest = s
        }
    }

    /// An `input.pan` notification as hosts write it on every move of a finger —
    /// `{"jsonrpc":"2.0","method":"input.pan","params":{"session":…,"t":…,"phase":…,
    /// "translation":{"x":…,"y":…}}}`, in that order, nothing more — read straight through,
    /// each value as `pan` reads it. Anything else is nil and `parse` reads it member by member:
    /// this accepts a subset of what that accepts, with the same values.
    static func canonicalPan(_ head: CanonicalHead) -> HotMessage? {
        var s = head.rest
        let runs = HotNames.shared.panRuns
        guard s.eat(runs.t), let t = s.number(in: HotNames.shared.time.range),
              s.eat(runs.phase), let phase = s.rawString().flatMap({ HotNames.shared.panPhases.match($0) }),
              s.eat(runs.translationX), let x = s.number(in: InputPan.translationRange),
              s.eat(runs.y), let y = s.number(in: InputPan.translationRange),
              s.eat(runs.tail), s.atEnd
        else { return nil }
        return HotMessage(id: nil, kind: .pan, call: panCall(session: head.session, t: t, phase: phase,
                                                             translation: Vector(x: x, y: y), velocity: nil, source: nil))
    }

    /// A `sheet.present` or `sheet.dismiss` notification as hosts write it —
    /// `{"jsonrpc":"2.0","method":…,"params":{"session":…}}`, or with `,"t":…` after the
    /// session, nothing more — read straight through, each value as `command` reads it; nil
    /// for anything else, which `parse` reads member by member (see `canonicalPan`).
    static func canonicalCommand(_ head: CanonicalHead) -> HotMessage? {
        var s = head.rest
        let runs = HotNames.shared.commandRuns
        let presents = head.kind == .present
        var t: Double?
        if s.eat(runs.t) {
            guard let v = s.number(in: HotNames.shared.time.range) else { return nil }
            t = v
        }
        guard s.eat(runs.tail), s.atEnd else { return nil }
        return HotMessage(id: nil, kind: presents ? .present : .dismiss,
                          call: .command(session: head.session, t: t, presents: presents,
                                         animated: Animated.member.defaultValue ?? true))
    }

    /// The call both pan readers make of what they read (an absent `source` is its default).
    static func panCall(session: Int, t: Double, phase: InputPan.Phase, translation: Vector, velocity: Vector?,
                        source: InputPan.Source?) -> Call {
        let wireSource = source ?? InputPan.source.defaultValue ?? .sheet
        return .pan(session: session, t: t, phase: PanPhase(phase), translation: translation, velocity: velocity,
                    source: PanSource(wireSource))
    }

    /// `input.pan`'s members as `InputPan` declares them.
    static func pan(_ s: inout ByteScanner, _ n: HotNames) -> Call? {
        var head = InputHead(), phase: InputPan.Phase?, translation: Vector?, velocity: Vector??, source: InputPan.Source??
        let ok = s.members { key, s in
            if let read = head.read(key, &s, n) { return read }
            switch key {
            case n.panKeys.phase where phase == nil:
                phase = s.rawString().flatMap(n.panPhases.match)
                return phase != nil
            case n.panKeys.translation where translation == nil:
                translation = s.vector(in: InputPan.translationRange, n)
                return translation != nil
            case n.panKeys.velocity where velocity == nil:
                velocity = s.eatNull() ? .some(nil) : s.vector(in: InputPan.velocityRange, n).map { .some($0) }
                return velocity != nil
            case n.panKeys.source where source == nil:
                source = s.eatNull() ? .some(nil) : s.rawString().flatMap(n.panSources.match).map { .some($0) }
                return source != nil
            default:
                return false
            }
        }
        guard ok, let session = head.session, let t = head.t, let phase, let translation else { return nil }
        return panCall(session: session, t: t, phase: phase, translation: translation, velocity: velocity ?? nil,
                       source: source ?? nil)
    }

    /// `input.scroll`'s members as `InputScroll` declares them.
    static func scroll(_ s: inout ByteScanner, _ n: HotNames) -> Call? {
        var head = InputHead(), phase: InputScroll.Phase?, isTracking: Bool?
        var offsetY: Double?, insetTop: Double?, contentHeight: Double?, viewportHeight: Double?, translationY: Double?
        var velocityY: Double??, entry: UnsafeBufferPointer<UInt8>??
        /// A required number member within its declared range, read once.
        func number(_ v: inout Double?, _ key: HotNames.Key, _ s: inout ByteScanner) -> Bool {
            guard v == nil else { return false }
            v = s.number(in: key.range)
            return v != nil
        }
        let sc = n.scroll
        let ok = s.members { key, s in
            if let read = head.read(key, &s, n) { return read }
            switch key {
            case sc.phase where phase == nil:
                phase = s.rawString().flatMap(n.scrollPhases.match)
                return phase != nil
            case sc.offsetY: return number(&offsetY, sc.offsetY, &s)
            case sc.insetTop: return number(&insetTop, sc.insetTop, &s)
            case sc.contentHeight: return number(&contentHeight, sc.contentHeight, &s)
            case sc.viewportHeight: return number(&viewportHeight, sc.viewportHeight, &s)
            case sc.translationY: return number(&translationY, sc.translationY, &s)
            case sc.isTracking where isTracking == nil:
                isTracking = s.bool()
                return isTracking != nil
            case sc.velocityY where velocityY == nil:
                velocityY = s.eatNull() ? .some(nil) : s.number(in: sc.velocityY.range).map { .some($0) }
                return velocityY != nil
            case sc.entry where entry == nil:
                entry = s.eatNull() ? .some(nil) : s.rawString().map { .some($0) }
                return entry != nil
            default:
                return false
            }
        }
        guard ok, let session = head.session, let t = head.t, let phase, let offsetY, let insetTop, let contentHeight,
              let viewportHeight, let isTracking, let translationY else { return nil }
        let sample = Scroll(phase: ScrollHandoffInput.Phase(phase), offsetY: offsetY, insetTop: insetTop,
                            contentHeight: contentHeight, viewportHeight: viewportHeight, isTracking: isTracking,
                            translationY: translationY, velocityY: velocityY ?? nil, entry: entry ?? nil)
        return .scroll(session: session, t: t, sample: sample)
    }

    /// `clock.tick`'s `{t}`.
    static func tick(_ s: inout ByteScanner, _ n: HotNames) -> Call? {
        var t: Double?
        let ok = s.members { key, s in
            guard n.tickTime ~= key, t == nil else { return false }
            t = s.number(in: n.tickTime.range)
            return t != nil
        }
        guard ok, let t else { return nil }
        return .tick(t: t)
    }

    /// `sheet.present`'s members as `SheetPresent` declares them (`presents`), or
    /// `sheet.dismiss`'s as `SheetDismiss` does. `stackBehavior` is read (only a sheet in a
    /// stack acts on it, and the service declines those).
    static func command(_ s: inout ByteScanner, _ n: HotNames, presents: Bool) -> Call? {
        var head = InputHead(), animated: Bool?, behavior: SheetPresent.StackBehavior?
        let ok = s.members { key, s in
            if let read = head.read(key, &s, n) { return read }
            switch key {
            case n.animated where animated == nil:
                animated = s.bool()
                return animated != nil
            case n.stackBehavior where presents && behavior == nil:
                behavior = s.rawString().flatMap(n.stackBehaviors.match)
                return behavior != nil
            default:
                return false
            }
        }
        guard ok, let session = head.session else { return nil }
        return .command(session: session, t: head.t, presents: presents,
                        animated: animated ?? Animated.member.defaultValue ?? true)
    }

    /// The members every session input has: `session` and `t` (`CommandMembers`).
    struct InputHead {
        var session: Int?
        var t: Double?

        /// Reads `key`'s value when it is one of these (whether it was valid); nil for other keys.
        mutating func read(_ key: UnsafeBufferPointer<UInt8>, _ s: inout ByteScanner, _ n: HotNames) -> Bool? {
            switch key {
            case n.session:
                guard session == nil else { return false }
                session = s.session()
                return session != nil
            case n.time:
                guard t == nil else { return false }
                t = s.number(in: n.time.range)
                return t != nil
            default:
                return nil
            }
        }
    }
}

/// A strict cursor over compact JSON bytes for `HotMessage`: every method returns nil (or
/// false) on anything outside the plain form it reads.
struct ByteScanner {
    let base: UnsafePointer<UInt8>?
    var i: Int
    let end: Int

    init(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil) {
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        i = start
        self.end = end ?? bytes.count
    }

    var atEnd: Bool { i == end }
    var peek: UInt8? { i < end ? base![i] : nil }

    mutating func eat(_ c: UInt8) -> Bool {
        guard peek == c else { return false }
        i += 1
        return true
    }

    /// `text`, byte for byte.
    mutating func eat(_ text: NameBytes) -> Bool {
        guard end - i >= text.count, memcmp(base! + i, text.start, text.count) == 0 else { return false }
        i += text.count
        return true
    }

    mutating func eatNull() -> Bool {
        guard end - i >= 4, base![i] == 110, base![i + 1] == 117, base![i + 2] == 108, base![i + 3] == 108 else { return false }
        i += 4
        return true
    }

    /// The raw bytes of a string of printable ASCII without escapes.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        guard eat(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < end {
            let c = base![i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return UnsafeBufferPointer(start: base! + start, count: i - 1 - start)
            }
            guard c >= 0x20 && c < 0x7f && c != UInt8(ascii: "\\") else { return nil }
            i += 1
        }
        return nil
    }

    /// `"key":`, its raw bytes (matched against literals with `~=`).
    mutating func key() -> UnsafeBufferPointer<UInt8>? {
        guard let k = rawString(), eat(UInt8(ascii: ":")) else { return nil }
        return k
    }

    /// A session id `"s<n>"`: its handle.
    mutating func session() -> Int? {
        rawString().flatMap { SessionTable.handle(utf8: $0) }
    }

    mutating func bool() -> Bool? {
        if end - i >= 4, base![i] == 116, base![i + 1] == 114, base![i + 2] == 117, base![i + 3] == 101 {
            i += 4
            return true
        }
        if end - i >= 5, base![i] == 102, base![i + 1] == 97, base![i + 2] == 108, base![i + 3] == 115, base![i + 4] == 101 {
            i += 5
            return false
        }
        return nil
    }

    /// A JSON number as jansson reads it (integers of up to 15 digits, reals through
    /// strtod), finite and within `range`.
    mutating func number(in range: ClosedRange<Double>) -> Double? {
        let start = i
        var isInteger = true
        _ = eat(UInt8(ascii: "-"))
        guard let first = peek, first >= 48 && first <= 57 else { return nil }
        i += 1
        if first != 48 { while let c = peek, c >= 48 && c <= 57 { i += 1 } }
        if eat(UInt8(ascii: ".")) {
            isInteger = false
            guard digits() else { return nil }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard digits() else { return nil }
        }
        let length = i - start
        guard length <= 40, !isInteger || length <= 15 else { return nil }
        if let d = Self.exactDecimal(base! + start, length) {
            guard d.isFinite, range.contains(d) else { return nil }
            return isInteger ? d + 0 : d  // jansson reads `-0` as the integer 0
        }
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)  // 48 bytes, NUL-filled
        let d = withUnsafeMutableBytes(of: &text) { buf -> Double in
            buf.baseAddress!.copyMemory(from: base! + start, byteCount: length)
            return strtod(buf.baseAddress!.assumingMemoryBound(to: CChar.self), nil)
        }
        guard d.isFinite, range.contains(d) else { return nil }
        return isInteger ? d + 0 : d  // jansson reads `-0` as the integer 0
    }

    /// The value of a number already checked to be JSON (`-?digits(.digits)?`, no exponent)
    /// with at most 15 digits in all, without strtod: its digits as an integer m < 10^15 and
    /// 10^k (k decimals) are both exact doubles, so m / 10^k is one correctly rounded
    /// division, the double nearest the decimal: the bits strtod returns (Clinger's fast
    /// path). nil for any other number (strtod reads it).
    static func exactDecimal(_ p: UnsafePointer<UInt8>, _ length: Int) -> Double? {
        var j = 0
        let negative = p[0] == UInt8(ascii: "-")
        if negative { j = 1 }
        var m: UInt64 = 0, digits = 0, decimals = 0, inFraction = false
        while j < length {
            let c = p[j]
            j += 1
            if c == UInt8(ascii: ".") {
                inFraction = true
                continue
            }
            guard c >= 48 && c <= 57 else { return nil }  // an exponent: strtod
            m = m * 10 + UInt64(c - 48)
            digits += 1
            if inFraction { decimals += 1 }
        }
        guard digits <= 15 else { return nil }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }  // exact: 10^15 < 2^53
        let d = Double(m) / scale
        return negative ? -d : d
    }

    private mutating func digits() -> Bool {
        let start = i
        while let c = peek, c >= 48 && c <= 57 { i += 1 }
        return i > start
    }

    /// A request id: an integer of up to 15 digits.
    mutating func integer() -> Int64? {
        let start = i
        guard let d = number(in: -1e15...1e15), d == d.rounded(),
              !(start..<i).contains(where: { base![$0] == UInt8(ascii: ".") || base![$0] | 0x20 == UInt8(ascii: "e") })
        else { return nil }
        return Int64(d)
    }

    /// `{"x":n,"y":n}` (`VectorShape`: either optional, null as absent, each within `range`).
    mutating func vector(in range: ClosedRange<Double>, _ n: HotNames) -> Vector? {
        var x: Double??, y: Double??
        let ok = members { key, s in
            let v: Double?? = s.eatNull() ? .some(nil) : s.number(in: range).map { .some($0) }
            switch key {
            case n.x where x == nil: x = v
            case n.y where y == nil: y = v
            default: return false
            }
            return v != nil
        }
        guard ok else { return nil }
        return Vector(x: (x ?? nil) ?? 0, y: (y ?? nil) ?? 0)
    }

    /// An object `{"k":v,...}` (possibly empty): `member` reads each value and says whether it
    /// was valid; false at the first one that was not, or when the object is malformed.
    mutating func members(_ member: (UnsafeBufferPointer<UInt8>, inout ByteScanner) -> Bool) -> Bool {
        guard eat(UInt8(ascii: "{")) else { return false }
        if eat(UInt8(ascii: "}")) { return true }
        repeat {
            guard let k = key(), member(k, &self) else { return false }
        } while eat(UInt8(ascii: ","))
        return eat(UInt8(ascii: "}"))
    }
}

/// Matches raw bytes against a literal in a `switch` (`case "session":`).
func ~= (pattern: StaticString, value: UnsafeBufferPointer<UInt8>) -> Bool {
    guard pattern.utf8CodeUnitCount == value.count else { return false }
    guard let base = value.baseAddress else { return true }
    return memcmp(pattern.utf8Start, base, value.count) == 0
}
