import SwiftSyntax

/// Label properties that defeat Dynamic Type: `label_single_line`
/// (`numberOfLines = 1`), `minimum_scale_factor` (`adjustsFontSizeToFitWidth`,
/// `minimumScaleFactor`) and `clamped_dynamic_type` (`maximumContentSizeCategory`).
struct UIKitLabelRules {
    let builder: AnalysisBuilder
    let receivers: ReceiverIndex
    let elementOf: [Receiver: Int]

    /// `UIContentSizeCategory` values below the largest accessibility size.
    private static let cappedCategories: Set<String> = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
        "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
    ]

    func run() {
        let counts = PointSizeEvaluator(context: builder.context)
        let ordered = receivers.assignments.keys.sorted {
            receivers.assignments[$0]![0].statement.position < receivers.assignments[$1]![0].statement.position
        }
        for receiver in ordered {
            let elements = elementOf[receiver].map { [$0] } ?? []
            // A clamp caps every view below the receiver; the line rules need a text view.
            reportClamp(receiver, elements: elements)
            guard receivers.isTextView(receiver) else { continue }
            let singleLine = receivers.assignments(to: receiver, .numberOfLines).filter { counts.isConstantOne($0.singleValue) }
            for assignment in singleLine {
                report(for: receiver, builder.makeFinding(
                    .labelSingleLine, at: assignment.statement,
                    message: "one line truncates the label's text at large sizes",
                    replacement: "\(assignment.writtenReceiver)numberOfLines = 0", fix: "set `numberOfLines = 0` and let the text wrap",
                    elements: elements
                ))
            }
            reportShrinking(receiver, singleLine: !singleLine.isEmpty, elements: elements)
        }
    }

    /// One finding per receiver, at the first of the two shrinking properties.
    private func reportShrinking(_ receiver: Receiver, singleLine: Bool, elements: [Int]) {
        let shrinking = (receivers.assignments(to: receiver, .adjustsFontSizeToFitWidth).filter { $0.singleValue?.booleanValue == true }
            + receivers.assignments(to: receiver, .minimumScaleFactor))
            .min { $0.statement.position < $1.statement.position }
        guard let first = shrinking else { return }
        report(for: receiver, builder.makeFinding(
            .minimumScaleFactor, escalated: singleLine, at: first.statement,
            message: singleLine
                ? "with `numberOfLines = 1`, shrinking is the only strategy: the text gets smaller as the user asks for larger text"
                : "shrinking text to fit works against Dynamic Type; keep it only as a last resort",
            // With `numberOfLines = 1` set too, that assignment is what changes (`label_single_line`).
            replacement: singleLine ? nil : "\(first.writtenReceiver)numberOfLines = 0",
            fix: singleLine ? "remove it, and set `numberOfLines = 0` where it is 1, so the text wraps" : "remove it and let the text wrap (`numberOfLines = 0`)",
            elements: elements
        ))
    }

    /// A receiver whose class another file declares (anytype's `AnytypeLabel: UIView`,
    /// which only forwards `numberOfLines`) is judged by that declaration, with
    /// the whole audit; its name decides only when no file declares it.
    private func report(for receiver: Receiver, _ finding: Finding) {
        if let type = receivers.typeDeclaredElsewhere(receiver) {
            builder.report(finding, when: .isTextView(type: type, byName: true))
        } else {
            builder.report(finding)
        }
    }

    private func reportClamp(_ receiver: Receiver, elements: [Int]) {
        let viewer = receivers.assignments(to: receiver, .showsLargeContentViewer).contains { $0.singleValue?.booleanValue == true }
        guard !viewer else { return }
        for assignment in receivers.assignments(to: receiver, .maximumContentSizeCategory) {
            guard let category = assignment.singleValue?.referencedName, Self.cappedCategories.contains(category) else { continue }
            builder.report(builder.makeFinding(
                .clampedDynamicType, at: assignment.statement,
                message: "`maximumContentSizeCategory = .\(category)` stops text from growing for users who need it most",
                replacement: "\(assignment.writtenReceiver)maximumContentSizeCategory = .accessibilityExtraExtraExtraLarge",
                fix: "remove the cap, or show a Large Content Viewer (`showsLargeContentViewer = true`)", elements: elements
            ))
        }
    }
}

extension UIKitLabelRules: UnitRuleFamily {
    static let scope = UnitScope.type
    static let triggers: [Trigger] = ["numberOfLines", "adjustsFontSizeToFitWidth", "minimumScaleFactor", "maximumContentSizeCategory"]
    static func run(in unit: UnitRun) { UIKitLabelRules(builder: unit.builder, receivers: unit.receivers, elementOf: unit.textViewElements).run() }
}
