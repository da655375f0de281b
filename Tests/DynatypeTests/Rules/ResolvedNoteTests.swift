import DynatypeRules
import Testing

/// Fonts that `unresolved_font` notes on real apps left open although the
/// app's own code decides them (judged by hand on untuned apps).
@Suite struct ResolvedNoteTests {
    /// A SwiftUI view of another file whose body is `lines`.
    private func caller(_ lines: String...) -> String {
        "import SwiftUI\nstruct Caller: View {\n    var body: some View {\n"
            + lines.map { "        \($0)\n" }.joined() + "    }\n}\n"
    }

    /// isowords' `adaptiveFont(_:size:configure:)`: its modifier applies
    /// `self.configure(.custom(name, size: size))`, a `(Font) -> Font` its
    /// callers give and `{ $0 }` by default.
    private let adaptiveFont = """
        import SwiftUI
        extension View {
            public func adaptiveFont(_ name: String, size: CGFloat, configure: @escaping (Font) -> Font = { $0 }) -> some View {
                self.modifier(AdaptiveFont(name: name, size: size, configure: configure))
            }
        }
        private struct AdaptiveFont: ViewModifier {
            let name: String
            let size: CGFloat
            let configure: (Font) -> Font
            func body(content: Content) -> some View {
                content.font(self.configure(.custom(self.name, size: self.size)))
            }
        }
        """

    @Test func aFontTransformIsJudgedByTheFontItIsCalledOn() {
        let reports = audit([
            "Fonts.swift": adaptiveFont,
            "Card.swift": caller(#"Text("Daily challenge").adaptiveFont("Matter-Medium", size: 16)"#),
        ])
        #expect(ruleLines(reports["Fonts.swift"]!) == ["custom_font_without_relative_style:12"])
        #expect(ruleLines(reports["Card.swift"]!).isEmpty)
        #expect(reports["Card.swift"]!.elements.map(\.verdict) == [.passing])
    }

    @Test func aTransformOfAFixedFontIsFixed() {
        let code = """
            import SwiftUI
            struct Badge: View {
                let configure: (Font) -> Font
                var body: some View {
                    Text("New").font(configure(.system(size: 11)))
                }
            }
            """
        #expect(ruleLines(audit(code)) == ["fixed_font_size:5"])
    }

    /// A `(UIFont) -> UIFont` can read its argument's size and replace it
    /// (`{ $0.withSize(12) }`): it stays unknown.
    @Test func aPlatformFontTransformStaysUnknown() {
        let code = """
            import UIKit
            final class Cell: UITableViewCell {
                let label = UILabel()
                var restyle: (UIFont) -> UIFont = { $0 }
                func setUp() {
                    label.font = restyle(.preferredFont(forTextStyle: .body))
                    label.adjustsFontForContentSizeCategory = true
                }
            }
            """
        #expect(audit(code).findings.contains { $0.rule == .unresolvedFont })
    }

    /// EhPanda's `CategoryLabel` and `TextView`, CodeEdit's `IconButton`:
    /// a SwiftUI view named like a text view keeps its `font` for its body.
    @Test func aSwiftUIViewNamedLikeATextViewIsNoTextView() {
        let code = """
            import SwiftUI
            struct CategoryLabel: View {
                private let text: String
                private let font: Font
                init(text: String, font: Font = .footnote) {
                    self.text = text
                    self.font = font
                }
                var body: some View {
                    Text(text).font(font.bold())
                }
            }
            """
        let report = audit(code)
        #expect(report.findings.isEmpty)
        #expect(report.elements.map(\.element.description) == ["Text(text)"])
        #expect(report.elements.map(\.verdict) == [.passing])
    }

    /// pocket-casts' `HTMLTextView`: a font its initializer stores from a
    /// parameter with no default is what the calls of it pass.
    private let htmlTextView = """
        import SwiftUI
        import UIKit
        struct HTMLTextView: UIViewRepresentable {
            let text: String
            let font: UIFont
            init(text: String, font: UIFont) {
                self.text = text
                self.font = font
            }
            func makeUIView(context: Context) -> UITextView {
                let textView = UITextView()
                textView.text = text
                textView.font = font
                textView.adjustsFontForContentSizeCategory = true
                return textView
            }
            func updateUIView(_ view: UITextView, context: Context) {}
        }
        """

    @Test func aFontStoredFromTheCallersIsWhatTheyPass() {
        let scaling = audit([
            "HTMLTextView.swift": htmlTextView,
            "Notes.swift": caller(#"HTMLTextView(text: "Show notes", font: .preferredFont(forTextStyle: .body))"#),
        ])
        #expect(ruleLines(scaling["HTMLTextView.swift"]!).isEmpty)
        #expect(scaling["HTMLTextView.swift"]!.elements.map(\.verdict) == [.passing])

        let disagreeing = audit([
            "HTMLTextView.swift": htmlTextView,
            "Notes.swift": caller(
                #"HTMLTextView(text: "Show notes", font: .preferredFont(forTextStyle: .body))"#,
                #"HTMLTextView(text: "Chapters", font: .systemFont(ofSize: 15))"#
            ),
        ])
        #expect(disagreeing["HTMLTextView.swift"]!.findings.map(\.rule) == [.unresolvedFont])
    }

    @Test func aFontStoredFromCallersThatNoCallPassesStaysUnknown() {
        let report = audit(htmlTextView)
        #expect(report.findings.map(\.rule) == [.unresolvedFont])
        #expect(report.findings.first?.message == "the font cannot be resolved: `font` is what the callers of its type's initializer pass, and no call of it in the audited code does")
    }

    /// SwiftFin's toast: a computed font returns one font per platform, with
    /// or without `return`; every branch is its value, and a fixed one is
    /// reported where it is written.
    @Test(arguments: ["", "return "])
    func aComputedFontIsEveryFontItsPlatformsReturn(keyword: String) {
        let code = """
            import SwiftUI
            struct Toast: View {
                var body: some View {
                    Text("Saved").font(textFont)
                }
                private var textFont: Font {
                    #if os(tvOS)
                    \(keyword).subheadline
                    #else
                    \(keyword).system(size: 15)
                    #endif
                }
            }
            """
        #expect(ruleLines(audit(code)) == ["fixed_font_token:4", "fixed_font_size:10"])
    }

    @Test func aComputedFontOfTextStylesOnEveryPlatformScales() {
        let code = """
            import SwiftUI
            struct Toast: View {
                var body: some View {
                    Text("Saved").font(textFont)
                }
                private var textFont: Font {
                    if compact { return .subheadline }
                    return .body
                }
                let compact: Bool
            }
            """
        let report = audit(code)
        #expect(report.findings.isEmpty)
        #expect(report.elements.map(\.verdict) == [.passing])
    }
}
