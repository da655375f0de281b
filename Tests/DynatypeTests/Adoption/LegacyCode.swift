import Foundation

/// Sources of a legacy app with known debt, for the adoption tests.
enum LegacyCode {
    /// A view with five fixed fonts (five `fixed_font_size` errors).
    static func screen(_ index: Int, extra: String = "") -> String {
        let texts = (0..<5).map { "            Text(\"Line \($0)\").font(.system(size: \(11 + $0)))" }.joined(separator: "\n")
        return """
            import SwiftUI

            struct Screen\(index): View {
                var body: some View {
                    VStack {
            \(texts)
            \(extra)
                    }
                }
            }

            """
    }

    /// Ten screens: fifty findings.
    static let screens = (0..<10).map { ("Screens/Screen\($0).swift", screen($0)) }

    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }
}
