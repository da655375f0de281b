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

/// Lookups are indexed per statement list and per type, built on first use:
/// a file with thousands of locals or properties costs one pass over each
/// scope instead of one per lookup (which made large generated files
/// quadratic). One resolver serves one file's analysis, on one thread.
final class BindingResolver {
    /// Each name's local declarations with the start of their statement, in source order.
    private var localsByList: [SyntaxIdentifier: [String: [(statement: AbsolutePosition, binding: PatternBindingSyntax)]]] = [:]
    private var membersByType: [SyntaxIdentifier: [String: (PatternBindingSyntax, VariableDeclSyntax)]] = [:]

    func resolve(_ name: String, at node: some SyntaxProtocol) -> Binding {
        var current: Syntax? = Syntax(node)
        var child: Syntax = Syntax(node)
        while let scope = current {
            if let items = scope.as(CodeBlockItemListSyntax.self),
                let binding = localBinding(name, in: items, before: child.position)
            {
                return .local(binding)
            }
            if let function = scope.as(FunctionDeclSyntax.self),
                Self.hasParameter(name, function.signature.parameterClause.parameters)
            {
                return .parameter(name)
            }
            if let initializer = scope.as(InitializerDeclSyntax.self),
                Self.hasParameter(name, initializer.signature.parameterClause.parameters)
            {
                return .parameter(name)
            }
            if let closure = scope.as(ClosureExprSyntax.self), Self.closureHasParameter(name, closure) {
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

    /// A local or parameter visible at `node`: it shadows any property of
    /// that name (`let font: UIFont; font = …` is not `self.font = …`).
    func isLocalOrParameter(_ name: String, at node: some SyntaxProtocol) -> Bool {
        switch resolve(name, at: node) {
        case .local, .parameter: return true
        case .member, .unknown: return false
        }
    }

    /// A local, a parameter, or a value an enclosing `if let` / `while let`
    /// or an earlier `guard let` binds, up to the declaration around `node`:
    /// it shadows any member or view helper of that name (`if let content =
    /// page { content }` is not `self.content`). A climb without the indexes
    /// `resolve` builds: view statements are many, and their scopes short.
    static func isBoundLocally(_ name: String, at node: some SyntaxProtocol) -> Bool {
        var child = Syntax(node)
        var current = node.parent
        while let scope = current {
            switch scope.kind {
            case .codeBlockItemList:
                for item in CodeBlockItemListSyntax(scope)! {
                    guard item.position < child.position else { break }
                    if let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.contains(where: { $0.name == name }) { return true }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), binds(name, guardStatement.conditions) { return true }
                }
            case .ifExpr:
                let conditional = IfExprSyntax(scope)!
                if conditional.body.id == child.id, binds(name, conditional.conditions) { return true }
            case .whileStmt:
                if binds(name, WhileStmtSyntax(scope)!.conditions) { return true }
            case .closureExpr:
                if closureHasParameter(name, ClosureExprSyntax(scope)!) { return true }
            case .functionDecl:
                return hasParameter(name, FunctionDeclSyntax(scope)!.signature.parameterClause.parameters)
            case .initializerDecl:
                return hasParameter(name, InitializerDeclSyntax(scope)!.signature.parameterClause.parameters)
            default:
                if scope.is(DeclSyntax.self) { return false }
            }
            child = scope
            current = scope.parent
        }
        return false
    }

    /// The value an `if let` around `node`, or an earlier `guard let`, binds
    /// to `name` (`guard let font = UIFont(name: font, size: size)`, which
    /// shadows the parameter `font`); nil when a plain local or nothing does.
    static func conditionallyBoundValue(_ name: String, at node: some SyntaxProtocol) -> ExprSyntax? {
        var child = Syntax(node)
        var current = node.parent
        while let scope = current {
            switch scope.kind {
            case .codeBlockItemList:
                for item in CodeBlockItemListSyntax(scope)!.reversed() where item.position < child.position {
                    if let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.contains(where: { $0.name == name }) { return nil }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), let value = boundValue(name, guardStatement.conditions) { return value }
                }
            case .ifExpr:
                let conditional = IfExprSyntax(scope)!
                if conditional.body.id == child.id, let value = boundValue(name, conditional.conditions) { return value }
            case .closureExpr, .functionDecl, .initializerDecl:
                return nil
            default:
                if scope.is(DeclSyntax.self) { return nil }
            }
            child = scope
            current = scope.parent
        }
        return nil
    }

    /// `if let font {` binds no value of its own: nil, though it binds `font`.
    private static func boundValue(_ name: String, _ conditions: ConditionElementListSyntax) -> ExprSyntax? {
        binding(of: name, in: conditions)?.initializer?.value
    }

    private static func binds(_ name: String, _ conditions: ConditionElementListSyntax) -> Bool {
        binding(of: name, in: conditions) != nil
    }

    private static func binding(of name: String, in conditions: ConditionElementListSyntax) -> OptionalBindingConditionSyntax? {
        conditions.lazy.compactMap { $0.condition.as(OptionalBindingConditionSyntax.self) }
            .first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
    }

    /// The type of a value named in code, where its declaration says it: a
    /// local, a property, a parameter (`cellAppearance` → `CellAppearance`).
    func typeName(of name: String, at node: some SyntaxProtocol) -> String? {
        switch resolve(name, at: node) {
        case .local(let binding), .member(let binding, _, _): return binding.declaredTypeName
        case .parameter: return Self.parameterType(name, at: node)?.simpleName
        case .unknown: return nil
        }
    }

    /// The type a value's declaration writes out: a local's or property's
    /// annotation, a parameter's type (`configure: @escaping (Font) -> Font`).
    func writtenType(of name: String, at node: some SyntaxProtocol) -> TypeSyntax? {
        switch resolve(name, at: node) {
        case .local(let binding), .member(let binding, _, _): return binding.typeAnnotation?.type
        case .parameter: return Self.parameterType(name, at: node)
        case .unknown: return nil
        }
    }

    private static func parameterType(_ name: String, at node: some SyntaxProtocol) -> TypeSyntax? {
        var current = node.parent
        while let scope = current {
            let parameters = scope.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                ?? scope.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameter = parameters?.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                return parameter.type
            }
            if let closure = scope.as(ClosureExprSyntax.self), Self.closureHasParameter(name, closure) {
                guard case .parameterClause(let clause)? = closure.signature?.parameterClause else { return nil }
                return clause.parameters.first { ($0.secondName ?? $0.firstName).text == name }?.type
            }
            current = scope.parent
        }
        return nil
    }

