// One plugin instance's calls, wherever its code runs, and the faults they make.
import CSheetdPlugin
import SheetCore

/// One plugin instance's calls, wherever they run: the C functions of its call table with
/// the ABI's structs. A call returns the plugin's code; it throws when the call could not be
/// made or answered (a helper process that crashed, exited or timed out).
protocol PluginCalls: AnyObject {
    var name: String { get }
    func decide(_ input: inout sheetd_release_input, _ output: inout sheetd_release_decision) throws(PolicyFault) -> Int32
    func owner(_ input: inout sheetd_scroll_input, _ output: inout sheetd_scroll_output) throws(PolicyFault) -> Int32
    func timing(_ operation: Int32, _ output: inout sheetd_nav_timing) throws(PolicyFault) -> Int32
    func layout(_ input: inout sheetd_nav_input, _ output: inout sheetd_nav_layout) throws(PolicyFault) -> Int32
    /// `resolve` with `input.detent_id` pointing at `detentID` for the call.
    func resolve(_ input: inout sheetd_detent_input, detentID: String, _ output: inout sheetd_detent_output) throws(PolicyFault) -> Int32
    /// `last_error(instance)` after a failed call.
    func lastError() -> String?
}

extension PluginCalls {
    /// A fault for a failed call: the return code and the plugin's last_error.
    func callFault(_ call: String, code: Int32) -> PolicyFault {
        var message = "\(call) failed (code \(code))"
        if let detail = lastError(), !detail.isEmpty { message += ": \(detail)" }
        return PolicyFault(policy: name, message: message)
    }

    func fault(_ message: String) -> PolicyFault {
        PolicyFault(policy: name, message: message)
    }

    /// Checks that a number is finite; `field` names it in the fault.
    func finite(_ value: Double, _ field: String) throws(PolicyFault) -> Double {
        if value.isNaN { throw fault("returned NaN for \(field)") }
        if !value.isFinite { throw fault("returned \(value) for \(field)") }
        return value
    }
}
