#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetReplay

/// The first difference between a golden NDJSON output and an actual one, for
/// `sheetd replay FILE --expect GOLDEN`.
///
/// Lines are compared byte for byte (the host clock makes output deterministic). At the first
/// line that differs, both lines are parsed as JSON and walked together to name the first
/// member that differs: `line 7, params.sheet.y: expected 510, got 511`. When a line is not
/// JSON, or the two parse to equal values (a byte-level difference such as member order or
/// number spelling), the raw lines are shown: `line 7: expected {...}, got {...}`.
enum GoldenDiff {
    /// `nil` when `actual` is byte-identical to `expected`, else one line describing the first
    /// difference.
    static func firstDifference(expected: [UInt8], actual: [UInt8]) -> String? {
        if expected == actual { return nil }
        let e = lines(expected), a = lines(actual)
        for n in 0..<max(e.count, a.count) {
            let el = n < e.count ? e[n] : nil, al = n < a.count ? a[n] : nil
            if el == al { continue }
            guard let el else { return "line \(n + 1): expected end of output, got \(show(al!))" }
            guard let al else { return "line \(n + 1): expected \(show(el)), got end of output" }
            if let ev = try? JSONCodec.decode(el), let av = try? JSONCodec.decode(al),
               let (path, x, y) = difference(ev, av, path: "") {
                return "line \(n + 1), \(path.isEmpty ? "(message)" : path): expected \(x), got \(y)"
            }
            return "line \(n + 1): expected \(show(el)), got \(show(al))"
        }
        // Same lines, different bytes: only the final newline can differ.
        return "line \(e.count): the outputs differ in their final newline"
    }

    /// `output` with the real path of each plugin directory written as `<plugin-dir>`:
    /// `plugins.list` and `plugins.load` answer absolute paths, which differ per machine.
    static func masking(directories: [String], in output: [UInt8]) -> [UInt8] {
        var text = String(decoding: output, as: UTF8.self)
        for dir in directories {
            guard let real = realpath(dir, nil) else { continue }
            defer { free(real) }
            text = TextSearch.replacingAll(String(cString: real) + "/", with: "<plugin-dir>/", in: text)
        }
        return Array(text.utf8)
    }

    /// Output lines without their `\n` (a trailing newline ends the last line, it does not start one).
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var out = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if out.last == [] { out.removeLast() }
        return out
    }

    /// The first place (path, expected, got) where two JSON values differ, depth first in the
    /// expected value's member order; `nil` when they are equal.
    static func difference(_ e: JSONValue, _ a: JSONValue, path: String) -> (String, String, String)? {
        switch (e, a) {
        case (.object(let eo), .object(let ao)):
            for (key, ev) in eo.members {
                let sub = path.isEmpty ? key : "\(path).\(key)"
                guard let av = ao[key] else { return (sub, text(ev), "nothing") }
                if let d = difference(ev, av, path: sub) { return d }
            }
            for (key, av) in ao.members where eo[key] == nil {
                return (path.isEmpty ? key : "\(path).\(key)", "nothing", text(av))
            }
            return nil
        case (.array(let ea), .array(let aa)):
            for i in 0..<max(ea.count, aa.count) {
                let sub = "\(path)[\(i)]"
                guard i < ea.count else { return (sub, "nothing", text(aa[i])) }
                guard i < aa.count else { return (sub, text(ea[i]), "nothing") }
                if let d = difference(ea[i], aa[i], path: sub) { return d }
            }
            return nil
        default:
            let x = text(e), y = text(a)
            return x == y ? nil : (path, x, y)
        }
    }

    static func text(_ v: JSONValue) -> String { clip(JSONCodec.encodeToString(v)) }

    static func show(_ line: [UInt8]) -> String { clip(String(decoding: line, as: UTF8.self)) }

    static func clip(_ s: String) -> String { s.count > 300 ? String(s.prefix(300)) + "…" : s }
}
