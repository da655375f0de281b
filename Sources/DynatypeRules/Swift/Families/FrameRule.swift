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
                    !FrameSide.hidesOrFrees($0) && isConstant($0, classifier)
                        && (isTextElement(targets) || isDeclaredText(targets, for: .fixedTextWidth))
                } ?? false
            let heightSize = height.map { classifier.classifySize($0, depth: 0).value }
            // Menu items and presented content are not inside the frame; text that scrolls inside it is not clipped.
            let affected = targets.applicable(for: .fixedTextHeight, in: inventory).filter {
                !ViewTree.isPresentedElsewhere($0.view, within: frame) && !ViewTree.isScrolledVertically($0.view, within: frame)
            }
            let heightIsFixed =
                height.map { !FrameSide.hidesOrFrees($0) } == true && heightSize.map { $0 != .scales } == true
                && (!affected.isEmpty || isDeclaredText(targets, for: .fixedTextHeight))
            let replacement = Self.flexibleFrame(frame, freeingWidth: widthIsFixed, freeingHeight: heightIsFixed)
            // A square (a PIN cell, a numbered circle) freed in one side, or
            // in both, is a box of another shape: its sides scale together.
            let keepsShape = Self.isSquare(frame)
            let fills = !keepsShape && !FrameContent.isSizedToFitLater(frame)
                && frame.calleeBase.map { FrameContent.fillsOfferedSpace($0, freeingWidth: widthIsFixed) } == true
            let advice = keepsShape
                ? "scale both sides of the square together (`@ScaledMetric(relativeTo:)` for its side), or give the text room to grow"
                : "the content takes whatever room a frame without a maximum offers (a shape, a colour, a resizable image, a text field): "
                    + "keep a maximum that scales (`@ScaledMetric`), or give the text itself its least size and draw the rest as its background"
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
                // A size the initializers set is fixed as the font rule finds it: by their calls; a
                // named size by its definition (Mlem's `infoCapsuleHeight`, another file's sum with a `@ScaledMetric`).
                switch heightSize {
                case .initialized, .symbol: builder.report(finding, when: .sizeIsFixed(heightSize))
                default: builder.report(finding)
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

    /// `.frame(width: edge, height: edge)`, `.frame(width: Size.circle.width, height: Size.circle.height)`.
    static func isSquare(_ frame: FunctionCallExprSyntax) -> Bool {
        guard let width = frame.argument("width")?.unwrapped, let height = frame.argument("height")?.unwrapped else { return false }
        if width.oneLine == height.oneLine { return true }
        guard let widthSide = width.as(MemberAccessExprSyntax.self), let heightSide = height.as(MemberAccessExprSyntax.self),
            widthSide.declName.baseName.text == "width", heightSide.declName.baseName.text == "height"
        else { return false }
        return widthSide.base?.oneLine == heightSide.base?.oneLine && widthSide.base != nil
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
