import SwiftSyntax

/// Small, shape-level questions about expressions that every rule family asks.
extension ExprSyntax {
    /// The expression without wrappers that do not change its value's kind:
    /// parentheses, `!`, `?`, `try`, `await`.
    var unwrapped: ExprSyntax {
        // Kinds, not generic casts: rules ask this of nearly every expression.
        var current = self
        while true {
            switch current.kind {
            case .forceUnwrapExpr: current = ForceUnwrapExprSyntax(current)!.expression
            case .optionalChainingExpr: current = OptionalChainingExprSyntax(current)!.expression
            case .tryExpr: current = TryExprSyntax(current)!.expression
            case .awaitExpr: current = AwaitExprSyntax(current)!.expression
            case .tupleExpr:
                let elements = TupleExprSyntax(current)!.elements
                guard elements.count == 1, let only = elements.first, only.label == nil else { return current }
                current = only.expression
            default: return current
            }
        }
    }

    /// `foo` for `foo`, `bar` for `x.y.bar`: the referenced member or identifier.
    var referencedName: String? {
        let expr = unwrapped
        switch expr.kind {
        case .declReferenceExpr: return DeclReferenceExprSyntax(expr)!.baseName.text
        case .memberAccessExpr: return MemberAccessExprSyntax(expr)!.declName.baseName.text
        default: return nil
        }
    }

    /// `title` for `title` or `self.title`: a value of the code around it, by name.
    var plainName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = self.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return member.declName.baseName.text
    }

    var isNilLiteral: Bool { unwrapped.is(NilLiteralExprSyntax.self) }

    var isNumericLiteral: Bool {
        let expr = unwrapped
        if expr.is(IntegerLiteralExprSyntax.self) || expr.is(FloatLiteralExprSyntax.self) { return true }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.isNumericLiteral
        }
        return false
    }

    /// The numeric value of a literal (`17`, `17.5`, `-2`), when it is one.
    var numericValue: Double? {
        let expr = unwrapped
        if let int = expr.as(IntegerLiteralExprSyntax.self) {
            return Double(int.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let float = expr.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let name = call.calledExpression.referencedName, ["CGFloat", "Double", "Float", "Int"].contains(name)
        {
            return call.arguments.first?.expression.numericValue
        }
        // `.zero`, `CGFloat.zero`: the number's own name for 0 (`UIFont(descriptor:size: .zero)`
        // keeps the descriptor's size, as 0 does).
        if let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "zero",
            member.base.map({ ["CGFloat", "Double", "Float", "Int"].contains($0.trimmedText) }) ?? true
        {
            return 0
        }
        return nil
    }

    /// `true` / `false` literals.
    var booleanValue: Bool? {
        unwrapped.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
    }
}

extension FunctionCallExprSyntax {
    /// The called name: `Text` for `Text(…)`, `font` for `x.font(…)` and `.font(…)`.
    public var calleeName: String? { calledExpression.referencedName }

    /// The receiver of a method call (`x` in `x.font(…)`), nil for `Text(…)` and `.system(…)`.
    var calleeBase: ExprSyntax? {
        guard calledExpression.kind == .memberAccessExpr else { return nil }
        return MemberAccessExprSyntax(calledExpression)!.base ?? postfixConfigBase
    }

    /// True for an implicit-member call such as `.system(size: 12)`.
    var isImplicitMemberCall: Bool {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base == nil && postfixConfigBase == nil
    }

    /// `Image(…)` for `.font(…)` in `Image(…) #if os(tvOS) .font(…) #else .font(…) #endif`:
    /// a platform branch's modifiers apply to the view before the `#if`.
    private var postfixConfigBase: ExprSyntax? {
        ViewTree.postfixBranch(of: self)?.parent?.parent?.parent?.as(PostfixIfConfigExprSyntax.self)?.base
    }

    /// The token that names the call, where findings are located for modifiers.
    var nameToken: TokenSyntax? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
        return calledExpression.as(DeclReferenceExprSyntax.self)?.baseName
    }

    /// A modifier as written without its receiver: `.frame(height: 44)`.
    var modifierText: String {
        guard let name = calleeName else { return oneLine }
        return ".\(name)(\(arguments.oneLine))"
    }

    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    var firstUnlabeledArgument: ExprSyntax? {
        guard let first = arguments.first, first.label == nil else { return nil }
        return first.expression
    }

    var argumentLabels: [String] { arguments.map { $0.label?.text ?? "" } }

    /// The closures that hold a container's content: trailing ones and closure arguments.
    var contentClosures: [ClosureExprSyntax] {
        var closures = arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = trailingClosure { closures.append(trailing) }
        closures.append(contentsOf: additionalTrailingClosures.map(\.closure))
        return closures
    }

    /// Whether `node` sits inside this call's arguments or closures (as opposed
    /// to its called expression, which belongs to the same modifier chain).
    func hasInArgumentsOrClosures(_ node: some SyntaxProtocol) -> Bool {
        let position = node.position
        if let left = leftParen, let right = rightParen, position >= left.endPosition, position < right.position {
            return true
        }
        if let trailing = trailingClosure, trailing.range.contains(position) { return true }
        return additionalTrailingClosures.contains { $0.closure.range.contains(position) }
    }
}

