import SwiftSyntax

/// `heightAnchor.constraint(equalToConstant:)` on a UIKit text view (`fixed_text_height`).
struct HeightConstraintRule {
    let builder: AnalysisBuilder
    let receivers: ReceiverIndex
    let elementOf: [Receiver: Int]

    func run() {
        let classifier = FontClassifier(context: builder.context)
        for call in builder.context.index.calls(named: "constraint") {
            guard let constant = call.argument("equalToConstant"),
                let anchor = call.calleeBase?.unwrapped, anchor.referencedName == "heightAnchor",
                classifier.classifySize(constant, depth: 0).value != .scales, !FrameSide.readsFontMetrics(constant),
                !Self.isDeactivated(call), !isOnlyPreferred(call)
            else { continue }
            let owner = anchor.as(MemberAccessExprSyntax.self)?.base
            guard let receiver = receivers.receivers(for: owner, at: call).first else { continue }
            let byName = isTextView(receiver) || isTextViewSubclassItself(receiver, at: call)
            let externalType = builder.context.prefersAppKit ? nil : receivers.typeDeclaredElsewhere(receiver)
            guard byName || externalType != nil, !isUntitledButton(receiver, externalType) else { continue }
            let finding = builder.makeFinding(
                .fixedTextHeight, at: call,
                message: "a fixed height of \(constant.oneLine) clips the text of `\(receiver.path)` as it grows",
                replacement: "\(receiver.path == "self" ? "" : receiver.path + ".")heightAnchor.constraint(greaterThanOrEqualToConstant: \(constant.oneLine))",
                fix: "use `greaterThanOrEqualToConstant` so the height can grow",
                elements: elementOf[receiver].map { [$0] } ?? []
            )
            if let externalType {
                builder.report(finding, when: .isTextView(type: externalType, byName: byName))
            } else {
                builder.report(finding)
            }
        }
    }

    /// `let height = textView.heightAnchor.constraint(equalToConstant: 80);
    /// height.priority = .defaultLow` (Zotero's lookup field): a preference
    /// below the text's compression resistance (750), which the text wins.
    private func isOnlyPreferred(_ call: FunctionCallExprSyntax) -> Bool {
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self), let name = binding.name,
            let scope = binding.ancestor(CodeBlockItemListSyntax.self)
        else { return false }
        return builder.context.index.assignments.contains { assignment in
            guard scope.range.contains(assignment.position),
                let target = assignment.elements.first?.unwrapped.as(MemberAccessExprSyntax.self),
                target.declName.baseName.text == "priority", target.base?.unwrapped.referencedName == name,
                let value = assignment.elements.last
            else { return false }
            return Self.isBelowCompressionResistance(value)
        }
    }

    private static func isBelowCompressionResistance(_ priority: ExprSyntax) -> Bool {
        let expr = priority.unwrapped
        if let name = expr.as(MemberAccessExprSyntax.self)?.declName.baseName.text { return ["defaultLow", "fittingSizeLevel"].contains(name) }
        let number = expr.as(FunctionCallExprSyntax.self)?.arguments.first?.expression.numericValue ?? expr.numericValue
        return number.map { $0 < 750 } ?? false
    }

    /// `….constraint(equalToConstant: h).isActive = false` (Nextcloud Talk's
    /// chat overlay): a constraint made only to be switched off holds nothing.
    private static func isDeactivated(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isActive",
            let assignment = member.parent?.parent?.as(SequenceExprSyntax.self), assignment.elements.count == 3
        else { return false }
        return assignment.elements.last?.booleanValue == false
    }

    /// `self` in a UIKit text view subclass of the file (`heightAnchor` in a
    /// `PillLabel: UILabel`), whether or not the class sets its own text
    /// properties; a button subclass only when it gives itself a title.
    private func isTextViewSubclassItself(_ receiver: Receiver, at node: some SyntaxProtocol) -> Bool {
        guard receiver.path == "self", let scope = TypeScope.enclosing(node),
            let textClass = builder.context.textViewSubclasses[scope.name]
        else { return false }
        if textClass == "UIButton" { return Self.titlesItself(scope) }
        return !UIKitVocabulary.isAppKit(textClass)
    }

    /// `setTitle(…)`, `setAttributedTitle(…)`, `titleLabel`, a configuration's title.
    private static func titlesItself(_ scope: TypeScope) -> Bool {
        scope.memberBlock.tokens(viewMode: .sourceAccurate).contains {
            ["setTitle", "setAttributedTitle", "titleLabel", "title", "attributedTitle"].contains($0.text)
        }
    }

    /// A button this code makes and gives no title (an icon, a PIN dot): no
    /// text element (the rule catalogue "A button is a text element only
    /// when it shows text"), whatever its class, declared elsewhere, inherits.
    private func isUntitledButton(_ receiver: Receiver, _ externalType: String?) -> Bool {
        guard let type = externalType ?? receivers.textClass(of: receiver), type.hasSuffix("Button") else { return false }
        // Styling its title label says a title comes from elsewhere (its class's `configure`).
        return receivers.constructors[receiver] != nil && !receivers.isGivenATitle(receiver) && receivers.assignments[receiver.titleLabel] == nil
    }

    /// A UIKit text view: AppKit views are not judged by this rule (the rule catalogue
    /// "Hiding is not a fixed height").
    private func isTextView(_ receiver: Receiver) -> Bool {
        if let textClass = receivers.textClass(of: receiver) {
            // A button is text only when it shows a title (the element `UIKitFontRule` registered).
            if textClass == "UIButton" { return elementOf[receiver] != nil }
            return !UIKitVocabulary.isAppKit(textClass)
        }
        return !builder.context.prefersAppKit && (elementOf[receiver] != nil || receivers.isTextView(receiver))
    }
}

extension HeightConstraintRule: UnitRuleFamily {
    static let scope = UnitScope.type
    static let triggers: [Trigger] = ["heightAnchor"]
    static func run(in unit: UnitRun) { HeightConstraintRule(builder: unit.builder, receivers: unit.receivers, elementOf: unit.textViewElements).run() }
}
