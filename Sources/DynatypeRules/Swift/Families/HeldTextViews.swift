import SwiftSyntax

/// UIKit text views whose fix only works together with a change the fix
/// cannot make (`FixHold`): views in a navigation bar, badges of a fixed
/// shape, table section headers and footers of a fixed height, and views
/// whose font a trait handler sets again. Reviewers of real
/// apps rejected exactly these hunks: the text grew and the bar, the badge
/// or the handler did not.
struct HeldTextViews {
    private let receivers: ReceiverIndex
    private let context: FileContext
    private var inBars: Set<Receiver> = []
    private var rounded: Set<Receiver> = []
    /// Types whose own view is a circle or a pill (`layer.cornerRadius = bounds.height / 2`).
    private var roundTypes: Set<SyntaxIdentifier> = []

    init(context: FileContext, receivers: ReceiverIndex) {
        self.context = context
        self.receivers = receivers
        for call in context.index.calls where call.calleeName == "UIBarButtonItem" || call.calleeName == "init" {
            guard let view = call.argument("customView") else { continue }
            inBars.formUnion(receivers.receivers(for: view, at: call))
        }
        // What a bar's view holds is in the bar too (`container.addSubview(publishButton)`).
        for call in context.index.calls where ["addSubview", "addArrangedSubview"].contains(call.calleeName ?? "") {
            guard let subview = call.arguments.first?.expression,
                receivers.receivers(for: call.calleeBase, at: call).contains(where: inBars.contains)
            else { continue }
            inBars.formUnion(receivers.receivers(for: subview, at: call))
        }
        for assignment in context.index.assignments {
            // `x = a / 2` is one unfolded sequence: the value is everything after `=`.
            let elements = Array(assignment.elements)
            guard elements.count >= 3, let target = elements[0].unwrapped.as(MemberAccessExprSyntax.self) else { continue }
            let value = elements.dropFirst(2).map(\.trimmedText).joined()
            switch target.declName.baseName.text {
            // `navigationItem.titleView = view`, not a type's own `titleView` property.
            case "titleView" where target.base?.referencedName == "navigationItem":
                inBars.formUnion(receivers.receivers(for: elements[2], at: assignment))
            case "cornerRadius":
                // `badge.layer.cornerRadius`, or the type's own `layer.cornerRadius`.
                guard let layer = target.base, layer.referencedName == "layer" else { continue }
                for view in receivers.receivers(for: layer.unwrapped.as(MemberAccessExprSyntax.self)?.base, at: assignment) {
                    if view.path != "self" {
                        rounded.insert(view)
                    } else if Self.isHalf(value) {
                        roundTypes.insert(view.scope)
                    }
                }
            default:
                continue
            }
        }
    }

    func hold(of receiver: Receiver) -> FixHold? {
        if inBars.contains(receiver) || receiver.owner.map(inBars.contains) == true {
            return FixHold(
                reason: "it sits in a navigation bar (a bar button's custom view or a title view), which keeps its height; let the bar show a Large Content Viewer (`showsLargeContentViewer = true`) or give the text room first",
                // A font that already scales only goes live with the flag: that edit stays.
                rules: FontSite.rules
            )
        }
        // A rounded button is a shape its title lays out; a rounded label is the badge itself.
        if isLabel(receiver) && (rounded.contains(receiver) || receiver.path != "self" && roundTypes.contains(receiver.scope) && !isControl(receiver.scope)) {
            return FixHold(
                reason: "it is a badge of fixed shape (a `layer.cornerRadius`); scale the badge with its text (`UIFontMetrics.default.scaledValue(for:)`) or keep its size and show a Large Content Viewer",
                rules: nil
            )
        }
        if let height = fixedSectionHeight(around: receiver) {
            return FixHold(
                reason: "it is in a table section \(height.part) whose height `tableView(_:\(height.delegate):)` fixes at \(height.value); "
                    + "return `UITableView.automaticDimension` there so the \(height.part) grows with the text",
                rules: nil
            )
        }
        // No line number in the words: a unit's memoized findings move with it, their text does not.
        if setsFontInTraitHandler(receiver) {
            return FixHold(
                reason: "`traitCollectionDidChange(_:)` sets this font again; remove that code in the same change",
                rules: [.missingAdjustsFont]
            )
        }
        return nil
    }

