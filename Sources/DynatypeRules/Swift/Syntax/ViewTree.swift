import SwiftSyntax
import Foundation

/// A modifier applied to a view: `.font(.body)` in `Text("x").font(.body)`.
struct ModifierCall {
    let name: String
    let call: FunctionCallExprSyntax
}

/// What a SwiftUI call is, as far as text goes.
enum ViewRole: Equatable {
    /// A text element (the rule catalogue "Terms") of the given kind.
    case textElement(String)
    case image
    /// Holds other views in its closures (`VStack { … }`, `Button { } label: { … }`).
    case container(String)
    /// A view that shows no text (`Spacer`, shapes, colors).
    case primitive
    /// A view whose content is not visible here (a custom view, `content`).
    case opaque
}

/// The font environment, exemptions and ancestry of one view in its view
/// expression: its own modifier chain, then each enclosing container's chain,
/// innermost first (SwiftUI's environment inherits outward-in).
struct ViewEnvironment {
    var chains: [[ModifierCall]] = []
    var isHidden = false
    /// Drawn as grey bars while content loads (`.redacted(reason: .placeholder)`).
    var isPlaceholder = false
    var hasLargeContentViewer = false
    /// The system-chrome modifier (`tabItem`, `toolbar`, `navigationTitle`) the view sits in.
    var chrome: String?
    /// The same-file helper holding the view that is shown only in chrome
    /// (the rule catalogue "Preview and chrome reach through helpers").
    var chromeHelper: String?
    /// A `ScrollView`, `List` or `Form` encloses the view.
    var scrolls = false

    var modifiers: some Sequence<ModifierCall> { chains.joined() }

    /// The nearest modifier that sets the font: `.font(_:)`, or a custom
    /// font modifier such as `.font(size:style:)` or `.appFont(…)`.
    var fontSource: ModifierCall? {
        modifiers.first { ViewTree.isStandardFontModifier($0) || ViewTree.isCustomFontModifier($0) }
    }

    /// `source` and, when it is one platform's branch of a postfix `#if`
    /// (`#if os(tvOS) .font(.system(size: 12)) #else .font(.system(size: 9))
    /// #endif`), the nearest font modifier of each other branch: each
    /// platform's view has its own.
    func platformAlternatives(to source: ModifierCall) -> [ModifierCall] {
        guard let clause = ViewTree.postfixBranch(of: source.call) else { return [source] }
        var branches: Set<SyntaxIdentifier> = [clause.id]
        var sources = [source]
        for modifier in modifiers where ViewTree.isStandardFontModifier(modifier) || ViewTree.isCustomFontModifier(modifier) {
            guard let other = ViewTree.postfixBranch(of: modifier.call), other.parent?.id == clause.parent?.id,
                branches.insert(other.id).inserted
            else { continue }
            sources.append(modifier)
        }
        return sources
    }

    /// Modifiers closer to the view than its font source that may be font
    /// helpers of the audited code (`.eyebrow()`, `.modifier(Caption())`),
    /// innermost first: the closest one the audited code defines decides.
    var fontHelpers: [ModifierCall] {
        var helpers: [ModifierCall] = []
        for modifier in modifiers {
            if ViewTree.isStandardFontModifier(modifier) || ViewTree.isCustomFontModifier(modifier) { break }
            if ViewTree.isPossibleFontHelper(modifier) { helpers.append(modifier) }
        }
        return helpers
    }

    func contains(_ modifier: String) -> Bool { modifiers.contains { $0.name == modifier } }

    /// Why no font/size rule applies to the view, if one says so.
    func exemption(for rule: RuleID) -> String? {
        if isHidden { return "decorative: `.accessibilityHidden(true)`" }
        if isPlaceholder { return "a loading placeholder: `.redacted(reason: .placeholder)` shows no text" }
        if let chrome { return "system-managed chrome: `.\(chrome)`" }
        if let chromeHelper { return "system-managed chrome: `\(chromeHelper)` is shown only in toolbar, navigation title or tab item content" }
        if hasLargeContentViewer, [.fixedFontSize, .fixedTextHeight, .clampedDynamicType].contains(rule) {
            return "shown in the Large Content Viewer"
        }
        return nil
    }
}

