#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import SheetRPC
import Testing

// End-to-end pins for the bundled example streams in protocol/examples: every file is replayed
// through the built `sheetd` (`sheetd [--plugin-dir <build dir>] replay FILE`) and its output
// is checked against the table below (the same outcome protocol/examples/README.md states).
// The host clock makes the output a pure function of the file, so nothing here waits for time.

/// A value a frame must show at a path such as `sheet.y`, `nav.items.1.x`, `scroll.pinOffsetY`.
struct FrameCheck: Sendable {
    enum When: Sendable {
        /// The (last) frame whose `t` is this.
        case at(Int)
        /// Every frame with `from <= t <= to` (there must be at least one).
        case during(Int, Int)
    }
    var when: When
    var path: String
    var value: JSONValue
    /// Only this session's frames (stacks); `nil` = any session.
    var session: String? = nil

    static func at(_ t: Int, _ path: String, _ value: JSONValue) -> FrameCheck {
        .init(when: .at(t), path: path, value: value)
    }
    /// `session`'s frame at `t`.
    static func at(_ t: Int, _ session: String, _ path: String, _ value: JSONValue) -> FrameCheck {
        .init(when: .at(t), path: path, value: value, session: session)
    }
    static func during(_ from: Int, _ to: Int, _ path: String, _ value: JSONValue) -> FrameCheck {
        .init(when: .during(from, to), path: path, value: value)
    }
}

/// What replaying one example file must produce.
struct ExampleExpectation: Sendable, CustomTestStringConvertible {
    var file: String
    /// Needs the bundled plugins (`--plugin-dir <build dir>`).
    var plugins = false
    /// `sheet.event` types in order; `detentChanged` and navigation events carry their detail
    /// as `type:detail`.
    var events: [String]
    /// `willSettle` events as `trigger:detent:durationMs` (`nil`: not checked; they are left out
    /// of `events`).
    var settles: [String]? = nil
    var finalState: String
    var finalY: Double
    /// `$/diagnostic` notifications as `method:code`.
    var diagnostics: [String] = []
    /// Error responses expected (their codes, in order).
    var errorCodes: [Int64] = []
    /// No frame after this `t` (the scenario's later inputs must not move the sheet).
    var noFramesAfter: Int? = nil
    var checks: [FrameCheck] = []

    var testDescription: String { file }
}

