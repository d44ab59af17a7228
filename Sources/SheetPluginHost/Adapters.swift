// Adapters: plugin instances behind SheetCore's policy protocols. Every answer crossing the
// ABI is validated; a non-zero return code, a bad answer or a failed helper process throws
// PolicyFault. The calls themselves run through `PluginCalls`: in this process
// (`PluginInstance`) or in a helper process (`HelperPluginInstance`).
import CSheetdPlugin
import SheetCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a plugin's host->log lines go (the `context` of its host table).
final class PluginLogSink {
    let name: String
    let log: @Sendable (PluginLogLevel, String) -> Void

    init(name: String, log: @escaping @Sendable (PluginLogLevel, String) -> Void) {
        self.name = name
        self.log = log
    }
}

/// The host table's log function.
private let hostLogFunction: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = {
    context, level, message in
    guard let context, let message else { return }
    let sink = Unmanaged<PluginLogSink>.fromOpaque(context).takeUnretainedValue()
    let label: String
    switch level {
    case SHEETD_LOG_DEBUG: label = "debug"
    case SHEETD_LOG_INFO: label = "info"
    case SHEETD_LOG_WARNING: label = "warning"
    case SHEETD_LOG_ERROR: label = "error"
    default: label = "level \(level)"
    }
    // The line keeps the plugin's level: an error is printed at the default --log-level.
    // One line per call: control characters (newlines included) become spaces.
    let text = String(String(cString: message).unicodeScalars.map {
        $0.properties.generalCategory == .control ? " " : Character($0)
    })
    sink.log(PluginLogLevel(abiLevel: level), "plugin \(sink.name): \(label): \(text)")
}

/// One plugin instance: created with the session's config, destroyed in deinit. Owns the
/// host table the plugin may keep until destroy.
///
/// `@unchecked Sendable`: the daemon is single-threaded and the plugin ABI promises plugins
/// calls from one thread, never concurrently; nothing here is shared across threads.
final class PluginInstance: PluginCalls, @unchecked Sendable {
    let plugin: LoadedPlugin
    let instance: OpaquePointer
    private let host: UnsafeMutablePointer<sheetd_host>
    private let sink: Unmanaged<PluginLogSink>
    private let gate: PluginCallGate?

    var name: String { plugin.info.name }

    init(plugin: LoadedPlugin, config: PolicyConfig, gate: PluginCallGate? = nil,
         log: @escaping @Sendable (PluginLogLevel, String) -> Void) throws(PolicyFault)
    {
        self.plugin = plugin
        self.gate = gate
        let sink = Unmanaged.passRetained(PluginLogSink(name: plugin.info.name, log: log))
        let host = UnsafeMutablePointer<sheetd_host>.allocate(capacity: 1)
        host.initialize(to: sheetd_host(
            struct_size: UInt32(MemoryLayout<sheetd_host>.size),
            abi_major: PluginHost.abiMajor,
            abi_minor: PluginHost.abiMinor,
            context: sink.toOpaque(),
            log: hostLogFunction))

        let errorSize = 512
        let error = UnsafeMutablePointer<CChar>.allocate(capacity: errorSize)
        defer { error.deallocate() }
        error.initialize(repeating: 0, count: errorSize)
        var out: OpaquePointer? = nil
        let code = gate.around {
            config.jsonText.withCString { json in
                plugin.descriptor.create!(json, UnsafePointer(host), &out, error, errorSize)
            }
        }
        error[errorSize - 1] = 0
        guard code == SHEETD_OK, let created = out else {
            host.deinitialize(count: 1)
            host.deallocate()
            sink.release()
            let message = String(cString: error)
            let detail = message.isEmpty ? "" : ": \(message)"
            if code == SHEETD_OK {
                throw PolicyFault(policy: plugin.info.name, message: "create returned no instance")
            }
            throw PolicyFault(policy: plugin.info.name, message: "create failed (code \(code))\(detail)")
        }
        self.instance = created
        self.host = host
        self.sink = sink
    }

    deinit {
        gate.around { plugin.descriptor.destroy!(instance) }
        host.deinitialize(count: 1)
        host.deallocate()
        sink.release()
    }

    // MARK: PluginCalls (the call tables match the kind: checked at load)

