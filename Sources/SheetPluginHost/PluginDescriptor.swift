// A plugin's descriptor: read under the struct_size rules and checked field by field.
import CSheetdPlugin
import SheetCore

/// Reading and checking `sheetd_plugin_descriptor` and its call tables.
enum PluginDescriptor {
    /// Reads the descriptor under the struct_size rules and checks every field.
    static func validate(_ raw: UnsafePointer<sheetd_plugin_descriptor>, path: String,
                                 resolved: String, handle: UnsafeMutableRawPointer)
        throws(PluginLoadError) -> LoadedPlugin
    {
        // struct_size, abi_major and abi_minor are the first three fields in every major.
        let head = UnsafeRawPointer(raw)
        let structSize = head.load(as: UInt32.self)
        guard structSize >= 12 else {
            throw .badDescriptor(path: path, reason: "struct_size \(structSize) is too small")
        }
        let major = head.load(fromByteOffset: 4, as: UInt32.self)
        let minor = head.load(fromByteOffset: 8, as: UInt32.self)
        guard major == PluginHost.abiMajor else {
            throw .abiVersionMismatch(path: path, major: major, minor: minor)
        }
        let descriptor: sheetd_plugin_descriptor = readStruct(raw, size: Int(structSize))
        guard Int(structSize) >= Self.descriptorSize10 else {
            throw .badDescriptor(path: path, reason: "struct_size \(structSize) is smaller than the ABI 1.0 descriptor (\(Self.descriptorSize10))")
        }
        guard let namePointer = descriptor.name else {
            throw .badDescriptor(path: path, reason: "name is NULL")
        }
        let name = String(cString: namePointer)
        guard isValidName(name) else {
            throw .badDescriptor(path: path, reason: "name \"\(name)\" must be 1...64 characters of [a-z0-9-]")
        }
        let version = descriptor.version.map { String(cString: $0) } ?? ""
        let kind: PolicyKind
        switch descriptor.kind {
        case SHEETD_KIND_DISMISSAL: kind = .dismissal
        case SHEETD_KIND_SCROLL_HANDOFF: kind = .scrollHandoff
        case SHEETD_KIND_NAVIGATION: kind = .navigation
        case SHEETD_KIND_DETENT_RESOLVER: kind = .detentResolver
        default: throw .badDescriptor(path: path, reason: "unknown kind \(descriptor.kind)")
        }
        guard descriptor.create != nil else { throw .badDescriptor(path: path, reason: "create is NULL") }
        guard descriptor.destroy != nil else { throw .badDescriptor(path: path, reason: "destroy is NULL") }
        guard descriptor.last_error != nil else { throw .badDescriptor(path: path, reason: "last_error is NULL") }

        var plugin = LoadedPlugin(
            info: PluginInfo(name: name, kind: kind, version: version, path: resolved),
            handle: handle, descriptor: descriptor)
        switch kind {
        case .dismissal:
            guard let table = descriptor.dismissal else {
                throw .badDescriptor(path: path, reason: "kind dismissal but the dismissal call table is NULL")
            }
            let calls: sheetd_dismissal_calls = try readTable(table, path: path, label: "dismissal")
            guard calls.decide != nil else { throw .badDescriptor(path: path, reason: "dismissal.decide is NULL") }
            plugin.dismissal = calls
        case .scrollHandoff:
            guard let table = descriptor.scroll_handoff else {
                throw .badDescriptor(path: path, reason: "kind scrollHandoff but the scroll_handoff call table is NULL")
            }
            let calls: sheetd_scroll_calls = try readTable(table, path: path, label: "scroll_handoff")
            guard calls.owner != nil else { throw .badDescriptor(path: path, reason: "scroll_handoff.owner is NULL") }
            plugin.scrollHandoff = calls
        case .navigation:
            guard let table = descriptor.navigation else {
                throw .badDescriptor(path: path, reason: "kind navigation but the navigation call table is NULL")
            }
            let calls: sheetd_navigation_calls = try readTable(table, path: path, label: "navigation")
            guard calls.timing != nil else { throw .badDescriptor(path: path, reason: "navigation.timing is NULL") }
            guard calls.layout != nil else { throw .badDescriptor(path: path, reason: "navigation.layout is NULL") }
            plugin.navigation = calls
        case .detentResolver:
            guard Int(structSize) >= MemoryLayout<sheetd_plugin_descriptor>.size else {
                throw .badDescriptor(path: path, reason: "kind detentResolver but struct_size \(structSize) does not include detent_resolver (ABI 1.3: \(MemoryLayout<sheetd_plugin_descriptor>.size))")
            }
            guard let table = descriptor.detent_resolver else {
                throw .badDescriptor(path: path, reason: "kind detentResolver but the detent_resolver call table is NULL")
            }
            let calls: sheetd_detent_resolver_calls = try readTable(table, path: path, label: "detent_resolver")
            guard calls.resolve != nil else { throw .badDescriptor(path: path, reason: "detent_resolver.resolve is NULL") }
            plugin.detentResolver = calls
        }
        return plugin
    }

    /// The descriptor's size in ABI 1.0...1.2: everything before `detent_resolver` (1.3).
    static let descriptorSize10 = MemoryLayout<sheetd_plugin_descriptor>.offset(of: \.detent_resolver)!

    /// A call table: struct_size first, at least the 1.0 size, copied zero-extended.
    static func readTable<T>(_ pointer: UnsafePointer<T>, path: String, label: String)
        throws(PluginLoadError) -> T
    {
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard size >= MemoryLayout<T>.size else {
            throw .badDescriptor(path: path, reason: "\(label) struct_size \(size) is smaller than the ABI 1.0 table (\(MemoryLayout<T>.size))")
        }
        return readStruct(pointer, size: size)
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

}

/// Copies `min(size, MemoryLayout<T>.size)` bytes of a C struct into a zeroed `T`: fields the
/// other side does not know read as zero (the struct_size rule).
func readStruct<T>(_ pointer: UnsafePointer<T>, size: Int) -> T {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size,
                                                   alignment: MemoryLayout<T>.alignment)
    defer { storage.deallocate() }
    storage.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    storage.copyMemory(from: UnsafeRawPointer(pointer), byteCount: min(max(size, 0), MemoryLayout<T>.size))
    return storage.load(as: T.self)
}

/// One opened, validated plugin. The handle is kept for the life of the process (never
/// dlclosed).
struct LoadedPlugin: @unchecked Sendable {
    var info: PluginInfo
    var handle: UnsafeMutableRawPointer
    var descriptor: sheetd_plugin_descriptor
    var dismissal: sheetd_dismissal_calls?
    var scrollHandoff: sheetd_scroll_calls?
    var navigation: sheetd_navigation_calls?
    var detentResolver: sheetd_detent_resolver_calls?

    init(info: PluginInfo, handle: UnsafeMutableRawPointer, descriptor: sheetd_plugin_descriptor) {
        self.info = info
        self.handle = handle
        self.descriptor = descriptor
    }
}
