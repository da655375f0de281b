import SwiftSyntax

/// the rule catalogue "A font is an expression in a font position": an implicit member
/// (`.custom(…)`, `.system(…)`, `.systemFont(ofSize:)`) is a font constructor
/// only where the code expects a font, since the same spellings are enum cases
/// elsewhere (`case .custom(let x):`, `.labelStyle(.custom…)`,
/// `.presentationDetents([.custom(…)])`).
enum FontPosition {
    /// The font type a position expects, as far as syntax tells.
    enum Expected: Equatable {
        /// SwiftUI `Font`.
        case swiftUI
        case uiKit
        case appKit
        /// A font whose type the syntax does not name (`attributes[.font]`, `x.font =`).
        case platform
    }

    private static let swiftUITypes: Set<String> = ["Font"]
    private static let uiKitTypes: Set<String> = ["UIFont"]
    private static let appKitTypes: Set<String> = ["NSFont"]

    /// Whether an implicit member call is a font constructor: in a font
    /// position, or an argument (of a helper whose parameter types only its
    /// definition knows) spelled with a font constructor's own labels.
    static func isFont(_ call: FunctionCallExprSyntax) -> Bool {
        if expected(at: call) != nil { return true }
        // `.systemFont(ofSize:)` and its kin name nothing but a font, wherever they stand (`small = .systemFont(ofSize: 11)`).
        if let name = call.calleeName, FontClassifier.appKitSystemConstructors.contains(name), call.argument("ofSize") != nil { return true }
        guard call.parent?.is(LabeledExprSyntax.self) == true else { return false }
        switch call.calleeName {
        case "system": return call.argument("size") != nil
        case "custom": return call.firstUnlabeledArgument != nil && (call.argument("size") ?? call.argument("fixedSize")) != nil
        default: return call.argument("ofSize") != nil
        }
    }

    /// What font the position of `expression` expects, or nil when it is not a font position.
    /// (Every name of every file passes here, so parents are told apart by
    /// their kind: a generic `is`/`as` looks up type metadata at run time.)
    static func expected(at expression: some SyntaxProtocol) -> Expected? {
        var node = Syntax(expression)
        while let parent = node.parent {
            switch parent.kind {
            // Wrappers that keep the value: parentheses, `!`, `?`, `try`, `await`; branches of `?:`.
            case .tupleExpr, .forceUnwrapExpr, .optionalChainingExpr, .tryExpr, .awaitExpr, .expressionStmt, .unresolvedTernaryExpr,
                .ternaryExpr:
                node = parent
            case .labeledExprList:
                guard parent.parent?.kind == .tupleExpr else { return nil }
                node = parent
            case .labeledExpr:
                if parent.parent?.parent?.kind == .tupleExpr {
                    node = parent
                } else {
                    return expected(ofArgument: LabeledExprSyntax(parent)!)
                }
            // `.system(size: 12).weight(.bold)`: a font modifier keeps the font.
            case .memberAccessExpr:
                let member = MemberAccessExprSyntax(parent)!
                guard member.base?.id == node.id, let call = member.parent, call.kind == .functionCallExpr,
                    FunctionCallExprSyntax(call)!.calledExpression.id == member.id,
                    FontClassifier.fontModifiers.contains(member.declName.baseName.text)
                else { return nil }
                node = call
            // An operand's parent is the sequence's element list.
            case .exprList:
                guard let sequence = parent.parent, sequence.kind == .sequenceExpr else { return nil }
                let elements = SequenceExprSyntax(sequence)!.elements
                if elements.count >= 3, let first = elements.first, elements.dropFirst().first?.kind == .assignmentExpr {
                    guard first.id != node.id, let target = first.unwrapped.referencedName else { return nil }
                    return target.mentionsFont ? .platform : nil
                }
                // Branches of `?:` and `??` are the value; arithmetic is not a font.
                let isBranching = elements.contains {
                    $0.kind == .unresolvedTernaryExpr || $0.kind == .binaryOperatorExpr && BinaryOperatorExprSyntax($0)!.operator.text == "??"
                }
                guard isBranching else { return nil }
                node = sequence
            case .initializerClause:
                // A parameter's default font is stored like a property's value (the rule catalogue).
                if let parameter = parent.parent, parameter.kind == .functionParameter {
                    return expected(ofType: FunctionParameterSyntax(parameter)!.type)
                }
                guard let binding = parent.parent, binding.kind == .patternBinding else { return nil }
                return expected(ofType: PatternBindingSyntax(binding)!.typeAnnotation?.type)
            case .returnStmt:
                return expectedReturn(around: parent)
            case .codeBlockItem:
                guard let list = parent.parent, list.kind == .codeBlockItemList else { return nil }
                let items = CodeBlockItemListSyntax(list)!
                guard items.last?.id == parent.id else { return nil }
                if let branching = branchingExpression(around: items) {
                    node = branching
                    continue
                }
                // The single expression of a body is its return value.
                guard items.count == 1 else { return nil }
                return expectedReturn(around: items)
            case .dictionaryElement:
                let element = DictionaryElementSyntax(parent)!
                guard element.value.id == node.id, element.key.unwrapped.referencedName == "font" else { return nil }
                return .platform
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether the font sizes a symbol image (`UIImage.SymbolConfiguration(font: …)`):
    /// it is still a fixed font, but no view gets it, so the fix has no
    /// `adjustsFontForContentSizeCategory` to set.
    static func configuresSymbol(_ call: FunctionCallExprSyntax) -> Bool { symbolConfiguration(of: call) != nil }

    /// The `UIImage.SymbolConfiguration(font:)` call the font is the `font:` of.
    static func symbolConfiguration(of call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
            node = parent
        }
        guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label?.text == "font",
            let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return nil }
        let isConfiguration = owner.calleeName == "SymbolConfiguration"
            || owner.calleeName == "init" && owner.calleeBase?.referencedName == "SymbolConfiguration"
        return isConfiguration ? owner : nil
    }

    /// The value of `if let x = …` / `guard let x = …`.
    static func isOptionalBindingValue(_ expression: some SyntaxProtocol) -> Bool {
        expression.parent?.kind == .initializerClause && expression.parent?.parent?.kind == .optionalBindingCondition
    }

    /// `x.font` in `x.font = <node's expression>` (or `font` alone), when the
    /// node is in the value of such an assignment: a view gets the font.
    static func fontAssignmentTarget(of node: some SyntaxProtocol) -> ExprSyntax? {
        var current = Syntax(node)
        while let parent = current.parent {
            if let sequence = parent.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), elements[0].id != current.id,
                    elements[0].unwrapped.referencedName == "font"
                {
                    return elements[0].unwrapped
                }
            }
            if parent.is(DeclSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(CodeBlockSyntax.self) { return nil }
            current = parent
        }
        return nil
    }