    private func isLabel(_ receiver: Receiver) -> Bool {
        receivers.textClass(of: receiver).map { $0 == "UILabel" || $0 == "NSTextField" } ?? false
    }

    /// A pill button sizes itself from its title; a round plain view is a badge.
    private func isControl(_ scope: SyntaxIdentifier) -> Bool {
        guard let type = context.index.typeScopes.first(where: { $0.node.id == scope })?.name else { return false }
        return type.hasSuffix("Button") || type.hasSuffix("Control")
    }

    /// `cornerRadius = bounds.height / 2`, `frame.height * 0.5`.
    private static func isHalf(_ value: String) -> Bool {
        let text = value.filter { !$0.isWhitespace }
        return text.hasSuffix("/2") || text.hasSuffix("*0.5")
    }

    /// A label made in `tableView(_:viewForFooterInSection:)` (or a header's)
    /// of a type whose `tableView(_:heightForFooterInSection:)` returns a
    /// number: the footer keeps that height however large the text grows
    /// (pocket-casts' settings footers, 60 pt for two sentences).
    private func fixedSectionHeight(around receiver: Receiver) -> (part: String, delegate: String, value: String)? {
        guard let made = receivers.constructors[receiver], let function = made.ancestor(FunctionDeclSyntax.self),
            let part = Self.sectionPart(of: function, prefix: "viewFor"),
            let type = TypeScope.enclosing(function)
        else { return nil }
        let delegate = "heightFor\(part.capitalized)InSection"
        for member in type.memberBlock.members {
            guard let height = member.decl.as(FunctionDeclSyntax.self), Self.sectionPart(of: height, prefix: "heightFor") == part,
                let body = height.body
            else { continue }
            let fixed = body.descendants(ReturnStmtSyntax.self).compactMap(\.expression).lazy.compactMap(Self.fixedHeights).first
            return fixed.map { (part, delegate, "\($0.joined(separator: " or ")) pt") }
        }
        return nil
    }

    /// `60`, or `wide ? 130 : 170`: heights that stay what they are whatever the text size.
    private static func fixedHeights(_ value: ExprSyntax) -> [String]? {
        if value.isNumericLiteral { return [value.trimmedText] }
        guard let sequence = value.as(SequenceExprSyntax.self),
            let choice = sequence.elements.dropLast().last?.as(UnresolvedTernaryExprSyntax.self),
            let otherwise = sequence.elements.last, choice.thenExpression.isNumericLiteral, otherwise.isNumericLiteral
        else { return nil }
        return [choice.thenExpression.trimmedText, otherwise.trimmedText]
    }

    /// `footer` for `tableView(_:viewForFooterInSection:)` with prefix `viewFor`.
    private static func sectionPart(of function: FunctionDeclSyntax, prefix: String) -> String? {
        guard function.name.text == "tableView" else { return nil }
        for parameter in function.signature.parameterClause.parameters {
            for part in ["Footer", "Header"] where parameter.firstName.text == "\(prefix)\(part)InSection" { return part.lowercased() }
        }
        return nil
    }

    private func setsFontInTraitHandler(_ receiver: Receiver) -> Bool {
        let related = [receiver, receiver.titleLabel] + (receiver.owner.map { [$0] } ?? [])
        return related.flatMap { receivers.assignments(to: $0, .font) }.contains {
            $0.statement.ancestor(FunctionDeclSyntax.self)?.name.text == "traitCollectionDidChange"
        }
    }
}
