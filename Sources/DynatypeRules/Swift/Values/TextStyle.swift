/// Apple's text styles with their default (Large) sizes, used to name the
/// nearest style in fix suggestions (the rule catalogue "Text-style sizes").
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    public var pointSize: Double {
        switch self {
        case .largeTitle: return 34
        case .title: return 28
        case .title2: return 22
        case .title3: return 20
        case .headline, .body: return 17
        case .callout: return 16
        case .subheadline: return 15
        case .footnote: return 13
        case .caption: return 12
        case .caption2: return 11
        }
    }

    /// macOS's default sizes (Apple HIG, macOS), for AppKit fixes: an 11 pt
    /// `NSFont` is `.subheadline` there, where iOS's table says `.caption2`.
    public var macOSPointSize: Double {
        switch self {
        case .largeTitle: return 26
        case .title: return 22
        case .title2: return 17
        case .title3: return 15
        case .headline, .body: return 13
        case .callout: return 12
        case .subheadline: return 11
        case .footnote, .caption, .caption2: return 10
        }
    }

    /// The style whose size is nearest; ties go to the style nearer `.body`;
    /// the body size with a semibold or heavier weight is `.headline`.
    public static func nearest(toPointSize size: Double?, weight: String? = nil) -> TextStyle {
        nearest(toPointSize: size, weight: weight, in: \.pointSize)
    }

    /// The same on macOS's table.
    public static func nearestOnMacOS(toPointSize size: Double?, weight: String? = nil) -> TextStyle {
        nearest(toPointSize: size, weight: weight, in: \.macOSPointSize)
    }

    private static func nearest(toPointSize size: Double?, weight: String?, in table: KeyPath<TextStyle, Double>) -> TextStyle {
        guard let size else { return .body }
        let body = TextStyle.body[keyPath: table]
        let candidates = allCases.filter { $0 != .headline }
        let best = candidates.min { lhs, rhs in
            let left = abs(lhs[keyPath: table] - size)
            let right = abs(rhs[keyPath: table] - size)
            if left != right { return left < right }
            return abs(lhs[keyPath: table] - body) < abs(rhs[keyPath: table] - body)
        } ?? .body
        if best == .body, let weight, ["semibold", "bold", "heavy", "black"].contains(weight) {
            return .headline
        }
        return best
    }

    /// SwiftUI's `Font.TextStyle` names plus the UIKit spellings used in
    /// `UIFont.TextStyle` and Interface Builder.
    static let swiftUINames: Set<String> = Set(allCases.map(\.rawValue))

    /// `UIFont.TextStyle` / `NSFont.TextStyle` case name for this style
    /// (`title1` for `.title`, `caption1` for `.caption`).
    public var uiKitName: String {
        switch self {
        case .title: "title1"
        case .caption: "caption1"
        default: rawValue
        }
    }
}

extension TextStyle {
    /// The `Font` text-style members a SwiftUI expression can name, plus
    /// `.system(.style)` forms' first argument values.
    static func isSwiftUITextStyle(_ name: String) -> Bool { swiftUINames.contains(name) }
}
