import SwiftSyntax

/// The views a modifier applies to: the text elements inside the modified
/// expression (the element itself, or a container's subtree), and whether the
/// chain starts from a view whose text is not visible here.
struct ModifierTargets {
    let root: ExprSyntax
    let rootRole: ViewRole?
    let elements: [(view: ExprSyntax, index: Int)]

    init(_ modifier: FunctionCallExprSyntax, in inventory: SwiftUIInventory) {
        root = ViewTree.root(of: modifier)
        rootRole = root.as(FunctionCallExprSyntax.self).map(ViewTree.role(of:)) ?? .opaque
        let range = (modifier.calleeBase ?? ExprSyntax(modifier)).range
        // In a postfix `#if` branch the chain before the `#if` is outside the branch's own range.
        let rootRange = root.range
        elements = inventory.elements.filter { range.contains($0.view.position) || rootRange.contains($0.view.position) }
    }

    var rootIsTextElement: Bool {
        if case .textElement? = rootRole { return true }
        return false
    }

    /// The label closure of a `Button` the chain starts from
    /// (`Button { … } label: { Text(…) }`, `Button(action: …) { … }`): with a
    /// text label the button is a text element (the rule catalogue "Terms"),
    /// though the `Text` inside is the element the inventory lists.
    var buttonLabel: ClosureExprSyntax? {
        guard rootRole == .container("Button"), let button = root.as(FunctionCallExprSyntax.self) else { return nil }
        if let labelled = button.argument("label")?.as(ClosureExprSyntax.self) { return labelled }
        if let labelled = button.additionalTrailingClosures.first(where: { $0.label.text == "label" }) { return labelled.closure }
        return button.argument("action") != nil ? button.trailingClosure : nil
    }

    /// The chain starts from a custom view or a value such as `content`.
    var rootIsOpaque: Bool { rootRole == .opaque || rootRole == nil }

    /// The chain starts from a custom view, or from a container that holds
    /// one: text the modifier reaches may be inside it.
    var holdsOpaqueView: Bool {
        if rootIsOpaque { return true }
        guard case .container? = rootRole else { return false }
        return OpaqueViewFinder.holdsOpaqueView(root)
    }

    /// Elements to which the rule applies (not decorative, not chrome, …).
    func applicable(
        for rule: RuleID, in inventory: SwiftUIInventory
    ) -> [(view: ExprSyntax, index: Int, environment: ViewEnvironment)] {
        elements.compactMap { element in
            let environment = inventory.tree.environment(of: element.view)
            return environment.exemption(for: rule) == nil ? (element.view, element.index, environment) : nil
        }
    }

    /// Modifier calls by name on the chain of a modifier.
    static func isLineLimitOne(_ modifier: ModifierCall, counts: PointSizeEvaluator) -> Bool {
        modifier.name == "lineLimit" && counts.isConstantOne(modifier.call.arguments.first?.expression)
    }
}

/// Modifier calls of a given name that are applied to a view (have a receiver).
extension SyntaxIndex {
    func modifierCalls(named name: String) -> [FunctionCallExprSyntax] {
        calls(named: name).filter { $0.calleeBase != nil }
    }
}

/// Finds a custom view (`ViewRole.opaque`) among a container's children.
private final class OpaqueViewFinder: SyntaxVisitor {
    private var found = false

    static func holdsOpaqueView(_ container: ExprSyntax) -> Bool {
        let finder = OpaqueViewFinder(viewMode: .sourceAccurate)
        guard let call = container.as(FunctionCallExprSyntax.self) else { return false }
        for closure in call.contentClosures where !finder.found { finder.walk(closure) }
        return finder.found
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ViewTree.role(of: node) == .opaque { found = true }
        return found ? .skipChildren : .visitChildren
    }
}