    func decide(_ input: inout sheetd_release_input, _ output: inout sheetd_release_decision) -> Int32 {
        let decide = plugin.dismissal!.decide!
        return gate.around { decide(instance, &input, &output) }
    }

    func owner(_ input: inout sheetd_scroll_input, _ output: inout sheetd_scroll_output) -> Int32 {
        let owner = plugin.scrollHandoff!.owner!
        return gate.around { owner(instance, &input, &output) }
    }

    func timing(_ operation: Int32, _ output: inout sheetd_nav_timing) -> Int32 {
        let timing = plugin.navigation!.timing!
        return gate.around { timing(instance, operation, &output) }
    }

    func layout(_ input: inout sheetd_nav_input, _ output: inout sheetd_nav_layout) -> Int32 {
        let layout = plugin.navigation!.layout!
        return gate.around { layout(instance, &input, &output) }
    }

    func resolve(_ input: inout sheetd_detent_input, detentID: String, _ output: inout sheetd_detent_output) -> Int32 {
        let resolve = plugin.detentResolver!.resolve!
        return detentID.withCString { id in
            input.detent_id = id
            defer { input.detent_id = nil }
            return gate.around { resolve(instance, &input, &output) }
        }
    }

    func lastError() -> String? {
        guard let text = gate.around({ plugin.descriptor.last_error!(instance) }) else { return nil }
        return String(cString: text)
    }
}

/// A PolicyContext in the ABI's terms (1.2: `stack_depth`, `SHEETD_EDGE_*`, `SHEETD_LAYOUT_*`).
enum ABIContext {
    static func depth(_ c: PolicyContext) -> UInt32 { UInt32(clamping: c.stackDepth) }

    static func edge(_ c: PolicyContext) -> Int32 { edge(c.edge) }

    static func edge(_ e: SheetEdge) -> Int32 {
        switch e {
        case .bottom: return SHEETD_EDGE_BOTTOM
        case .top: return SHEETD_EDGE_TOP
        case .left: return SHEETD_EDGE_LEFT
        case .right: return SHEETD_EDGE_RIGHT
        }
    }

    static func layout(_ c: PolicyContext) -> Int32 { layout(c.layout) }

    static func layout(_ k: SheetLayout.Kind) -> Int32 {
        switch k {
        case .fullWidth: return SHEETD_LAYOUT_FULL_WIDTH
        case .page: return SHEETD_LAYOUT_PAGE_SHEET
        case .edgeAttached: return SHEETD_LAYOUT_EDGE_ATTACHED
        case .capped: return SHEETD_LAYOUT_CAPPED
        case .detached: return SHEETD_LAYOUT_DETACHED
        }
    }
}

// MARK: - Dismissal

/// A plugin release-decision policy.
///
/// `@unchecked Sendable`: the daemon is single-threaded; a plugin instance is only ever
/// called from its loop thread.
public final class PluginDismissalPolicy: DismissalPolicy, @unchecked Sendable {
    private let core: PluginCalls

    init(_ core: PluginCalls) {
        self.core = core
    }

    public var name: String { core.name }

    public func decide(_ release: ReleaseInput) throws(PolicyFault) -> ReleaseDecision {
        var output = sheetd_release_decision()
        output.struct_size = UInt32(MemoryLayout<sheetd_release_decision>.size)
        let code = try release.detents.withUnsafeBufferPointer { detents throws(PolicyFault) in
            var input = sheetd_release_input(
                struct_size: UInt32(MemoryLayout<sheetd_release_input>.size),
                axis: release.axis == .vertical ? SHEETD_AXIS_VERTICAL : SHEETD_AXIS_HORIZONTAL,
                position: release.position,
                velocity: release.velocity,
                translation: release.translation,
                detents: detents.baseAddress,
                detent_count: UInt32(detents.count),
                origin_index: Int32(release.originIndex ?? -1),
                extent: release.extent,
                dismissible: release.dismissible ? 1 : 0,
                stack_depth: ABIContext.depth(release.context),
                edge: ABIContext.edge(release.context),
                layout: ABIContext.layout(release.context))
            return try core.decide(&input, &output)
        }
        guard code == SHEETD_OK else { throw core.callFault("decide", code: code) }

        let target: ReleaseDecision.Target
        if output.target == SHEETD_TARGET_DISMISS {
            guard release.dismissible else {
                throw core.fault("returned dismiss for a sheet that is not dismissible")
            }
            target = .dismiss
        } else if output.target >= 0 && Int(output.target) < release.detents.count {
            target = .detent(Int(output.target))
        } else {
            throw core.fault("returned detent index \(output.target) (\(release.detents.count) detents)")
        }
        var settle: Spring? = nil
        if output.has_settle != 0 {
            let spring = Spring(
                dampingRatio: try core.finite(output.settle_damping_ratio, "settle.dampingRatio"),
                response: try core.finite(output.settle_response_ms, "settle.response"))
            guard spring.isValid else {
                throw core.fault("returned an invalid settle spring (dampingRatio \(spring.dampingRatio), response \(spring.response) ms)")
            }
            settle = spring
        }
        return ReleaseDecision(target: target, settle: settle)
    }
}

