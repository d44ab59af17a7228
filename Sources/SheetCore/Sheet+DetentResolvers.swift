/// Detents whose height a resolver gives (`{id, resolver}`).
extension Sheet {
    /// Ask the detent resolvers again if what they are told changed (container, safe area,
    /// content height, keyboard, layout, the detent list): every change that can move a
    /// detent calls this before the sheet re-targets, so a new answer animates like any
    /// detent change. Nothing is asked while nothing changed (frames never call a resolver).
    ///
    /// An answer that is not finite or not within `0...maximumDetentValue` (or a fault) drops
    /// that resolver for the rest of the session: its detents are `fit`, with one
    /// `-32011`-class diagnostic; it is not asked again.
    mutating func resolveDetents() {
        let specs = state.setup.detents
        guard specs.contains(where: { if case .resolver = $0 { true } else { false } }) else {
            if !state.resolution.isEmpty {  // (fallbacks alone are kept: clearing the rest changes nothing)
                state.resolvedFor = nil
                state.resolverHeights = [:]
            }
            return
        }
        let key = DetentResolution.Key(input: state.detentResolutionInput, detents: specs)
        guard key != state.resolvedFor else { return }
        state.resolvedFor = key
        var heights: [String: Double] = [:]
        for spec in specs {
            guard case .resolver(let id, let name) = spec, !state.resolverFallbacks.contains(name) else { continue }
            guard let resolver = policies.detentResolvers[name] else {
                fallBackResolver(name, after: PolicyFault(policy: name, message: "no detent resolver of that name in this session"))
                continue
            }
            var input = key.input
            input.detentID = id
            do {
                let h = try resolver.resolve(input)
                try Validate.detentHeight(h, input, policy: name)
                heights[id] = h
            } catch {
                fallBackResolver(name, after: error)
            }
        }
        // A resolver that failed on a later detent drops its earlier answers too.
        for spec in specs {
            if case .resolver(let id, let name) = spec, state.resolverFallbacks.contains(name) { heights[id] = nil }
        }
        state.resolverHeights = heights
    }

    /// The detent resolver `name` faulted: its detents are `fit` for the rest of the session
    /// (it is dropped, never asked again), said once.
    mutating func fallBackResolver(_ name: String, after fault: PolicyFault) {
        // A dry run (`previewRelease`) reports the fault as its answer; its copy is discarded.
        if previewing && previewFault == nil { previewFault = fault }
        guard state.resolverFallbacks.insert(name).inserted else { return }
        policies.detentResolvers[name] = nil
        let ids = state.setup.detents.compactMap { spec -> String? in
            if case .resolver(let id, let n) = spec, n == name { return id } else { return nil }
        }
        let which = ids.map { "\"\($0)\"" }.joined(separator: ", ")
        diagnostics.append(SheetDiagnostic(
            .policyFallback(.detentResolver),
            "detentResolver policy \"\(fault.policy)\" failed: \(fault.message); detent\(ids.count == 1 ? "" : "s") \(which) use\(ids.count == 1 ? "s" : "") the \"fit\" height for the rest of the session"))
    }
}
