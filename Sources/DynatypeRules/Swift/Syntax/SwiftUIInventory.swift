import SwiftSyntax

/// A view that a `.font` modifier can reach: a text element, an image, or an
/// opaque view (a custom view whose text is not visible here).
struct FontConsumer {
    enum Kind: Equatable {
        case element(Int)
        case image
        case opaque
        /// Draws no words and no symbol (`Text(" · ")`, `Image(uiImage:)`): a font there sizes nothing a reader reads.
        case wordless
    }

    let node: Syntax
    let kind: Kind
    let environment: ViewEnvironment
    /// The modifier that sets this view's font, if any.
    let source: ModifierCall?

    var isTextual: Bool { kind != .image && kind != .wordless }

    var elementIndex: Int? {
        if case .element(let index) = kind { return index }
        return nil
    }
}

/// The SwiftUI views of a file that text rules care about, with their font
/// environments. Text elements are registered with the builder on creation.
final class SwiftUIInventory {
    let tree: ViewTree
    private(set) var elements: [(view: ExprSyntax, index: Int)] = []
    private(set) var consumers: [FontConsumer] = []

    init(builder: AnalysisBuilder) {
        tree = ViewTree(chromeHelpers: builder.context.facts.reach.chromeOnly)
        let calls = builder.context.index.calls
        var opaqueRoots: Set<SyntaxIdentifier> = []
        for call in calls {
            switch ViewTree.role(of: call) {
            case .textElement(let kind)?:
                let index = builder.addElement(TextElement(
                    kind: kind, position: builder.context.position(of: call), description: Self.describe(call),
                    font: "default (.body)", status: .scales("default font (.body) scales")
                ))
                elements.append((ExprSyntax(call), index))
                add(Syntax(call), .element(index))
            case .image?:
                add(Syntax(call), .image)
            case .primitive? where ["Text", "Image"].contains(call.calleeName):
                add(Syntax(call), .wordless)
            case .opaque? where ViewTree.isViewStatement(call):
                opaqueRoots.insert(call.id)
                add(Syntax(call), .opaque)
            default:
                break
            }
        }
        let givenText = addGivenTextValues(builder)
        // Chains whose root shows no text here but which set a font
        // (`content.font(…)`, `MyRow().font(…)`) reach text we cannot see.
        for call in calls {
            guard let name = call.calleeName, let first = name.first, first.isLowercase else { continue }
            let modifier = ModifierCall(name: name, call: call)
            guard ViewTree.isStandardFontModifier(modifier) || ViewTree.isCustomFontModifier(modifier) else { continue }
            guard call.calleeBase != nil else {
                // `font(…)` on an implicit `self`, in code that builds a view;
                // not a value passed on (`.font(titleFont(…))`, `.foregroundColor(fontColor())`).
                // (Not an action's call: `Button { pushIntoRecentFonts(name) }` changes state, not a font.)
                // (Nor a `View` extension's own `font(…)`: a font helper, judged where it is applied.)
                if !call.isImplicitMemberCall, call.parent?.kind != .labeledExpr, Self.buildsView(call), !Self.isInActionClosure(call),
                    !Self.isInViewExtension(call)
                {
                    consumers.append(FontConsumer(node: Syntax(call), kind: .opaque, environment: tree.environment(of: call), source: modifier))
                }
                continue
            }
            // `.font(settings.fontStyle.font(size: 11))`: a font value passed on, not a view's modifier.
            if call.parent?.kind == .labeledExpr { continue }
            let root = ViewTree.root(of: call)
            guard Self.canBeView(root) else { continue }
            // `store.pushIntoRecentFonts(name)` is a call on a value, not a
            // view: a value's chain counts only where a view is built.
            if !root.is(FunctionCallExprSyntax.self), !Self.buildsView(call) || Self.isInActionClosure(call) { continue }
            // readium's `CSSFontFamilyDeclaration(…).eraseToAnyHTMLFontFamilyDeclaration()` in a view
            // controller: a value whose method mentions fonts, where no view is built.
            if ViewTree.isCustomFontModifier(modifier), !Self.buildsView(call), !Self.isInViewType(call) { continue }
            if let rootCall = root.as(FunctionCallExprSyntax.self), ViewTree.role(of: rootCall) != .opaque { continue }
            if opaqueRoots.contains(root.id) || givenText.contains(root.id) { continue }
            opaqueRoots.insert(root.id)
            add(Syntax(root), Self.isImageValue(root, builder.context) ? .image : .opaque)
        }
    }

    /// Text a view is given as a value (`let title: Text`, a `Text`
    /// parameter: isowords' cards, UTM's `Label<Text, Image>` tiles) is
    /// shown where the view uses it: each use, alone in a builder or at the
    /// start of a modifier chain, is a text element. Returns their ids.
    private func addGivenTextValues(_ builder: AnalysisBuilder) -> Set<SyntaxIdentifier> {
        let index = builder.context.index
        let names = builder.context.facts.textValueNames
        guard !names.isEmpty else { return [] }
        let isCandidate = { (value: ExprSyntax) in value.plainName.map(names.contains) ?? false }
        let candidates = index.namedStatements.filter(isCandidate) + index.calls.compactMap { $0.calleeBase.flatMap { isCandidate($0) ? $0 : nil } }
        var added: Set<SyntaxIdentifier> = []
        for value in candidates where !added.contains(value.id) {
            guard let kind = DeclaredTextView.givenKind(of: value, bindings: builder.context.bindings) else { continue }
            let elementIndex = builder.addElement(TextElement(
                kind: kind, position: builder.context.position(of: value), description: value.trimmedText,
                font: "default (.body)", status: .scales("default font (.body) scales")
            ))
            elements.append((value, elementIndex))
            add(Syntax(value), .element(elementIndex))
            added.insert(value.id)
        }
        return added
    }

