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
            let widthIsFixed =
                width.map {
                    !Self.hidesOrFrees($0) && isConstant($0, classifier)
                        && (isTextElement(targets) || isDeclaredText(targets, for: .fixedTextWidth))
                } ?? false
            let heightSize = height.map { classifier.classifySize($0, depth: 0).value }
            // Menu items and presented content are not inside the frame; text that scrolls inside it is not clipped.
            let affected = targets.applicable(for: .fixedTextHeight, in: inventory).filter {
                !ViewTree.isPresentedElsewhere($0.view, within: frame) && !ViewTree.isScrolledVertically($0.view, within: frame)
            }
            let heightIsFixed =
                height.map { !Self.hidesOrFrees($0) } == true && heightSize.map { $0 != .scales } == true
                && (!affected.isEmpty || isDeclaredText(targets, for: .fixedTextHeight))
            let replacement = Self.flexibleFrame(frame, freeingWidth: widthIsFixed, freeingHeight: heightIsFixed)
            // A square (a PIN cell, a numbered circle) freed in one side, or
            // in both, is a box of another shape: its sides scale together.
            let keepsShape = Self.isSquare(frame)
            let fills = !keepsShape && frame.calleeBase.map(Self.fillsOfferedSpace) == true
            let advice = keepsShape
                ? "scale both sides of the square together (`@ScaledMetric(relativeTo:)` for its side), or give the text room to grow"
                : "the content fills whatever room a frame without a maximum offers (a shape, a colour, a resizable image): "
                    + "give the text its least size (`.frame(minHeight:)` on the text) and draw the rest as its background"
            let mechanical = !keepsShape && !fills
            if let height, let heightSize, heightIsFixed {
                let finding = builder.makeFinding(
                    .fixedTextHeight, at: name,
                    message: "a fixed height of \(height.oneLine) clips text that grows with Dynamic Type",
                    current: frame.modifierText,
                    replacement: mechanical ? replacement : nil,
                    fix: mechanical ? "use `\(replacement)` so the height can grow" : advice,
                    elements: affected.map(\.index)
                )
                // A size the initializers set is fixed as the font rule finds it: by their calls.
                if case .initialized = heightSize {
                    builder.report(finding, when: .sizeIsFixed(heightSize))
                } else {
                    builder.report(finding)
                }
            }
            if let width, widthIsFixed {
                builder.report(builder.makeFinding(
                    .fixedTextWidth, at: name,
                    message: "a fixed width of \(width.oneLine) forces text to wrap or truncate at large sizes",
                    current: frame.modifierText,
                    replacement: mechanical ? replacement : nil,
                    fix: mechanical ? "use `\(replacement)` and let the layout size the text" : advice
                ))
            }
        }
    }

    /// The frame with a fixed text side made flexible (a width at least the
    /// design's, a height at least its own) and everything else kept: a side that is not a finding stays fixed (`minWidth: 60,
    /// maxWidth: 60`), and the alignment stays (or stays the default centre),
    /// since `frame(width:height:)` and the flexible frame cannot be mixed in one call.
    static func flexibleFrame(_ frame: FunctionCallExprSyntax, freeingWidth: Bool, freeingHeight: Bool) -> String {
        var arguments: [String] = []
        if freeingWidth {
            // The design's width stays the least it takes (`maxWidth: .infinity` would
            // stretch a 250 pt button across a row, or a card across a carousel).
            arguments.append(frame.argument("width").map { "minWidth: \($0.oneLine)" } ?? "maxWidth: .infinity")
        } else if let width = frame.argument("width"), !width.isNilLiteral {
            arguments += ["minWidth: \(width.oneLine)", "maxWidth: \(width.oneLine)"]
        }
        if let height = frame.argument("height"), !height.isNilLiteral {
            arguments += freeingHeight ? ["minHeight: \(height.oneLine)"] : ["minHeight: \(height.oneLine)", "maxHeight: \(height.oneLine)"]
        }
        // Without one the frame centres its content, as the flexible frame does.
        if let alignment = frame.argument("alignment") { arguments.append("alignment: \(alignment.oneLine)") }
        return ".frame(\(arguments.joined(separator: ", ")))"
    }

    /// A shape, a colour or a resizable image takes all the room a frame
    /// without a maximum offers (duckduckgo's button label, a
    /// `RoundedRectangle` in a `ZStack`): freeing the frame stretches it.
    private static func fillsOfferedSpace(_ content: ExprSyntax) -> Bool {
        content.tokens(viewMode: .sourceAccurate).contains { token in
            let greedy = greedyViews.contains(token.text) && token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
                || token.text == "resizable" || token.text == "Color"
            return greedy && !isDecoration(token, within: content)
        }
    }

    /// An argument (`.foregroundColor(Color(…))`), or in a `.background { … }`,
    /// `.overlay { … }` or mask: drawn to the view's size, not laying it out.
    private static func isDecoration(_ token: TokenSyntax, within content: ExprSyntax) -> Bool {
        var current = Syntax(token)
        while let parent = current.parent, current.id != content.id {
            if parent.is(LabeledExprSyntax.self) { return true }
            if let call = parent.as(FunctionCallExprSyntax.self), let name = call.calleeName, decorations.contains(name),
                current.id != call.calledExpression.id
            {
                return true
            }
            current = parent
        }
        return false
    }

    private static let decorations: Set<String> = ["background", "overlay", "clipShape", "mask", "contentShape", "border", "foregroundStyle"]

    private static let greedyViews: Set<String> = [
        // Not `Spacer`: it fills one axis, its stack's.
        "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "UnevenRoundedRectangle", "GeometryReader",
        "LinearGradient", "RadialGradient", "AngularGradient",
    ]

    /// `.frame(width: edge, height: edge)`, `.frame(width: Size.circle.width, height: Size.circle.height)`.
    static func isSquare(_ frame: FunctionCallExprSyntax) -> Bool {
        guard let width = frame.argument("width")?.unwrapped, let height = frame.argument("height")?.unwrapped else { return false }
        if width.oneLine == height.oneLine { return true }
        guard let widthSide = width.as(MemberAccessExprSyntax.self), let heightSide = height.as(MemberAccessExprSyntax.self),
            widthSide.declName.baseName.text == "width", heightSide.declName.baseName.text == "height"
        else { return false }
        return widthSide.base?.oneLine == heightSide.base?.oneLine && widthSide.base != nil
    }

    /// the rule catalogue "Hiding is not a fixed height": `0`, `nil`, or a conditional
    /// choosing between them hides the view or leaves its size free (a width
    /// too: it is not "a literal/constant width").
    private static func hidesOrFrees(_ side: ExprSyntax) -> Bool {
        let expr = side.unwrapped
        if expr.isNilLiteral || expr.numericValue == 0 || expr.referencedName == "infinity" { return true }
        if followsContainer(expr) || isMeasured(expr) { return true }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            return hidesOrFrees(ternary.thenExpression) && hidesOrFrees(ternary.elseExpression)
        }
        guard let sequence = expr.as(SequenceExprSyntax.self), let ternary = sequence.elements.lazy.compactMap({ $0.as(UnresolvedTernaryExprSyntax.self) }).first,
            let otherwise = sequence.elements.last, sequence.elements.count == 3
        else { return false }
        return hidesOrFrees(ternary.thenExpression) && hidesOrFrees(otherwise)
    }

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

    /// The chain starts from a text element the width rule applies to: one
    /// the inventory lists, or a `Button` whose label draws one.
    private func isTextElement(_ targets: ModifierTargets) -> Bool {
        let elements = targets.applicable(for: .fixedTextWidth, in: inventory)
        if targets.rootIsTextElement { return !elements.isEmpty }
        guard let label = targets.buttonLabel else { return false }
        return elements.contains { label.range.contains($0.view.position) }
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
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["frame"]
    /// Text to clip, or an icon.
    static let alsoNeeds = SwiftUIInventory.triggers + [.word("Image")]
    static func run(in unit: UnitRun) { FrameRule(builder: unit.builder, inventory: unit.inventory).run() }
}
