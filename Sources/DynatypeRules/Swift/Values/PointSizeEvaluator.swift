import Foundation
import SwiftSyntax

/// The point size a size expression stands for, for naming the nearest text
/// style in a fix (the rule catalogue "Text-style sizes"): a fix for 13pt says
/// `.footnote` whether the 13 is written out or named by a constant.
struct PointSizeEstimate {
    /// NaN when part of the expression is known only to the running code
    /// (`fontPointSize + CGFloat(6 - level) * 2`): kept only with an anchor.
    var points: Double
    /// The text style whose preferred font's size the expression reads
    /// (`UIFont.preferredFont(forTextStyle: .callout).pointSize`), if any.
    var anchor: TextStyle?
    /// The expression with each such read replaced by the style's default
    /// size (`17 * 0.7`): a fix that scales the font must not scale an
    /// already-scaled size a second time.
    var text: String
}

/// Folds constant size expressions: literals, arithmetic, conversions
/// (`CGFloat(x)`), locals and properties of the file with constant values
/// (`Constants.symbolPointSize`), and the default size of a preferred font.
/// nil for anything it cannot know (a parameter, a value set elsewhere).
struct PointSizeEvaluator {
    let context: FileContext

    private static let maximumDepth = 8

    func estimate(_ expression: ExprSyntax?) -> PointSizeEstimate? {
        expression.flatMap { estimate($0, depth: 0) }
    }

    /// Whether a count (`numberOfLines`, `.lineLimit(_:)`) is one line,
    /// written out or named by a constant of the file
    /// (`Style.maximumNumberOfTitleLines`); a choice between counts is not.
    func isConstantOne(_ expression: ExprSyntax?) -> Bool {
        guard let expression, !expression.unwrapped.is(SequenceExprSyntax.self), !expression.unwrapped.is(TernaryExprSyntax.self),
            let count = estimate(expression)
        else { return false }
        return count.anchor == nil && count.points == 1
    }

