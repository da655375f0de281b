import SwiftSyntax

/// One walk over the tree that collects the nodes the rules look at, so each
/// rule family works on short lists instead of walking the tree again.
/// Preview code (`#Preview`, `PreviewProvider` types) is not collected: no rule
/// audits it (the rule catalogue "Exemptions" 4).
final class SyntaxIndex: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []
    /// Calls by the name they call (`frame`, `Text`), so rules look up their few.
    private(set) var callsByName: [String: [FunctionCallExprSyntax]] = [:]
    private(set) var assignments: [SequenceExprSyntax] = []
    private(set) var typeScopes: [TypeScope] = []
    private(set) var variables: [VariableDeclSyntax] = []
    /// What `return` statements return.
    private(set) var returnedValues: [ExprSyntax] = []
    /// Statements that are a name alone (`title`, `self.title` in a view
    /// builder): a value the builder shows.
    private(set) var namedStatements: [ExprSyntax] = []
    /// `if let label = view as? UILabel`: the values a condition binds by a cast.
    private(set) var castBindings: [OptionalBindingConditionSyntax] = []
    /// `if let label = nameLabel`: a value the code goes on with under another name.
    private(set) var renamingBindings: [OptionalBindingConditionSyntax] = []
    private(set) var functions: [FunctionDeclSyntax] = []
    private(set) var initializers: [InitializerDeclSyntax] = []
    private(set) var imports: Set<String> = []
    private(set) var scaledMetricProperties: [(attribute: AttributeSyntax, variable: VariableDeclSyntax)] = []
    /// the rule catalogue "Clarifications": the file reads the text size or uses an adaptive container.
    private(set) var adaptsLayout = false
    private var fontFaceUses: Set<String> = []
    private var viewUses: [String: Set<String>] = [:]
    /// The ScrollView/List/Form calls that enclose the node being visited,
    /// innermost last (left by their id: a call's name is not read twice).
    private var scrollingCalls: [SyntaxIdentifier] = []
    /// The view helpers around the node being visited, innermost last (what
    /// `ViewHelpers.enclosing` finds, without a walk up for every name).
    private var helpers: [(declaration: SyntaxIdentifier, name: String?)] = []
    private var fontValueUses: Set<String> = []
    private var previewStatements: Set<String> = []
    private var chromeStatements: Set<String> = []
    /// The argument and closure text of the chrome modifiers (`.toolbar { … }`)
    /// around the node being visited.
    private var chromeContent: [Range<AbsolutePosition>] = []
    /// Names a pattern or parameter has bound so far in the walk. A binding
    /// comes before the code it is visible in, so a name not here is no
    /// local, and `BindingResolver.isBoundLocally` need not climb for it.
    private var boundNames: Set<String> = []
    private var fontSettingTypes: Set<String> = []
    private var textValueNames: Set<String> = []
    /// Reads of values by name through any receiver (`theme.chosenFont`) or
    /// none, for fonts stored in one file and read in others.
    private(set) var fontReads: [(name: String, read: FontRead)] = []
    /// What reading a font for its face (or measuring or querying it) looks like.
    static let faceMembers: Set<String> = [
        "withSize", "fontName", "familyName", "displayName", "fontDescriptor", "lineHeight", "ascender", "descender", "capHeight", "xHeight",
        // AppKit's queries of a face (a font picker filtering families).
        "isFixedPitch", "numberOfGlyphs", "coveredCharacterSet", "italicAngle", "underlinePosition", "underlineThickness",
        "maximumAdvancement", "boundingRectForFont",
    ]

    private static let adaptiveNames: Set<String> = [
        "ViewThatFits", "AnyLayout", "isAccessibilitySize", "isAccessibilityCategory",
        "preferredContentSizeCategory",
    ]
    private static let previewTypes: Set<String> = ["PreviewProvider"]
    /// What a view's own code assigns to give itself or its labels a font (a
    /// button's configuration draws its title in a text style's).
    private static let ownFontProperties: Set<String> = ["font", "configuration", "attributedText", "titleLabel.font"]
    /// Whether names' uses are recorded: the facts of a unit and its
    /// members' font reads. The families across a type's members read
    /// neither, and every name of the type would pass through the climbs.
    private let recordsUses: Bool
    /// Whether the nodes' text says "font" in any case. Every font position
    /// does (a `.font` call, a `font:` label, a `Font` type, `x.font =`,
    /// `[.font: …]`), so without it no name is read as a font, and the
    /// climb that looks for a position is skipped.
    private let mentionsFont: Bool

    init(_ roots: [Syntax], recordsUses: Bool, mentionsFont: Bool) {
        self.recordsUses = recordsUses
        self.mentionsFont = mentionsFont
        super.init(viewMode: .sourceAccurate)
        for root in roots { walk(root) }
    }

    /// What this part of a file contributes to the file's context.
    var facts: UnitFacts {
        var facts = UnitFacts(
            imports: imports, adaptsLayout: adaptsLayout, fontFaceUses: fontFaceUses, fontValueUses: fontValueUses, viewUses: viewUses,
            fontSettingTypes: fontSettingTypes, previewStatements: previewStatements, chromeStatements: chromeStatements,
            textValueNames: textValueNames
        )
        for property in scaledMetricProperties {
            for binding in property.variable.bindings {
                guard let name = binding.name else { continue }
                facts.scaledMetrics[name] = binding.initializer?.value.numericValue ?? -1
            }
        }
        for scope in typeScopes {
            if scope.isClass { facts.classes[scope.name, default: []] += scope.inheritedTypes }
            if scope.isProtocol { facts.protocols.insert(scope.name) }
            if scope.isViewHost { facts.hostTypes.insert(scope.name) }
        }
        return facts
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? skipPreview(node) : .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? skipPreview(node) : .visitChildren
    }

    /// Preview code is audited by no rule; what it shows may be a helper
    /// reached only from it (`HelperReach`).
    private func skipPreview(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        if recordsUses { previewStatements.formUnion(HelperReach.statementNames(in: node)) }
        return .skipChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }

    private func enterType(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard let scope = TypeScope(node) else { return .visitChildren }
        if scope.inheritedTypes.contains(where: Self.previewTypes.contains) { return skipPreview(node) }
        typeScopes.append(scope)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        if let name = node.calleeName {
            callsByName[name, default: []].append(node)
            if recordsUses, ViewTree.scrollingContainers.contains(name) { scrollingCalls.append(node.id) }
            if recordsUses, ViewTree.chromeModifiers.contains(name), node.calleeBase != nil {
                chromeContent.append(node.calledExpression.endPosition..<node.endPosition)
            }
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        if scrollingCalls.last == node.id { scrollingCalls.removeLast() }
        if chromeContent.last?.upperBound == node.endPosition, chromeContent.last?.lowerBound == node.calledExpression.endPosition {
            chromeContent.removeLast()
        }
    }

    func calls(named name: String) -> [FunctionCallExprSyntax] { callsByName[name] ?? [] }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.elements.count >= 3, node.elements.dropFirst().first?.kind == .assignmentExpr {
            assignments.append(node)
            // The name first: normalizing prints the target, and every assignment passes here.
            // A text view class that sets a font in its own code, on itself or on
            // the labels it draws its text with (alt-tab-macos' `FeedbackKindCard`
            // button), decides its text's font there.
            if recordsUses, let target = node.elements.first, let name = target.referencedName, Self.ownFontProperties.contains(name),
                name == "font" || Self.ownFontProperties.contains(ReceiverIndex.normalize(target)),
                let type = TypeScope.enclosing(node)
            {
                fontSettingTypes.insert(type.name)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.initializer?.value {
            if value.castType != nil {
                castBindings.append(node)
            } else if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, value.referencedName != name {
                renamingBindings.append(node)
            }
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
        enterHelper(Syntax(node))
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) { leaveHelper(node.id) }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if recordsUses, let name = node.name, DeclaredTextView.isTextViewType(node.typeAnnotation?.type) { textValueNames.insert(name) }
        enterHelper(Syntax(node))
        return .visitChildren
    }

    override func visitPost(_ node: PatternBindingSyntax) { leaveHelper(node.id) }

    private func enterHelper(_ node: Syntax) {
        if recordsUses, ViewHelpers.declaresHelper(node) { helpers.append((node.id, ViewHelpers.name(declaredBy: node))) }
    }

    private func leaveHelper(_ id: SyntaxIdentifier) {
        if helpers.last?.declaration == id { helpers.removeLast() }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        initializers.append(node)
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { imports.insert(module) }
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard recordsUses else { return .skipChildren }
        if !adaptsLayout, Self.adaptiveNames.contains(node.baseName.text) { adaptsLayout = true }
        recordFontUse(of: node)
        return .skipChildren
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        if case .expr(let statement) = node.item, statement.plainName != nil { namedStatements.append(statement) }
        guard recordsUses else { return .visitChildren }
        switch node.item {
        case .expr(let statement):
            recordViewUses(startingStatement: statement)
        // `let label = TagView(text: tag)` in a builder uses the view where the builder is.
        case .decl(let declaration):
            guard let local = declaration.as(VariableDeclSyntax.self) else { break }
            for value in local.bindings.compactMap(\.initializer?.value) { recordViewUses(startingStatement: value) }
        default:
            break
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        if recordsUses { boundNames.insert(node.identifier.text) }
        return .skipChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        if recordsUses { boundNames.insert(node.name.text) }
        return .skipChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        if recordsUses { boundNames.insert((node.secondName ?? node.firstName).text) }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        if recordsUses { boundNames.insert((node.secondName ?? node.firstName).text) }
        if recordsUses, DeclaredTextView.isTextViewType(node.type) { textValueNames.insert((node.secondName ?? node.firstName).text) }
        return .visitChildren
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.expression {
            returnedValues.append(value)
            if recordsUses { recordViewUses(startingStatement: value) }
        }
        return .visitChildren
    }

    /// The names a view statement starts from (`row(item)`, `header.padding()`,
    /// `self.header`, `Cell(title:)`), with where they are used: found from the
    /// statement down its callees and receivers, since every call on that
    /// path encloses the name (a `List { … }` scrolls its own name's use too).
    private func recordViewUses(startingStatement statement: ExprSyntax) {
        var scrolling = !scrollingCalls.isEmpty
        var current = Syntax(statement)
        func record(_ name: DeclReferenceExprSyntax) {
            viewUses[name.baseName.text, default: []].insert(scrolling ? ViewHelpers.scrolled : helpers.last?.name ?? "")
            if chromeContent.contains(where: { $0.contains(statement.position) }) { chromeStatements.insert(name.baseName.text) }
        }
        // A bare name may be a local that shadows a helper (`if let content = … { content }`):
        // asked only of lowercase names, since types and most views start uppercase.
        func recordUnlessLocal(_ name: DeclReferenceExprSyntax) {
            let text = name.baseName.text
            if text.first?.isLowercase == true, boundNames.contains(text), BindingResolver.isBoundLocally(text, at: name) { return }
            record(name)
        }
        while true {
            switch current.kind {
            case .functionCallExpr:
                let call = FunctionCallExprSyntax(current)!
                if !scrolling, let name = call.calleeName, ViewTree.scrollingContainers.contains(name) { scrolling = true }
                current = Syntax(call.calledExpression)
            case .memberAccessExpr:
                let member = MemberAccessExprSyntax(current)!
                guard let base = member.base else { return }
                if base.referencedName == "self" { record(member.declName) }
                current = Syntax(base)
            case .declReferenceExpr:
                recordUnlessLocal(DeclReferenceExprSyntax(current)!)
                return
            default:
                return
            }
        }
    }

    /// How a value is used: for its face (`x.fontName`, `scaledFont(for: x)`),
    /// or as a font (in a font position). For the file's facts, `x` or
    /// `self.x`, not `other.x`; for reads across files, any receiver.
    private func recordFontUse(of node: DeclReferenceExprSyntax) {
        guard var parent = node.parent else { return }
        var value = ExprSyntax(node)
        var member: MemberAccessExprSyntax?
        if parent.kind == .memberAccessExpr, let access = MemberAccessExprSyntax(parent), access.declName.id == node.id {
            member = access
            value = ExprSyntax(access)
            guard let above = parent.parent else { return }
            parent = above
        }
        // A called name (`Text(…)`, `.padding()`, `theme.titleFont()`) is no value read;
        // half the names of a file are called, and the climb below is what costs.
        if parent.kind == .functionCallExpr, FunctionCallExprSyntax(parent)?.calledExpression.id == value.id { return }
        guard let read = FontRead.of(value, fontPositionsPossible: mentionsFont) else { return }
        let name = node.baseName.text
        fontReads.append((name, read))
        // Only now: most names are read as no font, and the receiver's name is a string to build.
        guard member.map({ $0.base?.referencedName == "self" }) ?? true else { return }
        switch read {
        case .face: fontFaceUses.insert(name)
        case .font: fontValueUses.insert(name)
        // In the file's facts a typed local (`let f: UIFont = x`) uses `x` as a font.
        case .alias: if mentionsFont, FontPosition.expected(at: value) != nil { fontValueUses.insert(name) }
        }
    }
}
