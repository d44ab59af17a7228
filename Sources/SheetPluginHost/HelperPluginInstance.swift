// One plugin instance living in a helper process: its calls cross the channel as the ABI's
// structs, with the plugin's code, output and last_error coming back.
import CSheetdPlugin
import SheetCore

/// A plugin instance in a helper process. Made again (with its config) in a restarted helper
/// before its next call; a session created while the plugin is failed makes none, and its
/// first call faults.
final class HelperPluginInstance: PluginCalls, @unchecked Sendable {
    let helper: PluginHelperProcess
    let config: PolicyConfig
    let id: UInt32
    /// The helper generation the instance lives in (0: none yet).
    private var generation = 0
    private var lastErrorText: String?

    var name: String { helper.info.name }

    init(helper: PluginHelperProcess, config: PolicyConfig) throws(PolicyFault) {
        self.helper = helper
        self.config = config
        self.id = helper.newInstanceID()
        if !helper.isFailed { try ensureCreated() }
    }

    deinit { helper.destroy(id, generation: generation) }

    /// A running helper holding this instance.
    private func ensureCreated() throws(PolicyFault) {
        let current = try helper.ensureRunning()
        guard generation != current else { return }
        try helper.create(id, config: config)
        generation = current
    }

    /// One call: `{id, input, output, detents[, text]}` out, `{code, output, last_error}` back.
    private func call<Input: BitwiseCopyable, Output: BitwiseCopyable>(_ type: PluginMessage, _ what: String, _ input: Input, _ output: inout Output,
                                     detents: UnsafePointer<Double>? = nil, count: UInt32 = 0,
                                     text: String? = nil) throws(PolicyFault) -> Int32 {
        try ensureCreated()
        var w = MessageWriter(type)
        w.uint(id)
        w.raw(input)
        w.raw(output)
        w.doubles(UnsafeBufferPointer(start: detents, count: detents == nil ? 0 : Int(count)))
        if let text { w.string(text) }
        var r = try helper.exchange(w.finished(), what: what)
        let code = r.int()
        output = r.raw(Output.self)
        let error = r.string()
        lastErrorText = code == SHEETD_OK ? nil : error
        return code
    }

    func decide(_ input: inout sheetd_release_input, _ output: inout sheetd_release_decision) throws(PolicyFault) -> Int32 {
        try call(.decide, "decide", input, &output, detents: input.detents, count: input.detent_count)
    }

    func owner(_ input: inout sheetd_scroll_input, _ output: inout sheetd_scroll_output) throws(PolicyFault) -> Int32 {
        try call(.owner, "owner", input, &output, detents: input.detents, count: input.detent_count)
    }

    func timing(_ operation: Int32, _ output: inout sheetd_nav_timing) throws(PolicyFault) -> Int32 {
        try call(.timing, "timing", operation, &output)
    }

    func layout(_ input: inout sheetd_nav_input, _ output: inout sheetd_nav_layout) throws(PolicyFault) -> Int32 {
        try call(.layout, "layout", input, &output)
    }

    func resolve(_ input: inout sheetd_detent_input, detentID: String, _ output: inout sheetd_detent_output) throws(PolicyFault) -> Int32 {
        input.detent_id = nil  // a pointer means nothing in the helper: the id crosses as text
        return try call(.resolve, "resolve", input, &output, text: detentID)
    }

    func lastError() -> String? { lastErrorText }
}