    /// A value declared as an `Image` (`let icon: Image`, CodeEdit's search
    /// panel), or a label style's `configuration.icon` (UTM): a symbol, not
    /// text the file cannot see.
    private static func isImageValue(_ root: ExprSyntax, _ context: FileContext) -> Bool {
        if let member = root.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "icon",
            member.base?.referencedName == "configuration", TypeScope.enclosing(root)?.inheritedTypes.contains("LabelStyle") == true
        {
            return true
        }
        return root.referencedName.flatMap { context.bindings.typeName(of: $0, at: root) } == "Image"
    }

    /// A chain root that can be a view: a view call, or a value such as
    /// `content` or `item.icon` — not a UIKit/AppKit value such as
    /// `UIFontMetrics(…)` or a type such as `UIFont`.
    private static func canBeView(_ root: ExprSyntax) -> Bool {
        if let call = root.as(FunctionCallExprSyntax.self) {
            guard let name = call.calleeName, !name.hasPrefix("UI"), !name.hasPrefix("NS") else { return false }
            return ViewTree.role(of: call) != nil
        }
        guard let name = root.referencedName, let first = name.first else { return false }
        return first.isLowercase
    }

    /// Whether the function or property around a call returns a view, so an
    /// implicit `self` is a view (`extension View { func f() -> some View { font(…) } }`).
    private static func isInViewExtension(_ call: FunctionCallExprSyntax) -> Bool {
        guard let scope = TypeScope.enclosing(call) else { return false }
        return scope.isExtension && ["View", "Text"].contains(scope.name)
    }

    private static func isInViewType(_ call: FunctionCallExprSyntax) -> Bool {
        TypeScope.enclosing(call)?.inheritedTypes.contains("View") == true
    }

    private static func buildsView(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause?.type.simpleName.hasSuffix("View") == true
            }
            if let binding = node.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation?.type.simpleName.hasSuffix("View") == true
            }
            current = node.parent
        }
        return false
    }

    /// Closures that run code rather than build views.
    private static let actionModifiers: Set<String> = [
        "onTapGesture", "onAppear", "onDisappear", "onChange", "onReceive", "onSubmit", "onLongPressGesture", "task",
        "withAnimation", "async", "asyncAfter", "forEach", "sink", "perform", "map", "compactMap", "filter",
    ]

    /// `Button("Select…")`, `Button(titleKey, role: .destructive)`, `Button(title)`: a button whose label is its title argument.
    private static func hasTitle(_ button: FunctionCallExprSyntax) -> Bool {
        guard let first = button.arguments.first else { return false }
        return first.label == nil || ["titleKey", "title"].contains(first.label?.text)
    }

    private static func isInActionClosure(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                let owner = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                if let name = owner?.calleeName, actionModifiers.contains(name) { return true }
                if let label = closure.parent?.as(LabeledExprSyntax.self)?.label?.text, label == "action" { return true }
                // `Button { action } label: { … }` and `Button("Select…") { action }`: the first
                // trailing closure is the action, unless an `action:` argument is given (then it is the label).
                if let button = closure.parent?.as(FunctionCallExprSyntax.self), button.calleeName == "Button",
                    button.trailingClosure?.id == closure.id, button.argument("action") == nil,
                    !button.additionalTrailingClosures.isEmpty || Self.hasTitle(button)
                {
                    return true
                }
            }
            if node.is(DeclSyntax.self) { return false }
            current = node.parent
        }
        return false
    }

    private func add(_ node: Syntax, _ kind: FontConsumer.Kind) {
        let environment = tree.environment(of: node)
        consumers.append(FontConsumer(node: node, kind: kind, environment: environment, source: environment.fontSource))
    }

    /// `Text(title)`, `Button("Book Now")`: the element as a reader finds it.
    static func describe(_ call: FunctionCallExprSyntax) -> String {
        let name = call.calledExpression.trimmedText
        guard let first = call.arguments.first else { return name + "()" }
        return "\(name)(\(TextCut.words(first.expression.oneLine, limit: 40)))"
    }

    /// Text elements syntactically inside `node` (a container's subtree).
    func elements(inside node: some SyntaxProtocol) -> [(view: ExprSyntax, index: Int)] {
        let range = node.range
        return elements.filter { range.contains($0.view.position) && $0.view.id != node.id }
    }

    func consumers(inside node: some SyntaxProtocol) -> [FontConsumer] {
        let range = node.range
        return consumers.filter { range.contains($0.node.position) }
    }
}

extension SwiftUIInventory: UnitRuleFamily {
    static let scope = UnitScope.member
    /// The names text elements start with (`ViewTree.textElementNames`); an
    /// image alone is no element, and other families say when they need one.
    static let triggers: [Trigger] = [.word("Text"), .word("Label"), .word("Button"), "SecureField"]
    static func run(in unit: UnitRun) { _ = unit.inventory }
}
