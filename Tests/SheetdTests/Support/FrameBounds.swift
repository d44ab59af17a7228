import Testing
import SheetRPC

/// What every drawn frame obeys: all numbers finite; the sheet spans the container's width
/// and lies within one container height above its top (`-height ≤ y ≤ height`, extent at most
/// twice the height); alpha and progress in 0...1; navigation items near the sheet.
enum FrameBounds {
    static func check(_ f: JSONValue, width: Double, height: Double, label: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        func numbers(_ v: JSONValue) -> [Double] {
            switch v {
            case .int(let i): return [Double(i)]
            case .double(let d): return [d]
            case .array(let a): return a.flatMap(numbers)
            case .object(let o): return o.members.flatMap { numbers($0.value) }
            default: return []
            }
        }
        let allFinite = numbers(f).allSatisfy { $0.isFinite }
        #expect(allFinite, "\(f) after \(label)", sourceLocation: sourceLocation)
        let sheet = f["sheet"]
        let y = sheet?["y"]?.doubleValue ?? .nan, h = sheet?["height"]?.doubleValue ?? .nan
        // Inside the container across (page sheets, detached and capped sheets are
        // narrower and centered).
        let x = sheet?["x"]?.doubleValue ?? .nan, w = sheet?["width"]?.doubleValue ?? .nan
        #expect(x >= -0.5 && w >= 0 && x + w <= width + 0.5, "\(f) after \(label)", sourceLocation: sourceLocation)
        #expect(y >= -height - 0.5 && y <= height + 0.5 && h >= 0 && h <= 2 * height + 0.5,
                "\(f) after \(label)", sourceLocation: sourceLocation)
        for key in ["progress"] {
            let v = f[key]?.doubleValue ?? .nan
            #expect(v >= 0 && v <= 1, "\(key) \(f) after \(label)", sourceLocation: sourceLocation)
        }
        let alpha = f["dimming"]?["alpha"]?.doubleValue ?? .nan
        #expect(alpha >= 0 && alpha <= 1, "\(f) after \(label)", sourceLocation: sourceLocation)
        for item in f["nav"]?["items"]?.arrayValue ?? [] {
            let x = item["x"]?.doubleValue ?? .nan
            #expect(abs(x) <= 4 * width + 0.5, "\(f) after \(label)", sourceLocation: sourceLocation)
        }
    }
}
