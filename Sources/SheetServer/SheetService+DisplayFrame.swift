import SheetRPC
import SheetWire

extension SheetService {
    /// Realtime clock driven by a display instead of the fps grid (the WebAssembly build,
    /// ticked from `requestAnimationFrame`): ticks at exactly `now` (ms on the clock
    /// `Configuration.now` reads), so frames come at the display's rate and carry the display
    /// frame's time since `initialize` as `t`. Time never goes backwards: a display frame not
    /// after the latest input or tick does nothing. Nothing happens while nothing moves or on
    /// the host clock.
    public func advance(toDisplayFrame now: Double, emit: RPCNotifier) {
        guard clock == .realtime, !sessions.moving.isEmpty else { return }
        let t = now - realtimeOrigin
        guard t > hostNow else { return }
        currentMethod = "clock.tick"
        hostNow = t
        outbox.streaming(to: emit) { _ = tick(at: t, emit: emit) }
        lastGridTick = nil
    }
}
