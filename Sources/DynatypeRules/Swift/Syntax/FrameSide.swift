import SwiftSyntax

/// Whether a side given to `.frame` is a size set for text, or one the
/// layout decides while it runs (hidden, free, the container's share, measured).
enum FrameSide {
    /// the rule catalogue "Hiding is not a fixed height": `0`, `nil`, or a conditional
    /// choosing between them hides the view or leaves its size free (a width
    /// too: it is not "a literal/constant width").
    static func hidesOrFrees(_ side: ExprSyntax) -> Bool {
        let expr = side.unwrapped
        if expr.isNilLiteral || expr.numericValue == 0 || expr.referencedName == "infinity" { return true }
        if followsContainer(expr) || isMeasured(expr) || readsFontMetrics(expr) { return true }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            return hidesOrFrees(ternary.thenExpression) && hidesOrFrees(ternary.elseExpression)
        }
        guard let sequence = expr.as(SequenceExprSyntax.self), let ternary = sequence.elements.lazy.compactMap({ $0.as(UnresolvedTernaryExprSyntax.self) }).first,
            let otherwise = sequence.elements.last, sequence.elements.count == 3
        else { return false }
        return hidesOrFrees(ternary.thenExpression) && hidesOrFrees(otherwise)
    }

    /// A size computed from a font's metrics (Trio's `titleLabel.font.lineHeight`,
    /// Mlem's `capsuleSize = UIFont.preferredFont(forTextStyle: .subheadline).pointSize * 1.3`),
    /// directly or through a property of the type: it is as large as the text
    /// it was measured for, which a literal is not.
    static func readsFontMetrics(_ side: ExprSyntax) -> Bool {
        let tokens = side.tokens(viewMode: .sourceAccurate).map(\.text)
        if tokens.contains(where: fontMetrics.contains) { return true }
        guard let name = side.unwrapped.plainName, let type = TypeScope.enclosing(side) else { return false }
        return type.memberBlock.members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
            return variable.bindings.contains { binding in
                binding.name == name && binding.returnedValues.contains { value in
                    value.tokens(viewMode: .sourceAccurate).contains { fontMetrics.contains($0.text) }
                }
            }
        }
    }

    private static let fontMetrics: Set<String> = ["lineHeight", "pointSize", "capHeight", "ascender", "xHeight"]

    /// A share of the space around it (`geometry.size.height * 82 / 345` in a
    /// `GeometryReader { geometry in … }`, the screen's bounds, EhPanda's
    /// `DeviceUtil.windowW * 0.25`): a layout proportion that changes with
    /// the container, not a size set for text.
    private static func followsContainer(_ side: ExprSyntax) -> Bool {
        let names = Set(side.tokens(viewMode: .sourceAccurate).map(\.text))
        if names.contains(where: namesScreenOrWindow) { return true }
        var current = side.parent
        while let node = current, !node.is(DeclSyntax.self) {
            if let reader = node.as(FunctionCallExprSyntax.self), reader.calleeName == "GeometryReader",
                let closure = reader.trailingClosure, closureParameters(of: closure).contains(where: names.contains)
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// A size the view measures from its content while it runs: a layout
    /// closure's size (Swiftfin's `AlternateLayoutView { … } content: { size in
    /// … }`), or a `@State` size a reader writes (pocket-casts'
    /// `ContentSizeReader(contentSize: $textFieldSize)`, a value set in
    /// `onPreferenceChange`). It grows with the text it measures.
    private static func isMeasured(_ side: ExprSyntax) -> Bool {
        let names = Set(side.tokens(viewMode: .sourceAccurate).map(\.text))
        var current = side.parent
        while let node = current, !node.is(DeclSyntax.self) {
            if let closure = node.as(ClosureExprSyntax.self),
                closureParameters(of: closure).contains(where: { names.contains($0) && namesMeasurement($0) })
            {
                return true
            }
            current = node.parent
        }
        guard let type = TypeScope.enclosing(side) else { return false }
        let measured = type.memberBlock.members.flatMap { member -> [String] in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "State" })
            else { return [] }
            return variable.bindings.filter(isSize).compactMap(\.name).filter(names.contains)
        }
        guard !measured.isEmpty else { return false }
        return type.memberBlock.tokens(viewMode: .sourceAccurate).contains { token in
            measured.contains { token.text == "$" + $0 || token.text == $0 && isAssignedInClosure(token) }
        }
    }

    /// `@State var textFieldSize: CGSize = .zero`, `@State var height = 0.0`: not a flag (`@State var open = false`).
    private static func isSize(_ binding: PatternBindingSyntax) -> Bool {
        if let type = binding.typeAnnotation?.type.simpleName { return ["CGSize", "CGFloat", "CGRect", "Double"].contains(type) }
        guard let value = binding.initializer?.value else { return false }
        return value.numericValue != nil || value.referencedName == "zero"
    }

    private static func namesMeasurement(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["size", "frame", "bounds"].contains { lowered.contains($0) }
    }

    private static func closureParameters(of closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let shorthand)?: return shorthand.map(\.name.text)
        case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        default: return []
        }
    }

    /// `textSize = $0` in `.onPreferenceChange(SizeKey.self) { textSize = $0 }`.
    private static func isAssignedInClosure(_ token: TokenSyntax) -> Bool {
        guard token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .equal else { return false }
        return token.ancestor(ClosureExprSyntax.self) != nil
    }

    /// `UIScreen`, `screen`, `screenWidth`, `windowW`: the display or window the layout fills.
    private static func namesScreenOrWindow(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasPrefix("screen") || lowered.hasPrefix("window") || lowered.hasSuffix("screen")
    }
}
