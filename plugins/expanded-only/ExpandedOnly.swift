// expanded-only — a sheetd scroll-handoff policy (kind scrollHandoff), written in Swift
// against the C ABI in protocol/sheetd_plugin.h.
//
// The list scrolls only while the sheet rests at its largest detent (FloatingPanel,
// react-native-bottom-sheet):
//   - momentum scrolling (finger up) always belongs to the list;
//   - content that fits its viewport (nothing to scroll) -> the sheet;
//   - below the largest detent (position < largest - 0.5) -> the sheet, whatever the
//     direction or the list offset;
//   - at the largest detent: the finger moving down with the list at its top, or the sheet
//     already owning the drag while it is below its resting position -> the sheet;
//     otherwise the list.
// No configuration.
import CSheetdPlugin

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-session instance (this policy is stateless; the object only exists so create and
/// destroy have something to hand out).
private final class ExpandedOnlyInstance {
    var lastError: UnsafeMutablePointer<CChar>?
    deinit { free(lastError) }
}

/// Copies a message, NUL-terminated and truncated to `size` bytes, into a C buffer.
private func copyMessage(_ message: String, into buffer: UnsafeMutablePointer<CChar>, size: Int) {
    let bytes = Array(message.utf8.prefix(max(size - 1, 0)))
    for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}

/// The decision, on plain values (kept separate from the C glue).
private func expandedOnlyOwner(_ input: sheetd_scroll_input) -> Int32 {
    if input.is_tracking == 0 { return SHEETD_OWNER_LIST }
    if input.content_height <= input.viewport_height { return SHEETD_OWNER_SHEET }
    var largest = input.position
    if let detents = input.detents, input.detent_count > 0 {
        largest = detents[Int(input.detent_count) - 1]
    }
    if input.position < largest - 0.5 { return SHEETD_OWNER_SHEET }
    let atTop = input.offset_y <= -input.inset_top + 0.5
    if input.delta_y > 0 && atTop { return SHEETD_OWNER_SHEET }
    if input.sheet_owns != 0 && input.position < input.resting_position - 0.5 {
        return SHEETD_OWNER_SHEET
    }
    return SHEETD_OWNER_LIST
}

private let expandedOnlyCreate: @convention(c) (
    UnsafePointer<CChar>?, UnsafePointer<sheetd_host>?, UnsafeMutablePointer<OpaquePointer?>?,
    UnsafeMutablePointer<CChar>?, Int
) -> Int32 = { _, _, outInstance, error, errorSize in
    guard let outInstance else {
        if let error, errorSize > 0 {
            copyMessage("expanded-only: no output pointer", into: error, size: errorSize)
        }
        return SHEETD_ERR_FAILED
    }
    let instance = ExpandedOnlyInstance()
    outInstance.pointee = OpaquePointer(Unmanaged.passRetained(instance).toOpaque())
    return SHEETD_OK
}

private let expandedOnlyDestroy: @convention(c) (OpaquePointer?) -> Void = { instance in
    guard let instance else { return }
    Unmanaged<ExpandedOnlyInstance>.fromOpaque(UnsafeRawPointer(instance)).release()
}

private let expandedOnlyLastError: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>? = {
    instance in
    guard let instance else { return nil }
    let object = Unmanaged<ExpandedOnlyInstance>.fromOpaque(UnsafeRawPointer(instance))
        .takeUnretainedValue()
    return UnsafePointer(object.lastError)
}

private let expandedOnlyOwnerCall: @convention(c) (
    OpaquePointer?, UnsafePointer<sheetd_scroll_input>?, UnsafeMutablePointer<sheetd_scroll_output>?
) -> Int32 = { instance, input, output in
    guard let instance, let input, let output else { return SHEETD_ERR_INVALID_INPUT }
    let object = Unmanaged<ExpandedOnlyInstance>.fromOpaque(UnsafeRawPointer(instance))
        .takeUnretainedValue()
    free(object.lastError)
    object.lastError = nil
    output.pointee.owner = expandedOnlyOwner(input.pointee)
    return SHEETD_OK
}

/// The static descriptor: allocated once, never freed (the library is never unloaded).
nonisolated(unsafe) private let expandedOnlyDescriptor: UnsafeMutablePointer<sheetd_plugin_descriptor> = {
    let calls = UnsafeMutablePointer<sheetd_scroll_calls>.allocate(capacity: 1)
    calls.initialize(to: sheetd_scroll_calls(
        struct_size: UInt32(MemoryLayout<sheetd_scroll_calls>.size),
        owner: expandedOnlyOwnerCall))
    let descriptor = UnsafeMutablePointer<sheetd_plugin_descriptor>.allocate(capacity: 1)
    descriptor.initialize(to: sheetd_plugin_descriptor(
        struct_size: UInt32(MemoryLayout<sheetd_plugin_descriptor>.size),
        abi_major: UInt32(SHEETD_PLUGIN_ABI_MAJOR),
        abi_minor: UInt32(SHEETD_PLUGIN_ABI_MINOR),
        name: UnsafePointer(strdup("expanded-only")),
        version: UnsafePointer(strdup("1.0.0")),
        kind: SHEETD_KIND_SCROLL_HANDOFF,
        create: expandedOnlyCreate,
        destroy: expandedOnlyDestroy,
        last_error: expandedOnlyLastError,
        dismissal: nil,
        scroll_handoff: UnsafePointer(calls),
        navigation: nil,
        detent_resolver: nil))
    return descriptor
}()

/// The plugin's one exported symbol.
@_cdecl("sheetd_plugin_entry")
public func sheetdPluginEntry(_ hostABIMajor: UInt32, _ hostABIMinor: UInt32)
    -> UnsafePointer<sheetd_plugin_descriptor>?
{
    guard hostABIMajor == UInt32(SHEETD_PLUGIN_ABI_MAJOR) else { return nil }
    return UnsafePointer(expandedOnlyDescriptor)
}