    private func estimate(_ expression: ExprSyntax, depth: Int) -> PointSizeEstimate? {
        guard depth < Self.maximumDepth else { return nil }
        let expr = expression.unwrapped
        if let value = expr.numericValue { return PointSizeEstimate(points: value, text: expr.trimmedText) }
        if let style = preferredFontStyle(readBy: expr) {
            // Swiftcord's `NSFont.preferredFont(forTextStyle: .largeTitle).pointSize` is macOS's 26, not iOS's 34.
            let points = readsAppKitFont(expr) ? style.macOSPointSize : style.pointSize
            return PointSizeEstimate(points: points, anchor: style, text: Self.format(points))
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.arguments.first?.label == nil,
            let name = call.calleeName, Self.numberTypes.contains(name)
        {
            return estimate(call.arguments.first!.expression, depth: depth + 1)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
                return branches(ternary.thenExpression, elements[2], depth: depth)
            }
            return arithmetic(elements, depth: depth)
        }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            return branches(ternary.thenExpression, ternary.elseExpression, depth: depth)
        }
        if let points = platformFontSize(expr) { return PointSizeEstimate(points: points, text: expr.trimmedText) }
        if let elements = initializerValue(of: expr),
            let traced = elements.count == 1 ? estimate(elements[0], depth: depth + 1) : arithmetic(elements, depth: depth + 1),
            traced.anchor != nil
        {
            return PointSizeEstimate(points: traced.points, anchor: traced.anchor, text: elements.count == 1 ? traced.text : "(\(traced.text))")
        }
        if let value = constantValue(of: expr), let traced = estimate(value, depth: depth + 1) {
            // A named constant stays named in the fix unless it reads a preferred font.
            guard traced.anchor != nil else { return PointSizeEstimate(points: traced.points, text: expr.trimmedText) }
            let text = value.unwrapped.is(SequenceExprSyntax.self) ? "(\(traced.text))" : traced.text
            return PointSizeEstimate(points: traced.points, anchor: traced.anchor, text: text)
        }
        return nil
    }

    /// `isTV ? 30 : 24`: the smaller branch the code names, the size text
    /// starts from before Dynamic Type makes it larger.
    private func branches(_ first: ExprSyntax, _ second: ExprSyntax, depth: Int) -> PointSizeEstimate? {
        [first, second].compactMap { estimate($0, depth: depth + 1) }.filter { !$0.points.isNaN }.min { $0.points < $1.points }
    }

    /// `a * b + c`: the parser leaves operators unfolded, so `*` and `/` are
    /// applied before `+` and `-` here; anything else is not a size. An
    /// operand it cannot know keeps its text when another operand reads a
    /// preferred font: the fix still has to rebuild that size on the style's
    /// default size, or it scales the user's size a second time.
    private func arithmetic(_ elements: [ExprSyntax], depth: Int) -> PointSizeEstimate? {
        guard elements.count % 2 == 1 else { return nil }
        var operands: [PointSizeEstimate] = []
        var operators: [String] = []
        for (offset, element) in elements.enumerated() {
            if offset % 2 == 1 {
                guard let name = element.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+", "-", "*", "/"].contains(name) else { return nil }
                operators.append(name)
            } else {
                operands.append(estimate(element, depth: depth + 1) ?? PointSizeEstimate(points: .nan, text: element.trimmedText))
            }
        }
        var sums = [operands[0].points]
        var additions: [String] = []
        for (index, name) in operators.enumerated() {
            let right = operands[index + 1].points
            switch name {
            // An unknown factor (`24 * fontScale`) is a multiplier of the size the
            // code names; a known factor below any text size (`width * 0.5`) is a ratio.
            case "*" where right.isNaN: sums[sums.count - 1] = Self.asSize(sums[sums.count - 1])
            case "*" where sums[sums.count - 1].isNaN: sums[sums.count - 1] = Self.asSize(right)
            case "*": sums[sums.count - 1] *= right
            case "/" where right.isNaN: break
            case "/": guard right != 0 else { return nil }; sums[sums.count - 1] /= right
            default: sums.append(right); additions.append(name)
            }
        }
        var total = sums[0]
        for (index, name) in additions.enumerated() { total += name == "+" ? sums[index + 1] : -sums[index + 1] }
        let anchor = operands.lazy.compactMap(\.anchor).first
        guard anchor != nil || !total.isNaN else { return nil }
        var text = operands[0].text
        for (index, name) in operators.enumerated() { text += " \(name) \(operands[index + 1].text)" }
        return PointSizeEstimate(points: total, anchor: anchor, text: text)
    }

    /// `UIFont.preferredFont(forTextStyle: .callout).pointSize` → `.callout`;
    /// also a preferred font descriptor's, and either held by a constant
    /// (`let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .title3)`).
    private func preferredFontStyle(readBy expr: ExprSyntax) -> TextStyle? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "pointSize", let base = member.base
        else { return nil }
        return textStyle(madeBy: base, depth: 0)
    }

    /// The text style a font or descriptor is made from, through constants
    /// and changes that keep its size (`.fontDescriptor`,
    /// `.withSymbolicTraits(.traitBold)!`, `.addingAttributes(…)`).
    private func textStyle(madeBy expression: ExprSyntax, depth: Int) -> TextStyle? {
        styleArgument(madeBy: expression, depth: depth).flatMap { $0.referencedName.flatMap(TextStyle.init(uiKitName:)) }
    }

    /// The `forTextStyle:` / `withTextStyle:` argument as written.
    private func styleArgument(madeBy expression: ExprSyntax, depth: Int) -> ExprSyntax? {
        guard depth < Self.maximumDepth else { return nil }
        let expr = expression.unwrapped
        if let call = expr.as(FunctionCallExprSyntax.self) {
            switch call.calleeName {
            case "preferredFont": return call.argument("forTextStyle")
            case "preferredFontDescriptor": return call.argument("withTextStyle")
            default: break
            }
            guard let name = call.calleeName, Self.sizeKeepingChanges.contains(name), let base = call.calleeBase else { return nil }
            return styleArgument(madeBy: base, depth: depth + 1)
        }
        if let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "fontDescriptor", let base = member.base {
            return styleArgument(madeBy: base, depth: depth + 1)
        }
        return constantValue(of: expr).flatMap { styleArgument(madeBy: $0, depth: depth + 1) }
    }

    /// The text style, named only when the code runs (`forTextStyle: textStyle`),
    /// of a preferred font whose size the expression reads
    /// (`min(descriptor.pointSize, maxSize)`): a size read once, with no
    /// style a fix could name.
    func runTimeStyle(readBy expression: ExprSyntax) -> ExprSyntax? {
        let reads = [expression] + expression.tokens(viewMode: .sourceAccurate).compactMap { token -> ExprSyntax? in
            guard token.text == "pointSize" else { return nil }
            return token.parent?.parent.flatMap { $0.as(MemberAccessExprSyntax.self) }.map(ExprSyntax.init)
        }
        for read in reads {
            guard let member = read.unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "pointSize",
                let base = member.base, let style = styleArgument(madeBy: base, depth: 0)
            else { continue }
            if style.referencedName.flatMap(TextStyle.init(uiKitName:)) == nil { return style }
        }
        return nil
    }

    private func readsAppKitFont(_ expression: ExprSyntax) -> Bool {
        let names = expression.tokens(viewMode: .sourceAccurate).map(\.text)
        if names.contains("NSFont") || names.contains("NSFontDescriptor") { return true }
        return !names.contains("UIFont") && !names.contains("UIFontDescriptor") && context.prefersAppKit
    }

    private static let sizeKeepingChanges: Set<String> = ["withSymbolicTraits", "addingAttributes", "withDesign", "withFamily", "withFace", "withTraits"]

    /// The value of a `let` (or a property with a default value that is never
    /// reassigned in its initializers) that the expression names: a local or
    /// a member in scope, or `Type.member` of a type declared in this file.
    private func constantValue(of expr: ExprSyntax) -> ExprSyntax? {
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            switch context.bindings.resolve(reference.baseName.text, at: expr) {
            case .local(let binding), .member(let binding, _, _): return binding.valueExpression
            case .parameter: return nil
            case .unknown: return Self.platformConstant(reference.baseName.text, from: expr)
            }
        }
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base?.unwrapped else { return Self.numericExtensionConstant(name, from: expr) }
        if base.referencedName == "self" {
            guard case .member(let binding, _, _) = context.bindings.resolve(name, at: expr) else { return nil }
            return binding.valueExpression
        }
        if base.referencedName == "Self" {
            return TypeScope.enclosing(expr).flatMap { Self.staticConstant(name, in: $0.memberBlock) }
        }
        guard let typeName = base.referencedName, typeName.first?.isUppercase == true,
            let type = Self.visibleType(named: typeName, from: expr)
        else { return nil }
        return Self.staticConstant(name, in: type)
    }

    /// A stored property with no value of its own that every initializer
    /// sets alike (Brave's `deviceFontSize = defaultStandardFontSize * factor`,
    /// from `preferredFontDescriptor(withTextStyle: .body).pointSize`): the
    /// operands of what they assign.
    private func initializerValue(of expr: ExprSyntax) -> [ExprSyntax]? {
        guard let name = expr.plainName, case .member(let binding, _, let type) = context.bindings.resolve(name, at: expr),
            binding.valueExpression == nil
        else { return nil }
        let values = type.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            .flatMap { FontClassifier.assignedValues(of: name, in: $0) }
        guard let first = values.first, values.allSatisfy({ $0.map(\.trimmedText) == first.map(\.trimmedText) }) else { return nil }
        return first
    }

    /// A type declared in an enclosing member block or at file scope.
    private static func visibleType(named name: String, from node: some SyntaxProtocol) -> MemberBlockSyntax? {
        var current = node.parent
        while let candidate = current {
            let declarations: [Syntax]
            if let block = candidate.as(MemberBlockSyntax.self) {
                declarations = block.members.map { Syntax($0.decl) }
            } else if let file = candidate.as(SourceFileSyntax.self) {
                declarations = file.statements.map { Syntax($0.item) }
            } else {
                declarations = []
            }
            if let scope = declarations.lazy.compactMap(TypeScope.init).first(where: { $0.name == name && !$0.isExtension }) {
                return scope.memberBlock
            }
            current = candidate.parent
        }
        return nil
    }

    /// `.titleSize` where a number is expected: a `static let` of an
    /// extension of a number type in this file (`extension CGFloat { static let titleSize: CGFloat = 26 }`).
    private static func numericExtensionConstant(_ name: String, from node: some SyntaxProtocol) -> ExprSyntax? {
        guard let file = node.root.as(SourceFileSyntax.self) else { return nil }
        for statement in file.statements {
            guard let extensionDecl = statement.item.as(ExtensionDeclSyntax.self),
                numberTypes.contains(extensionDecl.extendedType.trimmedText),
                let value = staticConstant(name, in: extensionDecl.memberBlock)
            else { continue }
            return value
        }
        return nil
    }

    /// A file-level constant declared once per platform (`#if os(iOS) let iconSize = 72 #else … #endif`):
    /// the first branch's value names the style.
    private static func platformConstant(_ name: String, from node: some SyntaxProtocol) -> ExprSyntax? {
        guard let file = node.root.as(SourceFileSyntax.self) else { return nil }
        for statement in file.statements {
            guard let conditional = statement.item.as(IfConfigDeclSyntax.self) else { continue }
            for clause in conditional.clauses {
                guard case .statements(let items)? = clause.elements else { continue }
                for item in items {
                    guard let variable = item.item.as(VariableDeclSyntax.self),
                        let binding = variable.bindings.first(where: { $0.name == name })
                    else { continue }
                    return binding.valueExpression
                }
            }
        }
        return nil
    }

    /// The sizes UIKit and AppKit name (`UIFont.systemFontSize` is 14 pt,
    /// `NSFont.systemFontSize(for: .small)` 11): a fix names the style
    /// nearest to them on their platform, not `.body` for an unknown size.
    private func platformFontSize(_ expr: ExprSyntax) -> Double? {
        let name: String, base: ExprSyntax?
        if let call = expr.as(FunctionCallExprSyntax.self), call.calleeName == "systemFontSize",
            let controlSize = call.argument("for")?.referencedName
        {
            guard call.calleeBase.map({ $0.referencedName == "NSFont" }) ?? context.prefersAppKit else { return nil }
            return Self.appKitControlSizes[controlSize]
        } else if let member = expr.as(MemberAccessExprSyntax.self), let owner = member.base {
            guard ["UIFont", "NSFont"].contains(owner.referencedName ?? "") else { return nil }
            (name, base) = (member.declName.baseName.text, owner)
        } else if let reference = expr.as(DeclReferenceExprSyntax.self), Self.isNamedSize(reference.baseName.text),
            case .unknown = context.bindings.resolve(reference.baseName.text, at: expr)
        {
            (name, base) = (reference.baseName.text, nil)
        } else {
            return nil
        }
        let appKit = base.map { $0.referencedName == "NSFont" } ?? context.prefersAppKit
        return appKit ? Self.appKitSizes[name] : Self.uiKitSizes[name]
    }

    /// Checked before a bare name is resolved: estimates run on every size of every file.
    private static func isNamedSize(_ name: String) -> Bool { uiKitSizes[name] != nil || appKitSizes[name] != nil }

    private static let uiKitSizes: [String: Double] = ["systemFontSize": 14, "smallSystemFontSize": 12, "labelFontSize": 17, "buttonFontSize": 18]
    private static let appKitSizes: [String: Double] = ["systemFontSize": 13, "smallSystemFontSize": 11, "labelFontSize": 10]
    private static let appKitControlSizes: [String: Double] = ["regular": 13, "small": 11, "mini": 9, "large": 15]

    private static func asSize(_ factor: Double) -> Double { factor >= smallestTextSize ? factor : .nan }

    /// Smaller than `.caption2`'s 11pt by a margin: no text style is nearer a smaller number.
    static let smallestTextSize = 6.0

    private static let numberTypes: Set<String> = ["CGFloat", "Double", "Float", "Int"]

    private static func staticConstant(_ name: String, in members: MemberBlockSyntax) -> ExprSyntax? {
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let),
                let binding = variable.bindings.first(where: { $0.name == name })
            else { continue }
            return binding.initializer?.value
        }
        return nil
    }

    private static func format(_ points: Double) -> String {
        points.rounded() == points ? String(Int(points)) : String(points)
    }
}

extension TextStyle {
    /// `UIFont.TextStyle` spellings (`title1`, `caption1`, `subheadline`) and SwiftUI's.
    init?(uiKitName name: String) {
        switch name {
        case "title1": self = .title
        case "caption1": self = .caption
        default: self.init(rawValue: name)
        }
    }
}
