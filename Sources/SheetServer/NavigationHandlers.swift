import SheetCore
import SheetRPC
import SheetWire

/// Navigation and scroll methods.
extension SheetService {
    func push(_ c: Call) throws(RPCError) -> JSONValue {
        let entry = try Wire.entry(c.params[NavPush.entry.name])
        let animated = try c.params.read(Animated.member)
        return try command(c) { sheet, t throws(SheetError) in try sheet.push(entry, animated: animated, at: t) }
    }

    func pop(_ c: Call) throws(RPCError) -> JSONValue {
        let animated = try c.params.read(Animated.member)
        return try command(c) { sheet, t throws(SheetError) in try sheet.pop(animated: animated, at: t) }
    }

    func popToRoot(_ c: Call) throws(RPCError) -> JSONValue {
        let animated = try c.params.read(Animated.member)
        return try command(c) { sheet, t throws(SheetError) in try sheet.popToRoot(animated: animated, at: t) }
    }

    func setStack(_ c: Call) throws(RPCError) -> JSONValue {
        let entries = try Wire.entries(c.params[NavSetStack.entries.name])
        let animated = try c.params.read(Animated.member)
        return try command(c) { sheet, t throws(SheetError) in try sheet.setStack(entries, animated: animated, at: t) }
    }

    func scroll(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        let sample = ScrollSample(
            phase: ScrollHandoffInput.Phase(try p.read(InputScroll.phase)),
            offsetY: try p.read(InputScroll.offsetY),
            insetTop: try p.read(InputScroll.insetTop),
            contentHeight: try p.read(InputScroll.contentHeight),
            viewportHeight: try p.read(InputScroll.viewportHeight),
            isTracking: try p.read(InputScroll.isTracking),
            translationY: try p.read(InputScroll.translationY),
            velocityY: try p.read(InputScroll.velocityY),
            entry: try p.read(InputScroll.entry))
        return try command(c) { sheet, t throws(SheetError) in try sheet.scroll(sample, at: t) }
    }
}
