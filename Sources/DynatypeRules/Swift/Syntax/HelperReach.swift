import SwiftSyntax

/// The rule catalogue "Preview and chrome reach through helpers": same-file
/// view helpers reached only from preview code (so preview code themselves,
/// audited by no rule) and those reached only from `.toolbar`,
/// `.navigationTitle` or `.tabItem` content (system chrome, exemption 3).
/// One walk of the file, made only when preview or chrome code starts a
/// view from a name that can be such a helper (see `needsWalk`).
struct HelperReach: Hashable {
    private(set) var previewOnly: Set<String> = []
    private(set) var chromeOnly: Set<String> = []

    init() {}

    init(_ tree: SourceFileSyntax) {
        let walk = ReachWalk()
        walk.walk(tree)
        previewOnly = ViewHelpers.reachedOnly(from: ReachWalk.preview, walk.uses, among: walk.previewEligible)
        chromeOnly = ViewHelpers.reachedOnly(from: ReachWalk.chrome, walk.uses, among: walk.helpers)
    }

    /// Whether the names preview or chrome code starts views from include a
    /// helper (a lowercase name) or a type other files cannot use; most
    /// previews show a view type of the module, and need no walk.
    static func needsWalk(_ tree: SourceFileSyntax, previewStatements: Set<String>, chromeStatements: Set<String>) -> Bool {
        let names = previewStatements.union(chromeStatements)
        if names.contains(where: { $0.first?.isLowercase == true }) { return true }
        guard !previewStatements.isEmpty else { return false }
        return !previewStatements.isDisjoint(with: hiddenTypes(in: tree))
    }

    /// Top-level types declared `private`/`fileprivate` or under `#if DEBUG`.
    private static func hiddenTypes(in tree: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        for item in tree.statements {
            if let scope = TypeScope(Syntax(item.item)), ReachWalk.isHiddenFromOtherFiles(Syntax(item.item)) { names.insert(scope.name) }
            guard let conditional = item.item.as(IfConfigDeclSyntax.self) else { continue }
            for clause in conditional.clauses where clause.condition?.trimmedDescription == "DEBUG" {
                guard case .statements(let items)? = clause.elements else { continue }
                names.formUnion(items.compactMap { TypeScope(Syntax($0.item))?.name })
            }
        }
        return names
    }

    /// The names the view statements of preview code start from
    /// (`SampleRow()`, `sampleRow`, `previewCard().padding()`).
    static func statementNames(in preview: some SyntaxProtocol) -> Set<String> {
        Set(preview.descendants(CodeBlockItemSyntax.self).compactMap { item in
            guard let statement = item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self) else { return nil }
            return startingName(of: statement)
        })
    }

    static func startingName(of statement: ExprSyntax) -> String? {
        var root = statement.unwrapped
        if let call = root.as(FunctionCallExprSyntax.self) { root = ViewTree.root(of: call) }
        if let call = root.as(FunctionCallExprSyntax.self) { root = call.calledExpression }
        if let member = root.as(MemberAccessExprSyntax.self), member.base?.referencedName == "self" { return member.declName.baseName.text }
        return root.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// Whether a top-level item or member declares a helper reached only
    /// from preview code (a type's whole group is skipped by its name).
    func isPreviewOnly(_ item: Syntax) -> Bool {
        guard !previewOnly.isEmpty else { return false }
        if let macro = item.as(CodeBlockItemSyntax.self)?.item.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "Preview" }
        guard let decl = item.as(CodeBlockItemSyntax.self)?.item.as(DeclSyntax.self) ?? item.as(MemberBlockItemSyntax.self)?.decl else { return false }
        return isPreviewOnly(decl)
    }

    /// What rules audit of a top-level item: nothing of preview code; of a
    /// `#if` block that mixes preview code with other code (`#if DEBUG`
    /// with sample models beside previews and their helpers), the rest.
    func auditedParts(of item: Syntax) -> [Syntax] {
        if isPreviewOnly(item) { return [] }
        guard !previewOnly.isEmpty, let conditional = item.as(CodeBlockItemSyntax.self)?.item.as(IfConfigDeclSyntax.self) else { return [item] }
        let parts = conditional.clauses.flatMap { clause -> [Syntax] in
            guard case .statements(let items)? = clause.elements else { return [] }
            return items.map(Syntax.init)
        }
        let kept = parts.filter { !isPreviewOnly($0) }
        return kept.count == parts.count ? [item] : kept
    }

    private func isPreviewOnly(_ decl: DeclSyntax) -> Bool {
        if let function = decl.as(FunctionDeclSyntax.self) { return previewOnly.contains(function.name.text) }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.allSatisfy { $0.name.map(previewOnly.contains) ?? false }
        }
        if let scope = TypeScope(Syntax(decl)) { return previewOnly.contains(scope.name) }
        if let macro = decl.as(MacroExpansionDeclSyntax.self) { return macro.macroName.text == "Preview" }
        // `#if DEBUG` around sample views, with the `#Preview`s that show them.
        guard let conditional = decl.as(IfConfigDeclSyntax.self) else { return false }
        let items = conditional.clauses.flatMap { clause -> [Syntax] in
            switch clause.elements {
            case .statements(let items)?: return items.map { Syntax($0.item) }
            case .decls(let members)?: return members.map { Syntax($0.decl) }
            default: return []
            }
        }
        return !items.isEmpty && items.allSatisfy { item in
            if let macro = item.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "Preview" }
            return item.as(DeclSyntax.self).map(isPreviewOnly) ?? false
        }
    }
}