/// SwiftUI view expressions: modifier chains and the containers around a view.
final class ViewTree {
    static let textElementNames: Set<String> = ["Text", "Label", "Button", "TextField", "SecureField", "TextEditor"]
    static let scrollingContainers: Set<String> = ["ScrollView", "List", "Form"]
    static let chromeModifiers: Set<String> = ["tabItem", "toolbar", "navigationTitle", "navigationBarTitle", "toolbarItem"]
    static let primitiveViews: Set<String> = [
        "Spacer", "Divider", "Color", "Rectangle", "Circle", "Capsule", "RoundedRectangle", "UnevenRoundedRectangle",
        "Ellipse", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "EmptyView", "Path",
        "ProgressView", "AsyncImage", "Canvas", "Material",
    ]
    /// Standard modifiers whose names mention fonts but do not set a size, and
    /// the apps' own wrappers named after them (Nostur's `fontWeightBold()`, `fontItalic()`).
    private static let fontAdjustingModifiers: Set<String> = ["fontWeight", "fontDesign", "fontWidth", "fontItalic", "fontBold"]
    /// UIKit/AppKit font methods, which are not view modifiers.
    private static let fontAPIs: Set<String> = FontClassifier.appKitSystemConstructors.union([
        "scaledFont", "preferredFont", "preferredFontDescriptor", "fontDescriptor", "withSize",
    ])

    private var environments: [SyntaxIdentifier: ViewEnvironment] = [:]
    private let chromeHelpers: Set<String>

    init(chromeHelpers: Set<String> = []) {
        self.chromeHelpers = chromeHelpers
    }

    static func isStandardFontModifier(_ modifier: ModifierCall) -> Bool {
        modifier.name == "font" && modifier.call.arguments.count == 1 && modifier.call.arguments.first?.label == nil
    }

    /// SwiftUI's own modifiers that set no font, so not worth a lookup.
    private static let modifiersWithoutFonts: Set<String> = [
        "padding", "frame", "background", "foregroundColor", "foregroundStyle", "tint", "opacity", "cornerRadius",
        "clipShape", "clipped", "shadow", "overlay", "border", "offset", "position", "lineLimit", "lineSpacing",
        "multilineTextAlignment", "truncationMode", "minimumScaleFactor", "fixedSize", "layoutPriority",
        "allowsTightening", "textCase", "bold", "italic", "underline", "strikethrough", "kerning", "tracking",
        "baselineOffset", "monospacedDigit", "monospaced", "fontWeight", "fontDesign", "fontWidth", "onTapGesture",
        "onAppear", "onDisappear", "onChange", "task", "onReceive", "gesture", "simultaneousGesture", "contentShape",
        "accessibilityLabel", "accessibilityHint", "accessibilityValue", "accessibilityHidden", "accessibilityElement",
        "accessibilityAddTraits", "accessibilityIdentifier", "accessibilityShowsLargeContentViewer", "id", "tag",
        "disabled", "hidden", "animation", "transition", "zIndex", "scaleEffect", "rotationEffect", "blur",
        "buttonStyle", "labelStyle", "toggleStyle", "listRowInsets", "listRowBackground", "listRowSeparator",
        "navigationTitle", "navigationBarTitleDisplayMode", "toolbar", "tabItem", "sheet", "alert", "popover",
        "fullScreenCover", "confirmationDialog", "contextMenu", "swipeActions", "refreshable", "searchable",
        "environment", "environmentObject", "dynamicTypeSize", "ignoresSafeArea", "edgesIgnoringSafeArea",
        "textSelection", "keyboardType", "textContentType", "autocorrectionDisabled", "textInputAutocapitalization",
        "submitLabel", "onSubmit", "focused", "symbolRenderingMode", "imageScale", "resizable", "aspectRatio",
        "scaledToFit", "scaledToFill", "redacted", "compositingGroup", "drawingGroup", "mask", "help", "badge",
        "containerRelativeFrame", "safeAreaInset", "presentationDetents", "interactiveDismissDisabled",
    ]

    /// A modifier that may apply a font the audited code defines: anything
    /// but SwiftUI's modifiers known to set none, and `modifier(_:)` with a
    /// `ViewModifier` value.
    static func isPossibleFontHelper(_ modifier: ModifierCall) -> Bool {
        guard !modifiersWithoutFonts.contains(modifier.name), !fontAPIs.contains(modifier.name) || isAppsScaledFont(modifier.call) else { return false }
        guard let value = appliedModifier(modifier) else { return modifier.name.first?.isLowercase == true }
        return value.calleeName?.first?.isUppercase == true
    }

