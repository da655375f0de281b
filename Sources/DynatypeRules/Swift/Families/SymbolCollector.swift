import SwiftSyntax
import Foundation

/// The font and size symbols a file defines (the rule catalogue note 3): properties and
/// functions of types and extensions, and `View` extension methods that set a font.
struct SymbolCollector {
    let builder: AnalysisBuilder

    private static let fontTypes: Set<String> = ["Font", "SwiftUI.Font"]
    private static let platformFontTypes: Set<String> = ["UIFont", "NSFont", "UIKit.UIFont", "AppKit.NSFont"]
    /// Sizes are recorded only where they may scale (a constant not in the
    /// table is fixed anyway): `CGFloat` values, `@ScaledMetric` and
    /// `scaledValue(for:)`. Plain `Double`/`Int` constants are not recorded,
    /// so files of them are not parsed (see `SourcePrefilter`); a `Double`
    /// alias of a scaled size is therefore judged fixed.
    private static let sizeTypes: Set<String> = ["CGFloat"]

    func run() {
        let classifier = FontClassifier(context: builder.context)
        for variable in builder.context.index.variables where Self.isDeclarationLevel(Syntax(variable)) {
            for binding in variable.bindings {
                if let definition = define(binding, in: variable, classifier) { builder.addDefinition(definition) }
            }
        }
        let views = ViewSizeCollector(builder: builder, classifier: classifier)
        for variable in builder.context.index.variables where Self.isDeclarationLevel(Syntax(variable)) {
            views.defineMemberwiseSizes(of: variable).forEach(builder.addDefinition)
        }
        for function in builder.context.index.functions where Self.isDeclarationLevel(Syntax(function)) {
            if let definition = define(function, classifier) { builder.addDefinition(definition) }
        }
        for initializer in builder.context.index.initializers where Self.isDeclarationLevel(Syntax(initializer)) {
            views.defineStoredSizes(of: initializer).forEach(builder.addDefinition)
            defineStoredFonts(of: initializer, classifier).forEach(builder.addDefinition)
        }
        views.recordCalls()
        defineArgumentFonts(classifier)
        recordFontReads()
    }

    /// `FontItem(font: .body, name: n)`: a view or type made with a font
    /// argument gives its stored property that font (a memberwise
    /// initializer's, or an initializer's that stores it), one definition
    /// per call; the calls that disagree leave the property unknown.
    private func defineArgumentFonts(_ classifier: FontClassifier) {
        for call in builder.context.index.calls {
            guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true else { continue }
            for argument in call.arguments {
                guard let label = argument.label?.text, label.lowercased().hasSuffix("font") else { continue }
                let font = classifier.classify(parameterDefault(argument.expression) ?? argument.expression, expecting: nil)
                builder.addHelperCalls(font.helperCalls)
                builder.addDefinition(SymbolDefinition(
                    name: label, container: type, kind: .font, parameters: nil, value: .font(font.value),
                    position: builder.context.position(of: argument)
                ))
            }
        }
    }

    /// `let font: UIFont` with no value of its own, set by the initializers
    /// (in `switch` branches too, as a layout for each kind): the property
    /// is the fonts they assign (the rule catalogue "Constants through stored
    /// properties"), one definition per initializer.
    private func defineStoredFonts(of initializer: InitializerDeclSyntax, _ classifier: FontClassifier) -> [SymbolDefinition] {
        guard let type = TypeScope.enclosing(initializer), let body = initializer.body else { return [] }
        let stored = Self.storedFonts(of: type)
        guard !stored.isEmpty else { return [] }
        // The body's assignments, walked once for every property.
        var assigned: [String: [[ExprSyntax]]] = [:]
        for sequence in body.descendants(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { continue }
            assigned[ReceiverIndex.normalize(elements[0]), default: []].append(Array(elements[2...]))
        }
        return stored.compactMap { property, kind in
            guard let values = assigned[property] else { return nil }
            // `self.font = font` from `font: Font? = .subheadline`: a call that
            // passes no font stores the default (calls that pass one define it too).
            let font = FontClassification.merging(values.map { value in
                if value.count == 1, isParameterWithoutDefault(value[0], labelled: property) {
                    return FontClassification(value: .fromCallers, spec: .code(Syntax(value[0])))
                }
                if value.count == 1, let fallback = parameterDefault(value[0]) { return classifier.classify(fallback, expecting: kind) }
                return classifier.classify(sequence: value, expecting: kind, depth: 0)
            })
            builder.addHelperCalls(font.helperCalls)
            return SymbolDefinition(
                name: property, container: type.name, kind: kind, parameters: nil, value: .font(font.value),
                position: builder.context.position(of: initializer.initKeyword)
            )
        }
    }

