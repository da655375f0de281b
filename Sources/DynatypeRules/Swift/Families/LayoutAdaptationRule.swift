import SwiftSyntax

/// An `HStack` laying out two or more views that hold text side by side, in a
/// file that never adapts its layout to the text size (`no_layout_adaptation`,
/// informational).
struct LayoutAdaptationRule {
    let builder: AnalysisBuilder
    let inventory: SwiftUIInventory

    func run() {
        guard !builder.context.facts.adaptsLayout else { return }
        for stack in builder.context.index.calls(named: "HStack") where stack.calledExpression.is(DeclReferenceExprSyntax.self) {
            guard let content = Self.content(of: stack) else { continue }
            let children = textChildren(in: content.statements)
            guard children >= 2 else { continue }
            builder.report(builder.makeFinding(
                .noLayoutAdaptation, at: stack.calledExpression,
                message: "an HStack lays out \(children) views with text side by side, at accessibility sizes too",
                replacement: "ViewThatFits { HStack { … }; VStack { … } }",
                fix: "switch to a `VStack` when `dynamicTypeSize.isAccessibilitySize`, or use `ViewThatFits`"
            ))
        }
    }

    private static func content(of stack: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        stack.trailingClosure
            ?? stack.arguments.first { $0.label?.text == "content" }?.expression.as(ClosureExprSyntax.self)
    }

    /// The row's children that hold a text element: each view of the content
    /// is one child, whatever it holds (a `VStack` of two texts is one), a
    /// `ForEach` is several, and of an `if`/`switch`/`#if` only one branch is
    /// laid out at a time, so the fullest branch counts.
    private func textChildren(in items: CodeBlockItemListSyntax) -> Int {
        items.reduce(0) { $0 + textChildren(of: Syntax($1.item)) }
    }

    private func textChildren(of node: Syntax) -> Int {
        if let statement = node.as(ExpressionStmtSyntax.self) { return textChildren(of: Syntax(statement.expression)) }
        if let branch = node.as(IfExprSyntax.self) { return branches(of: branch).map(textChildren(in:)).max() ?? 0 }
        if let choice = node.as(SwitchExprSyntax.self) {
            return choice.cases.compactMap { $0.as(SwitchCaseSyntax.self)?.statements }.map(textChildren(in:)).max() ?? 0
        }
        if let conditional = node.as(IfConfigDeclSyntax.self) {
            return conditional.clauses.compactMap { clause -> Int? in
                guard case .statements(let items)? = clause.elements else { return nil }
                return textChildren(in: items)
            }.max() ?? 0
        }
        guard node.is(ExprSyntax.self), holdsText(node) else { return 0 }
        let repeats = node.as(FunctionCallExprSyntax.self)?.calleeName == "ForEach"
        return repeats ? 2 : 1
    }

    private func branches(of branch: IfExprSyntax) -> [CodeBlockItemListSyntax] {
        var lists = [branch.body.statements]
        if case .ifExpr(let next)? = branch.elseBody { lists += branches(of: next) }
        if case .codeBlock(let block)? = branch.elseBody { lists.append(block.statements) }
        return lists
    }

    private func holdsText(_ node: Syntax) -> Bool {
        let range = node.range
        return inventory.elements.contains { element in
            range.contains(element.view.position) && !inventory.tree.environment(of: element.view).isHidden
        }
    }
}

extension LayoutAdaptationRule: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["HStack"]
    /// Two text elements in the stack.
    static let alsoNeeds = SwiftUIInventory.triggers
    static func run(in unit: UnitRun) { LayoutAdaptationRule(builder: unit.builder, inventory: unit.inventory).run() }
}
