import SheetCore
import SheetRPC
import SheetWire

/// Reading a declared member: its name, range, choices and default come from the declaration.
extension Params {
    func read(_ m: Member<Double>) throws(RPCError) -> Double {
        try number(m.name, in: m.spec.range, default: m.defaultValue)
    }

    /// `read(_:)` of a number member, from its parts. A caller that passes a static member's
    /// fields (`Initialize.fps.spec.range`) copies no `Member<Double>`: that copy goes through
    /// the type's run-time metadata, laid out at its first use (about 11k instructions, which
    /// the `initialize` reply paid for each of its three members).
    func number(_ name: String, in range: ClosedRange<Double>?, default d: Double?) throws(RPCError) -> Double {
        let range = range ?? -1e9...1e9
        if let d { return try self[name].optionalNumber(in: range) ?? d }
        return try self[name].number(in: range)
    }

    func read(_ m: Member<Double?>) throws(RPCError) -> Double? {
        try self[m.name].optionalNumber(in: m.spec.range ?? -1e9...1e9)
    }

    func read(_ m: Member<Bool>) throws(RPCError) -> Bool {
        try flag(m.name, default: m.defaultValue)
    }

    /// `read(_:)` of a boolean member, from its parts (see `number(_:in:default:)`).
    func flag(_ name: String, default b: Bool?) throws(RPCError) -> Bool {
        if let b { return try self[name].optionalBool() ?? b }
        return try self[name].bool()
    }

    func read(_ m: Member<Bool?>) throws(RPCError) -> Bool? {
        try self[m.name].optionalBool()
    }

    func read(_ m: Member<String>) throws(RPCError) -> String {
        try self[m.name].string()
    }

    func read(_ m: Member<String?>) throws(RPCError) -> String? {
        try self[m.name].optionalString()
    }

    func read<E: WireEnum>(_ m: Member<E>) throws(RPCError) -> E {
        let p = self[m.name]
        if let d = m.defaultValue, !p.exists { return d }
        return try p.choice(E.self)
    }

    func read<E: WireEnum>(_ m: Member<E?>) throws(RPCError) -> E? {
        let p = self[m.name]
        return p.exists ? try p.choice(E.self) : nil
    }

    /// This value as one of `E`'s cases.
    func choice<E: WireEnum>(_: E.Type) throws(RPCError) -> E {
        // A string naming a case is that case (what `oneOf(E.choices)` accepts: the choices are
        // the cases' raw values); the list is built only for the error, as `allCases.map` is
        // generic work at run time (the `initialize` reply read its clock this way).
        if case .string(let s) = value, let e = E(rawValue: s) { return e }
        let raw = try oneOf(E.choices)
        guard let e = E(rawValue: raw) else { throw fail("expected one of \(ListText.of(E.choices))") }
        return e
    }
}
