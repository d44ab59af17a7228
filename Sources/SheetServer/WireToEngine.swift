import SheetCore
import SheetWire

// The wire's enums (SheetWire) onto the engine's (SheetCore), case by case: a case added on
// either side that the other lacks fails to compile here.

extension PanPhase {
    init(_ w: InputPan.Phase) {
        switch w {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}

extension AccessibilityAction {
    init(_ w: InputAccessibilityAction.Action) {
        switch w {
        case .expand: self = .expand
        case .collapse: self = .collapse
        case .dismiss: self = .dismiss
        case .escape: self = .escape
        }
    }
}

extension BackPhase {
    init(_ w: InputBack.Phase) {
        switch w {
        case .began: self = .began
        case .progressed: self = .progressed
        case .cancelled: self = .cancelled
        case .invoked: self = .invoked
        }
    }
}

extension PanSource {
    init(_ w: InputPan.Source) {
        switch w {
        case .sheet: self = .sheet
        case .leftEdge: self = .leftEdge
        case .bottomEdge: self = .bottomEdge
        case .grabber: self = .grabber
        }
    }
}

extension ScrollHandoffInput.Phase {
    init(_ w: InputScroll.Phase) {
        switch w {
        case .dragBegan: self = .dragBegan
        case .scrolled: self = .scrolled
        case .dragEnded: self = .dragEnded
        }
    }
}

extension SizeClass {
    init(_ w: WireValue.SizeClass) {
        switch w {
        case .compact: self = .compact
        case .regular: self = .regular
        }
    }
}

extension CubicBezier {
    init(_ w: WireValue.CurveName) {
        switch w {
        case .easeInOut: self = .easeInOut
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .linear: self = .linear
        }
    }
}

extension DetentSpec {
    init(_ w: WireValue.SystemDetent) {
        switch w {
        case .fit: self = .fit
        case .medium: self = .medium
        case .large: self = .large
        }
    }
}

extension TapDimming {
    init(_ w: OptionsMembers.TapDimming) {
        switch w {
        case .dismiss: self = .dismiss
        case .collapse: self = .collapse
        case .none: self = .none
        }
    }
}

extension KeyboardMode {
    init(_ w: OptionsMembers.Keyboard) {
        switch w {
        case .lift: self = .lift
        case .largest: self = .largest
        case .fill: self = .fill
        case .none: self = .none
        }
    }
}

extension DragRegion {
    init(_ w: OptionsMembers.DragRegion) {
        switch w {
        case .sheet: self = .sheet
        case .grabber: self = .grabber
        }
    }
}

extension SheetEdge {
    init(_ w: OptionsMembers.Edge) {
        switch w {
        case .bottom: self = .bottom
        case .top: self = .top
        case .left: self = .left
        case .right: self = .right
        }
    }
}
