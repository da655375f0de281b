import SwiftSyntax

/// Whether a button shows text: the rule catalogue "A button is a text
/// element only when it shows text" (a title, not only an image).
extension ReceiverIndex {
    /// `setTitle(_:for:)`, a title, a configuration (which carries the
    /// title), a title label's text, or a title in its initializer
    /// (`NSButton(title:target:action:)`, `NSButton(checkboxWithTitle:…)`).
    /// An attributed title is not one: its string's attributes set its font,
    /// and that font is judged where the attributes are written.
    func isGivenATitle(_ receiver: Receiver) -> Bool {
        // `setTitle("", for: .normal)` (Strongbox's close button) gives no title.
        let titled = context.index.calls(named: "setTitle").contains { call in
            !(call.arguments.first.map { Self.isEmptyText($0.expression) } ?? false) && receivers(for: call.calleeBase, at: call).contains(receiver)
        }
        let initializedWithTitle = constructors[receiver]?.arguments.contains {
            $0.label?.text.hasSuffix("itle") == true && !Self.isEmptyText($0.expression)
        } ?? false
        return titled || initializedWithTitle || isConfiguredWithTitle(receiver) || isAssigned(receiver, ["text", "title"])
    }

    /// A configuration titles the button unless it is a bare style made here
    /// (`UIButton(configuration: .tinted())`) that code never gives a title
    /// (`button.configuration?.title = …`): KeePassium's icon button.
    private func isConfiguredWithTitle(_ receiver: Receiver) -> Bool {
        guard isConfigured(receiver) else { return false }
        // woocommerce's AI button: `button.configuration = configuration`, a local made with an image and no title.
        let assigned = assignedValues(receiver, ["configuration"])
        if constructors[receiver]?.argument("configuration") == nil, !assigned.isEmpty, assigned.allSatisfy(isUntitledLocalConfiguration) {
            return false
        }
        guard let style = constructors[receiver]?.argument("configuration")?.unwrapped.as(FunctionCallExprSyntax.self),
            style.isImplicitMemberCall, style.arguments.isEmpty, !isAssigned(receiver, ["configuration"])
        else { return true }
        let configuration = Receiver(scope: receiver.scope, path: receiver.path + ".configuration")
        return context.index.assignments.contains { assignment in
            guard let target = assignment.elements.first?.unwrapped.as(MemberAccessExprSyntax.self),
                Self.configurationTitles.contains(target.declName.baseName.text)
            else { return false }
            return receivers(for: target.base, at: assignment).contains(configuration)
        }
    }

    /// A local configuration (`let configuration: UIButton.Configuration = { var c = .borderless(); c.image = …; return c }()`)
    /// whose making never gives it a title.
    private func isUntitledLocalConfiguration(_ value: ExprSyntax) -> Bool {
        guard let name = value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text,
            case .local(let binding) = context.bindings.resolve(name, at: value), let made = binding.initializer?.value,
            let scope = binding.ancestor(CodeBlockItemListSyntax.self)
        else { return false }
        let titles = Self.configurationTitles
        if made.tokens(viewMode: .sourceAccurate).contains(where: { titles.contains($0.text) }) { return false }
        return !scope.tokens(viewMode: .sourceAccurate).contains { token in
            titles.contains(token.text) && token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.text == name
        }
    }

    private static let configurationTitles: Set<String> = ["title", "attributedTitle", "subtitle", "attributedSubtitle"]

    /// Given an image and an empty title (`b.image = …; b.title = ""`), and no other title.
    func isUntitledImageButton(_ receiver: Receiver) -> Bool {
        assignedValues(receiver, ["title"]).contains(where: Self.isEmptyText) && isAssigned(receiver, ["image"]) && !isGivenATitle(receiver)
    }

    /// `""`: a switch or checkbox titled with nothing shows no text.
    private static func isEmptyText(_ expression: ExprSyntax) -> Bool {
        guard let literal = expression.unwrapped.as(StringLiteralExprSyntax.self) else { return false }
        return literal.segments.allSatisfy { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty == true }
    }

    /// A `UIButton.Configuration` draws the title in a text style's font
    /// unless the configuration says otherwise (Interface Builder's
    /// `buttonConfiguration` passes for the same reason).
    func isConfigured(_ receiver: Receiver) -> Bool {
        constructors[receiver]?.argument("configuration") != nil || isAssigned(receiver, ["configuration"])
    }

    /// Whether code sets one of the properties on the view or its title
    /// label (to something other than an empty text).
    private func isAssigned(_ receiver: Receiver, _ properties: Set<String>) -> Bool {
        assignedValues(receiver, properties).contains { !Self.isEmptyText($0) }
    }

    /// What code assigns to one of the properties of the view or of its title label.
    private func assignedValues(_ receiver: Receiver, _ properties: Set<String>) -> [ExprSyntax] {
        context.index.assignments.compactMap { assignment in
            guard let target = assignment.elements.first?.unwrapped.as(MemberAccessExprSyntax.self),
                properties.contains(target.declName.baseName.text), let value = assignment.elements.last,
                receivers(for: target.base, at: assignment).contains(where: { $0 == receiver || $0 == receiver.titleLabel })
            else { return nil }
            return value
        }
    }
}