    /// Hackers' `.scaledFont(.caption)`, a `View` extension of the app: not
    /// `UIFontMetrics`' `scaledFont(for:)`, whose font is its `for:` argument.
    static func isAppsScaledFont(_ call: FunctionCallExprSyntax) -> Bool {
        call.calleeName == "scaledFont" && call.arguments.first?.label?.text != "for"
    }

    /// The call a font helper is applied with: the `ViewModifier`'s
    /// initializer in `.modifier(Caption())`, else the modifier call itself.
    static func helperCall(of modifier: ModifierCall) -> FunctionCallExprSyntax {
        appliedModifier(modifier) ?? modifier.call
    }

    /// The `ViewModifier` value of `.modifier(Caption())`, or of
    /// `ModifiedContent(content: self, modifier: TitleFont(size: size))`
    /// (MovieSwiftUI's `titleFont(size:)`), which is the same.
    private static func appliedModifier(_ modifier: ModifierCall) -> FunctionCallExprSyntax? {
        switch modifier.name {
        case "modifier": return modifier.call.arguments.first?.expression.as(FunctionCallExprSyntax.self)
        case "ModifiedContent": return modifier.call.argument("modifier")?.as(FunctionCallExprSyntax.self)
        default: return nil
        }
    }

    /// How a font helper is written where it is applied, without the view
    /// it modifies (`.eyebrow()`, `Caption()`): that view can be a whole
    /// screen, and messages and element descriptions quote this.
    static func written(_ modifier: ModifierCall) -> String {
        let call = helperCall(of: modifier)
        guard call.id == modifier.call.id else { return TextCut.words(call.oneLine, limit: 60) }
        let closure = call.trailingClosure == nil ? "" : " { … }"
        return "." + modifier.name + "(" + TextCut.words(call.arguments.oneLine, limit: 40) + ")" + closure
    }

    /// `.fixedSize()` or `.fixedSize(horizontal: true, …)`: the content is laid
    /// out at its ideal width, so its line is never cut or shrunk to fit.
    static func keepsIdealWidth(_ modifier: ModifierCall) -> Bool {
        guard modifier.name == "fixedSize" else { return false }
        guard let horizontal = modifier.call.argument("horizontal") else { return modifier.call.arguments.isEmpty }
        return horizontal.booleanValue == true
    }

    static func isCustomFontModifier(_ modifier: ModifierCall) -> Bool {
        guard !isStandardFontModifier(modifier), !fontAdjustingModifiers.contains(where: modifier.name.hasPrefix),
            !fontAPIs.contains(modifier.name)
        else { return false }
        return modifier.name.mentionsFont
    }

    /// Modifiers whose closures build views SwiftUI presents elsewhere (a
    /// pop-up, a sheet, a menu), not inside the modified view's frame.
    private static let presentingModifiers: Set<String> = [
        "contextMenu", "popover", "sheet", "fullScreenCover", "alert", "confirmationDialog", "inspector",
    ]

