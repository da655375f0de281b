import SwiftSyntax

/// One walk over the tree that collects the nodes the rules look at, so each
/// rule family works on short lists instead of walking the tree again.
/// Preview code (`#Preview`, `PreviewProvider` types) is not collected: no rule
/// audits it (RULES.md "Exemptions" 4).
final class SyntaxIndex: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []
    /// Calls by the name they call (`frame`, `Text`), so rules look up their few.
    private(set) var callsByName: [String: [FunctionCallExprSyntax]] = [:]
    private(set) var assignments: [SequenceExprSyntax] = []
    private(set) var typeScopes: [TypeScope] = []
    private(set) var variables: [VariableDeclSyntax] = []
    private(set) var functions: [FunctionDeclSyntax] = []
    private(set) var imports: Set<String> = []
    private(set) var scaledMetricProperties: [(attribute: AttributeSyntax, variable: VariableDeclSyntax)] = []
    /// RULES.md "Clarifications": the file reads the text size or uses an adaptive container.
    private(set) var adaptsLayout = false

    private static let adaptiveNames: Set<String> = [
        "ViewThatFits", "AnyLayout", "isAccessibilitySize", "isAccessibilityCategory",
        "preferredContentSizeCategory",
    ]
    private static let previewTypes: Set<String> = ["PreviewProvider"]

    init(_ roots: [Syntax]) {
        super.init(viewMode: .sourceAccurate)
        for root in roots { walk(root) }
    }

    /// What this part of a file contributes to the file's context.
    var facts: UnitFacts {
        var facts = UnitFacts(imports: imports, adaptsLayout: adaptsLayout)
        for property in scaledMetricProperties {
            for binding in property.variable.bindings {
                guard let name = binding.name else { continue }
                facts.scaledMetrics[name] = binding.initializer?.value.numericValue ?? -1
            }
        }
        for scope in typeScopes {
            if scope.isClass { facts.classes[scope.name, default: []] += scope.inheritedTypes }
            if scope.isViewHost { facts.hostTypes.insert(scope.name) }
        }
        return facts
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }

    private func enterType(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard let scope = TypeScope(node) else { return .visitChildren }
        if scope.inheritedTypes.contains(where: Self.previewTypes.contains) { return .skipChildren }
        typeScopes.append(scope)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        if let name = node.calleeName { callsByName[name, default: []].append(node) }
        return .visitChildren
    }

    func calls(named name: String) -> [FunctionCallExprSyntax] { callsByName[name] ?? [] }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.elements.count >= 3, node.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true {
            assignments.append(node)
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        variables.append(node)
        if let attribute = node.attributes.attribute(named: "ScaledMetric") {
            scaledMetricProperties.append((attribute, node))
        }
        if let environment = node.attributes.attribute(named: "Environment"),
            let key = environment.arguments?.trimmedText,
            key.contains("dynamicTypeSize") || key.contains("sizeCategory")
        {
            adaptsLayout = true
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions.append(node)
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { imports.insert(module) }
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if !adaptsLayout, Self.adaptiveNames.contains(node.baseName.text) { adaptsLayout = true }
        return .skipChildren
    }
}
