// File-system paths as raw bytes: plugin paths are resolved and compared byte for byte.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file-system path as the raw bytes the kernel sees (no terminating NUL).
///
/// Plugin containment is decided on these bytes, never with Swift `String` comparison, which
/// treats canonically equivalent Unicode spellings as equal (`café` in NFC and in NFD are the
/// same `String` but two different directories).
struct PluginPath: Hashable, Sendable {
    var bytes: [UInt8]

    init(_ string: String) { bytes = Array(string.utf8) }
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// For messages only (invalid UTF-8 shows as U+FFFD).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `realpath(3)`: absolute, `..` and symlinks resolved; nil when it does not exist.
    func resolved() -> PluginPath? {
        guard let result = withCString({ realpath($0, nil) }) else { return nil }
        defer { free(result) }
        return PluginPath(bytes: Array(UnsafeBufferPointer(start: result, count: strlen(result))
            .lazy.map { UInt8(bitPattern: $0) }))
    }

    func appending(_ name: [UInt8]) -> PluginPath {
        PluginPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// The components of this (resolved) path below the (resolved) `directory`, or nil when
    /// it does not lie strictly inside it. Byte comparison only.
    func components(under directory: PluginPath) -> [[UInt8]]? {
        let prefix = directory.bytes.last == UInt8(ascii: "/") ? directory.bytes : directory.bytes + [UInt8(ascii: "/")]
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        let parts = bytes[prefix.count...].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        return parts.isEmpty ? nil : parts.map(Array.init)
    }

    /// The names of this directory's entries accepted by `include`, sorted byte-wise.
    func entries(where include: ([UInt8]) -> Bool) -> [[UInt8]] {
        guard let dir = withCString({ opendir($0) }) else { return [] }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
                Array(raw.prefix { $0 != 0 })
            }
            if include(name) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}

extension Array where Element == UInt8 {
    func hasBytePrefix(_ prefix: String) -> Bool { starts(with: prefix.utf8) }
    func hasByteSuffix(_ suffix: String) -> Bool {
        let s = Array(suffix.utf8)
        return count >= s.count && self[(count - s.count)...].elementsEqual(s)
    }
}
