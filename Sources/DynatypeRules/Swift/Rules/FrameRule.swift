import SwiftSyntax

/// `.frame(height:)` / `.frame(width:)` on text (`fixed_text_height`,
/// `fixed_text_width`) and literal icon frames (`fixed_icon_frame`).
struct FrameRule {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    func run() {
        let classifier = FontClassifier(context: builder.context)
        for frame in builder.context.index.modifierCalls(named: "frame") {
            guard let name = frame.nameToken else { continue }
            let targets = ModifierTargets(frame, in: inventory)
            let height = frame.argument("height")
            let width = frame.argument("width")
            if targets.rootRole == .image {
                if let width, let height, width.isNumericLiteral, height.isNumericLiteral {
                    reportIconFrame(frame, at: name, side: width.trimmedText)
                }
                continue
            }
            let heightSize = height.map { classifier.classifySize($0, depth: 0).value }
            if let height, let heightSize, !Self.hidesOrFrees(height), heightSize != .scales {
                // Menu items and presented content are not inside the frame.
                let affected = targets.applicable(for: .fixedTextHeight, in: inventory).filter {
                    !ViewTree.isPresentedElsewhere($0.call, within: frame)
                }
                if !affected.isEmpty || isDeclaredText(targets, for: .fixedTextHeight) {
                    let finding = builder.makeFinding(
                        .fixedTextHeight, at: name,
                        message: "a fixed height of \(height.oneLine) clips text that grows with Dynamic Type",
                        current: frame.modifierText,
                        replacement: ".frame(minHeight: \(height.oneLine))",
                        fix: "use `.frame(minHeight: \(height.oneLine))` so the height can grow",
                        elements: affected.map(\.index)
                    )
                    // A size the initializers set is fixed as the font rule finds it: by their calls.
                    if case .initialized = heightSize {
                        builder.report(finding, when: .sizeIsFixed(heightSize))
                    } else {
                        builder.report(finding)
                    }
                }
            }
            if let width, !Self.hidesOrFrees(width), isConstant(width, classifier),
                targets.rootIsTextElement && !targets.applicable(for: .fixedTextWidth, in: inventory).isEmpty
                    || isDeclaredText(targets, for: .fixedTextWidth)
            {
                builder.report(builder.makeFinding(
                    .fixedTextWidth, at: name,
                    message: "a fixed width of \(width.oneLine) forces text to wrap or truncate at large sizes",
                    current: frame.modifierText,
                    replacement: ".frame(maxWidth: .infinity, alignment: .leading)",
                    fix: "use `.frame(maxWidth: .infinity, alignment: .leading)` and let the layout size the text"
                ))
            }
        }
    }

    /// the rule catalogue "Hiding is not a fixed height": `0`, `nil`, or a conditional
    /// choosing between them hides the view or leaves its size free (a width
    /// too: it is not "a literal/constant width").
    private static func hidesOrFrees(_ side: ExprSyntax) -> Bool {
        let expr = side.unwrapped
        if expr.isNilLiteral || expr.numericValue == 0 { return true }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            return hidesOrFrees(ternary.thenExpression) && hidesOrFrees(ternary.elseExpression)
        }
        guard let sequence = expr.as(SequenceExprSyntax.self), let ternary = sequence.elements.lazy.compactMap({ $0.as(UnresolvedTernaryExprSyntax.self) }).first,
            let otherwise = sequence.elements.last, sequence.elements.count == 3
        else { return false }
        return hidesOrFrees(ternary.thenExpression) && hidesOrFrees(otherwise)
    }

    /// A chain on a view declared as text elsewhere in the file (`connectButton:
    /// Button<Text>`), unless the chain exempts it.
    private func isDeclaredText(_ targets: ModifierTargets, for rule: RuleID) -> Bool {
        targets.elements.isEmpty && DeclaredTextView.kind(of: targets.root, bindings: builder.context.bindings) != nil
            && inventory.tree.environment(of: targets.root).exemption(for: rule) == nil
    }

    private func isConstant(_ width: ExprSyntax, _ classifier: FontClassifier) -> Bool {
        guard !width.isNilLiteral else { return false }
        switch classifier.classifySize(width, depth: 0).value {
        case .fixed: return true
        // `Layout.rowWidth` is a constant; `geometry.size.width` is not.
        case .symbol(let reference): return reference.qualifier?.first?.isUppercase ?? true
        case .scales, .parameter, .initialized: return false
        }
    }

    private func reportIconFrame(_ frame: FunctionCallExprSyntax, at name: TokenSyntax, side: String) {
        let replacement = "@ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = \(side)"
        builder.report(builder.makeFinding(
            .fixedIconFrame, at: name,
            message: "the icon keeps a fixed size while the text around it grows",
            replacement: replacement,
            fix: "declare `\(replacement)` and use `.frame(width: iconSize, height: iconSize)`"
        ))
    }
}

extension FrameRule: UnitRuleFamily {
    static let emits: Set<RuleID> = [.fixedTextHeight, .fixedTextWidth, .fixedIconFrame]
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["frame"]
    /// Text to clip, or an icon.
    static let alsoNeeds = SwiftUIInventory.triggers + [.word("Image")]
    static func run(in unit: UnitRun) { FrameRule(builder: unit.builder, inventory: unit.inventory).run() }
}