    /// Whether `view` sits in a vertically scrolling `ScrollView`, `List` or
    /// `Table` inside `container`: a fixed height around it bounds what
    /// scrolls, not the text (a `ScrollView(.horizontal)` still clips it, and
    /// so does a macOS `Form`, whose default columns style does not scroll).
    static func isScrolledVertically(_ view: some SyntaxProtocol, within container: some SyntaxProtocol) -> Bool {
        var current = view.parent
        while let node = current, node.id != container.id {
            if let call = node.as(FunctionCallExprSyntax.self), call.calleeBase == nil, let name = call.calleeName,
                ["ScrollView", "List", "Table"].contains(name), call.hasInArgumentsOrClosures(Syntax(view)),
                name != "ScrollView" || call.arguments.first.map({ $0.label == nil && !$0.expression.trimmedText.contains("vertical") }) != true
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// Whether `view` sits in content that `container` presents elsewhere:
    /// a `Menu`'s items (its label stays in place) or the closures of a
    /// presenting modifier. Such views are not in the container's visible
    /// subtree, so a frame on the container does not clip them.
    static func isPresentedElsewhere(_ view: some SyntaxProtocol, within container: some SyntaxProtocol) -> Bool {
        var current = view.parent
        while let node = current, node.id != container.id {
            if let closure = node.as(ClosureExprSyntax.self), let (owner, label) = closureOwner(closure) {
                if owner.calleeBase != nil, let name = owner.calleeName, presentingModifiers.contains(name), label != "preview" {
                    return true
                }
                if owner.calleeBase == nil, owner.calleeName == "Menu", label != "label" { return true }
                // `NavigationLink { Detail() } label: { Row() }`: the first closure is the pushed screen.
                if owner.calleeName == "NavigationLink", label == nil,
                    owner.additionalTrailingClosures.contains(where: { $0.label.text == "label" })
                {
                    return true
                }
            }
            // `NavigationLink(destination: Text("Detail")) { Row() }`
            if let argument = node.as(LabeledExprSyntax.self), argument.label?.text == "destination",
                argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calleeName == "NavigationLink"
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    /// The call a closure is passed to, with the closure's argument label
    /// (nil for the first trailing closure or an unlabeled argument).
    private static func closureOwner(_ closure: ClosureExprSyntax) -> (FunctionCallExprSyntax, String?)? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id { return (call, nil) }
        if let trailing = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
            let call = trailing.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            return (call, trailing.label.text)
        }
        if let argument = closure.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return (call, argument.label?.text)
        }
        return nil
    }

    /// The role of a call that starts a view expression.
    static func role(of call: FunctionCallExprSyntax) -> ViewRole? {
        guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        if textElementNames.contains(name) {
            if labelsAnImage(call) || showsNoWords(call, named: name) { return .primitive }
            if name == "Label" && showsOnlyIcon(call) { return .image }
            return isTextElement(call, named: name) ? .textElement(name) : .container(name)
        }
        // A bitmap (`Image(uiImage:)`) has its own pixel size: a font sizes no part of it.
        if name == "Image" { return ["uiImage", "nsImage"].contains(call.arguments.first?.label?.text) ? .primitive : .image }
        if primitiveViews.contains(name) { return .primitive }
        if !call.contentClosures.isEmpty { return .container(name) }
        guard let first = name.first, first.isUppercase else { return nil }
        return .opaque
    }

    /// `Image(cgImage, scale: 1, label: Text(…))`: the text is the image's
    /// accessibility label, which VoiceOver reads and nothing draws.
    private static func labelsAnImage(_ call: FunctionCallExprSyntax) -> Bool {
        guard let argument = call.parent?.as(LabeledExprSyntax.self), argument.label?.text == "label",
            let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return owner.calleeName == "Image"
    }

    /// `Text("")` (a scroll anchor), `Text(" · ")` (a separator): a literal
    /// of punctuation and spaces alone is no text a reader reads (an emoji is).
    private static func showsNoWords(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
        guard name == "Text", call.arguments.count == 1, let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)
        else { return false }
        return literal.segments.allSatisfy { segment in
            guard let text = segment.as(StringSegmentSyntax.self)?.content.text else { return false }
            return text.allSatisfy { $0.isPunctuation || $0.isWhitespace }
        }
    }

    /// `Label(…).labelStyle(.iconOnly)`, also set on a view around it: the
    /// title is the accessibility label, and only the icon is drawn.
    static func showsOnlyIcon(_ view: some SyntaxProtocol) -> Bool {
        var current: Syntax? = Syntax(view)
        while let node = current, !node.is(DeclSyntax.self) {
            if node.id == view.id || node.is(FunctionCallExprSyntax.self),
                modifiers(appliedTo: node).contains(where: { $0.name == "labelStyle" && isIconOnlyStyle($0.call.arguments.first?.expression) })
            {
                return true
            }
            current = node.parent
        }
        return false
    }

    private static func isIconOnlyStyle(_ style: ExprSyntax?) -> Bool {
        guard let text = style?.trimmedText else { return false }
        return text == ".iconOnly" || text.hasPrefix("IconOnlyLabelStyle")
    }

    /// `Button` and `Label` are text elements when they have a title; with only
    /// closures their `Text` children are the elements.
    private static func isTextElement(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
        switch name {
        case "Button", "Label":
            guard let first = call.arguments.first else { return false }
            return first.label == nil && !first.expression.is(ClosureExprSyntax.self)
        default:
            return true
        }
    }

    /// Modifiers applied to `expression`, innermost first.
    static func modifiers(appliedTo expression: some SyntaxProtocol) -> [ModifierCall] {
        chain(from: expression).modifiers
    }

    /// The outermost expression of the chain that starts at `expression`.
    static func outermost(_ expression: some SyntaxProtocol) -> Syntax {
        chain(from: expression).top
    }