extension SyntaxProtocol {
    /// The name this value is stored or bound under: `x` in `let x = value`
    /// or `if let x = value`.
    var initializedName: String? {
        guard let clause = parent, clause.kind == .initializerClause, let holder = clause.parent else { return nil }
        let pattern: PatternSyntax? =
            switch holder.kind {
            case .patternBinding: PatternBindingSyntax(holder)?.pattern
            case .optionalBindingCondition: OptionalBindingConditionSyntax(holder)?.pattern
            default: nil
            }
        return pattern.flatMap(IdentifierPatternSyntax.init)?.identifier.text
    }

    /// `trimmedDescription`, cut out of the node's text instead of built from
    /// a trimmed copy of the node (every element's description needs it).
    /// Code with syntax errors takes the slow way: a missing last token keeps
    /// the trivia before it there.
    var trimmedText: String {
        guard !hasError else { return trimmedDescription }
        let start = positionAfterSkippingLeadingTrivia.utf8Offset - position.utf8Offset
        let length = endPositionBeforeTrailingTrivia.utf8Offset - positionAfterSkippingLeadingTrivia.utf8Offset
        return String(decoding: description.utf8.dropFirst(start).prefix(max(0, length)), as: UTF8.self)
    }

    /// The source text on one line, with runs of whitespace collapsed, for messages.
    var oneLine: String {
        let text = trimmedText
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Every node of the given type below this one, in source order.
    public func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        var found: [T] = []
        var pending = Array(children(viewMode: .sourceAccurate).reversed())
        while let node = pending.popLast() {
            if let match = node.as(type) { found.append(match) }
            pending += node.children(viewMode: .sourceAccurate).reversed()
        }
        return found
    }

    /// The nearest ancestor of the given type.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var current = parent
        while let node = current {
            if let match = node.as(type) { return match }
            current = node.parent
        }
        return nil
    }
}

extension AttributeListSyntax {
    func attribute(named name: String) -> AttributeSyntax? {
        for element in self {
            if let attribute = element.as(AttributeSyntax.self), attribute.attributeName.simpleName == name {
                return attribute
            }
        }
        return nil
    }
}

extension TypeSyntax {
    /// `UILabel` for `UILabel`, `UILabel!`, `UILabel?`, `UIKit.UILabel`: the
    /// named type without building the type's text (hot in every rule walk).
    var simpleName: String {
        if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.simpleName }
        if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType.simpleName }
        return trimmedText
    }
}

extension VariableDeclSyntax {
    /// `\.font` of `@Environment(\.font) var font`: the environment value the property reads.
    var environmentKeyPath: String? {
        guard let environment = attributes.attribute(named: "Environment"), case .argumentList(let arguments)? = environment.arguments else { return nil }
        return arguments.first?.expression.trimmedDescription
    }
}

extension DeclModifierListSyntax {
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }
}