    /// The last declaration of `name` in the list that starts before `position`.
    private func localBinding(
        _ name: String, in items: CodeBlockItemListSyntax, before position: AbsolutePosition
    ) -> PatternBindingSyntax? {
        let byName = localsByList[items.id] ?? indexLocals(of: items)
        guard let bindings = byName[name] else { return nil }
        // Bindings are in source order: find the first that starts at or after `position`.
        var low = 0, high = bindings.count
        while low < high {
            let middle = (low + high) / 2
            if bindings[middle].statement < position { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? bindings[low - 1].binding : nil
    }

    private func indexLocals(of items: CodeBlockItemListSyntax) -> [String: [(statement: AbsolutePosition, binding: PatternBindingSyntax)]] {
        var byName: [String: [(statement: AbsolutePosition, binding: PatternBindingSyntax)]] = [:]
        Self.collectLocals(of: items, into: &byName)
        localsByList[items.id] = byName
        return byName
    }

    /// A `#if os(macOS) let titleFont: Font = .body #else … #endif` branch
    /// declares in the statements around it: the last branch written is the
    /// one found, as for any redeclaration further down.
    private static func collectLocals(
        of items: CodeBlockItemListSyntax, into byName: inout [String: [(statement: AbsolutePosition, binding: PatternBindingSyntax)]]
    ) {
        for item in items {
            if let conditional = item.item.as(IfConfigDeclSyntax.self) {
                for clause in conditional.clauses {
                    if case .statements(let statements)? = clause.elements { collectLocals(of: statements, into: &byName) }
                }
                continue
            }
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.name { byName[name, default: []].append((item.position, binding)) }
            }
        }
    }

    func memberBinding(_ name: String, in type: TypeScope) -> (PatternBindingSyntax, VariableDeclSyntax)? {
        if let members = membersByType[type.node.id] { return members[name] }
        var members: [String: (PatternBindingSyntax, VariableDeclSyntax)] = [:]
        for member in type.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                // The first declaration wins, as in a scan from the top.
                if let bindingName = binding.name, members[bindingName] == nil { members[bindingName] = (binding, variable) }
            }
        }
        membersByType[type.node.id] = members
        return members[name]
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

}