// MARK: - Scroll handoff

/// A plugin scroll-handoff policy. `@unchecked Sendable`: the daemon is single-threaded.
public final class PluginScrollHandoffPolicy: ScrollHandoffPolicy, @unchecked Sendable {
    private let core: PluginCalls

    init(_ core: PluginCalls) {
        self.core = core
    }

    public var name: String { core.name }

    public func owner(_ sample: ScrollHandoffInput) throws(PolicyFault) -> ScrollOwner {
        var output = sheetd_scroll_output()
        output.struct_size = UInt32(MemoryLayout<sheetd_scroll_output>.size)
        output.owner = -1
        let phase: Int32
        switch sample.phase {
        case .dragBegan: phase = SHEETD_PHASE_DRAG_BEGAN
        case .scrolled: phase = SHEETD_PHASE_SCROLLED
        case .dragEnded: phase = SHEETD_PHASE_DRAG_ENDED
        }
        let code = try sample.detents.withUnsafeBufferPointer { detents throws(PolicyFault) in
            var input = sheetd_scroll_input(
                struct_size: UInt32(MemoryLayout<sheetd_scroll_input>.size),
                phase: phase,
                offset_y: sample.offsetY,
                inset_top: sample.insetTop,
                content_height: sample.contentHeight,
                viewport_height: sample.viewportHeight,
                is_tracking: sample.isTracking ? 1 : 0,
                translation_y: sample.translationY,
                delta_y: sample.deltaY,
                sheet_owns: sample.sheetOwns ? 1 : 0,
                position: sample.position,
                detents: detents.baseAddress,
                detent_count: UInt32(detents.count),
                resting_position: sample.restingPosition,
                expands_at_edge: sample.expandsAtEdge ? 1 : 0,
                stack_depth: ABIContext.depth(sample.context),
                edge: ABIContext.edge(sample.context),
                layout: ABIContext.layout(sample.context))
            return try core.owner(&input, &output)
        }
        guard code == SHEETD_OK else { throw core.callFault("owner", code: code) }
        switch output.owner {
        case SHEETD_OWNER_LIST: return .list
        case SHEETD_OWNER_SHEET: return .sheet
        default: throw core.fault("returned owner \(output.owner) (expected 0 = list or 1 = sheet)")
        }
    }
}

// MARK: - Navigation

/// A plugin navigation animator. `@unchecked Sendable`: the daemon is single-threaded.
public final class PluginNavigationAnimator: NavigationAnimator, @unchecked Sendable {
    private let core: PluginCalls

    init(_ core: PluginCalls) {
        self.core = core
    }

    public var name: String { core.name }

    private static func code(_ operation: NavigationOperation) -> Int32 {
        operation == .push ? SHEETD_NAV_PUSH : SHEETD_NAV_POP
    }

