import SwiftSyntax

/// `UIImage.SymbolConfiguration(pointSize:…)` (`fixed_symbol_size`): a symbol
/// sized in points does not grow with the text beside it.
struct SymbolConfigurationRule {
    let builder: AnalysisBuilder

    func run() {
        let classifier = FontClassifier(context: builder.context)
        for call in builder.context.index.calls(named: "SymbolConfiguration") {
            guard let size = call.argument("pointSize"), classifier.classifySize(size, depth: 0).value != .scales else { continue }
            let style = TextStyle.nearest(toPointSize: size.numericValue)
            let owner = call.calleeBase?.trimmedText ?? "UIImage"
            let replacement = "\(owner).SymbolConfiguration(textStyle: .\(style.uiKitName))"
            builder.report(builder.makeFinding(
                .fixedSymbolSize, .warning, at: call,
                message: "a symbol configured with a point size does not scale with the adjacent text",
                replacement: replacement, fix: "use `\(replacement)`"
            ))
        }
    }
}

extension SymbolConfigurationRule: RuleFamily {
    static let triggers: [Trigger] = ["SymbolConfiguration"]
}
