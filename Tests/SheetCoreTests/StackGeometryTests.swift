import Testing
import SheetCore

/// A sheet recedes one displacement per level of shown sheets over
/// it, each level interpolated by the progress of the sheet that pushed it back.
@Suite struct StackGeometryTests {
    /// `levelsBack` of a sheet whose children are given as (progress, their own levels back).
    func levels(_ children: (Double, Double)...) -> Double {
        StackGeometry.levelsBack(children: children.map { (progress: $0.0, levelsBack: $0.1) })
    }

    @Test func aSingleLevelIsTheChildsProgressAsBefore() {
        for width in [390.0, 844, 700] {
            for p in [0, 0.1, 0.25, 0.5, 0.5509, 0.99, 1] {
                #expect(StackGeometry.parentTransform(levelsBack: levels((p, 0)), sheetWidth: width)
                        == StackGeometry.parentTransform(childProgress: p, sheetWidth: width))
            }
        }
        #expect(levels() == 0 && levels((0, 0), (0.3, 0)) == 0.3)
    }

    @Test func threeDeepAtRest() {
        // s1 <- s2 <- s3, all presented: s2 is one level back, s1 two.
        let s2 = levels((1, 0)), s1 = levels((1, s2))
        #expect(s2 == 1 && s1 == 2)
        #expect(StackGeometry.parentTransform(levelsBack: s2, sheetWidth: 390) == .init(scale: 0.959, translateY: -16))
        #expect(StackGeometry.parentTransform(levelsBack: s1, sheetWidth: 390) == .init(scale: 0.9179, translateY: -32))
        // Landscape: the same 16 pt per level of a wider sheet.
        #expect(StackGeometry.parentTransform(levelsBack: s1, sheetWidth: 844) == .init(scale: 0.9621, translateY: -32))
    }

    @Test func threeDeepMidAnimation() {
        // s3 half-way in (progress 0.5573, as in example 49 at t=960): s2 recedes by that
        // much, s1 by one level plus that much.
        let s2 = levels((0.5573, 0)), s1 = levels((1, s2))
        #expect(StackGeometry.parentTransform(levelsBack: s2, sheetWidth: 390) == .init(scale: 0.9771, translateY: -8.917))
        #expect(StackGeometry.parentTransform(levelsBack: s1, sheetWidth: 390) == .init(scale: 0.9361, translateY: -24.917))
        // The middle sheet itself leaving (progress 0.5) carries everything it pushed back
        // with it: s1 is half of (1 + 1) levels back.
        #expect(levels((0.5, 1)) == 1)
        // A dismissed child (progress 0) pushes nothing back, whatever is over it.
        #expect(levels((0, 1)) == 0)
        // The deepest shown chain counts.
        #expect(levels((1, 0), (0.5, 2)) == 1.5)
    }

    @Test func everyLevelRecedesFurtherAndNeverInverts() {
        var previous = StackGeometry.identity
        for l in 1...7 {
            let t = StackGeometry.parentTransform(levelsBack: Double(l), sheetWidth: 390)
            #expect(t.scale < previous.scale && t.translateY < previous.translateY)
            previous = t
        }
        // Beyond the deepest stack, NaN, or a sheet narrower than the displacement: bounded.
        #expect(StackGeometry.parentTransform(levelsBack: 100, sheetWidth: 390) == previous)
        #expect(StackGeometry.parentTransform(levelsBack: .nan, sheetWidth: 390) == StackGeometry.identity)
        #expect(StackGeometry.parentTransform(levelsBack: 7, sheetWidth: 50).scale == 0)
    }
}
