/// The rule catalogue of the rule catalogue, in its order.
public enum RuleCatalogue {
    public static func descriptor(_ id: RuleID) -> RuleDescriptor {
        byID[id]!
    }

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static let all: [RuleDescriptor] = fontRules + layoutRules + scaledMetricRules + otherRules

    private static let uiKit = Platform.uiKit

    static let fontRules: [RuleDescriptor] = [
        RuleDescriptor(
            .fixedFontSize, name: "Fixed font size", severity: .error,
            summary: "SwiftUI `.system(size:)` as the font of text, or stored as a `Font` value",
            rationale: "A hardcoded point size ignores the user's text size setting.",
            fix: "use the nearest text style (`.font(.body)`), keeping weight and design", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
            triggering: [
                RuleExample("""
                    struct A: View {
                        var body: some View { Text("Wi-Fi").font(↓.system(size: 17)) }
                    }
                    """),
                RuleExample("""
                    struct A: View {
                        var body: some View {
                            VStack { Text("a"); Text("b") }
                                .font(↓Font.system(size: 14, weight: .bold))
                        }
                    }
                    """),
                RuleExample("""
                    extension Font { static let caption3 = ↓Font.system(size: 10) }
                    """),
                // Inside `extension Font`, `system(size:)` is `Font.system(size:)`.
                RuleExample("""
                    extension Font { static var small: Font { ↓system(size: 12) } }
                    """),
                // A conditional size is its branches; the condition only chooses.
                RuleExample("""
                    struct A: View {
                        let remains: Int
                        var body: some View {
                            let isOverflow = remains < 0
                            Text("\\(remains)").font(↓.system(size: isOverflow ? 18 : 16))
                        }
                    }
                    """),
                RuleExample("""
                    struct A: View {
                        let compact: Bool
                        var body: some View { Text("a").font(compact ? ↓.system(size: 12) : .body) }
                    }
                    """),
                // `geometry.size.width` is not the `@ScaledMetric var width` of a type.
                RuleExample("""
                    struct Card: View {
                        @ScaledMetric var width: CGFloat = 20
                        var body: some View { Color.red.frame(width: width) }
                    }
                    struct A: View {
                        var body: some View {
                            GeometryReader { geometry in Text("a").font(↓.system(size: geometry.size.width * 0.5)) }
                        }
                    }
                    """),
                // Sizes a view takes from its callers: a view function's parameter,
                // a stored size its initializer sets; any call passing a constant.
                RuleExample("""
                    struct FeatureIcon: View {
                        private let size: CGFloat
                        init(size: CGFloat? = nil) { self.size = size ?? 20 }
                        var body: some View { Text("A").font(↓.system(size: size * 0.65)) }
                    }
                    struct Settings: View {
                        var body: some View { FeatureIcon(size: 14); title(size: 13) }
                        func title(size: CGFloat) -> some View { Text("Settings").font(↓.system(size: size)) }
                    }
                    """),
            ],
            nonTriggering: [
                // A same-file helper shown only by previews is preview code; one shown only in a toolbar is chrome.
                RuleExample("""
                    struct Inbox: View {
                        var body: some View { List {}.toolbar { toolbarTitle } }
                        private var toolbarTitle: some View { Text("Inbox").font(.system(size: 15)) }
                    }
                    private func sampleRow() -> some View { Text("Sample").font(.system(size: 13)) }
                    #Preview { sampleRow() }
                    """),
                RuleExample("""
                    struct A: View {
                        var body: some View {
                            Text("a").font(.system(.body, design: .rounded)); Text("b").font(.headline.weight(.bold))
                        }
                    }
                    """),
                RuleExample("""
                    struct A: View {
                        var body: some View { Text("a").font(.system(size: 40)).accessibilityHidden(true) }
                    }
                    """),
                RuleExample("""
                    struct A: View {
                        var body: some View { Text("a").font(.system(size: UIFontMetrics.default.scaledValue(for: 17))) }
                    }
                    """),
                RuleExample("""
                    let text = "Text(\\"x\\").font(.system(size: 12))" // .system(size: 12) in a comment
                    """),
                RuleExample("""
                    #Preview { Text("a").font(.system(size: 9)) }
                    """),
                RuleExample("""
                    struct FeatureIcon: View {
                        private let size: CGFloat
                        init(size: CGFloat) { self.size = size }
                        var body: some View { Text("A").font(.system(size: size)) }
                    }
                    struct Settings: View {
                        var body: some View { FeatureIcon(size: UIFontMetrics.default.scaledValue(for: 14)) }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .fixedCustomFont, name: "Fixed custom font", severity: .error,
            summary: "SwiftUI `Font.custom(_:fixedSize:)`",
            rationale: "A fixed-size custom font never scales.",
            fix: "`.custom(\"Name\", size: N, relativeTo: .<style>)`", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
            triggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("a").font(↓.custom("Menlo", fixedSize: 11)) } }
                    """),
                RuleExample("""
                    extension Font { static var mono: Font { ↓custom("Menlo", fixedSize: 12) } }
                    """),
            ],
            nonTriggering: [RuleExample("""
                struct A: View { var body: some View { Text("a").font(.custom("Menlo", size: 11, relativeTo: .caption2)) } }
                """)]
        ),
        RuleDescriptor(
            .customFontWithoutRelativeStyle, name: "Custom font without relative style", severity: .warning,
            summary: "SwiftUI `Font.custom(_:size:)` without `relativeTo:`",
            rationale: "It scales relative to `.body`; headings then scale on the wrong curve (a team wanting the strict reading makes it an error).",
            fix: "add `relativeTo:` with the nearest text style", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
            triggering: [RuleExample("""
                struct A: View { var body: some View { Text("a").font(↓.custom("Merriweather", size: 28)) } }
                """)],
            nonTriggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("a").font(.custom("Merriweather", size: 28, relativeTo: .title)) } }
                    """),
                // An enum's `.custom` is no font: only font positions hold fonts.
                RuleExample("""
                    enum Kind { case plain, custom(String) }
                    struct A: View {
                        let kind: Kind
                        var body: some View {
                            switch kind {
                            case .custom(let name): Text(name)
                            case .plain: Label("a", systemImage: "x").labelStyle(.custom(spacing: 4))
                            }
                            Text("b").presentationDetents([.custom(MyDetent.self)])
                        }
                        func make() -> Kind { .custom("x") }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .fixedUIKitFont, name: "Fixed UIKit font", severity: .error,
            summary: "`UIFont.systemFont(ofSize:)` and its variants, `UIFont(name:size:)`, `UIFont(descriptor:size:)` not wrapped in `UIFontMetrics`",
            rationale: "A UIKit font with a fixed size does not scale.",
            fix: "`UIFont.preferredFont(forTextStyle:)` + `adjustsFontForContentSizeCategory = true`, or `UIFontMetrics(forTextStyle:).scaledFont(for:)`",
            sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: uiKit,
            triggering: [
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() {
                            label.font = ↓UIFont.systemFont(ofSize: 17)
                            label.font = ↓.boldSystemFont(ofSize: 28)
                        }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    let attributes: [NSAttributedString.Key: Any] = [.font: ↓UIFont(name: "Avenir", size: 15)!]
                    """),
                // A stored constant set in `init`, and another font's size, are fixed sizes.
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        var fieldFontSize: CGFloat
                        init() {
                            fieldFontSize = 13
                            super.init(frame: .zero)
                        }
                        func setUp(_ other: UILabel?) {
                            label.font = ↓.systemFont(ofSize: fieldFontSize)
                            label.font = ↓.systemFont(ofSize: other?.font?.pointSize ?? 12)
                        }
                    }
                    """),
                // A font resized to a fixed size is a fixed font, a text style's included.
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() {
                            label.font = ↓UIFont.preferredFont(forTextStyle: .body).withSize(13)
                            label.adjustsFontForContentSizeCategory = true
                        }
                    }
                    """),
                // A local `font` is a value like any other, in a label extension too.
                RuleExample("""
                    import UIKit
                    extension ExternalLabel {
                        func setUp(large: Bool) {
                            let font: UIFont
                            if large { font = ↓.systemFont(ofSize: 28) } else { font = .preferredFont(forTextStyle: .body) }
                            self.font = font
                        }
                    }
                    """),
            ],
            nonTriggering: [
                // A label only drawn into an image is not on-screen text.
                RuleExample("""
                    import UIKit
                    func badgeImage(_ count: Int) -> UIImage {
                        let label = UILabel()
                        label.text = "\\(count)"
                        label.font = .systemFont(ofSize: 20)
                        return UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { context in
                            label.layer.render(in: context.cgContext)
                        }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() {
                            let base = UIFont(name: "Avenir", size: 15)!
                            label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: base)
                            label.adjustsFontForContentSizeCategory = true
                        }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    let font = UIFont.systemFont(ofSize: UIFontMetrics.default.scaledValue(for: 15))
                    """),
                // Size 0, however spelled, keeps the text style's descriptor size.
                RuleExample("""
                    import UIKit
                    func styled(_ style: UIFont.TextStyle) -> UIFont {
                        let descriptor = UIFontDescriptor.preferredFontDescriptor(withTextStyle: style).withSymbolicTraits(.traitBold)!
                        return UIFont(descriptor: descriptor, size: .zero)
                    }
                    """),
                // A face: read for its name, or resized with a scaled size.
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        let dyslexic = UIFont(name: "OpenDyslexic", size: 1)!
                        func setUp() {
                            label.font = dyslexic.withSize(UIFontMetrics.default.scaledValue(for: 17))
                            label.adjustsFontForContentSizeCategory = true
                            print(dyslexic.familyName)
                        }
                    }
                    """),
                // AppKit by type: the receiver's class and `#if os(macOS)` decide.
                RuleExample("""
                    import UIKit
                    import AppKit
                    final class C: NSViewController {
                        let field = NSTextField()
                        func setUp() { field.font = .systemFont(ofSize: 13) }
                    }
                    #if os(macOS)
                    let small: NSFont = .systemFont(ofSize: 11)
                    #endif
                    """),
            ]
        ),
        RuleDescriptor(
            .fixedAppKitFont, name: "Fixed AppKit font", severity: .error,
            summary: "`NSFont.systemFont(ofSize:)` and its variants, `NSFont(name:size:)`",
            rationale: "An AppKit font with a fixed size does not follow the text size setting.",
            fix: "`NSFont.preferredFont(forTextStyle:)`; with a weight, trait or face, that style's `fontDescriptor` with it, at size 0",
            sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)", platforms: [.macOS],
            triggering: [
                RuleExample("""
                    import AppKit
                    final class C: NSViewController {
                        let field = NSTextField(labelWithString: "")
                        func setUp() { field.font = ↓NSFont.systemFont(ofSize: 13) }
                    }
                    """),
                // Implicit members are AppKit by the receiver, the value's type or the platform block.
                RuleExample("""
                    import UIKit
                    import AppKit
                    final class C: NSViewController {
                        let field = NSTextField()
                        func setUp() { field.font = ↓.systemFont(ofSize: 13) }
                    }
                    let caption: NSFont = ↓.systemFont(ofSize: 11)
                    #if os(macOS)
                    let attributes: [NSAttributedString.Key: Any] = [.font: ↓.boldSystemFont(ofSize: 12)]
                    #endif
                    """),
                // …or by the type of the value the receiver belongs to, in a file importing only SwiftUI.
                RuleExample("""
                    import SwiftUI
                    class Cell: NSTableCellView {
                        func style(label: NSTextField) { label.font = ↓.boldSystemFont(ofSize: 13) }
                        func styleOwn() { textField?.font = ↓.systemFont(ofSize: 13, weight: .medium) }
                    }
                    func make() -> NSView { let cell = Cell(); cell.textField?.font = ↓.systemFont(ofSize: 11); return cell }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    import AppKit
                    final class C: NSViewController {
                        let field = NSTextField(labelWithString: "")
                        func setUp() { field.font = NSFont.preferredFont(forTextStyle: .body) }
                    }
                    """),
                // The fix for a weight or a trait: the text style's descriptor with it, at the style's size.
                RuleExample("""
                    import AppKit
                    final class C: NSViewController {
                        let field = NSTextField(labelWithString: "")
                        func setUp() {
                            field.font = NSFont(
                                descriptor: NSFont.preferredFont(forTextStyle: .body).fontDescriptor.withSymbolicTraits(.bold), size: 0
                            ) ?? NSFont.preferredFont(forTextStyle: .body)
                        }
                    }
                    """),
            ]
        ),
        unsetFont,
        fontSizeReadOnce,
        RuleDescriptor(
            .missingAdjustsFont, name: "Missing adjustsFontForContentSizeCategory", severity: .error,
            summary: "a scaling UIKit font on a view that never sets `adjustsFontForContentSizeCategory = true` in its type; a text-style IB font without \"Automatically Adjusts Font\"",
            rationale: "Without it the font is chosen once and does not follow later text size changes.",
            fix: "`<view>.adjustsFontForContentSizeCategory = true`", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: uiKit,
            triggering: [
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() { ↓label.font = .preferredFont(forTextStyle: .body) }
                    }
                    """),
                // The fix keeps an optional receiver's `?`.
                RuleExample("""
                    import UIKit
                    final class Cell: UITableViewCell {
                        func reloadTextStyles() { ↓textLabel?.font = .preferredFont(forTextStyle: .body) }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() { label.font = .preferredFont(forTextStyle: .body) }
                        func more() { label.adjustsFontForContentSizeCategory = true }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() {
                            label.font = .monospacedDigitSystemFont(ofSize: 72, weight: .thin)
                            label.adjustsFontForContentSizeCategory = false
                        }
                    }
                    """),
                // Attribute containers and text attributes are no views.
                RuleExample("""
                    import UIKit
                    final class Control: UIControl {
                        func setUp() {
                            var container = AttributeContainer()
                            container.font = UIFont.preferredFont(forTextStyle: .body)
                            var configuration = UIButton.Configuration.plain()
                            configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
                                var outgoing = incoming
                                outgoing.font = UIFont.preferredFont(forTextStyle: .headline)
                                return outgoing
                            }
                            self.font = .preferredFont(forTextStyle: .body)
                        }
                    }
                    """),
                // A button's `titleLabel?.font` is UILabel's, not another type's `font`.
                RuleExample("""
                    import UIKit
                    import SwiftUI
                    final class ThemeButton: UIButton {}
                    final class C: UIViewController {
                        @IBOutlet var button: ThemeButton!
                        func setUp() { button.titleLabel?.font = button.titleLabel?.font.withWeight(.bold) }
                    }
                    struct Highlight: View {
                        private var font: Font = .body
                        var body: some View { Text("a").font(font) }
                    }
                    """),
                // A local named `font` is not the label's `font`.
                RuleExample("""
                    import UIKit
                    extension ExternalLabel {
                        func setUp(large: Bool) {
                            let font: UIFont
                            if large { font = UIFontMetrics(forTextStyle: .title1).scaledFont(for: .systemFont(ofSize: 28)) } else { font = .preferredFont(forTextStyle: .body) }
                            self.font = font
                        }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .fixedFontToken, name: "Fixed design-system font", severity: .error,
            summary: "a text element whose font is a symbol of the audited code (`.caption3`, `Theme.fonts.body`, `UIFont.appFont(ofSize:)`) whose definition does not scale",
            rationale: "The definition decides: a fixed token makes every use fixed.",
            fix: "fix the definition (its location is in the message)", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically)",
            triggering: [
                RuleExample("""
                    extension Font { static let caption3 = Font.system(size: 10) }
                    struct A: View { var body: some View { Text("a").font(↓.caption3) } }
                    """),
                RuleExample("""
                    extension Font {
                        static var mono: Font { custom("Menlo", fixedSize: 12) }
                        static var small: Font { Self.system(size: 12) }
                    }
                    struct A: View { var body: some View { Text("a").font(↓.mono); Text("b").font(↓.small) } }
                    """),
                // View helpers that apply a font give it to the text they are called on.
                RuleExample("""
                    extension View { func eyebrow() -> some View { font(.system(size: 11)) } }
                    struct Caption: ViewModifier { func body(content: Content) -> some View { content.font(.system(size: 10)) } }
                    struct A: View {
                        var body: some View {
                            Text("a").↓eyebrow()
                            Text("b").padding().↓modifier(Caption())
                        }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    extension Font { static let caption3 = Font.custom("Inter", size: 10, relativeTo: .caption2) }
                    struct A: View { var body: some View { Text("a").font(.caption3) } }
                    """),
                RuleExample("""
                    extension View { func eyebrow() -> some View { font(.caption2.weight(.semibold)) } }
                    struct A: View { var body: some View { Text("a").eyebrow().cardStyle() } }
                    """),
            ]
        ),
        RuleDescriptor(
            .unresolvedFont, name: "Unresolved font", severity: .note,
            summary: "a font from a parameter, or a symbol not defined in the audited code",
            rationale: "Its scaling cannot be decided here; it is listed under the report's assumptions.",
            fix: "—", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
            triggering: [RuleExample("""
                struct A: View {
                    let valueFont: Font
                    var body: some View { Text("a").font(↓valueFont) }
                }
                """)],
            nonTriggering: [RuleExample("""
                struct A: View { var body: some View { Text("a").font(.title3) } }
                """)]
        ),
        RuleDescriptor(
            .interfaceBuilderFixedFont, name: "Interface Builder fixed font", severity: .error,
            summary: "a label, button, text field or text view in a .xib/.storyboard with a point-size font instead of a text style",
            rationale: "A system or custom font with a point size does not scale.",
            fix: "set the font to a text style and tick \"Automatically Adjusts Font\"", sources: "Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: uiKit,
            triggering: [
                RuleExample("""
                    <document><objects><label text="Total" id="a">
                        ↓<fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label></objects></document>
                    """, fileName: "Example.xib"),
                // Bold, italic and custom faces too; a text style cannot keep them, so the fix is code.
                RuleExample("""
                    <document><objects><label text="Total" id="a">
                        ↓<fontDescription key="fontDescription" type="boldSystem" pointSize="34"/>
                    </label></objects></document>
                    """, fileName: "Example.xib"),
            ],
            nonTriggering: [RuleExample("""
                <document><objects><label text="Total" adjustsFontForContentSizeCategory="YES" id="a">
                    <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                </label></objects></document>
                """, fileName: "Example.xib")]
        ),
    ]
}
