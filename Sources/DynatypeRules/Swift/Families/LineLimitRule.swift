import SwiftSyntax

/// `.lineLimit(1)` on text whose content is not a literal, outside anything
/// that scrolls (`single_line_truncation`).
struct LineLimitRule {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    func run() {
        let counts = PointSizeEvaluator(context: builder.context)
        for lineLimit in builder.context.index.modifierCalls(named: "lineLimit") {
            guard counts.isConstantOne(lineLimit.arguments.first?.expression), let name = lineLimit.nameToken else { continue }
            let truncated = ModifierTargets(lineLimit, in: inventory)
                .applicable(for: .singleLineTruncation, in: inventory)
                .filter { !$0.environment.scrolls && !isInScrolledHelper($0.view) && !Self.hasLiteralContent($0.view) && !Self.scrollsItsLine($0.view) }
                .filter { !Self.neverCut($0.environment.modifiers) }
            guard !truncated.isEmpty, !Self.neverCut(ViewTree.modifiers(appliedTo: ViewTree.root(of: lineLimit))) else { continue }
            builder.report(builder.makeFinding(
                .singleLineTruncation, at: name,
                message: "one line truncates \(TextCut.words(truncated[0].view.oneLine, limit: 40)) at large text sizes and nothing scrolls to reveal it",
                current: lineLimit.modifierText,
                replacement: ".lineLimit(nil)",
                fix: "use `.lineLimit(nil)` or `.fixedSize(horizontal: false, vertical: true)`, or offer a detail view",
                elements: truncated.map(\.index)
            ))
        }
    }

    /// Text built in a same-file view helper used only where something scrolls.
    private func isInScrolledHelper(_ view: ExprSyntax) -> Bool {
        guard let helper = ViewHelpers.enclosing(view) else { return false }
        return builder.context.facts.scrolledViewHelpers.contains(helper)
    }

    /// A one-line `TextField` / `SecureField` scrolls its own text; only one
    /// made to grow (`axis: .vertical`) is limited by `.lineLimit`.
    static func scrollsItsLine(_ view: ExprSyntax) -> Bool {
        guard let call = view.as(FunctionCallExprSyntax.self) else { return false }
        return ["TextField", "SecureField"].contains(call.calleeName ?? "") && call.argument("axis") == nil
    }

    /// `.lineLimit(1).fixedSize()`, or a `.fixedSize()` container (Nostur's tab
    /// bar): the line takes its whole width (a marquee moves it into view), so
    /// nothing is cut off.
    private static func neverCut(_ modifiers: some Sequence<ModifierCall>) -> Bool {
        modifiers.contains(where: ViewTree.keepsIdealWidth)
    }

    /// `Text("Tap to open")`: a literal without interpolation has a known,
    /// short length; so has a choice between two (`expanded ? "Less" : "Read more"`).
    static func hasLiteralContent(_ view: ExprSyntax) -> Bool {
        guard let call = view.as(FunctionCallExprSyntax.self), let name = call.calleeName, !["TextField", "SecureField", "TextEditor"].contains(name),
            let first = call.arguments.first, first.label == nil || first.label?.text == "verbatim"
        else { return false }
        return isPlainLiteral(first.expression)
    }

    private static func isPlainLiteral(_ expression: ExprSyntax) -> Bool {
        let expr = expression.unwrapped
        if let literal = expr.as(StringLiteralExprSyntax.self) { return literal.segments.allSatisfy { $0.is(StringSegmentSyntax.self) } }
        if let ternary = expr.as(TernaryExprSyntax.self) { return isPlainLiteral(ternary.thenExpression) && isPlainLiteral(ternary.elseExpression) }
        // `String(localized: "search.title")`, `NSLocalizedString("Done", comment: "")`: a key, as `Text("search.title")` is.
        if let call = expr.as(FunctionCallExprSyntax.self), let key = localizedKey(call) { return isPlainLiteral(key) }
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
            let choice = sequence.elements.dropLast().last?.as(UnresolvedTernaryExprSyntax.self), let otherwise = sequence.elements.last
        else { return false }
        return isPlainLiteral(choice.thenExpression) && isPlainLiteral(otherwise)
    }
}

extension LineLimitRule {
    private static func localizedKey(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let first = call.arguments.first else { return nil }
        let label = first.label?.text
        switch call.calleeName {
        case "String": return label == "localized" ? first.expression : nil
        case "NSLocalizedString", "LocalizedStringKey", "LocalizedStringResource": return label == nil ? first.expression : nil
        default: return nil
        }
    }
}

extension LineLimitRule: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["lineLimit"]
    /// Only text elements are reported.
    static let alsoNeeds = SwiftUIInventory.triggers
    static func run(in unit: UnitRun) { LineLimitRule(builder: unit.builder, inventory: unit.inventory).run() }
}
