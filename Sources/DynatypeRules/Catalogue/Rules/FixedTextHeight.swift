extension RuleCatalogue {
    static let fixedTextHeight = RuleDescriptor(
        .fixedTextHeight, name: "Fixed text height", severity: .error, families: [FrameRule.self, HeightConstraintRule.self],
        summary: "`.frame(height: N)` on text or a container holding text; UIKit `heightAnchor.constraint(equalToConstant:)` on a text view",
        rationale: "Text grows vertically; a fixed height clips it.",
        fix: "`.frame(minHeight: N)`; `greaterThanOrEqualToConstant`", sources: "Apple: Scaling fonts automatically (https://developer.apple.com/documentation/uikit/scaling-fonts-automatically); Apple HIG: Typography (https://developer.apple.com/design/human-interface-guidelines/typography); Apple: UIFontMetrics (https://developer.apple.com/documentation/uikit/uifontmetrics)",
        mechanicalFix: .replace,
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
            // A text view subclass constraining itself (a button one that shows a title).
            RuleExample("""
                import UIKit
                final class PillButton: UIButton {
                    func setUp() {
                        setTitle("Pay", for: .normal)
                        ↓heightAnchor.constraint(equalToConstant: 44).isActive = true
                    }
                }
                """),
        ],
        nonTriggering: [
            // A height the view measures from its content grows with the text.
            RuleExample("""
                import SwiftUI
                struct TitleEditor: View {
                    @State private var fieldSize: CGSize = .zero
                    var body: some View {
                        SizeReader(size: $fieldSize) { Text("Title") }
                        Text("Title").frame(height: fieldSize.height)
                    }
                }
                """),
            // A button given only an image shows no text.
            RuleExample("""
                import UIKit
                final class About: UIViewController {
                    private let closeButton = RoundedCrossButton()
                    override func viewDidLoad() {
                        closeButton.setImage(UIImage(systemName: "xmark"), for: .normal)
                        closeButton.heightAnchor.constraint(equalToConstant: 30).isActive = true
                    }
                }
                """),
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
    )
}
