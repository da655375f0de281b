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
                classifier.classifySize(constant, depth: 0).value != .scales
            else { continue }
            let owner = anchor.as(MemberAccessExprSyntax.self)?.base
            guard let receiver = receivers.receivers(for: owner, at: call).first else { continue }
            let byName = isTextView(receiver) || isTextViewSubclassItself(receiver, at: call)
            let externalType = builder.context.prefersAppKit ? nil : receivers.typeDeclaredElsewhere(receiver)
            guard byName || externalType != nil else { continue }
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

    /// `self` in a UIKit text view subclass of the file (`heightAnchor` in a
    /// `PillButton: UIButton`), whether or not the class sets its own text properties.
    private func isTextViewSubclassItself(_ receiver: Receiver, at node: some SyntaxProtocol) -> Bool {
        guard receiver.path == "self", let type = TypeScope.enclosing(node)?.name,
            let textClass = builder.context.textViewSubclasses[type]
        else { return false }
        return !UIKitVocabulary.isAppKit(textClass)
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