    /// The default value of the parameter `expression` names, when it is a
    /// parameter of the function or initializer around it with one (`font:
    /// Font? = .subheadline`). A font another call passes in its place is
    /// judged where that call writes it.
    private func parameterDefault(_ expression: ExprSyntax) -> ExprSyntax? {
        parameter(named: expression)?.defaultValue?.value
    }

    /// `font` in `init(text: String, font: UIFont) { self.font = font }`: every
    /// call passes it, with the property's name as its label, and so defines
    /// the property (`defineArgumentFonts`).
    private func isParameterWithoutDefault(_ expression: ExprSyntax, labelled label: String) -> Bool {
        guard let parameter = parameter(named: expression) else { return false }
        return parameter.defaultValue == nil && parameter.firstName.text == label
    }

    private func parameter(named expression: ExprSyntax) -> FunctionParameterSyntax? {
        guard let name = expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .parameter = builder.context.bindings.resolve(name, at: expression)
        else { return nil }
        let clause = expression.ancestor(FunctionDeclSyntax.self)?.signature.parameterClause
            ?? expression.ancestor(InitializerDeclSyntax.self)?.signature.parameterClause
        return clause?.parameters.first { ($0.secondName ?? $0.firstName).text == name }
    }

    /// Stored font properties without a value of their own, by kind.
    private static func storedFonts(of type: TypeScope) -> [(String, SymbolKind)] {
        type.memberBlock.members.flatMap { member -> [(String, SymbolKind)] in
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.contains(.static) else { return [] }
            return variable.bindings.compactMap { binding in
                guard binding.initializer == nil, binding.accessorBlock == nil, let name = binding.name,
                    let declared = bareType(binding.typeAnnotation?.type)
                else { return nil }
                if fontTypes.contains(declared) { return (name, .font) }
                return platformFontTypes.contains(declared) ? (name, .platformFont) : nil
            }
        }
    }

    /// Reads of fonts by name, a local's reads deciding for the value bound to it.
    private func recordFontReads() {
        let facts = builder.context.facts
        var face = Set<String>(), font = Set<String>()
        for (name, read) in builder.context.index.fontReads {
            switch read {
            case .face: face.insert(name)
            case .font: font.insert(name)
            case .alias(let local) where facts.faceOnlyFonts.contains(local): face.insert(name)
            case .alias(let local) where facts.fontValueUses.contains(local): font.insert(name)
            case .alias: continue
            }
        }
        builder.setFontReads(face: face, font: font)
    }

    /// Members of types and extensions, and file-scope declarations (not locals).
    static func isDeclarationLevel(_ node: Syntax) -> Bool {
        guard let parent = node.parent else { return false }
        if parent.is(MemberBlockItemSyntax.self) { return true }
        // At file scope, also in `#if os(macOS) private let valueFont: Font = .callout #else … #endif`.
        var item = parent
        while item.is(CodeBlockItemSyntax.self), let holder = item.parent?.parent {
            if holder.is(SourceFileSyntax.self) { return true }
            guard holder.is(IfConfigClauseSyntax.self), let conditional = holder.parent?.parent, conditional.is(IfConfigDeclSyntax.self),
                let next = conditional.parent
            else { return false }
            item = next
        }
        return false
    }

    private static func bareType(_ type: TypeSyntax?) -> String? { type?.simpleName }

    /// `Self` in `extension Font` is `Font` (isowords' `static func custom(_: FontName, size:) -> Self`).
    private static func declaredType(_ type: TypeSyntax?, in scope: TypeScope?) -> String? {
        let written = bareType(type)
        return written == "Self" ? scope?.name : written
    }

    /// The type a member belongs to. A member of the extension of a protocol
    /// the file declares (`extension OnboardingAppearance { static var
    /// subTitleFont: UIFont }`) is every conforming type's
    /// (`LoginViewController.subTitleFont`); which types conform is not
    /// tracked, so it is found by its name alone, as a file-scope one is.
    private func container(of member: some SyntaxProtocol) -> String? {
        guard let scope = TypeScope.enclosing(member) else { return nil }
        return scope.node.is(ExtensionDeclSyntax.self) && builder.context.facts.protocols.contains(scope.name) ? nil : scope.name
    }

