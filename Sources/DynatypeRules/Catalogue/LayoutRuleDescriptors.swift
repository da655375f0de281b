extension RuleCatalogue {
    static let layoutRules: [RuleDescriptor] = [
        RuleDescriptor(
            .minimumScaleFactor, name: "Minimum scale factor", severity: .warning, escalatedSeverity: .error,
            severityNote: "warning; error with a one-line limit",
            summary: "SwiftUI `.minimumScaleFactor(_:)`; UIKit `adjustsFontSizeToFitWidth = true` / `minimumScaleFactor =`",
            rationale: "Shrinking text works against the user's larger text; with one line it is the only strategy.",
            fix: "remove it and let the text wrap", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)",
            triggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("Offer").lineLimit(1).↓minimumScaleFactor(0.6) } }
                    """),
                // On a container of custom views, as on a custom view: their text is out of sight.
                RuleExample("""
                    struct A: View {
                        var body: some View { HStack { Name(); Spacer() }.↓minimumScaleFactor(0.75).lineLimit(1) }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() {
                            ↓label.adjustsFontSizeToFitWidth = true
                            label.minimumScaleFactor = 0.5
                        }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("Offer").lineLimit(nil) } }
                    """),
                // A control that is no label.
                RuleExample("""
                    import UIKit
                    final class Stepper: UIControl {
                        func setUp() { self.adjustsFontSizeToFitWidth = true }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .singleLineTruncation, name: "Single-line truncation", severity: .error,
            summary: "`.lineLimit(1)` on text whose content is not a string literal, with no ScrollView, List or Form around it",
            rationale: "At large sizes the text is cut off and nothing reveals it.",
            fix: "`.lineLimit(nil)` or `.fixedSize(horizontal: false, vertical: true)`, or a detail view",
            sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
            triggering: [RuleExample("""
                struct A: View {
                    let name: String
                    var body: some View { Text(name).↓lineLimit(1) }
                }
                """)],
            nonTriggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("Tap to open").lineLimit(1) } }
                    """),
                RuleExample("""
                    struct A: View {
                        let names: [String]
                        var body: some View { List(names, id: \\.self) { Text($0).lineLimit(1) } }
                    }
                    """),
                // A view a builder binds to a local sits inside the builder's ScrollView.
                RuleExample("""
                    struct Tags: View {
                        let tags: [String]
                        var body: some View {
                            ScrollView(.horizontal) {
                                HStack { ForEach(tags, id: \\.self) { tag in let label = Text(tag).lineLimit(1); label } }
                            }
                        }
                    }
                    """),
                // Every use of the row is in a List: a local `content` elsewhere is not the row's
                // `content`, and the row's use inside itself is inside a List too.
                RuleExample("""
                    struct Row: View {
                        let title: String
                        let children: [String]
                        var body: some View { content }
                        private var content: some View {
                            VStack { Text(title).lineLimit(1); ForEach(children, id: \\.self) { Row(title: $0, children: []) } }
                        }
                    }
                    struct Page: View {
                        let custom: AnyView?
                        var body: some View {
                            if let content = custom { content } else { List { Row(title: "a", children: []) } }
                        }
                    }
                    """),
                // The List encloses the use of a same-file view helper.
                RuleExample("""
                    struct A: View {
                        let names: [String]
                        var body: some View { List(names, id: \\.self) { name in row(name) } }
                        func row(_ name: String) -> some View { Text(name).lineLimit(1) }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .fixedTextHeight, name: "Fixed text height", severity: .error,
            summary: "`.frame(height: N)` on text or a container holding text; UIKit `heightAnchor.constraint(equalToConstant:)` on a text view",
            rationale: "Text grows vertically; a fixed height clips it.",
            fix: "`.frame(minHeight: N)`; `greaterThanOrEqualToConstant`", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)",
            triggering: [
                RuleExample("""
                    struct A: View { var body: some View { Button("Book") {}.↓frame(height: 50) } }
                    """),
                // A menu's label is inside its frame.
                RuleExample("""
                    struct A: View { var body: some View { Menu { Button("Copy") {} } label: { Text("More") }.↓frame(height: 30) } }
                    """),
                // A view of the file declared as text, by its type or the view its getter builds.
                RuleExample("""
                    struct A: View {
                        var body: some View { VStack { connect.↓frame(height: 28); disconnect.↓frame(height: 28) } }
                        private var connect: Button<Text> { Button("Connect") {} }
                        private var disconnect: some View { Button("Disconnect") {}.buttonStyle(.bordered) }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() { ↓label.heightAnchor.constraint(equalToConstant: 22).isActive = true }
                    }
                    """),
                // A text view subclass constraining itself.
                RuleExample("""
                    import UIKit
                    final class PillButton: UIButton {
                        func setUp() { ↓heightAnchor.constraint(equalToConstant: 44).isActive = true }
                    }
                    """),
            ],
            nonTriggering: [
                // An image's accessibility label is read, not drawn.
                RuleExample("""
                    struct QRCode: View {
                        let address: String
                        let image: CGImage
                        var body: some View { Group { Image(image, scale: 1, label: Text(address)).resizable() }.frame(height: 220) }
                    }
                    """),
                RuleExample("""
                    struct A: View {
                        @ScaledMetric var height: CGFloat = 44
                        var body: some View { Text("a").frame(minHeight: 44); Text("b").frame(height: height) }
                    }
                    """),
                RuleExample("""
                    struct A: View { var body: some View { HStack { Rectangle().frame(height: 1); Text("or") } } }
                    """),
                // Menu items and context-menu content pop up outside the frame.
                RuleExample("""
                    struct A: View {
                        @State var choice = 0
                        var body: some View {
                            Menu {
                                Picker(selection: $choice) { Text("Public").tag(0) } label: { Text("Visibility") }
                            } label: {
                                Image(systemName: "globe")
                            }
                            .frame(width: 48, height: 48)
                            Image(systemName: "x").contextMenu { Button("Delete") {} }.frame(height: 20)
                        }
                    }
                    """),
                RuleExample("""
                    struct A: View {
                        var body: some View { VStack { close.frame(height: 28); avatar.frame(height: 28) } }
                        private var close: Button<Image> { Button {} label: { Image(systemName: "xmark") } }
                        private var avatar: some View { Image("me").resizable() }
                    }
                    """),
                // Hiding is not a fixed height; AppKit views are not judged by the constraint rule.
                RuleExample("""
                    import AppKit
                    struct A: View {
                        let collapsed: Bool
                        var body: some View {
                            Text("a").frame(height: 0)
                            Text("b").frame(height: collapsed ? 0 : nil)
                        }
                    }
                    final class C: NSView {
                        let field = NSTextField()
                        func setUp() { field.heightAnchor.constraint(equalToConstant: 20).isActive = true }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .fixedTextWidth, name: "Fixed text width", severity: .warning,
            summary: "`.frame(width: N)` with a constant width on a text element",
            rationale: "A fixed width makes long or large text wrap into a narrow column or truncate.",
            fix: "`.frame(maxWidth: .infinity, alignment: …)`", sources: "Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility)",
            triggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("Signup").↓frame(width: 300, alignment: .leading) } }
                    """),
                // A button with a text label is a text element, however the label is written.
                RuleExample("""
                    struct A: View {
                        var body: some View {
                            Button { } label: { Text("Add all") }.↓frame(width: 80)
                            Button(action: {}) { Text("Remove") }.↓frame(width: 80, height: 30)
                        }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("Signup").frame(maxWidth: .infinity, alignment: .leading) } }
                    """),
                // An icon button has no text to wrap; a container is not a text element.
                RuleExample("""
                    struct A: View {
                        var body: some View {
                            Button { } label: { Image(systemName: "plus") }.frame(width: 44)
                            VStack { Text("a") }.frame(width: 80)
                        }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .clampedDynamicType, name: "Clamped Dynamic Type", severity: .error,
            summary: "`.dynamicTypeSize(_:)` with one size or a range capped below `.accessibility5` and no Large Content Viewer; UIKit `maximumContentSizeCategory` below the largest size",
            rationale: "Clamping stops text from growing for the users who need it most.",
            fix: "widen to `...DynamicTypeSize.accessibility5`, or add `.accessibilityShowsLargeContentViewer()`",
            sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography)",
            triggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("a").↓dynamicTypeSize(.xSmall ... .xxxLarge) } }
                    """),
                // Any spelling, on any view (custom views included).
                RuleExample("""
                    struct A: View {
                        var body: some View {
                            Badge().↓dynamicTypeSize(...(.xxxLarge))
                            Badge().↓dynamicTypeSize(...DynamicTypeSize.xxLarge)
                        }
                    }
                    """),
                // The whole app below a root container of custom views.
                RuleExample("""
                    struct Root: View {
                        let loggedIn: Bool
                        var body: some View {
                            Group { if loggedIn { Home() } else { Login() } }.↓dynamicTypeSize(.xSmall ... .xxxLarge)
                        }
                    }
                    """),
                RuleExample("""
                    import UIKit
                    final class C: UIViewController {
                        override func viewDidLoad() { ↓view.maximumContentSizeCategory = .extraExtraLarge }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    struct A: View { var body: some View { Text("a").dynamicTypeSize(...DynamicTypeSize.accessibility5) } }
                    """),
                // A clamp on images alone clamps no text.
                RuleExample("""
                    struct A: View { var body: some View { Image(systemName: "star").dynamicTypeSize(...DynamicTypeSize.xxxLarge) } }
                    """),
                RuleExample("""
                    struct A: View {
                        var body: some View { Text("3").dynamicTypeSize(...DynamicTypeSize.xLarge).accessibilityShowsLargeContentViewer() }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .labelSingleLine, name: "Single-line label", severity: .warning,
            summary: "UIKit `numberOfLines = 1` on a label",
            rationale: "One line truncates the label at large sizes.",
            fix: "`numberOfLines = 0`", sources: "Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)", platforms: Platform.uiKit,
            triggering: [
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() { ↓label.numberOfLines = 1 }
                    }
                    """),
                // A property built by a closure is the label the closure builds, whatever either is named.
                RuleExample("""
                    import UIKit
                    final class Badges: UIView {
                        private let badge = {
                            let badgeLabel = UILabel()
                            ↓badgeLabel.numberOfLines = 1
                            return badgeLabel
                        }()
                        private let secondBadge = {
                            let badgeLabel = UILabel()
                            ↓badgeLabel.numberOfLines = 1
                            return badgeLabel
                        }()
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    import UIKit
                    final class C: UIView {
                        let label = UILabel()
                        func setUp() { label.numberOfLines = 0 }
                    }
                    """),
                // A `UIControl` subclass is no label.
                RuleExample("""
                    import UIKit
                    final class Toggle: UIControl {
                        func setUp() { self.numberOfLines = 1 }
                    }
                    """),
            ]
        ),
        RuleDescriptor(
            .noLayoutAdaptation, name: "No layout adaptation", severity: .note,
            summary: "an `HStack` laying out two or more views that hold text side by side, in a file that never reads the text size or uses `ViewThatFits`/`AnyLayout`",
            rationale: "Side-by-side text runs out of room at accessibility sizes.",
            fix: "switch to `VStack` at accessibility sizes, or use `ViewThatFits`", sources: "Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple HIG: Accessibility, larger text (https://developer.apple.com/design/human-interface-guidelines/accessibility)",
            triggering: [
                RuleExample("""
                    struct A: View { var body: some View { ↓HStack { Text("Gate"); Spacer(); Text("B12") } } }
                    """),
                // A `ForEach` lays out several children.
                RuleExample("""
                    struct A: View { let tags: [String]; var body: some View { ↓HStack { ForEach(tags, id: \\.self) { Text($0) } } } }
                    """),
                // The fuller branch of an `if` counts.
                RuleExample("""
                    struct A: View {
                        let compact: Bool
                        var body: some View { ↓HStack { if compact { Text("Gate") } else { Text("Gate"); Text("B12") } } }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    struct A: View {
                        @Environment(\\.dynamicTypeSize) private var size
                        var body: some View { HStack { Text("Gate"); Text("B12") } }
                    }
                    """),
                // Texts inside one `VStack` child are one child beside an image.
                RuleExample("""
                    struct A: View { var body: some View { HStack { Image(systemName: "star"); VStack { Text("Gate"); Text("B12") } } } }
                    """),
                // `Text + Text` is one text element.
                RuleExample("""
                    struct A: View { var body: some View { HStack { Text("Gate ") + Text("B12"); Spacer() } } }
                    """),
                // One branch at a time is laid out.
                RuleExample("""
                    struct A: View {
                        let compact: Bool
                        var body: some View { HStack { if compact { Text("Gate") } else { Text("B12") }; Image(systemName: "star") } }
                    }
                    """),
            ]
        ),
    ]
}
