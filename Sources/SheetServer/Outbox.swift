import SheetRPC

/// Where the service puts the notifications (`sheet.frame`, `sheet.event`, `$/diagnostic`)
/// of the call or realtime tick being handled: straight to the connection's `emit` while
/// one runs (`streaming(to:_:)`), so no tick — even one over 100,000 sessions — holds its
/// frames before handing them over. Anything queued outside a call is held and handed over
/// first by the next one.
final class Outbox {
    private var sink: ((RPCNotification) -> Void)?
    private var held: [RPCNotification] = []

    /// Sends `n` now (inside `streaming`) or holds it.
    func append(_ n: RPCNotification) {
        if let sink { sink(n) } else { held.append(n) }
    }

    /// Runs `body` with every appended notification going straight to `emit`.
    func streaming<R, E: Error>(to emit: (RPCNotification) -> Void,
                                _ body: () throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withoutActuallyEscaping(emit) { e in
            let saved = sink
            sink = e
            defer { sink = saved }
            if !held.isEmpty {
                let early = held
                held.removeAll()
                for n in early { e(n) }
            }
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