/// Where each name of the file is used: in preview code, in chrome content,
/// or in the body of which helper; and which helpers may be preview code.
private final class ReachWalk: SyntaxVisitor {
    static let preview = "\u{1}preview"
    static let chrome = "\u{1}chrome"

    private(set) var uses: [String: Set<String>] = [:]
    /// Functions and properties (members or at file scope) of the file.
    private(set) var helpers: Set<String> = []
    /// Those that other files cannot use: `private`, `fileprivate`, or under `#if DEBUG`.
    private(set) var previewEligible: Set<String> = []
    private var previewDepth = 0
    /// The argument and closure text of the chrome modifiers around the node.
    private var chromeContent: [Range<AbsolutePosition>] = []
    private var enclosing: [(declaration: SyntaxIdentifier, name: String?)] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { enterPreview(node.macroName.text == "Preview") }
    override func visitPost(_ node: MacroExpansionDeclSyntax) { leavePreview(node.macroName.text == "Preview") }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { enterPreview(node.macroName.text == "Preview") }
    override func visitPost(_ node: MacroExpansionExprSyntax) { leavePreview(node.macroName.text == "Preview") }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visitPost(_ node: StructDeclSyntax) { leaveType(Syntax(node)) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType(Syntax(node)) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType(Syntax(node)) }

    private func enterPreview(_ isPreview: Bool) -> SyntaxVisitorContinueKind {
        if isPreview { previewDepth += 1 }
        return .visitChildren
    }

    private func leavePreview(_ isPreview: Bool) {
        if isPreview { previewDepth -= 1 }
    }

    private func enterType(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard let scope = TypeScope(node) else { return .visitChildren }
        if scope.inheritedTypes.contains("PreviewProvider") { previewDepth += 1 }
        if Self.isHiddenFromOtherFiles(node) { previewEligible.insert(scope.name) }
        return .visitChildren
    }

    private func leaveType(_ node: Syntax) {
        if TypeScope(node)?.inheritedTypes.contains("PreviewProvider") == true { previewDepth -= 1 }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        declareHelper(node.name.text, at: Syntax(node))
        enclosing.append((node.id, node.name.text))
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { leaveHelper(node.id) }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.name, let variable = node.parent?.parent, Self.declaresProperty(variable) else { return .visitChildren }
        declareHelper(name, at: variable)
        enclosing.append((node.id, ViewHelpers.name(declaredBy: Syntax(node))))
        return .visitChildren
    }

    override func visitPost(_ node: PatternBindingSyntax) { leaveHelper(node.id) }

    private func leaveHelper(_ id: SyntaxIdentifier) {
        if enclosing.last?.declaration == id { enclosing.removeLast() }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calleeBase != nil, let name = node.calleeName, ViewTree.chromeModifiers.contains(name) {
            chromeContent.append(node.calledExpression.endPosition..<node.endPosition)
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        if let last = chromeContent.last, last.upperBound == node.endPosition, last.lowerBound == node.calledExpression.endPosition {
            chromeContent.removeLast()
        }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let context: String
        if previewDepth > 0 {
            context = Self.preview
        } else if chromeContent.contains(where: { $0.contains(node.position) }) {
            context = Self.chrome
        } else {
            context = enclosing.last?.name ?? ""
        }
        uses[node.baseName.text, default: []].insert(context)
        return .skipChildren
    }

    /// A property of a type or of the file, not a local.
    private static func declaresProperty(_ variable: Syntax) -> Bool {
        guard let holder = variable.parent else { return false }
        if holder.is(MemberBlockItemSyntax.self) { return true }
        guard holder.is(CodeBlockItemSyntax.self), let list = holder.parent?.parent else { return false }
        return list.is(SourceFileSyntax.self) || list.is(IfConfigClauseSyntax.self)
    }

    private func declareHelper(_ name: String, at node: Syntax) {
        helpers.insert(name)
        if Self.isHiddenFromOtherFiles(node) { previewEligible.insert(name) }
    }

    static func isHiddenFromOtherFiles(_ node: Syntax) -> Bool {
        let modifiers = node.asProtocol(WithModifiersSyntax.self)?.modifiers ?? []
        if modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) { return true }
        var current = node.parent
        while let candidate = current {
            if let clause = candidate.as(IfConfigClauseSyntax.self), clause.condition?.trimmedDescription == "DEBUG" { return true }
            current = candidate.parent
        }
        return false
    }
}