@Suite struct ExampleReplayTests {
    static let table: [ExampleExpectation] = [
        .init(file: "01-present-dismiss.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(150, "sheet.y", 677), .at(150, "progress", 0.5), .at(150, "dimming.alpha", 0.3),
                       .at(150, "state", "presenting"),
                       .at(304, "state", "presented"), .at(304, "sheet.y", 510), .at(304, "dimming.alpha", 0.6),
                       .at(512, "state", "dismissing"), .at(800, "dimming.passthrough", true)]),
        .init(file: "02-tap-dimming-dismiss.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.during(100, 288, "state", "presenting"), .at(304, "sheet.y", 510),
                       .at(400, "state", "dismissing"), .at(400, "sheet.y", 510), .at(704, "state", "dismissed")]),
        .init(file: "03-pan-dismiss-cancelled.ndjson",
              events: ["presented", "dismissCancelled"], finalState: "presented", finalY: 510,
              checks: [.at(560, "state", "dragging"), .at(560, "sheet.y", 670), .at(560, "progress", 0.521),
                       .at(576, "state", "settling"), .at(1152, "state", "settling"),
                       .at(1168, "state", "presented"), .at(1168, "progress", 1)]),
        .init(file: "04-pan-dismiss-completed.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(560, "sheet.y", 680), .at(560, "progress", 0.491), .at(576, "state", "dismissing"),
                       .at(736, "state", "dismissed")]),
        .init(file: "05-fling-dismiss.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(448, "sheet.y", 550), .at(448, "state", "dragging"), .at(464, "state", "dismissing"),
                       .at(736, "state", "dismissed")]),
        .init(file: "06-interrupt-presentation.ndjson",
              events: ["presentCancelled"], finalState: "dismissed", finalY: 844,
              checks: [.at(128, "state", "presenting"), .at(128, "sheet.y", 718.658),
                       .at(144, "state", "dragging"), .at(144, "sheet.y", 714.96),
                       .at(224, "state", "dismissing"), .at(256, "state", "dismissed")]),
        .init(file: "07-present-bottom-edge-pan.ndjson",
              events: ["presented"], finalState: "presented", finalY: 510,
              checks: [.at(112, "state", "dragging"), .at(112, "sheet.y", 844),
                       .at(272, "sheet.y", 594), .at(272, "progress", 0.7485),
                       .at(288, "state", "presenting"), .at(800, "state", "presenting"),
                       .at(816, "state", "presented")]),
        .init(file: "08-detents.ndjson",
              events: ["presented", "detentChanged:medium", "detentChanged:large", "detentChanged:medium"],
              finalState: "presented", finalY: 422,
              diagnostics: ["session.create:0"],
              checks: [.at(304, "sheet.y", 510), .at(304, "detent", "fit"),
                       .at(400, "state", "presented"), .at(400, "sheet.y", 422), .at(400, "detent", "medium"),
                       .at(528, "state", "settling"), .at(528, "sheet.height", 787),
                       .at(1136, "state", "presented"), .at(1136, "sheet.y", 57), .at(1136, "detent", "large"),
                       .at(1328, "state", "dragging"), .at(1328, "sheet.y", 357),
                       .at(1344, "state", "settling"), .at(1344, "detent", "medium"),
                       .at(1872, "sheet.height", 422)]),
        .init(file: "09-largest-undimmed-detent.ndjson",
              events: ["presented", "detentChanged:large", "detentChanged:medium"],
              finalState: "presented", finalY: 422,
              checks: [.during(0, 304, "dimming.alpha", 0), .during(0, 304, "dimming.passthrough", true),
                       .at(304, "sheet.y", 422),
                       .at(416, "state", "settling"), .at(416, "dimming.passthrough", false),
                       .at(1040, "sheet.y", 57), .at(1040, "dimming.alpha", 0.6), .at(1040, "state", "presented"),
                       .at(1744, "dimming.alpha", 0), .at(1744, "dimming.passthrough", true)]),
        .init(file: "10-keyboard.ndjson",
              events: ["presented"], finalState: "presented", finalY: 510,
              checks: [.during(304, 1056, "state", "presented"),
                       .at(400, "sheet.height", 670), .at(400, "sheet.y", 510),
                       .during(400, 1056, "dimming.alpha", 0.6), .during(400, 1056, "progress", 1),
                       .at(656, "sheet.y", 174), .at(656, "sheet.height", 670), .at(656, "dimming.alpha", 0.6),
                       .at(1056, "sheet.height", 334)]),
        .init(file: "11-content-height-change.ndjson",
              events: ["presented"], finalState: "presented", finalY: 610, noFramesAfter: 752,
              checks: [.at(144, "sheet.height", 334), .at(160, "sheet.height", 484), .at(160, "sheet.y", 657.397),
                       .at(400, "state", "presented"), .at(400, "sheet.y", 360),
                       .during(512, 752, "state", "presented"), .at(752, "sheet.y", 610), .at(752, "sheet.height", 234)]),
        .init(file: "12-set-container-rotation.ndjson",
              events: ["presented"], finalState: "presented", finalY: 510,
              checks: [.at(400, "sheet.width", 844), .at(400, "sheet.y", 56),
                       .at(656, "sheet.y", 69), .at(656, "sheet.height", 321), .at(656, "sheet.width", 844),
                       .at(816, "sheet.width", 390), .at(1056, "sheet.height", 334),
                       .during(304, 1056, "state", "presented")]),
        .init(file: "13-pan-samples-no-velocity.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(848, "state", "dismissed")]),
        .init(file: "14-scroll-mid-list.ndjson",
              events: ["presented"], finalState: "presented", finalY: 47, noFramesAfter: 304,
              checks: [.at(304, "sheet.height", 797), .during(0, 304, "scroll.pinOffsetY", .null)]),
        .init(file: "15-scroll-pull-dismiss.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(304, "sheet.y", 47),
                       .during(416, 608, "scroll.pinOffsetY", 0), .during(416, 608, "state", "dragging"),
                       .at(416, "sheet.y", 67), .at(608, "sheet.y", 307),
                       .at(624, "state", "dismissing"), .at(624, "scroll.pinOffsetY", .null)]),
        .init(file: "16-scroll-pull-cancel.ndjson",
              events: ["presented", "dismissCancelled"], finalState: "presented", finalY: 47,
              checks: [.during(416, 528, "scroll.pinOffsetY", 0), .at(528, "sheet.y", 87),
                       .at(544, "state", "settling"), .at(544, "scroll.pinOffsetY", .null),
                       .at(1056, "state", "presented")]),
        .init(file: "17-scroll-momentum.ndjson",
              events: ["presented"], finalState: "presented", finalY: 47, noFramesAfter: 304,
              checks: [.during(0, 304, "scroll.pinOffsetY", .null)]),
        .init(file: "18-scroll-expand-at-edge.ndjson",
              events: ["presented", "detentChanged:large"], finalState: "presented", finalY: 57,
              checks: [.at(304, "sheet.y", 422), .during(416, 592, "scroll.pinOffsetY", 0),
                       .at(592, "sheet.y", 122), .at(592, "state", "dragging"),
                       .at(608, "state", "settling"), .at(608, "scroll.flingVelocityY", 1400),
                       .at(624, "scroll.flingVelocityY", .null), .at(1040, "detent", "large")]),
        .init(file: "19-nav-push-pop.ndjson",
              events: ["presented", "navigationDidShow:details", "popped:details", "navigationDidShow:root"],
              finalState: "presented", finalY: 514,
              checks: [.at(304, "sheet.y", 514), .at(304, "sheet.height", 330),
                       .at(400, "nav.items.0.x", 0), .at(400, "nav.items.1.x", 390), .at(400, "sheet.height", 510),
                       .at(720, "nav.items.0.x", -116.985), .at(720, "nav.items.1.x", 0.051),
                       .at(752, "sheet.y", 334), .at(752, "nav.items.0.id", "details"),
                       .during(400, 1152, "state", "presented"), .at(1152, "nav.items.0.id", "root")]),
        .init(file: "20-nav-interactive-pop.ndjson",
              events: ["presented", "navigationDidShow:details", "popped:details", "navigationDidShow:root"],
              finalState: "presented", finalY: 514,
              checks: [.at(512, "state", "dragging"), .at(512, "nav.items.0.x", -117), .at(512, "nav.items.1.x", 0),
                       .at(544, "nav.items.0.x", -102), .at(544, "nav.items.1.x", 50), .at(544, "sheet.y", 357.077),
                       .at(672, "nav.items.1.x", 250), .at(688, "state", "presented"),
                       .at(816, "nav.items.0.id", "root")]),
        .init(file: "21-payment-sheet.ndjson",
              events: ["presented", "navigationDidShow:cards", "popped:cards", "navigationDidShow:payment", "dismissed"],
              finalState: "dismissed", finalY: 844,
              checks: [.at(304, "sheet.y", 500), .at(304, "sheet.cornerRadius", 16),
                       .at(752, "sheet.y", 294), .at(1056, "sheet.y", 47), .at(1056, "sheet.height", 797),
                       .at(1056, "nav.items.0.height", 763),  // laid out in the 797 pt sheet, not 956
                       .at(1200, "sheet.y", 47), .at(1552, "sheet.y", 514), .at(1552, "sheet.height", 330),
                       .at(1616, "state", "dismissing")]),
        .init(file: "22-plugin-material-dismissal.ndjson", plugins: true,
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(528, "sheet.y", 680), .at(544, "state", "dismissing"), .at(688, "state", "dismissed")]),
        .init(file: "23-plugin-expanded-only.ndjson", plugins: true,
              events: ["presented", "detentChanged:large"], finalState: "presented", finalY: 57, noFramesAfter: 1176,
              checks: [.at(304, "sheet.y", 422), .during(416, 560, "scroll.pinOffsetY", 200),
                       .during(416, 560, "state", "dragging"), .at(560, "sheet.y", 182),
                       .at(576, "state", "settling"), .at(576, "scroll.flingVelocityY", 900),
                       .during(1160, 1176, "scroll.pinOffsetY", .null)]),
        .init(file: "24-plugin-crossfade-navigation.ndjson", plugins: true,
              events: ["presented", "navigationDidShow:details", "popped:details", "navigationDidShow:root"],
              finalState: "presented", finalY: 514,
              checks: [.at(400, "nav.items.0.alpha", 1), .at(400, "nav.items.1.alpha", 0),
                       .at(560, "nav.items.0.x", 0), .at(560, "nav.items.1.x", 0),
                       .at(560, "nav.items.0.alpha", 0.4427), .at(560, "nav.items.1.alpha", 0.5573),
                       .at(800, "sheet.y", 334), .at(1104, "sheet.y", 514)]),
        // The control surface.
        .init(file: "25-configure-live.ndjson",
              events: ["presented", "detentChanged:medium", "detentChanged:fit", "detentChanged:top100",
                       "detentChanged:medium"],
              finalState: "presented", finalY: 422, errorCodes: [-32602],
              checks: [.at(400, "state", "presented"), .at(400, "sheet.y", 510), .at(400, "sheet.height", 422),
                       .at(400, "sheet.cornerRadius", 16), .at(400, "grabber.visible", false),
                       .at(528, "sheet.y", 464.18), .at(656, "sheet.y", 422), .at(656, "position.index", 1),
                       .at(800, "sheet.y", 510), .at(800, "detent", "fit"),
                       .at(1152, "sheet.y", 100), .at(1152, "sheet.height", 744),
                       .at(1328, "sheet.cornerRadius", 16), .at(1344, "sheet.cornerRadius", 24),
                       .at(1376, "detent", "top100"), .at(1376, "sheet.y", 200),
                       .at(1392, "detent", "medium"), .at(1392, "state", "settling"), .at(2000, "state", "presented")]),
        .init(file: "26-dismissal-veto.ndjson",
              events: ["presented", "dismissAttempted:pan", "dismissCancelled", "dismissAttempted:fling",
                       "dismissCancelled", "dismissAttempted:tap", "dismissed"],
              finalState: "dismissed", finalY: 844,
              checks: [.at(560, "state", "dragging"), .at(560, "sheet.y", 592.748), .at(560, "position.index", -0.2477),
                       .at(576, "state", "settling"), .at(1136, "sheet.y", 510),
                       .at(1232, "sheet.y", 530.64), .at(1248, "state", "settling"),
                       .at(2096, "state", "dismissing"), .at(2096, "sheet.y", 510)]),
        .init(file: "27-keyboard-fill.ndjson",
              events: ["presented"], finalState: "presented", finalY: 510,
              checks: [.at(400, "sheet.height", 797), .at(400, "keyboard.height", 336), .at(400, "keyboard.overlap", 334),
                       .at(656, "sheet.y", 47), .at(656, "keyboard.overlap", 336), .at(656, "detent", "fit"),
                       .at(800, "keyboard.overlap", 0), .during(400, 1056, "state", "presented"),
                       .at(1056, "sheet.height", 334)]),
        .init(file: "28-keyboard-interactive.ndjson",
              events: ["presented"], finalState: "presented", finalY: 510,
              checks: [.at(400, "sheet.height", 670), .at(400, "position.index", 0), .at(656, "sheet.y", 174),
                       .at(800, "sheet.y", 216), .at(800, "keyboard.overlap", 294),
                       .at(816, "sheet.y", 258), .at(832, "sheet.y", 300), .at(912, "sheet.y", 510),
                       .at(912, "keyboard.height", 0)]),
        .init(file: "29-grabber.ndjson",
              events: ["presented", "detentChanged:medium", "detentChanged:large", "detentChanged:medium"],
              finalState: "presented", finalY: 422,
              checks: [.at(496, "sheet.y", 510), .at(496, "state", "settling"), .at(512, "sheet.y", 506.036),
                       .at(1840, "sheet.y", 57), .at(1920, "state", "dragging"), .at(1920, "sheet.y", 77),
                       .at(1936, "state", "settling"), .at(1936, "detent", "medium"), .at(2544, "state", "presented")]),
        .init(file: "30-snap-position.ndjson",
              events: ["presented", "detentChanged:large"], finalState: "presented", finalY: 57,
              checks: [.at(400, "state", "settling"), .at(400, "sheet.height", 604.5), .at(400, "detent", "fit"),
                       .at(1024, "state", "presented"), .at(1024, "sheet.y", 239.5), .at(1024, "position.index", 1.5),
                       .at(1024, "position.fraction", 0.7162), .at(1808, "position.index", 2)]),
        .init(file: "31-rubber-band-top.ndjson",
              events: ["presented"], finalState: "presented", finalY: 57,
              checks: [.at(416, "sheet.y", 47.779), .at(560, "sheet.y", 19.455), .at(560, "sheet.height", 824.545),
                       .during(400, 560, "state", "dragging"), .at(576, "state", "settling")]),
        .init(file: "32-reverse-dismissal.ndjson",
              events: ["presented", "dismissCancelled"], finalState: "presented", finalY: 510,
              checks: [.at(528, "progress", 0.6247), .at(528, "dimming.alpha", 0.3748),
                       .at(544, "state", "presented"), .at(544, "progress", 0.5344), .at(544, "dimming.alpha", 0.3207),
                       .at(560, "progress", 0.5466), .at(560, "position.index", -0.4534), .at(688, "progress", 1)]),
        .init(file: "33-content-grows-mid-drag.ndjson",
              events: ["presented", "dismissCancelled"], finalState: "presented", finalY: 210,
              checks: [.at(448, "sheet.y", 570), .at(464, "sheet.height", 634), .at(496, "state", "settling"),
                       .at(528, "sheet.y", 517.614)]),
        .init(file: "55-release-intent.ndjson",
              events: ["presented", "detentChanged:large", "detentChanged:fit", "dismissed"],
              settles: ["present:fit:292", "release:large:395", "command:fit:436", "layout:fit:238", "dismiss:null:293"],
              finalState: "dismissed", finalY: 844, errorCodes: [-32010],
              checks: [.at(432, "state", "dragging"), .at(448, "state", "settling"), .at(2504, "state", "dismissed")]),
        // MARK: layouts, footer, stacks
        .init(file: "40-footer.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(96, "footer.y", 772.684), .at(112, "footer.y", 760), .at(304, "footer.y", 760),
                       .during(304, 560, "footer.y", 760), .at(464, "sheet.y", 610),
                       .at(576, "footer.y", 785), .at(592, "footer.y", 810), .at(608, "state", "dismissing"),
                       .at(640, "footer.y", 844)]),
        .init(file: "41-page-sheet-regular-width.ndjson",
              events: ["presented"], finalState: "presented", finalY: 704,
              checks: [.at(304, "sheet.x", 162), .at(304, "sheet.width", 700), .at(304, "sheet.y", 1046),
                       .at(304, "sheet.corners", "top"),
                       .at(525, "sheet.x", 81), .at(525, "sheet.width", 545), .at(525, "state", "presented"),
                       .at(656, "sheet.x", 0), .at(656, "sheet.width", 390),
                       .at(925, "sheet.x", 166.5), .at(925, "sheet.width", 545), .at(1056, "sheet.x", 333),
                       .at(1456, "sheet.x", 363), .at(1456, "sheet.width", 640)]),
        .init(file: "42-compact-height-edge-attached.ndjson",
              events: ["presented"], finalState: "presented", finalY: 510,
              checks: [.at(304, "sheet.x", 72), .at(304, "sheet.width", 700), .at(304, "sheet.y", 69),
                       .at(400, "sheet.width", 700), .at(525, "sheet.x", 36), .at(525, "sheet.width", 545),
                       .at(656, "sheet.x", 0), .at(656, "sheet.width", 390), .at(656, "sheet.y", 510)]),
        .init(file: "43-detached.ndjson",
              events: ["presented", "detentChanged:large", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(150, "sheet.y", 677), .at(150, "sheet.height", 310), .at(150, "progress", 0.5),
                       .at(304, "sheet.x", 16), .at(304, "sheet.width", 358), .at(304, "sheet.y", 510),
                       .at(304, "sheet.height", 310), .at(304, "sheet.corners", "all"),
                       .at(1040, "sheet.y", 57), .at(1040, "sheet.height", 763),
                       .at(1280, "state", "dragging"), .at(1280, "sheet.y", 457), .at(1296, "state", "dismissing"),
                       .at(1456, "state", "dismissed")]),
        .init(file: "44-stack-push.ndjson",
              events: ["presented", "presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(304, "s1", "transform.scale", 1), .at(304, "s1", "transform.translateY", 0),
                       .at(304, "s1", "background.scale", 0.9333), .at(304, "s1", "background.translateY", 47),
                       .at(544, "s1", "transform.scale", 0.9809), .at(544, "s1", "transform.translateY", -7.45),
                       .at(704, "s1", "transform.scale", 0.959), .at(704, "s1", "transform.translateY", -16),
                       .at(704, "s2", "state", "presented"), .at(704, "s2", "sheet.y", 510),
                       .at(880, "s2", "state", "dragging"), .at(880, "s2", "progress", 0.5509),
                       .at(880, "s1", "transform.translateY", -8.814), .at(880, "s1", "state", "presented"),
                       .at(1056, "s1", "transform.scale", 1), .at(1056, "s1", "transform.translateY", 0),
                       .at(1056, "s1", "background.scale", 0.9333)]),
        .init(file: "45-stack-switch.ndjson",
              events: ["presented", "dismissed", "presented", "dismissed", "presented"],
              finalState: "presented", finalY: 510,
              checks: [.at(704, "s1", "state", "dismissed"), .at(704, "s1", "transform.scale", 1),
                       .at(1008, "s2", "state", "presented"), .at(1008, "s2", "sheet.y", 310),
                       .at(1504, "s2", "state", "dismissed"), .at(1808, "s1", "state", "presented"),
                       .at(1808, "s1", "transform.scale", 1)]),
        .init(file: "46-stack-replace.ndjson",
              events: ["presented", "dismissed", "presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(704, "s1", "state", "dismissed"), .at(1008, "s2", "sheet.y", 410),
                       .at(1504, "s2", "state", "dismissed")]),
        .init(file: "47-stack-dismiss-all.ndjson",
              events: ["presented", "presented", "presented", "dismissed", "dismissed", "dismissed"],
              finalState: "dismissed", finalY: 390,
              checks: [.at(704, "s1", "transform.scale", 0.959), .at(1104, "s2", "transform.scale", 0.959),
                       .at(1104, "s1", "transform.scale", 0.9179), .at(1104, "s1", "transform.translateY", -32),
                       .at(1456, "s1", "sheet.width", 844), .at(1456, "s2", "sheet.width", 844),
                       .at(1456, "s3", "sheet.width", 844), .at(1456, "s1", "transform.scale", 0.9621),
                       .at(1456, "s2", "transform.scale", 0.981), .at(1904, "s1", "transform.scale", 0.981),
                       .at(1760, "s2", "state", "presented"), .at(1760, "s3", "state", "dismissing"),
                       .at(1904, "s3", "state", "dismissed"), .at(2064, "s2", "state", "dismissing"),
                       .at(2064, "s1", "state", "presented"), .at(2208, "s2", "state", "dismissed"),
                       .at(2512, "s1", "state", "dismissed")]),
        .init(file: "48-edges.ndjson",
              events: ["presented", "presented", "detentChanged:large", "dismissed"], finalState: "dismissed", finalY: -247,
              errorCodes: [-32602],
              checks: [.at(150, "s1", "sheet.x", -150), .at(150, "s1", "sheet.width", 300), .at(150, "s1", "sheet.height", 844),
                       .at(304, "s1", "sheet.x", 0), .at(304, "s1", "sheet.width", 300), .at(304, "s1", "grabber.visible", false),
                       .at(150, "s2", "sheet.y", -123.5), .at(304, "s2", "sheet.y", 0), .at(304, "s2", "sheet.height", 247),
                       .at(416, "s1", "state", "dragging"), .at(416, "s1", "sheet.width", 340),
                       .at(480, "s1", "sheet.width", 388.684), .at(480, "s1", "sheet.x", 0), .at(496, "s1", "state", "settling"),
                       .at(1024, "s1", "sheet.width", 380), .at(1024, "s1", "state", "presented"),
                       .at(1264, "s2", "sheet.y", -160), .at(1280, "s2", "state", "dismissing"),
                       .at(1344, "s2", "state", "dismissed")]),
        .init(file: "49-stack-deep.ndjson",
              events: ["presented", "presented", "presented", "dismissed", "dismissed", "dismissed"],
              finalState: "dismissed", finalY: 844,
              checks: [.at(704, "s1", "transform.scale", 0.959), .at(704, "s1", "transform.translateY", -16),
                       .at(960, "s3", "progress", 0.5573), .at(960, "s1", "transform.translateY", -24.917),
                       .at(960, "s2", "transform.translateY", -8.917),
                       .at(1104, "s1", "transform.scale", 0.9179), .at(1104, "s1", "transform.translateY", -32),
                       .at(1104, "s2", "transform.scale", 0.959), .at(1104, "s2", "transform.translateY", -16),
                       .at(1280, "s3", "state", "dragging"), .at(1280, "s3", "progress", 0.5509),
                       .at(1280, "s1", "transform.translateY", -24.814), .at(1280, "s2", "transform.translateY", -8.814),
                       .at(1296, "s3", "state", "dismissing"), .at(1296, "s3", "sheet.y", 660),
                       .at(1312, "s3", "state", "dismissing"), .at(1328, "s3", "state", "dismissing"),
                       .at(1472, "s3", "state", "dismissed"), .at(1472, "s2", "state", "presented"),
                       .at(1776, "s2", "state", "dismissed"), .at(1776, "s1", "transform.scale", 1),
                       .at(2080, "s1", "state", "dismissed")]),
        .init(file: "50-stack-snapshot.ndjson",
              events: ["presented", "dismissed", "dismissed", "presented", "presented", "dismissed", "dismissed",
                       "presented", "presented"],
              finalState: "presented", finalY: 57,
              checks: [.at(592, "s1", "sheet.y", 631.382), .at(592, "s3", "sheet.y", 631.382),
                       .at(704, "s3", "state", "dismissed"), .at(1008, "s4", "state", "presented"),
                       .at(1008, "s4", "sheet.y", 310), .at(1504, "s4", "state", "dismissed"),
                       .at(1808, "s3", "state", "presented"), .at(1808, "s3", "background.scale", 0.9333),
                       .at(1808, "s3", "background.translateY", 47), .at(1808, "s1", "background.scale", 0.9333)]),
        // MARK: end of layouts, footer, stacks
        .init(file: "60-retarget-during-presentation.ndjson",
              events: ["detentChanged:large", "presented"], finalState: "presented", finalY: 57,
              checks: [.at(80, "dimming.alpha", 0.0884), .at(96, "dimming.alpha", 0.1281), .at(96, "sheet.height", 787),
                       .at(112, "dimming.alpha", 0.177), .at(112, "progress", 0.2951), .at(304, "progress", 1),
                       .at(336, "state", "presenting"), .at(352, "state", "presented")]),
        .init(file: "61-fast-dismissal.ndjson",
              events: ["presented", "dismissed"], finalState: "dismissed", finalY: 844,
              checks: [.at(416, "sheet.y", 610), .at(432, "state", "dismissing"), .at(448, "sheet.y", 642),
                       .at(480, "sheet.y", 706), .at(544, "sheet.y", 834), .at(560, "state", "dismissed")]),
        .init(file: "62-detached-snap.ndjson",
              events: ["presented"], finalState: "presented", finalY: 744,
              checks: [.at(0, "sheet.y", 444), .at(0, "sheet.height", 300), .at(96, "state", "settling"),
                       .at(704, "sheet.y", 644), .at(704, "sheet.height", 100),
                       .at(1376, "sheet.y", 744), .at(1376, "sheet.height", 0)]),
        .init(file: "63-accessibility-actions.ndjson",
              events: ["presented", "presented", "detentChanged:large", "popped:details", "navigationDidShow:list",
                       "detentChanged:medium", "dismissAttempted:escape", "dismissed"],
              settles: ["present:medium:0", "present:fit:0", "command:large:425", "navigation:fit:272", "command:medium:425",
                        "dismiss:null:293"],
              finalState: "dismissed", finalY: 844, errorCodes: [-32010, -32010],
              checks: [.at(0, "s1", "accessibility.actions", ["expand", "dismiss"]),
                       .at(0, "s2", "accessibility.actions", []),
                       .at(96, "s1", "accessibility.actions", ["collapse", "dismiss"]),
                       .at(448, "s2", "sheet.y", 514), .at(448, "s2", "accessibility.actions", []),
                       .at(800, "s1", "accessibility.actions", ["expand", "dismiss"]),
                       .at(1600, "s1", "state", "dismissing"), .at(1600, "s1", "accessibility.actions", []),
                       .at(1904, "s1", "state", "dismissed")]),
        .init(file: "64-predictive-back.ndjson",
              events: ["presented", "dismissed"], settles: ["present:fit:0", "dismiss:null:292"],
              finalState: "dismissed", finalY: 844, errorCodes: [-32010],
              checks: [.at(96, "back.scaleX", 1), .at(112, "back.scaleX", 0.9543), .at(112, "back.scaleY", 0.9733),
                       .at(144, "back.scaleX", 0.8899), .at(144, "back.scaleY", 0.9357),
                       .at(176, "back.scaleX", 0.8769), .at(176, "back.scaleY", 0.9281),
                       .during(96, 448, "sheet.y", 510), .during(96, 448, "state", "presented"),
                       .at(224, "back.scaleX", 0.8983), .at(224, "back.scaleY", 0.9407), .at(304, "back.scaleX", 0.9999),
                       .at(448, "back.scaleX", 0.8845), .at(448, "back.scaleY", 0.9326),
                       .during(464, 752, "back.scaleX", 0.8845), .during(464, 752, "state", "dismissing"),
                       .at(768, "state", "dismissed")]),
        // The golden detent resolver: max detent value ÷ φ, asked again at each rotation.
        .init(file: "65-plugin-golden-detent-resolver.ndjson", plugins: true,
              events: ["presented"], finalState: "presented", finalY: 351.427,
              checks: [.at(304, "sheet.height", 492.573), .at(304, "sheet.y", 351.427), .at(304, "detent", "golden"),
                       .at(740, "state", "presented"), .at(756, "sheet.height", 241.033), .at(756, "sheet.y", 148.967),
                       .at(1256, "sheet.height", 492.573), .at(1256, "sheet.y", 351.427)]),
        // MARK: issue 20 examples
        .init(file: "66-reduced-motion.ndjson",
              events: ["presented", "detentChanged:large", "navigationDidShow:detail", "dismissed"],
              settles: ["present:fit:300", "command:large:429", "release:null:300"],
              finalState: "dismissed", finalY: 844,
              checks: [.at(0, "opacity", 0), .at(0, "sheet.y", 454), .at(160, "opacity", 0.5573),
                       .at(160, "sheet.y", 454), .at(160, "dimming.alpha", 0.3344), .at(160, "progress", 0.5573),
                       .at(304, "state", "presented"), .at(304, "opacity", 1), .at(416, "sheet.y", 436.116),
                       .during(400, 1040, "opacity", 1), .at(1040, "sheet.y", 57),
                       .at(1248, "nav.items.0.x", 0), .at(1248, "nav.items.1.x", 0),
                       .at(1248, "nav.items.0.alpha", 0.4783), .at(1248, "nav.items.1.alpha", 0.5217),
                       .at(1816, "state", "dragging"), .at(1832, "sheet.y", 357), .at(1976, "sheet.y", 357),
                       .at(1976, "opacity", 0.5344), .at(2120, "opacity", 0.0031), .at(2136, "opacity", 0)]),
        .init(file: "67-run-until-rest.ndjson",
              events: ["presented", "dismissed"], settles: ["present:fit:292", "dismiss:null:292"],
              finalState: "dismissed", finalY: 844,
              checks: [.at(50, "sheet.y", 825.252), .at(100, "sheet.y", 766.587), .at(150, "sheet.y", 677),
                       .at(250, "sheet.y", 528.748), .at(300, "state", "presented"), .at(300, "sheet.y", 510),
                       .at(500, "sheet.y", 587.413), .at(600, "sheet.y", 766.587), .at(700, "state", "dismissed")]),
        .init(file: "51-pan-arbitration.ndjson",
              events: ["presented", "panDeclined", "detentChanged:large"], finalState: "presented", finalY: 57,
              checks: [.at(0, "sheet.y", 510), .at(232, "state", "dragging"), .at(232, "sheet.y", 479.95),
                       .at(296, "sheet.y", 57), .at(344, "sheet.y", 177), .at(360, "state", "settling"),
                       .at(936, "state", "presented")]),
    ]

    /// The repository root: this file is Tests/SheetdTests/ExampleReplayTests.swift.
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let examplesDir = repoRoot.appendingPathComponent("protocol/examples")

    /// `sheetd [--plugin-dir <dir of the built sheetd>] replay FILE`.
    static func replay(_ e: ExampleExpectation) throws -> (status: Int32, stdout: String, stderr: String) {
        let path = examplesDir.appendingPathComponent(e.file).path
        var args: [String] = []
        if e.plugins {
            let buildDir = URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().path
            args += ["--plugin-dir", buildDir]
        }
        return try Daemon.run(args + ["replay", path])
    }

    /// The same host stream written to a serving daemon's stdin (NDJSON over a pipe) gives the
    /// same bytes as `sheetd replay`.
    @Test(arguments: table) func servingOverAPipeMatchesReplay(_ e: ExampleExpectation) throws {
        let replayed = try Self.replay(e)
        let input = try [UInt8](Data(contentsOf: Self.examplesDir.appendingPathComponent(e.file)))
        var args: [String] = []
        if e.plugins {
            args += ["--plugin-dir", URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().path]
        }
        let served = try Daemon.run(args, input: input)
        #expect(served.status == 0, "stderr: \(served.stderr)")
        #expect(served.stdout == replayed.stdout)
    }

    @Test func tableCoversEveryExample() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examplesDir.path)
            .filter { $0.hasSuffix(".ndjson") }.sorted()
        #expect(files == Self.table.map(\.file).sorted())
    }

    @Test(arguments: table) func replay(_ e: ExampleExpectation) throws {
        let first = try Self.replay(e)
        #expect(first.status == 0, "exit status; stderr: \(first.stderr)")

        var frames: [JSONObject] = []
        var events: [String] = []
        var settles: [String] = []
        var diagnostics: [String] = []
        var errorCodes: [Int64] = []
        var tickResults: [JSONValue] = []
        var lastResponse: JSONValue?
        for line in first.stdout.split(separator: "\n") {
            let m = try JSONCodec.decode(String(line))
            let params = m["params"]
            switch m["method"]?.stringValue {
            case "sheet.frame":
                frames.append(try #require(params?.objectValue))
            case "sheet.event":
                let type = params?["type"]?.stringValue ?? "?"
                if type == "willSettle" {
                    let detent = params?["detent"]?.stringValue ?? "null"
                    settles.append("\(params?["trigger"]?.stringValue ?? "?"):\(detent):\(params?["durationMs"].map(Self.text) ?? "?")")
                    continue
                }
                if let detail = (params?["detent"] ?? params?["id"] ?? params?["cause"])?.stringValue {
                    events.append("\(type):\(detail)")
                } else {
                    events.append(type)
                }
            case "$/diagnostic":
                diagnostics.append("\(params?["method"]?.stringValue ?? "?"):\(params?["code"].map(Self.text) ?? "?")")
            case nil:
                lastResponse = m
                if case .int(let code)? = m["error"]?["code"] { errorCodes.append(code) }
                if let r = m["result"], r["frames"] != nil { tickResults.append(r) }
            default:
                Issue.record("unexpected notification \(line)")
            }
        }

        #expect(events == e.events)
        if let expected = e.settles { #expect(settles == expected) }
        #expect(diagnostics == e.diagnostics)
        #expect(errorCodes == e.errorCodes)
        // The last response answers `shutdown`.
        #expect(lastResponse?["result"] == .null)
        // At rest: the stream's last tick changed no frame.
        #expect(tickResults.last?["frames"] == .int(0), "the example does not end at rest")

        let last = try #require(frames.last)
        #expect(last["state"] == .string(e.finalState))
        #expect(Self.value(last, "sheet.y")?.doubleValue == e.finalY)

        if let after = e.noFramesAfter {
            let late = frames.filter { ($0["t"]?.doubleValue ?? 0) > Double(after) }
            #expect(late.isEmpty, "frames after t=\(after): \(late.compactMap { $0["t"].map(Self.text) })")
        }

        for c in e.checks {
            let selected: [JSONObject]
            let frames = c.session.map { id in frames.filter { $0["session"] == .string(id) } } ?? frames
            switch c.when {
            case .at(let t):
                selected = frames.filter { $0["t"]?.doubleValue == Double(t) }.suffix(1)
            case .during(let from, let to):
                selected = frames.filter {
                    guard let t = $0["t"]?.doubleValue else { return false }
                    return t >= Double(from) && t <= Double(to)
                }
            }
            #expect(!selected.isEmpty, "no frame for \(c.when) (\(c.path))")
            for f in selected {
                let got = Self.value(f, c.path)
                #expect(got.map { Self.same($0, c.value) } == true,
                        "t=\(f["t"].map(Self.text) ?? "?") \(c.path): got \(got.map(Self.text) ?? "nothing"), want \(Self.text(c.value))")
            }
        }

        // Determinism: the same file replays to the same bytes.
        let second = try Self.replay(e)
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout, "replaying twice gave different output")
    }

    // MARK: Helpers

    /// The value at a dotted path (`nav.items.1.x`); numeric components index arrays.
    static func value(_ o: JSONObject, _ path: String) -> JSONValue? {
        var cur: JSONValue? = .object(o)
        for part in path.split(separator: ".") {
            if let i = Int(part), let a = cur?.arrayValue {
                cur = i < a.count ? a[i] : nil
            } else {
                cur = cur?[String(part)]
            }
        }
        return cur
    }

    /// Equal, with integers and doubles compared as numbers.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.doubleValue, let y = b.doubleValue { return x == y }
        return a == b
    }

    static func text(_ v: JSONValue) -> String { JSONCodec.encodeToString(v) }
}