extension PatternBindingSyntax {
    /// Every value the binding can have: its initializer, or each value its
    /// getter returns (`if isValueOnly { 22 } else if hasGauge { 12 } else { 16 }`: three).
    var returnedValues: [ExprSyntax] {
        if let value = initializer?.value { return [value] }
        return getterStatements?.returnedExpressions ?? []
    }

    /// The statements of a computed property's getter.
    var getterStatements: CodeBlockItemListSyntax? {
        switch accessorBlock?.accessors {
        case .getter(let items)?: return items
        case .accessors(let list)?: return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: return nil
        @unknown default: return nil
        }
    }

    /// The expression a binding evaluates to: its initializer, or the first
    /// returned expression of a computed getter.
    var valueExpression: ExprSyntax? { returnedValues.first }

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
    /// expression body. Nested closures and functions are not entered, and a
    /// read of a cache the body fills is not a value of its own (`MemoizedReturn`).
    var returnedExpressions: [ExprSyntax] {
        if count == 1, let only = first {
            // A single `if`/`switch` expression is a statement here (`if #available(…) { .a } else { .b }`),
            // unless its branches `return` (`switch self { case .system: return .body … }`).
            if let expression = only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression {
                var returned: [ExprSyntax] = []
                collectReturns(Syntax(only), into: &returned)
                return returned.isEmpty ? [expression] : returned
            }
            // `#if os(tvOS) .subheadline #else .body #endif`: what each platform's branch returns.
            if let conditional = only.item.as(IfConfigDeclSyntax.self) {
                let branches = conditional.clauses.compactMap { clause -> CodeBlockItemListSyntax? in
                    guard case .statements(let statements)? = clause.elements else { return nil }
                    return statements
                }
                if branches.count == conditional.clauses.count { return branches.flatMap(\.returnedExpressions) }
            }
        }
        var found: [ExprSyntax] = []
        for item in self {
            collectReturns(Syntax(item), into: &found)
        }
        return found.count > 1 ? MemoizedReturn(self).dropping(from: found) : found
    }

    private func collectReturns(_ node: Syntax, into found: inout [ExprSyntax]) {
        switch node.kind {
        case .returnStmt:
            if let value = ReturnStmtSyntax(node)!.expression { found.append(value) }
        // Only statements hold statements: declarations, closures and other
        // expressions (whose returns are their own) are not entered.
        case .codeBlockItemList, .codeBlockItem, .codeBlock, .expressionStmt, .ifExpr, .switchExpr, .switchCaseList, .switchCase,
            .guardStmt, .forStmt, .whileStmt, .repeatStmt, .doStmt, .catchClauseList, .catchClause, .labeledStmt, .ifConfigDecl,
            .ifConfigClauseList, .ifConfigClause:
            for child in node.children(viewMode: .sourceAccurate) {
                collectReturns(child, into: &found)
            }
        default:
            return
        }
    }
}