    private func define(_ binding: PatternBindingSyntax, in variable: VariableDeclSyntax, _ classifier: FontClassifier) -> SymbolDefinition? {
        guard let name = binding.name else { return nil }
        // Most properties define nothing: where a definition is made, not before.
        let make = { (kind: SymbolKind, value: DefinitionValue) in
            SymbolDefinition(
                name: name, container: container(of: variable), kind: kind, parameters: nil, value: value,
                position: builder.context.position(of: binding.pattern)
            )
        }
        if variable.attributes.attribute(named: "ScaledMetric") != nil { return make(.size, .size(.scales)) }
        let values = binding.returnedValues
        guard let expression = values.first else { return nil }
        let type = Self.declaredType(binding.typeAnnotation?.type, in: TypeScope.enclosing(variable))
        if let type, Self.fontTypes.contains(type) || Self.platformFontTypes.contains(type) {
            // A getter may return several fonts (one per `#if` platform, per `if` branch): it is all of them.
            let font = FontClassification.merging(values.map { classifier.classify($0, expecting: nil) })
            builder.addHelperCalls(font.helperCalls)
            let kind: SymbolKind = Self.fontTypes.contains(type) ? .font : .platformFont
            defineEachCase(of: binding, named: name, kind: kind, container: container(of: variable), classifier)
            return make(kind, .font(font.value))
        }
        if let type, Self.sizeTypes.contains(type) {
            // A size chosen by the user's text size (`switch preferredContentSizeCategory`) follows it already:
            // scaling it again would scale twice.
            if Self.readsTextSize(binding) { return make(.size, .size(.scales)) }
            return make(.size, .size(classifier.classifySize(expression, depth: 0).value))
        }
        guard type == nil else { return nil }
        if expression.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "scaledValue" }) {
            return make(.size, .size(classifier.classifySize(expression, depth: 0).value))
        }
        let font = classifier.classify(expression, expecting: nil)
        // anytype's `extension UIFont { static let bodyRegular = UIKitFontBuilder.uiKitFont(font: .bodyRegular) }`:
        // a font type's static member made by a font helper is that type's font (`label.font = .bodyRegular`).
        let extended = TypeScope.enclosing(variable).flatMap { $0.isExtension ? $0.name : nil }
        if let extended, variable.modifiers.contains(.static), Self.namesFont(font.value),
            Self.fontTypes.contains(extended) || Self.platformFontTypes.contains(extended)
        {
            builder.addHelperCalls(font.helperCalls)
            return make(Self.fontTypes.contains(extended) ? .font : .platformFont, .font(font.value))
        }
        guard Self.looksLikeFont(font) || name.mentionsFont && Self.namesFont(font.value) else { return nil }
        builder.addHelperCalls(font.helperCalls)
        return make(.font, .font(font.value))
    }

    /// `var font: UIFont { switch self { case .statusMetrics: return .preferredFont(…) … } }`:
    /// each case's font, for uses that name the case (`TextStyle.statusMetrics.font`).
    private func defineEachCase(
        of binding: PatternBindingSyntax, named name: String, kind: SymbolKind, container: String?, _ classifier: FontClassifier
    ) {
        guard let getter = binding.getterStatements, getter.count == 1, let item = getter.first?.item,
            let switchExpr = (item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self))?.as(SwitchExprSyntax.self),
            switchExpr.subject.unwrapped.referencedName == "self"
        else { return }
        for element in switchExpr.cases {
            guard let clause = element.as(SwitchCaseSyntax.self), case .case(let label) = clause.label else { continue }
            let returned = clause.statements.returnedExpressions
            guard !returned.isEmpty else { continue }
            let font = FontClassification.merging(returned.map { classifier.classify($0, expecting: nil) })
            for caseName in label.caseItems.compactMap({ Self.caseName(of: $0.pattern) }) {
                builder.addDefinition(SymbolDefinition(
                    name: name, container: container, kind: kind, parameters: nil, value: .font(font.value),
                    position: builder.context.position(of: clause), enumCase: caseName
                ))
            }
        }
    }

    /// `statusMetrics` of `case .statusMetrics:` and of `case .custom(let configuration):`.
    private static func caseName(of pattern: PatternSyntax) -> String? {
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        let member = expression.as(MemberAccessExprSyntax.self)
            ?? expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
        guard let member, member.base == nil else { return nil }
        return member.declName.baseName.text
    }

    private static func readsTextSize(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { textSizeNames.contains($0.text) }
    }

    private static let textSizeNames: Set<String> = ["preferredContentSizeCategory", "sizeCategory", "dynamicTypeSize"]

    /// Without a type annotation, only expressions built from font APIs are
    /// fonts, and aliases of symbols qualified by a font type (`Font.title2`).
    /// (An alias such as `Typography.heading` needs a `Font` annotation: the
    /// file would otherwise show nothing font-like, and the prefilter skips it.)
    /// GitHawk's `static let font = Styles.Text.title.preferredFont`: a font
    /// property whose value names a font member of the audited code.
    private static func namesFont(_ value: FontValue) -> Bool {
        guard case .symbol(let reference, _) = value else { return false }
        return reference.name.mentionsFont
    }

    private static func looksLikeFont(_ font: FontClassification) -> Bool {
        func check(_ value: FontValue) -> Bool {
            switch value {
            case .scales, .fixed, .readOnce, .sized: return true
            case .symbol(let reference, _): return ["Font", "UIFont", "NSFont"].contains(reference.qualifier ?? "")
            case .anyOf(let branches): return branches.contains(where: check)
            case .viewHelper: return false
            case .unresolved, .fromCallers: return false
            }
        }
        return !font.sites.isEmpty || check(font.value)
    }

    private func define(_ function: FunctionDeclSyntax, _ classifier: FontClassifier) -> SymbolDefinition? {
        guard let body = function.body else { return nil }
        let scope = TypeScope.enclosing(function)
        let container = container(of: function)
        let returnType = Self.declaredType(function.signature.returnClause?.type, in: scope)
        let parameters = Self.parameters(of: function.signature.parameterClause, classifier)
        let make = { (kind: SymbolKind, value: DefinitionValue) in
            SymbolDefinition(
                name: function.name.text, container: container, kind: kind, parameters: parameters, value: value,
                position: builder.context.position(of: function.name)
            )
        }
        if let returnType, Self.fontTypes.contains(returnType) || Self.platformFontTypes.contains(returnType) {
            let fonts = body.statements.returnedExpressions.map { classifier.classify($0, expecting: nil) }
            guard !fonts.isEmpty else { return nil }
            let font = FontClassification.merging(fonts)
            builder.addHelperCalls(font.helperCalls)
            return make(Self.fontTypes.contains(returnType) ? .font : .platformFont, .font(font.value))
        }
        if let returnType, Self.sizeTypes.contains(returnType) {
            if Self.readsTextSize(body) { return make(.size, .size(.scales)) }
            let sizes = body.statements.returnedExpressions.map { classifier.classifySize($0, depth: 0).value }
            guard let first = sizes.first else { return nil }
            return make(.size, .size(sizes.allSatisfy { $0 == .scales } ? .scales : sizes.first { $0 != .scales } ?? first))
        }
        // `extension View { func eyebrow() -> some View }`, and eul's `extension Text { func inlineSection() -> some View }`
        // or `-> Text`: a helper of the view it is called on.
        if let scope, scope.isExtension, scope.name == "View" && returnType == "some View" || scope.name == "Text" && ["some View", "Text"].contains(returnType) {
            return appliedFont(in: body, classifier, forwardingTo: function.name.text).map { make(.viewModifier, .font($0)) }
        }
        // `struct Caption: ViewModifier { func body(content:) … }`, applied as
        // `.modifier(Caption(size: 12))`: its parameters are the memberwise
        // initializer's, the stored properties.
        if function.name.text == "body", let scope, scope.inheritedTypes.contains("ViewModifier"),
            let font = appliedFont(in: body, classifier)
        {
            return SymbolDefinition(
                name: scope.name, container: TypeScope.enclosing(scope.node)?.name, kind: .viewModifier,
                parameters: Self.memberwiseParameters(of: scope), value: .font(font), position: builder.context.position(of: function.name)
            )
        }
        // A view function whose size parameters reach a font (`stateIcon(size:)`):
        // judged with its calls, as size-parameterised helpers are.
        if returnType?.hasSuffix("View") == true, !parameters.isEmpty {
            return appliedFont(in: body, classifier).map { make(.view, .font($0)) }
        }
        return nil
    }

    /// The font a view-building body applies: its `.font(_:)` calls, and the
    /// `ViewModifier`s it applies with `modifier(_:)`; nil when it applies none.
    /// A helper that only calls its own overloads (Gifski's `alert2(_:message:isPresented:)`
    /// forwarding to `alert2(…actions:)`) applies no font by that call.
    private func appliedFont(in body: CodeBlockSyntax, _ classifier: FontClassifier, forwardingTo helper: String? = nil) -> FontValue? {
        let range = body.range
        let calls = builder.context.index.calls.filter { range.contains($0.position) }
        var fonts = calls.filter { ViewTree.isStandardFontModifier(ModifierCall(name: $0.calleeName ?? "", call: $0)) }
            .map { $0.arguments.first!.expression }.filter { !classifier.isEnvironmentFont($0) }
            .map { classifier.classify($0, expecting: .font).value }
        // `.modifier(Caption())` (or `ModifiedContent(content: self, modifier: Caption())`),
        // and other helpers applied to the view itself
        // (`self.font(size:style:)` in `applyButtonFont()`): a helper of the
        // audited code that applies no font leaves the font as it was.
        for call in calls where ["modifier", "ModifiedContent"].contains(call.calleeName) || Self.appliesToSelf(call) {
            let modifier = ModifierCall(name: call.calleeName ?? "", call: call)
            guard ViewTree.isPossibleFontHelper(modifier) else { continue }
            let applied = ViewTree.helperCall(of: modifier)
            guard applied.calleeName != helper else { continue }
            let arguments = applied.arguments.map {
                SymbolArgument(label: $0.label?.text ?? "", size: classifier.classifySize($0.expression, depth: 0).value)
            }
            let reference = SymbolReference(name: applied.calleeName ?? "", qualifier: nil, argumentLabels: applied.argumentLabels, expected: .viewModifier)
            fonts.append(.viewHelper(reference, arguments: arguments, otherwise: .scales))
        }
        guard !fonts.isEmpty else { return nil }
        return fonts.count == 1 ? fonts[0] : .anyOf(fonts)
    }

    /// `font(size: 12)` or `self.font(size: 12)`: a method of the view being built.
    private static func appliesToSelf(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calleeName, !ViewTree.isStandardFontModifier(ModifierCall(name: name, call: call)) else { return false }
        guard let base = call.calleeBase else { return call.calledExpression.is(DeclReferenceExprSyntax.self) }
        return base.unwrapped.referencedName == "self" && base.unwrapped.is(DeclReferenceExprSyntax.self)
    }

    static func parameters(of clause: FunctionParameterClauseSyntax, _ classifier: FontClassifier) -> [SymbolParameter] {
        clause.parameters.map { parameter in
            SymbolParameter(
                label: parameter.firstName.tokenKind == .wildcard ? "" : parameter.firstName.text,
                name: (parameter.secondName ?? parameter.firstName).text,
                defaultSize: parameter.defaultValue.map { classifier.classifySize($0.value, depth: 0).value }
            )
        }
    }

    /// Stored instance properties in order, as memberwise parameters: those
    /// with a default value may be left out (their size is taken as fixed).
    static func memberwiseParameters(of scope: TypeScope) -> [SymbolParameter] {
        scope.memberBlock.members.flatMap { member -> [SymbolParameter] in
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.contains(.static),
                variable.attributes.isEmpty
            else { return [] }
            return variable.bindings.compactMap { binding in
                guard let name = binding.name, binding.accessorBlock == nil else { return nil }
                return SymbolParameter(label: name, name: name, defaultSize: binding.initializer == nil ? nil : .fixed)
            }
        }
    }

    /// The definition key of the font helper whose parameter `name` is, if any.
    static func enclosingHelperKey(of node: some SyntaxProtocol, parameter name: String) -> String? {
        guard let function = node.ancestor(FunctionDeclSyntax.self),
            function.signature.parameterClause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name })
        else { return nil }
        let labels = function.signature.parameterClause.parameters.map {
            ($0.firstName.tokenKind == .wildcard ? "" : $0.firstName.text) + ":"
        }
        return (TypeScope.enclosing(function)?.name ?? "") + "." + function.name.text + "(" + labels.joined() + ")"
    }
}

extension SymbolCollector: UnitRuleFamily {
    static let scope = UnitScope.member
    /// Also what the files it reads facts from show: sizes passed to views
    /// (`size:`, `iconSize:`) and fonts read for their face. `displayName`
    /// names a user or a room far more often than a face: a font read for it
    /// (`NSFont(name: $0, size: 1)?.displayName`) is a `Font` here anyway
    /// (element-x-ios has 69 files that only it would have had parsed).
    static let triggers: [Trigger] = ["Font", "CGFloat", "scaledValue", "ScaledMetric", .label(endingWith: "ize:"), .label(endingWith: "font:")]
        + SyntaxIndex.faceMembers.subtracting(["displayName"]).sorted().map { Trigger(stringLiteral: $0) }
    static func run(in unit: UnitRun) { SymbolCollector(builder: unit.builder).run() }
}