    /// The modifiers applied to `expression`, and the expression the chain
    /// ends with. A postfix `#if` (`#if os(tvOS) .font(…) #else .font(…)
    /// #endif`) applies each platform's modifiers, and the chain goes on after it.
    private static func chain(from expression: some SyntaxProtocol) -> (modifiers: [ModifierCall], top: Syntax) {
        var result: [ModifierCall] = []
        var current = Syntax(expression)
        while true {
            if let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
                let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
            {
                result.append(ModifierCall(name: member.declName.baseName.text, call: call))
                current = Syntax(call)
            } else if let postfix = current.parent?.as(PostfixIfConfigExprSyntax.self), postfix.base?.id == current.id {
                for clause in postfix.config.clauses {
                    guard case .postfixExpression(let branch)? = clause.elements else { continue }
                    result += branchModifiers(branch)
                }
                current = Syntax(postfix)
            } else {
                return (result, current)
            }
        }
    }

    /// The `#if` clause of a postfix `#if` whose modifier chain holds `call`.
    static func postfixBranch(of call: FunctionCallExprSyntax) -> IfConfigClauseSyntax? {
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
            let outer = member.parent?.as(FunctionCallExprSyntax.self)
        {
            node = Syntax(outer)
        }
        guard let clause = node.parent?.as(IfConfigClauseSyntax.self), clause.parent?.parent?.parent?.is(PostfixIfConfigExprSyntax.self) == true
        else { return nil }
        return clause
    }

    /// `.font(…).padding()` of one `#if` branch, innermost first.
    private static func branchModifiers(_ branch: ExprSyntax) -> [ModifierCall] {
        var calls: [ModifierCall] = []
        var node: ExprSyntax? = branch
        while let call = node?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            calls.append(ModifierCall(name: member.declName.baseName.text, call: call))
            node = member.base
        }
        return calls.reversed()
    }

    /// The view a modifier chain starts from: `Text("x")` in `Text("x").font(…).padding()`.
    static func root(of modifier: FunctionCallExprSyntax) -> ExprSyntax {
        var current = ExprSyntax(modifier)
        while let call = current.as(FunctionCallExprSyntax.self), let base = call.calleeBase {
            current = base
        }
        return current
    }

    /// Whether a view call stands as a statement of a view builder (as opposed
    /// to an argument such as `CGFloat(10)`).
    static func isViewStatement(_ call: FunctionCallExprSyntax) -> Bool {
        let top = outermost(call)
        guard let parent = top.parent else { return false }
        return parent.is(CodeBlockItemSyntax.self) || parent.is(ReturnStmtSyntax.self)
            || parent.is(ExpressionStmtSyntax.self)
    }

    func environment(of view: some SyntaxProtocol) -> ViewEnvironment {
        if let cached = environments[view.id] { return cached }
        var environment = ViewEnvironment()
        environment.chains.append(Self.modifiers(appliedTo: view))
        var node = Self.outermost(view)
        var current = node.parent
        while let candidate = current {
            if candidate.kind == .functionCallExpr, case let call = candidate.cast(FunctionCallExprSyntax.self), call.hasInArgumentsOrClosures(node) {
                if call.calledExpression.kind == .memberAccessExpr, case let member = call.calledExpression.cast(MemberAccessExprSyntax.self),
                    member.base != nil
                {
                    let name = member.declName.baseName.text
                    if Self.chromeModifiers.contains(name) { environment.chrome = environment.chrome ?? name }
                } else if let name = call.calleeName, Self.scrollingContainers.contains(name) {
                    environment.scrolls = true
                }
                environment.chains.append(Self.modifiers(appliedTo: call))
                node = Self.outermost(call)
                current = node.parent
                continue
            }
            // A view a builder binds to a local (`let label = VStack { … }`) sits
            // inside the builder's containers, as does one in an `#if` platform
            // branch of the builder; a property or function is the end.
            if candidate.is(DeclSyntax.self), candidate.kind != .ifConfigDecl,
                candidate.kind != .variableDecl || candidate.parent?.kind != .codeBlockItem
            {
                break
            }
            current = candidate.parent
        }
        environment.isHidden = environment.modifiers.contains {
            $0.name == "accessibilityHidden" && $0.call.arguments.first?.expression.booleanValue == true
        }
        environment.isPlaceholder = environment.modifiers.contains {
            $0.name == "redacted" && $0.call.arguments.first?.expression.trimmedText == ".placeholder"
        }
        environment.hasLargeContentViewer = environment.contains("accessibilityShowsLargeContentViewer")
        if !chromeHelpers.isEmpty, environment.chrome == nil, let helper = ViewHelpers.enclosing(view), chromeHelpers.contains(helper) {
            environment.chromeHelper = helper
        }
        environments[view.id] = environment
        return environment
    }
}
