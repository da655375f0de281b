import SwiftSyntax

extension AnalysisBuilder {
    /// The findings a text element's font gets from what phase one cannot
    /// decide alone: `fixed_font_token` when a symbol turns out not to scale,
    /// `unresolved_font` when it (or any part) cannot be classified.
    func reportFontUses(_ font: FontClassification, elements: [Int], scalingAPI: String) {
        for leaf in font.symbolLeaves {
            reportFixedToken(leaf, elements: elements, scalingAPI: scalingAPI)
            report(makeFinding(
                .unresolvedFont, at: leaf.node,
                message: "`\(leaf.written)` is not defined in the audited code, so its scaling is unknown", current: leaf.written,
                fix: "audit the module that defines it, or check that it scales", elements: elements
            ), when: .fontOutcome(leaf.value, .unresolved))
        }
        // A size passed in as a parameter leaves the element unresolved: say so.
        for site in font.sites where !elements.isEmpty {
            switch site.dependency {
            case .parameter(let name)?:
                report(makeFinding(
                    .unresolvedFont, at: site.node, message: "the font cannot be resolved: its size `\(name)` is passed in as a parameter",
                    fix: "check that the sizes passed in scale (\(scalingAPI))", elements: elements
                ))
            case .initialized(let type, let property)?:
                report(makeFinding(
                    .unresolvedFont, at: site.node,
                    message: "the font cannot be resolved: its size `\(property)` is set by `\(type)`'s initializer, and no call of it in the audited code passes a size",
                    fix: "check that the sizes passed to `\(type)` scale (\(scalingAPI))", elements: elements
                ), when: .fontOutcome(.sized(site.dependency!), .unresolved))
            case .symbol?, .scales?, .fixed?, nil:
                continue
            }
        }
        for leaf in font.unresolvedLeaves {
            report(makeFinding(
                .unresolvedFont, at: leaf.node, message: "the font cannot be resolved: \(leaf.reason)",
                fix: "check that the font passed in scales (\(scalingAPI))", elements: elements
            ))
        }
    }

    /// Design-system fonts whose definitions do not scale, given to a view
    /// that is no text element here (`urlTextField.font = .body15` on a
    /// subclass of another file's text field): the token's finding, without
    /// the notes an element's unknown font gets.
    func reportFixedTokens(_ font: FontClassification, scalingAPI: String) {
        for leaf in font.symbolLeaves { reportFixedToken(leaf, elements: [], scalingAPI: scalingAPI) }
    }

    private func reportFixedToken(_ leaf: FontLeaf, elements: [Int], scalingAPI: String) {
        report(makeFinding(
            .fixedFontToken, at: leaf.node,
            message: "`\(leaf.written)` is a design-system font whose definition does not scale", current: leaf.written,
            fix: "fix the definition so it scales (\(scalingAPI))", elements: elements
        ), when: .fontOutcome(leaf.value, .fixed))
    }
}
