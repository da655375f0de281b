extension RuleCatalogue {
    static let fixedAppKitFont = RuleDescriptor(
        .fixedAppKitFont, name: "Fixed AppKit font", severity: .error, families: [SwiftUIFontRule.self, UIKitFontRule.self, ConstructorRule.self],
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
    )
}
