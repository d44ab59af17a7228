import Testing
import SheetCore
import SheetRPC
@testable import SheetServer

/// `sheet.event`'s params are written as runs of fixed text (`WireEncoding.event`); they must
/// be the bytes of the same members built as a `JSONValue` and encoded by the codec, for every
/// kind of event, every `willSettle` shape and strings that need escaping.
@Suite struct EventEncodingTests {
    /// The event's params member by member, as the wire defines them.
    static func expected(_ e: SheetEvent, session: String) -> JSONValue {
        var o: JSONObject = ["session": .string(session), "t": .number(e.t), "type": .string(e.kind.type)]
        switch e.kind {
        case .detentChanged(let d): o["detent"] = .string(d)
        case .navigationDidShow(let id), .popped(let id): o["id"] = .string(id)
        case .dismissAttempted(let cause): o["cause"] = .string(cause.rawValue)
        case .panDeclined(let reason): o["reason"] = .string(reason.rawValue)
        case .willSettle(let i):
            o["detent"] = i.detent.map { .string($0) } ?? .null
            o["dismisses"] = .bool(i.dismisses)
            var rest: JSONObject = ["x": .number(i.rest.x), "y": .number(i.rest.y), "width": .number(i.rest.width),
                                    "height": .number(i.rest.height), "cornerRadius": .number(i.cornerRadius)]
            if let c = i.corners { rest["corners"] = .string(c.rawValue) }
            o["rest"] = .object(rest)
            o["durationMs"] = .int(Int64(i.durationMs))
            o["trigger"] = .string(i.trigger.rawValue)
        case .presented, .dismissed, .presentCancelled, .dismissCancelled: break
        }
        return .object(o)
    }

    static func written(_ e: SheetEvent, session: String) -> String {
        let buffer = MessageBuffer(capacity: 8)
        _ = buffer.write(bound: WireEncoding.eventBound(e, session: session)) { w in
            WireEncoding.event(e, session: session, into: &w)
        }
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test func everyEventIsWrittenAsItsMembers() {
        let odd = "é \"q\" \\ \n\u{1}"
        var kinds: [SheetEventKind] = [.presented, .dismissed, .presentCancelled, .dismissCancelled,
                                       .detentChanged("large"), .detentChanged(odd), .navigationDidShow("root"),
                                       .navigationDidShow(odd), .popped("detail"), .popped(odd),
                                       .dismissAttempted(.pan), .dismissAttempted(.fling), .dismissAttempted(.tap),
                                       .dismissAttempted(.escape), .dismissAttempted(.back),
                                       .panDeclined(.direction), .panDeclined(.failOffset)]
        let rests = [Rect(x: 0, y: 422, width: 390, height: 422), Rect(x: 12.5, y: -0.0, width: 1e21, height: 0.001),
                     Rect(x: .nan, y: 844, width: 366.6667, height: 1.0 / 3)]
        let triggers: [SettleTrigger] = [.release, .present, .dismiss, .command, .layout, .navigation]
        for (k, rest) in rests.enumerated() {
            for (j, trigger) in triggers.enumerated() {
                kinds.append(.willSettle(SettleIntent(
                    detent: [nil, "fit", odd][(k + j) % 3], dismisses: j % 2 == 0, rest: rest,
                    cornerRadius: [10, 0, 13.25][j % 3], corners: [nil, .top, .all][(k + 2 * j) % 3],
                    durationMs: [0, 293, 123_456][k], trigger: trigger)))
            }
        }
        let times: [Double] = [0, 16.666666666666668, 3383.333333333, 1234.5678901234567, -5, 1e300]
        for (k, kind) in kinds.enumerated() {
            let e = SheetEvent(t: times[k % times.count], kind: kind)
            for session in ["s1", "s123456", odd] {
                #expect(Self.written(e, session: session) == JSONCodec.encodeToString(Self.expected(e, session: session)),
                        "\(e)")
            }
        }
    }

    /// `sheet.previewRelease`'s answer (the same members in an object of their own).
    @Test func aSettleIntentAloneIsWrittenAsItsMembers() throws {
        let intent = SettleIntent(detent: nil, dismisses: true, rest: Rect(x: 0, y: 844, width: 390, height: 422.5),
                                  cornerRadius: 10, corners: .all, durationMs: 293, trigger: .release)
        let answer = try WireEncoding.answer(bound: WireEncoding.settleIntentBound(intent), "sheet.previewRelease") { w in
            w.beginObject()
            WireEncoding.settleIntent(intent, into: &w)
            w.endObject()
        }
        let rest: JSONValue = ["x": 0, "y": 844, "width": 390, "height": 422.5, "cornerRadius": 10, "corners": "all"]
        #expect(answer == ["detent": nil, "dismisses": true, "rest": rest, "durationMs": 293])
    }
}
