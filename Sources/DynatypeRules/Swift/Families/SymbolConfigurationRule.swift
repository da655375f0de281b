import SwiftSyntax

/// `UIImage.SymbolConfiguration(pointSize:…)`, `NSImage.SymbolConfiguration(pointSize:…)`
/// and `.init(pointSize:)` where a symbol configuration is expected
/// (`fixed_symbol_size`): a symbol sized in points does not grow with the text beside it.
struct SymbolConfigurationRule {
    let builder: AnalysisBuilder

    func run() {
        let classifier = FontClassifier(context: builder.context)
        let calls = builder.context.index.calls(named: "SymbolConfiguration")
            + builder.context.index.calls(named: "init").filter(Self.initializesSymbolConfiguration)
        for call in calls.sorted(by: { $0.position < $1.position }) {
            guard let size = call.argument("pointSize"), classifier.classifySize(size, depth: 0).value != .scales else { continue }
            let estimate = PointSizeEvaluator(context: builder.context).estimate(size)
            let owner = Self.imageType(of: call, appKit: builder.context.prefersAppKit)
            // macOS's text styles have their own sizes (13 pt is its `.body`).
            let style = estimate?.anchor
                ?? (owner == "NSImage" ? TextStyle.nearestOnMacOS(toPointSize: estimate?.points) : TextStyle.nearest(toPointSize: estimate?.points))
            let replacement = Self.replacement(owner: owner, style: style, scale: call.argument("scale"), weight: call.argument("weight"))
            // AppKit has no weight-only configuration to apply: a fix would drop the weight.
            let keepsWeight = owner != "NSImage" || call.argument("weight").map { $0.referencedName == "regular" } ?? true
            let message = "a symbol configured with a point size does not scale with the adjacent text"
            if let advice = Self.sizeKeepingAdvice(size, estimate: estimate, owner: owner) {
                builder.report(builder.makeFinding(.fixedSymbolSize, at: call, message: message, replacement: nil, fix: advice))
                continue
            }
            builder.report(builder.makeFinding(
                .fixedSymbolSize, at: call, message: message,
                replacement: keepsWeight ? replacement : nil,
                fix: keepsWeight
                    ? "use `\(replacement)`"
                    : "size the symbol by a text style (`\(replacement)`); AppKit cannot keep its weight with one, so no replacement is offered"
            ))
        }
    }

    /// A size no text style replaces: one this file cannot read (a constant
    /// of another file: `.body` would halve a 32 pt icon), or a display size
    /// above `.largeTitle` (a 100 pt icon would shrink to 34). The size is
    /// kept and scaled instead, as RULES "Display sizes keep their size" asks.
    private static func sizeKeepingAdvice(_ size: ExprSyntax, estimate: PointSizeEstimate?, owner: String) -> String? {
        guard owner != "NSImage", estimate?.anchor == nil else { return nil }
        guard let points = estimate?.points, !points.isNaN else {
            return "the size is not known here (defined elsewhere or computed when the code runs): size the symbol by the text style "
                + "nearest to it (`\(owner).SymbolConfiguration(textStyle: …)`), or scale the size it has "
                + "(`UIFontMetrics(forTextStyle: …).scaledValue(for: \(size.oneLine))`)"
        }
        guard points > TextStyle.largeTitle.pointSize else { return nil }
        return "keep the display size and scale it: `pointSize: UIFontMetrics(forTextStyle: .largeTitle).scaledValue(for: \(size.oneLine))`, "
            + "refreshed when the text size changes (`traitCollectionDidChange` or `registerForTraitChanges`)"
    }

    /// The text style's configuration, keeping the scale, and in UIKit a weight
    /// (also the fix of a symbol configured by a fixed font, `FixSuggestions`).
    static func replacement(owner: String, style: TextStyle, scale: ExprSyntax?, weight: ExprSyntax?) -> String {
        var replacement = "\(owner).SymbolConfiguration(textStyle: .\(style.uiKitName)"
        if let scale { replacement += ", scale: \(scale.oneLine)" }
        replacement += ")"
        if owner != "NSImage", let weight, weight.referencedName != "regular" {
            replacement += ".applying(\(owner).SymbolConfiguration(weight: \(weight.oneLine)))"
        }
        return replacement
    }

    /// `UIImage` in `UIImage.SymbolConfiguration(…)` and `UIImage.SymbolConfiguration.init(…)`.
    static func imageType(of call: FunctionCallExprSyntax, appKit: Bool) -> String {
        var base = call.calleeBase
        if call.calleeName == "init", let configuration = base?.as(MemberAccessExprSyntax.self) { base = configuration.base }
        return base?.trimmedText ?? (appKit ? "NSImage" : "UIImage")
    }

    /// `UIImage.SymbolConfiguration.init(pointSize:)`, or `.init(pointSize:)`
    /// stored as a symbol configuration or passed as an image's configuration.
    private static func initializesSymbolConfiguration(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.argument("pointSize") != nil else { return false }
        if let base = call.calleeBase { return base.referencedName == "SymbolConfiguration" }
        let parent = call.parent
        if let binding = parent?.parent?.as(PatternBindingSyntax.self), parent?.is(InitializerClauseSyntax.self) == true {
            return binding.typeAnnotation?.type.simpleName == "SymbolConfiguration"
        }
        if let argument = parent?.as(LabeledExprSyntax.self) {
            guard let label = argument.label?.text else { return isConfigurationArgument(argument) }
            return label == "withConfiguration"
        }
        // The right-hand side of an assignment sits in the sequence's element list.
        if let sequence = (parent?.as(ExprListSyntax.self)?.parent ?? parent)?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
            let target = sequence.elements.first?.unwrapped.referencedName
        {
            return target.hasSuffix("ymbolConfiguration")
        }
        return false
    }

    /// Methods whose first argument, unlabelled, is a symbol configuration.
    private static let configurationMethods: Set<String> = [
        "setPreferredSymbolConfiguration", "applyingSymbolConfiguration", "withSymbolConfiguration",
    ]

    /// `button.setPreferredSymbolConfiguration(.init(pointSize: 15), forImageIn: .normal)`,
    /// `image.applyingSymbolConfiguration(.init(pointSize: 20))`.
    private static func isConfigurationArgument(_ argument: LabeledExprSyntax) -> Bool {
        guard let arguments = argument.parent?.as(LabeledExprListSyntax.self), arguments.first?.id == argument.id,
            let call = arguments.parent?.as(FunctionCallExprSyntax.self), let name = call.calleeName
        else { return false }
        return configurationMethods.contains(name)
    }
}

extension SymbolConfigurationRule: UnitRuleFamily {
    static let scope = UnitScope.member
    /// `symbolConfiguration` too: AppKit's `imageView.symbolConfiguration = .init(pointSize: 13)` names no type (CodeEdit's cells).
    static let triggers: [Trigger] = ["SymbolConfiguration", "symbolConfiguration", "withConfiguration"]
    static func run(in unit: UnitRun) { SymbolConfigurationRule(builder: unit.builder).run() }
}
