/// Reduced motion (`options.reduceMotion`, iOS Reduce Motion): presents and dismissals fade
/// the sheet in place (`opacity`), settles are critically damped and never overshoot, and
/// navigation cross-fades its entries. Drags follow the finger as always.
extension SheetState {
    /// The sheet's opacity now: the running fade's value (0…1), else 0 when dismissed and 1
    /// otherwise (a sheet under a finger is always visible).
    var opacity: Double {
        if let f = fade { return min(max(f.value(at: now), 0), 1) }
        return drag == nil && !motion.isAnimating(at: now) && goal == .hidden ? 0 : 1
    }

    /// A fade is running.
    @inline(__always)  // (see `isActive`)
    var isFading: Bool { fade?.isAnimating(at: now) == true }

    /// The cross-fade that replaces a navigation slide: both entries in place, the incoming
    /// one's alpha rising with the transition's progress as the outgoing one's falls.
    static func crossFade(progress: Double) -> NavigationLayout {
        let p = min(max(progress.isFinite ? progress : 1, 0), 1)
        return NavigationLayout(from: .init(x: 0, alpha: 1 - p), to: .init(x: 0, alpha: p))
    }
}

extension Sheet {
    /// The spring a settle uses (`spring`, else `options.settleSpring`); under reduced motion
    /// critically damped: the same response, damping ratio 1.
    func settleSpring(_ spring: Spring? = nil) -> Spring {
        let s = spring ?? state.options.settleSpring
        return state.options.reduceMotion ? Spring(dampingRatio: 1, response: s.response) : s
    }

    /// The velocity a settle starts with: the finger's, except that under reduced motion a
    /// velocity toward the target is held to `ω₀ × distance` (ω₀ = 2π / response), the most a
    /// critically damped spring takes without passing its target: the sheet then never
    /// overshoots.
    func settleVelocity(_ v: Double, from: Double, to target: Double, spring: Spring) -> Double {
        guard state.options.reduceMotion else { return v }
        let x0 = from - target
        guard x0 * v < 0 else { return v }  // at the target, or moving away from it
        let limit = 2 * Double.pi / (spring.response / 1000) * abs(x0)
        return min(max(v, -limit), limit)
    }

    /// Fade the sheet from `from` to `to` (0…1) with `presentTiming`, a partial fade taking
    /// the same fraction of its duration (as a partial present or dismissal does).
    mutating func startFade(from: Double, to target: Double, trigger: SettleTrigger) {
        var timing = state.options.presentTiming
        if case .bezier(var b) = timing {
            b.duration *= min(1, abs(target - from))
            timing = .bezier(b)
        }
        state.fade = .animate(from: from, to: target, at: state.now, timing: timing)
        announceSettle(trigger)
        if !state.isFading { arrive() }
    }
}
