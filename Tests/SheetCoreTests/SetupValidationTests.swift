import SheetCore
import Testing
import SheetTestSupport

/// One validation of a setup, whoever builds it: errors name the place relative to the setup
/// (the server puts `params.` or `params.state.sheet.setup.` in front), and `sheet.configure`
/// refuses by the very same rules.
@Suite struct SetupValidationNamesPlacesRelativeToTheSetup {
    static let phone = IPhone.container

    static func message(_ setup: SheetSetup) -> String? {
        do throws(SheetError) {
            try setup.validate()
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        (SheetSetup(container: phone, detents: [.fit, .fit]), "detents[1]: duplicate detent id \"fit\""),
        (SheetSetup(container: phone, detents: [.medium], selectedDetent: "large"), "selectedDetent: no detent with id \"large\""),
        (SheetSetup(container: Container(width: 390, height: 100, safeArea: Insets(top: 60, bottom: 40, left: 0, right: 0))),
         "container.safeArea: expected top + bottom < container height 100.0"),
        (SheetSetup(container: phone, detents: []), "detents: expected at least one detent"),
    ])
    func aBrokenRuleNamesItsPlace(_ setup: SheetSetup, _ expected: String) {
        #expect(Self.message(setup) == expected)
    }

    @Test func configureRefusesWhatASetupWouldRefuse() throws {
        var sheet = try Sheet(setup: SheetSetup(container: Self.phone, detents: [.medium, .large]))
        var options = sheet.state.setup.options
        options.largestUndimmedDetent = "small"
        #expect(throws: SheetError(.invalidParams, "options.largestUndimmedDetent: no detent with id \"small\"")) {
            try sheet.configure(options: options, at: 0)
        }
        #expect(throws: SheetError(.invalidParams, "detents[1]: duplicate detent id \"medium\"")) {
            try sheet.configure(detents: [.medium, .medium], at: 0)
        }
    }
}
