import SwiftSyntax

/// `override func traitCollectionDidChange(_:)` (`legacy_trait_observer`):
/// deprecated in iOS 17, and worth a note only where it reacts to the text
/// size. One that handles colour appearance, size classes or layout
/// direction alone is none of this tool's business.
struct LegacyTraitObserverRule {
    let builder: AnalysisBuilder

    /// Names whose use in the override means it reacts to the text size.
    static let textSizeNames: Set<String> = ["preferredContentSizeCategory", "UIContentSizeCategory", "isAccessibilityCategory"]

    func run() {
        for function in builder.context.index.functions
        where function.name.text == "traitCollectionDidChange" && function.modifiers.contains(.override) && Self.reactsToTextSize(function) {
            let anchor = function.modifiers.first.map { Syntax($0) } ?? Syntax(function.funcKeyword)
            builder.report(builder.makeFinding(
                .legacyTraitObserver, at: anchor,
                message: "`traitCollectionDidChange(_:)` is deprecated since iOS 17",
                current: "override func traitCollectionDidChange(_:)",
                replacement: "registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (self: Self, _) in … }",
                fix: "register for `UITraitPreferredContentSizeCategory` changes instead"
            ))
        }
    }
}

extension LegacyTraitObserverRule {
    /// The body reads the text size or assigns a font (`label.font = …`).
    static func reactsToTextSize(_ function: FunctionDeclSyntax) -> Bool {
        guard let body = function.body else { return false }
        var previous: TokenSyntax?
        for token in body.tokens(viewMode: .sourceAccurate) {
            if textSizeNames.contains(token.text) { return true }
            if token.text == "=", previous?.text == "font" { return true }
            previous = token
        }
        return false
    }
}

extension LegacyTraitObserverRule: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["traitCollectionDidChange"]
    static func run(in unit: UnitRun) { LegacyTraitObserverRule(builder: unit.builder).run() }
}