    /// Code UIKit/AppKit runs again when the text size changes
    /// (`updateConfiguration(using:)`, `traitCollectionDidChange(_:)`, a
    /// `registerForTraitChanges` handler): a size read there follows the user.
    static func isRerunOnTraitChange(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) {
                return rerunMethods.contains(function.name.text)
            }
            if let call = candidate.as(FunctionCallExprSyntax.self), call.calleeName == "registerForTraitChanges" { return true }
            current = candidate.parent
        }
        return false
    }

    private static let rerunMethods: Set<String> = ["updateConfiguration", "traitCollectionDidChange", "updateProperties"]

    /// The left of `??` (`UIFont(name: …) ?? .systemFont(ofSize: 15)`): the
    /// code already says what stands in for a missing face.
    static func hasFallback(_ expression: some SyntaxProtocol) -> Bool {
        guard expression.parent?.kind == .exprList, let list = expression.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == expression.id }), index + 1 < elements.count else { return false }
        return elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
    }

    /// Inside `#if os(macOS)` (or `#if canImport(AppKit)`): code only AppKit compiles.
    static func isInMacOSBlock(_ node: some SyntaxProtocol) -> Bool {
        isInBlock(node, conditions: ["os(macOS)", "canImport(AppKit)"])
    }

    /// Inside `#if os(watchOS)` (or `#if canImport(WatchKit)`): watch code.
    static func isInWatchOSBlock(_ node: some SyntaxProtocol) -> Bool {
        isInBlock(node, conditions: ["os(watchOS)", "canImport(WatchKit)"])
    }

    /// duckduckgo's `instructions[range].font = .boldSystemFont(ofSize: 16)`,
    /// where `instructions` is a Swift `AttributedString` made for SwiftUI's
    /// `Text`: a SwiftUI font there keeps the text style live, where a
    /// scaled `UIFont` is a size fixed when the string is made.
    static func isSwiftAttributedStringFont(_ call: FunctionCallExprSyntax, bindings: BindingResolver) -> Bool {
        guard let sequence = call.parent?.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == call.id,
            let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == "font", let base = target.base
        else { return false }
        let string = base.as(SubscriptCallExprSyntax.self)?.calledExpression ?? base
        guard let name = string.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        switch bindings.resolve(name, at: string) {
        case .local(let binding), .member(let binding, _, _):
            return binding.typeAnnotation?.type.simpleName == "AttributedString"
                || binding.valueExpression?.as(FunctionCallExprSyntax.self)?.calleeName == "AttributedString"
        case .parameter, .unknown:
            return false
        }
    }

    /// Code only a TV runs: an `#if os(tvOS)` clause, or the first branch of
    /// Swiftfin's `UIDevice.isTV ? .system(size: 22) : .footnote`. tvOS has no
    /// user-adjustable text size, and its text styles have sizes of their own.
    static func isTVOnly(_ node: some SyntaxProtocol) -> Bool {
        if isInBlock(node, conditions: ["os(tvOS)"]) { return true }
        var current = Syntax(node)
        while let parent = current.parent, !parent.is(CodeBlockItemSyntax.self) {
            if let ternary = parent.as(TernaryExprSyntax.self), ternary.thenExpression.id == current.id, namesTV(ternary.condition) { return true }
            if let ternary = parent.as(UnresolvedTernaryExprSyntax.self), ternary.thenExpression.id == current.id,
                let condition = ternary.parent?.as(ExprListSyntax.self)?.first, namesTV(condition)
            {
                return true
            }
            current = parent
        }
        return false
    }

    private static func namesTV(_ condition: ExprSyntax) -> Bool {
        let names = condition.tokens(viewMode: .sourceAccurate).map(\.text)
        return !names.contains("!") && names.contains { ["isTV", "isTVOS", "isAppleTV", "tv", "tvOS"].contains($0) }
    }

    /// Inside an `#if` clause whose condition names one of the platform tests
    /// alone: `#if os(iOS) || os(macOS)` is shared code, read as iOS's.
    private static func isInBlock(_ node: some SyntaxProtocol, conditions: [String]) -> Bool {
        var current = node.parent
        while let candidate = current {
            if let clause = candidate.as(IfConfigClauseSyntax.self), let condition = clause.condition?.trimmedText, !condition.contains("||"),
                conditions.contains(where: { condition.contains($0) && !condition.contains("!" + $0) })
            {
                return true
            }
            current = candidate.parent
        }
        return false
    }

    private static func expected(ofType type: TypeSyntax?) -> Expected? {
        guard let name = type?.simpleName else { return nil }
        if swiftUITypes.contains(name) { return .swiftUI }
        if uiKitTypes.contains(name) { return .uiKit }
        if appKitTypes.contains(name) { return .appKit }
        return nil
    }

    /// `.font(_:)` takes a `Font`; `Font(_:)` and `scaledFont(for:)` a platform
    /// font; an argument labelled as a font (`font:`, `titleFont:`) a font.
    private static func expected(ofArgument argument: LabeledExprSyntax) -> Expected? {
        guard let owner = argument.parent?.parent, owner.kind == .functionCallExpr else { return nil }
        let call = FunctionCallExprSyntax(owner)!
        if let label = argument.label?.text {
            if label.mentionsFont { return .platform }
            return label == "for" && call.calleeName == "scaledFont" ? .platform : nil
        }
        let name = call.calleeName
        if name == "font", call.arguments.count == 1 { return .swiftUI }
        if name == "Font", call.calleeBase == nil { return .platform }
        return nil
    }

    /// The `if`/`switch` expression whose branch body `items` is.
    private static func branchingExpression(around items: CodeBlockItemListSyntax) -> Syntax? {
        guard let container = items.parent else { return nil }
        if container.kind == .switchCase {
            return container.ancestor(SwitchExprSyntax.self).map(Syntax.init)
        }
        guard container.kind == .codeBlock, let branching = container.parent, branching.kind == .ifExpr else { return nil }
        var outer = branching
        // `else if` chains nest: the outermost `if` is the expression.
        while let parent = outer.parent, parent.kind == .ifExpr { outer = parent }
        return outer
    }

    /// The declared result of the function, getter or closure a value is returned from.
    private static func expectedReturn(around node: some SyntaxProtocol) -> Expected? {
        var current = node.parent
        while let candidate = current {
            switch candidate.kind {
            case .functionDecl:
                let type = FunctionDeclSyntax(candidate)!.signature.returnClause?.type
                // `-> Self` in `extension Font` is a `Font` (isowords' `custom(_: FontName, size:)`).
                guard type?.simpleName == "Self", let owner = TypeScope.enclosing(candidate)?.name else { return expected(ofType: type) }
                return expected(ofType: TypeSyntax(IdentifierTypeSyntax(name: .identifier(owner))))
            case .patternBinding:
                return expected(ofType: PatternBindingSyntax(candidate)!.typeAnnotation?.type)
            // `#if os(tvOS) return .subheadline #else return .system(size: 15) #endif`: each platform's return.
            case .ifConfigDecl:
                break
            case .closureExpr:
                let closure = ClosureExprSyntax(candidate)!
                if let type = closure.signature?.returnClause?.type { return expected(ofType: type) }
                // `{ … }()`: the closure's result is the call's value.
                guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id else { return nil }
                return expected(at: call)
            default:
                if candidate.is(DeclSyntax.self) { return nil }
            }
            current = candidate.parent
        }
        return nil
    }
}