/// A type declaration or extension, seen uniformly.
struct TypeScope {
    let node: Syntax
    let name: String
    let memberBlock: MemberBlockSyntax
    let isExtension: Bool
    let isClass: Bool
    var isProtocol: Bool { node.is(ProtocolDeclSyntax.self) }
    /// A struct or an enum: never a UIKit/AppKit view, whatever its name.
    var isValueType: Bool { node.is(StructDeclSyntax.self) || node.is(EnumDeclSyntax.self) }
    /// A struct without initializers of its own: Swift gives it one that takes every stored property.
    var hasMemberwiseInitializer: Bool {
        node.is(StructDeclSyntax.self) && !memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
    }
    private let inheritance: InheritanceClauseSyntax?

    private static let kinds: Set<SyntaxKind> = [.structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl]

    init?(_ node: Syntax) {
        // Ancestor walks ask this of every node: rule out the others by kind first.
        guard Self.kinds.contains(node.kind) else { return nil }
        if let decl = node.as(StructDeclSyntax.self) {
            self.init(node, decl.name.text, decl.inheritanceClause, decl.memberBlock, isExtension: false, isClass: false)
        } else if let decl = node.as(ClassDeclSyntax.self) {
            self.init(node, decl.name.text, decl.inheritanceClause, decl.memberBlock, isExtension: false, isClass: true)
        } else if let decl = node.as(EnumDeclSyntax.self) {
            self.init(node, decl.name.text, decl.inheritanceClause, decl.memberBlock, isExtension: false, isClass: false)
        } else if let decl = node.as(ActorDeclSyntax.self) {
            self.init(node, decl.name.text, decl.inheritanceClause, decl.memberBlock, isExtension: false, isClass: true)
        } else if let decl = node.as(ExtensionDeclSyntax.self) {
            let type = decl.extendedType
            let name = type.as(IdentifierTypeSyntax.self)?.name.text
                ?? type.as(MemberTypeSyntax.self)?.name.text
                ?? type.trimmedText.split(separator: ".").last.map(String.init) ?? ""
            self.init(node, name, decl.inheritanceClause, decl.memberBlock, isExtension: true, isClass: false)
        } else if let decl = node.as(ProtocolDeclSyntax.self) {
            self.init(node, decl.name.text, decl.inheritanceClause, decl.memberBlock, isExtension: true, isClass: false)
        } else {
            return nil
        }
    }

    private init(
        _ node: Syntax, _ name: String, _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax,
        isExtension: Bool, isClass: Bool
    ) {
        self.node = node
        self.name = name
        self.inheritance = inheritance
        self.memberBlock = members
        self.isExtension = isExtension
        self.isClass = isClass
    }

    /// The inherited types' last name components (`View`, `UILabel`).
    var inheritedTypes: [String] {
        inheritance?.inheritedTypes.map { inherited in
            let type = inherited.type
            return type.as(IdentifierTypeSyntax.self)?.name.text
                ?? type.as(MemberTypeSyntax.self)?.name.text
                ?? type.trimmedText.split(separator: ".").last.map(String.init) ?? ""
        } ?? []
    }

    /// Protocols whose conformers keep a `@ScaledMetric` up to date (the rule catalogue).
    static let viewHostProtocols: Set<String> = ["View", "ViewModifier", "App", "Scene", "DynamicProperty"]

    /// A View (or other host) by declaration, or by shape: a `body` property
    /// or `body(content:)`/`makeBody` method.
    var isViewHost: Bool {
        if !Set(inheritedTypes).isDisjoint(with: Self.viewHostProtocols) { return true }
        return memberBlock.members.contains { member in
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                return variable.bindings.contains { $0.name == "body" }
            }
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                return function.name.text == "body" || function.name.text == "makeBody"
            }
            return false
        }
    }

    /// The nearest enclosing type scope of a node.
    static func enclosing(_ node: some SyntaxProtocol) -> TypeScope? {
        var current = node.parent
        while let candidate = current {
            if let scope = TypeScope(candidate) { return scope }
            current = candidate.parent
        }
        return nil
    }
}

extension ExprSyntax {
    /// The type a cast gives its value (`view as? UILabel`, `(cell as! Cell)`), as written.
    var castType: String? {
        let expr = unwrapped
        if let cast = expr.as(AsExprSyntax.self) { return cast.type.simpleName }
        guard let sequence = expr.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self) else { return nil }
        return elements[2].as(TypeExprSyntax.self)?.type.simpleName
    }
}
