import SwiftSyntax
import Foundation

/// Font constructors wherever their value goes (the rule catalogue "Clarifications"):
/// stored as a `Font` or `UIFont`, returned by a helper, put in an attributes
/// dictionary, passed as an argument. Runs after the element rules, which
/// judge the constructors they reach with the element's context.
struct ConstructorRule {
    let builder: AnalysisBuilder

    private static let constructorNames: Set<String> = FontClassifier.appKitSystemConstructors.union([
        "system", "custom", "UIFont", "NSFont", "init",
    ])

    func run() {
        let classifier = FontClassifier(context: builder.context)
        for call in builder.context.index.calls where !builder.isJudged(call) {
            guard let name = call.calleeName else { continue }
            if !Self.constructorNames.contains(name), UserContentSizeCategory.passed(to: call) == nil {
                recordHelperCall(call, name: name, classifier)
                continue
            }
            // `case .custom(let x):`, `.labelStyle(.custom…)`: the same spellings name enum cases.
            if call.isImplicitMemberCall, !FontPosition.isFont(call) { continue }
            // Inside `Font(…)`, the wrapper decides the fix (SwiftUI's own style).
            let value = FontClassifier.swiftUIWrapper(of: call).map(ExprSyntax.init) ?? ExprSyntax(call)
            let sites = classifier.classify(value, expecting: nil).sites.filter { $0.node.id == call.id }
            guard !sites.isEmpty, !isScaledByFontMetrics(call), !isAssignedToFont(call), !isFaceOnly(call),
                !DrawnText.isDrawnIntoImage(call), !Self.isNavigationBarTitleAttribute(call)
            else { continue }
            let hold = DrawnText.drawingOverride(around: call).map { _ in Self.drawnByHand } ?? Self.measuringHold(call)
            // Stored in a property: the property's reads across the audit decide.
            if let property = storingProperty(of: call) {
                let hold = hold ?? StoredPlatformFont(call: call, name: property).hold
                for site in sites where site.dependency == nil {
                    builder.report(site, also: .readAsFont(property: property), hold: hold)
                }
                sites.filter { $0.dependency != nil }.forEach { builder.report($0, hold: hold) }
            } else {
                let hold = hold ?? localVariable(of: call).flatMap { StoredPlatformFont(call: call, name: $0).hold }
                sites.forEach { builder.report($0, hold: hold) }
            }
        }
    }

