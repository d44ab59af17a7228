/// Android's predictive back on a bottom sheet (`input.back`): Material 3's
/// `MaterialBottomContainerBackHelper` scale, driven by the gesture's progress.
///
/// The numbers are material-components-android's (lib/java/com/google/android/material/motion/):
/// - `MaterialBottomContainerBackHelper.updateBackProgress`: scale X = 1 − lerp(0,
///   `m3_back_progress_bottom_container_max_scale_x_distance` / width, p), scale Y = 1 −
///   lerp(0, `..._max_scale_y_distance` / height, p), pivot at the bottom centre, where p is
///   the progress through `MaterialBackAnimationHelper.interpolateProgress`
///   (`PathInterpolator(0.1, 0.1, 0, 1)`);
/// - res/values/dimens.xml: max_scale_x_distance 48dp, max_scale_y_distance 24dp (dp = pt here);
/// - `cancelBackProgress`: the scale returns to 1 over `motionDurationShort2` (100 ms,
///   `m3_sys_motion_duration_short2`) with `FastOutSlowInInterpolator` (cubic-bezier(0.4, 0, 0.2, 1));
/// - `finishBackProgressPersistent` (an invoked back that does not hide the sheet): over
///   lerp(`motionDurationMedium2` 300 ms, `motionDurationShort3` 150 ms, progress), same curve;
/// - `finishBackProgressNotPersistent` (an invoked back that hides it): the scale holds while
///   the sheet leaves.
public enum BackGestureMotion {
    /// `m3_back_progress_bottom_container_max_scale_x_distance` (48dp).
    public static let maxScaleXDistance = 48.0
    /// `m3_back_progress_bottom_container_max_scale_y_distance` (24dp).
    public static let maxScaleYDistance = 24.0
    /// `MaterialBackAnimationHelper`'s progress interpolator, `PathInterpolator(0.1, 0.1, 0, 1)`.
    public static let progressCurve = CubicBezier(0.1, 0.1, 0, 1)
    /// `FastOutSlowInInterpolator`: the reset animations' curve.
    public static let resetCurve = CubicBezier(0.4, 0, 0.2, 1)
    /// `cancelBackProgress`'s duration: `motionDurationShort2` (ms).
    public static let cancelDuration = 100.0
    /// `finishBackProgressPersistent`'s duration bounds: `motionDurationMedium2` at progress 0,
    /// `motionDurationShort3` at progress 1 (ms).
    public static let finishDurationMax = 300.0
    public static let finishDurationMin = 150.0

    /// `MaterialBackAnimationHelper.interpolateProgress`.
    public static func interpolate(_ progress: Double) -> Double {
        progressCurve.value(at: min(max(progress, 0), 1))
    }

    /// `finishBackProgressPersistent`'s duration for a gesture that ended at `progress` (ms).
    public static func finishDuration(progress: Double) -> Double {
        finishDurationMax + (finishDurationMin - finishDurationMax) * min(max(progress, 0), 1)
    }

    /// The scale of a `width` × `height` sheet at interpolated progress `p` (identity for an
    /// empty sheet, as Material leaves such a view alone).
    public static func scale(interpolated p: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        guard width > 0, height > 0 else { return (1, 1) }
        return (1 - p * maxScaleXDistance / width, 1 - p * maxScaleYDistance / height)
    }
}

/// A back gesture on one sheet, from `began` until its scale is back at 1 (or the sheet it
/// dismissed is gone).
package struct BackGesture: Sendable, Equatable {
    /// Where the gesture is.
    package enum Phase: Sendable, Equatable {
        /// Between `began` and `cancelled`/`invoked`: the scale follows `progress`.
        case tracking
        /// After `cancelled` or an `invoked` that kept the sheet: the scale eases back to 1
        /// from `progress`'s over `duration` ms from `start`.
        case returning(start: Double, duration: Double)
        /// After an `invoked` that dismissed the sheet: the scale holds until it is gone.
        case holding
    }

    /// The latest raw progress (0…1, before `interpolateProgress`).
    package var progress: Double
    package var phase: Phase

    package init(progress: Double, phase: Phase = .tracking) {
        self.progress = progress
        self.phase = phase
    }

    package var isTracking: Bool { phase == .tracking }

    /// The fraction of the full scale effect shown at `now` (interpolated progress, times
    /// what is left of a return).
    package func effect(at now: Double) -> Double {
        let p = BackGestureMotion.interpolate(progress)
        guard case .returning(let start, let duration) = phase else { return p }
        let u = duration > 0 ? (now - start) / duration : 1
        return p * (1 - BackGestureMotion.resetCurve.value(at: u))
    }

    /// A return that has finished by `now`.
    package func isOver(at now: Double) -> Bool {
        guard case .returning(let start, let duration) = phase else { return false }
        return now >= start + duration
    }

    /// Whether the scale changes on its own (a return under way).
    package func isAnimating(at now: Double) -> Bool {
        guard case .returning = phase else { return false }
        return !isOver(at: now)
    }
}

/// `input.back`'s phase (Android's `OnBackPressedCallback` / `OnBackAnimationCallback`).
public enum BackPhase: String, Sendable, CaseIterable {
    /// `handleOnBackStarted`.
    case began
    /// `handleOnBackProgressed`.
    case progressed
    /// `handleOnBackCancelled`.
    case cancelled
    /// `handleOnBackPressed`.
    case invoked
}