    public func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming {
        var output = sheetd_nav_timing()
        output.struct_size = UInt32(MemoryLayout<sheetd_nav_timing>.size)
        let code = try core.timing(Self.code(operation), &output)
        guard code == SHEETD_OK else { throw core.callFault("timing", code: code) }
        let duration = try core.finite(output.duration_ms, "timing.duration")
        guard BezierTiming.durationRange.contains(duration) else {
            throw core.fault("returned timing.duration \(duration) ms (expected 0...10000)")
        }
        let curve = CubicBezier(
            try core.finite(output.x1, "timing.x1"), try core.finite(output.y1, "timing.y1"),
            try core.finite(output.x2, "timing.x2"), try core.finite(output.y2, "timing.y2"))
        guard curve.isValid else {
            throw core.fault("returned an invalid timing curve cubic-bezier(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2)) (x1 and x2 must be in 0...1, y1 and y2 in -10...10)")
        }
        return BezierTiming(duration: duration, curve: curve)
    }

    public func layout(_ request: NavigationInput) throws(PolicyFault) -> NavigationLayout {
        var output = sheetd_nav_layout()
        output.struct_size = UInt32(MemoryLayout<sheetd_nav_layout>.size)
        var input = sheetd_nav_input(
            struct_size: UInt32(MemoryLayout<sheetd_nav_input>.size),
            operation: Self.code(request.operation),
            progress: request.progress,
            width: request.width,
            from_height: request.fromHeight,
            to_height: request.toHeight,
            stack_depth: ABIContext.depth(request.context),
            edge: ABIContext.edge(request.context),
            layout: ABIContext.layout(request.context))
        let code = try core.layout(&input, &output)
        guard code == SHEETD_OK else { throw core.callFault("layout", code: code) }

        let limit = 4 * abs(request.width)
        func x(_ value: Double, _ field: String) throws(PolicyFault) -> Double {
            let v = try core.finite(value, field)
            guard abs(v) <= limit else {
                throw core.fault("returned \(field) \(v) (outside ±4 × width = ±\(limit))")
            }
            return v
        }
        func alpha(_ value: Double, _ field: String) throws(PolicyFault) -> Double {
            let v = try core.finite(value, field)
            guard (0...1).contains(v) else { throw core.fault("returned \(field) \(v) (expected 0...1)") }
            return v
        }
        let from = NavigationItemLayout(x: try x(output.from.x, "layout.from.x"),
                                        alpha: try alpha(output.from.alpha, "layout.from.alpha"))
        let to = NavigationItemLayout(x: try x(output.to.x, "layout.to.x"),
                                      alpha: try alpha(output.to.alpha, "layout.to.alpha"))
        // output.height is ignored since ABI 1.1: the engine moves the sheet height.
        let separator: Double? = output.has_separator != 0
            ? try x(output.separator_x, "layout.separatorX") : nil
        return NavigationLayout(from: from, to: to, separatorX: separator)
    }
}

// MARK: - Detent resolver

/// A plugin detent resolver. `@unchecked Sendable`: the daemon is single-threaded.
public final class PluginDetentResolver: DetentResolverPolicy, @unchecked Sendable {
    private let core: PluginCalls

    init(_ core: PluginCalls) {
        self.core = core
    }

    public var name: String { core.name }

    public func resolve(_ request: DetentResolutionInput) throws(PolicyFault) -> Double {
        var output = sheetd_detent_output()
        output.struct_size = UInt32(MemoryLayout<sheetd_detent_output>.size)
        let c = request.container
        var input = sheetd_detent_input(
            struct_size: UInt32(MemoryLayout<sheetd_detent_input>.size),
            detent_id: nil,
            container_width: c.width,
            container_height: c.height,
            safe_area_top: c.safeArea.top,
            safe_area_bottom: c.safeArea.bottom,
            safe_area_left: c.safeArea.left,
            safe_area_right: c.safeArea.right,
            content_height: request.contentHeight,
            keyboard_height: request.keyboardHeight,
            max_detent_value: request.maximumDetentValue,
            edge: ABIContext.edge(request.edge),
            layout: ABIContext.layout(request.layout))
        let code = try core.resolve(&input, detentID: request.detentID, &output)
        guard code == SHEETD_OK else { throw core.callFault("resolve", code: code) }
        let h = try core.finite(output.height, "detent \"\(request.detentID)\" height")
        guard h >= 0 && h <= request.maximumDetentValue else {
            throw core.fault("returned \(h) for detent \"\(request.detentID)\" height (expected 0...\(request.maximumDetentValue), the maximum detent value)")
        }
        return h
    }
}
