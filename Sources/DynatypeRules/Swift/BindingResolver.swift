import SwiftSyntax

/// What an identifier refers to, found by walking the enclosing scopes the way
/// Swift's name lookup does (closest scope first), without type checking.
enum Binding {
    /// A `let`/`var` declared in an enclosing function body or closure.
    case local(PatternBindingSyntax)
    /// A parameter of the enclosing function, initializer or closure.
    case parameter(String)
    /// A property of the enclosing type.
    case member(PatternBindingSyntax, VariableDeclSyntax, TypeScope)
    /// Not declared in the file's visible scopes (a global, another file's symbol).
    case unknown
}

enum BindingResolver {
    static func resolve(_ name: String, at node: some SyntaxProtocol) -> Binding {
        var current: Syntax? = Syntax(node)
        var child: Syntax = Syntax(node)
        while let scope = current {
            if let items = scope.as(CodeBlockItemListSyntax.self),
                let binding = localBinding(name, in: items, before: child.position)
            {
                return .local(binding)
            }
            if let function = scope.as(FunctionDeclSyntax.self),
                hasParameter(name, function.signature.parameterClause.parameters)
            {
                return .parameter(name)
            }
            if let initializer = scope.as(InitializerDeclSyntax.self),
                hasParameter(name, initializer.signature.parameterClause.parameters)
            {
                return .parameter(name)
            }
            if let closure = scope.as(ClosureExprSyntax.self), closureHasParameter(name, closure) {
                return .parameter(name)
            }
            if let type = TypeScope(scope) {
                if let (binding, variable) = memberBinding(name, in: type) { return .member(binding, variable, type) }
                // Lookup continues outward: nested types see their parents' members.
            }
            child = scope
            current = scope.parent
        }
        return .unknown
    }

    /// The type of a value named in code, where its declaration says it: a
    /// local, a property, a parameter (`cellAppearance` → `CellAppearance`).
    static func typeName(of name: String, at node: some SyntaxProtocol) -> String? {
        switch resolve(name, at: node) {
        case .local(let binding), .member(let binding, _, _): return binding.declaredTypeName
        case .parameter: return parameterType(name, at: node)
        case .unknown: return nil
        }
    }

    private static func parameterType(_ name: String, at node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let scope = current {
            let parameters = scope.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? scope.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameter = parameters?.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                return parameter.type.simpleName
            }
            if let closure = scope.as(ClosureExprSyntax.self), closureHasParameter(name, closure) {
                guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return nil }
                return clause.parameters.first { ($0.secondName ?? $0.firstName).text == name }?.type?.simpleName
            }
            current = scope.parent
        }
        return nil
    }

    private static func localBinding(
        _ name: String, in items: CodeBlockItemListSyntax, before position: AbsolutePosition
    ) -> PatternBindingSyntax? {
        var found: PatternBindingSyntax?
        for item in items where item.position < position {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                found = binding
            }
        }
        return found
    }

    private static func hasParameter(_ name: String, _ parameters: FunctionParameterListSyntax) -> Bool {
        parameters.contains { ($0.secondName ?? $0.firstName).text == name }
    }

    private static func closureHasParameter(_ name: String, _ closure: ClosureExprSyntax) -> Bool {
        guard let clause = closure.signature?.parameterClause else { return false }
        switch clause {
        case .simpleInput(let shorthand):
            return shorthand.contains { $0.name.text == name }
        case .parameterClause(let parameters):
            return parameters.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
        @unknown default:
            return false
        }
    }

    static func memberBinding(_ name: String, in type: TypeScope) -> (PatternBindingSyntax, VariableDeclSyntax)? {
        for member in type.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return (binding, variable)
            }
        }
        return nil
    }
}

extension PatternBindingSyntax {
    /// The expression a binding evaluates to: its initializer, or the single
    /// returned expression of a computed getter.
    var valueExpression: ExprSyntax? {
        if let value = initializer?.value { return value }
        guard let accessors = accessorBlock?.accessors else { return nil }
        switch accessors {
        case .getter(let items):
            return items.returnedExpressions.first
        case .accessors(let list):
            let getter = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
            return getter?.body?.statements.returnedExpressions.first
        @unknown default:
            return nil
        }
    }

    var name: String? { pattern.as(IdentifierPatternSyntax.self)?.identifier.text }

    /// `T` for `x: T`, `x = T(…)`, `x = T.make(…)`: the type a declaration names.
    var declaredTypeName: String? {
        if let type = typeAnnotation?.type.simpleName { return type }
        guard let call = initializer?.value.unwrapped.as(FunctionCallExprSyntax.self) else { return nil }
        let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? call.calleeBase?.referencedName
        guard let name, name.first?.isUppercase == true else { return nil }
        return name
    }
}

extension CodeBlockItemListSyntax {
    /// Expressions a body returns: `return x` statements, or a single
    /// expression body. Nested closures and functions are not entered.
    var returnedExpressions: [ExprSyntax] {
        if count == 1, let only = first, let expression = only.item.as(ExprSyntax.self) {
            return [expression]
        }
        var found: [ExprSyntax] = []
        for item in self {
            collectReturns(Syntax(item), into: &found)
        }
        return found
    }

    private func collectReturns(_ node: Syntax, into found: inout [ExprSyntax]) {
        if let statement = node.as(ReturnStmtSyntax.self) {
            if let value = statement.expression { found.append(value) }
            return
        }
        if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { return }
        if let expression = node.as(ExpressionStmtSyntax.self),
            let branching = expression.expression.as(SwitchExprSyntax.self)
        {
            collectReturns(Syntax(branching), into: &found)
            return
        }
        for child in node.children(viewMode: .sourceAccurate) {
            collectReturns(child, into: &found)
        }
    }
}
