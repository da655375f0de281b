import SwiftSyntax

/// The types a handler of the text-size change refreshes, wherever in the
/// audited code the handler is: `AttributedStringBuilder.invalidateCaches()`
/// in a `UIContentSizeCategory.didChangeNotification` observer, or the
/// observing type's own methods (`self.updateFonts()`). A size such a type
/// reads from a text style is read again each time the user changes it, so
/// it follows the user (the rule catalogue `font_size_read_once`).
struct SizeChangeRefreshes {
    let builder: AnalysisBuilder

    /// How code names the notification: `UIContentSizeCategory.didChangeNotification`,
    /// `.UIContentSizeCategoryDidChange`.
    private static let notificationSpellings = ["UIContentSizeCategory.didChangeNotification", "UIContentSizeCategoryDidChange"]
    /// Calls that observe a notification: target-action, block and Combine or async observers.
    private static let observers = ["addObserver", "publisher", "notifications"]
    /// Framework types a handler calls that are never the audited code's.
    private static let frameworkPrefixes = ["UI", "NS", "CG", "CA", "Dispatch", "Notification", "Task"]

    func run() {
        for call in Self.observers.flatMap(builder.context.index.calls(named:)) where Self.observesSizeChange(call) {
            let refreshed = handlers(of: call).reduce(into: Set<String>()) { $0.formUnion(Self.types(refreshedBy: $1, observer: call)) }
            for type in refreshed.sorted() {
                builder.addDefinition(SymbolDefinition(
                    name: type, container: nil, kind: .sizeChangeRefresh, parameters: nil, value: .refreshedOnSizeChange,
                    position: builder.context.position(of: call)
                ))
            }
        }
    }

    private static func observesSizeChange(_ call: FunctionCallExprSyntax) -> Bool {
        call.arguments.contains { argument in
            let text = argument.expression.trimmedText
            return notificationSpellings.contains { text.hasSuffix($0) }
        }
    }

    /// The code that runs on the notification: the method a `#selector`
    /// names in the observing type, and the closures of the call and of the
    /// calls chained after it (`.sink { … }`).
    private func handlers(of call: FunctionCallExprSyntax) -> [Syntax] {
        var bodies: [Syntax] = []
        let calls = [call] + ViewTree.modifiers(appliedTo: call).map(\.call)
        for observer in calls {
            bodies += observer.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self).map(Syntax.init) }
            if let closure = observer.trailingClosure { bodies.append(Syntax(closure)) }
            bodies += observer.additionalTrailingClosures.map { Syntax($0.closure) }
        }
        if let selector = call.argument("selector")?.as(MacroExpansionExprSyntax.self), selector.macroName.text == "selector",
            let method = Self.methodName(selector.arguments.first?.expression),
            let scope = TypeScope.enclosing(call)
        {
            bodies += scope.memberBlock.members.compactMap { member in
                guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == method else { return nil }
                return function.body.map(Syntax.init)
            }
        }
        return bodies
    }

    /// `didChange`, `self.didChange(_:)`, `Coordinator.didChange(_:)` → `didChange`.
    private static func methodName(_ expression: ExprSyntax?) -> String? {
        guard let expression else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The types whose static members the handler calls, and the observing
    /// type when the handler calls one of its own methods.
    private static func types(refreshedBy body: Syntax, observer: FunctionCallExprSyntax) -> Set<String> {
        let observing = TypeScope.enclosing(observer)
        let ownMethods = Set(observing?.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text } ?? [])
        var types: Set<String> = []
        for call in body.descendants(FunctionCallExprSyntax.self) {
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
            let base = member?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            let method = member?.declName.baseName.text ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            if let base, base.first?.isUppercase == true, base != "Self", !frameworkPrefixes.contains(where: base.hasPrefix) {
                types.insert(base)
            } else if let observing, base == nil || base == "self" || base == "Self", let method, ownMethods.contains(method) {
                types.insert(observing.name)
            }
        }
        return types
    }
}

extension SizeChangeRefreshes: UnitRuleFamily {
    static let scope = UnitScope.type
    static let triggers: [Trigger] = ["UIContentSizeCategory.didChangeNotification", "UIContentSizeCategoryDidChange"]
    static func run(in unit: UnitRun) { SizeChangeRefreshes(builder: unit.builder).run() }
}