    /// `appearance.titleTextAttributes = [.font: …]`: the navigation bar's
    /// inline title, system chrome that keeps its size at every text size and
    /// shows the Large Content Viewer instead (the UIKit side of the rule
    /// catalogue's exemption of `.navigationTitle`). A large title
    /// (`largeTitleTextAttributes`) does scale, and is judged.
    private static func isNavigationBarTitleAttribute(_ call: FunctionCallExprSyntax) -> Bool {
        guard let sequence = call.ancestor(SequenceExprSyntax.self), sequence.range.contains(call.position) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].range.contains(call.position) else { return false }
        return elements[0].unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "titleTextAttributes"
    }

    /// pocket-casts' `(text as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 13)])`:
    /// a font that only measures text for a frame. A text style here alone
    /// would measure one size while the view draws another.
    private static func measuringHold(_ call: FunctionCallExprSyntax) -> FixHold? {
        var node = call.parent
        while let current = node, !current.is(CodeBlockItemSyntax.self) {
            if let argument = current.as(LabeledExprSyntax.self), ["withAttributes", "attributes"].contains(argument.label?.text),
                let measuring = argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName,
                measuringCalls.contains(measuring)
            {
                return measuredByHand
            }
            node = current.parent
        }
        return nil
    }

    private static let measuringCalls: Set<String> = ["size", "boundingRect"]

    private static let measuredByHand = FixHold(
        reason: "the font only measures text for a frame: scale it together with the font of the view that shows the text",
        rules: nil
    )

    private static let drawnByHand = FixHold(
        reason: "the text is drawn by hand in `draw`, at positions and in shapes the code computes; scale those with the font",
        rules: nil
    )

    /// `UIFont.appFont(ofSize: 14)` outside an element still counts as a call of
    /// the helper for "any call passes a fixed size".
    private func recordHelperCall(_ call: FunctionCallExprSyntax, name: String, _ classifier: FontClassifier) {
        let base = call.calleeBase?.referencedName
        let onFontType = base == "UIFont" || base == "NSFont" || base == "Font"
        guard onFontType || (call.isImplicitMemberCall && name.mentionsFont),
            !call.arguments.isEmpty
        else { return }
        builder.addHelperCalls(classifier.classify(ExprSyntax(call), expecting: .platformFont).helperCalls)
    }

    /// In the value of `x.font = …` (or `font = …` on `self`): `UIKitFontRule`
    /// judges those, with the view they are given to. A local or parameter
    /// named `font` is no view's font: its value is judged here.
    private func isAssignedToFont(_ call: FunctionCallExprSyntax) -> Bool {
        guard let target = FontPosition.fontAssignmentTarget(of: call) else { return false }
        return !(target.is(DeclReferenceExprSyntax.self) && builder.context.bindings.isLocalOrParameter("font", at: target))
    }

    /// The property a font is stored in, by assignment (`theme.chosenFont =
    /// UIFont(…)`, also derived: `UIFont.systemFont(ofSize: 1).rounded()`)
    /// or as a member's value (`static let dyslexic = UIFont(…)`).
    private func storingProperty(of call: FunctionCallExprSyntax) -> String? {
        let node = Self.storedValue(of: call)
        if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let variable = binding.ancestor(VariableDeclSyntax.self), SymbolCollector.isDeclarationLevel(Syntax(variable))
        {
            return binding.name
        }
        guard let target = Self.assignmentTarget(of: node) else { return nil }
        if let member = target.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text,
            !builder.context.bindings.isLocalOrParameter(name, at: target)
        else { return nil }
        return name
    }

    /// `let font = UIFont…` in a function or closure (a property when not),
    /// or `font = UIFont…` where `font` is such a local declared without a value.
    private func localVariable(of call: FunctionCallExprSyntax) -> String? {
        let node = Self.storedValue(of: call)
        if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) { return binding.name }
        guard case .local(let binding)? = assignedLocal(of: node) else { return nil }
        return binding.name
    }

    /// The local that `name = value` assigns, when the target is one.
    private func assignedLocal(of value: Syntax) -> Binding? {
        guard let target = Self.assignmentTarget(of: value)?.as(DeclReferenceExprSyntax.self) else { return nil }
        let binding = builder.context.bindings.resolve(target.baseName.text, at: target)
        guard case .local = binding else { return nil }
        return binding
    }

    /// `target` in `target = value`.
    private static func assignmentTarget(of value: Syntax) -> ExprSyntax? {
        guard let sequence = value.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == value.id else { return nil }
        return elements[0].unwrapped
    }

    /// The expression that is stored: the font, or what derives it (`UIFont(…)!`, `.withSize(…)`).
    private static func storedValue(of call: FunctionCallExprSyntax) -> Syntax {
        var node = Syntax(call)
        while let parent = node.parent {
            if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) || parent.is(TupleExprSyntax.self)
                || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true
                || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
            {
                node = parent
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
                let derived = member.parent?.as(FunctionCallExprSyntax.self), derived.calledExpression.id == member.id
            {
                node = Syntax(derived)
            } else {
                break
            }
        }
        return node
    }

    /// the rule catalogue "A font used only as a face": stored in a value the file
    /// reads only for its face (`fontName`, `withSize(_:)`, `scaledFont(for:)`).
    private func isFaceOnly(_ call: FunctionCallExprSyntax) -> Bool {
        // Swiftfin's `if let font = UIFont(name: fontName, size: 1)` hands a player only
        // the face: no text is that small. (A property's reads decide for a stored one.)
        if let points = (call.argument("size") ?? call.argument("ofSize"))?.numericValue, points > 0, points < PointSizeEvaluator.smallestTextSize,
            storingProperty(of: call) == nil
        {
            return true
        }
        var node = Syntax(call)
        while let parent = node.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
            || parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self) || parent.is(LabeledExprSyntax.self)
        {
            node = parent
        }
        // Read right away: `UIFont.systemFont(ofSize: 12).lineHeight`, or its
        // size for a ratio (pocket-casts' `….pointSize / label.font.pointSize`);
        // a resized font is judged by the size it gets.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
            member.declName.baseName.text != "withSize",
            SyntaxIndex.faceMembers.contains(member.declName.baseName.text) || member.declName.baseName.text == "pointSize"
        {
            return true
        }
        // Stored (`let font = …`) or bound (`if let font = NSFont(name:size:)`).
        guard let name = node.initializedName else { return false }
        return builder.context.facts.faceOnlyFonts.contains(name)
    }

    /// Wrapped by `UIFontMetrics(…).scaledFont(for:)`, directly, through an
    /// optional's `map(….scaledFont(for:))`, or through a constant that the
    /// same scope passes to it.
    private func isScaledByFontMetrics(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if let labeled = parent.as(LabeledExprSyntax.self) {
                return labeled.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "scaledFont"
            }
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id, member.declName.baseName.text == "map" {
                return FontClassifier.scalesItsArgument(member.parent?.as(FunctionCallExprSyntax.self))
            }
            if let initializer = parent.as(InitializerClauseSyntax.self) {
                guard let binding = initializer.parent?.as(PatternBindingSyntax.self), let name = binding.name else { return false }
                return isPassedToScaledFont(name, near: binding)
            }
            // `font = UIFont(…)` in a branch, `let font: UIFont` declared above it.
            if case .local(let binding)? = assignedLocal(of: node), let name = binding.name {
                return isPassedToScaledFont(name, near: binding)
            }
            guard parent.is(ExprSyntax.self) || parent.is(ExprListSyntax.self) else { return false }
            node = parent
        }
        return false
    }

    private func isPassedToScaledFont(_ name: String, near binding: PatternBindingSyntax) -> Bool {
        let scope: Syntax? = binding.ancestor(CodeBlockItemListSyntax.self).map { Syntax($0) }
            ?? binding.ancestor(MemberBlockSyntax.self).map { Syntax($0) }
        guard let range = scope?.range else { return false }
        return builder.context.index.calls(named: "scaledFont").contains { call in
            range.contains(call.position)
                && call.arguments.contains { $0.expression.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == name }
        }
    }
}

extension ConstructorRule: UnitRuleFamily {
    static let scope = UnitScope.member
    static let triggers: [Trigger] = ["Font", ".system(", ".custom("]
    static func run(in unit: UnitRun) { ConstructorRule(builder: unit.builder).run() }
}
