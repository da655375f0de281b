/// Text-style names the audited code gives its own fonts (Swiftcord's
/// `extension Font { static var title3: Font { .custom("Ginto Medium", …) } }`):
/// there `.title3` is the app's font, not SwiftUI's style, so a fix that
/// means the system style names it `.system(.title3)`.
struct RedefinedTextStyles {
    private let names: Set<String>

    init(_ symbols: SymbolTable) {
        names = Set(TextStyle.allCases.map(\.rawValue).filter { style in
            symbols.everyDefinition(named: style, kind: .font).contains { $0.definition.container == "Font" }
        })
    }

    /// The finding with its SwiftUI replacement spelled as the system style, where the app redefines the name.
    func respelling(_ finding: Finding) -> Finding {
        guard !names.isEmpty, let replacement = finding.replacement, let respelled = respelled(replacement) else { return finding }
        var finding = finding
        finding.replacement = respelled
        finding.fix = finding.fix.replacingOccurrences(of: replacement, with: respelled)
        return finding
    }

    /// `.title.weight(.light)` → `.system(.title).weight(.light)`; `Font.title3` → `Font.system(.title3)`.
    private func respelled(_ replacement: String) -> String? {
        for prefix in [".", "Font."] where replacement.hasPrefix(prefix) {
            let rest = replacement.dropFirst(prefix.count)
            let name = rest.prefix { $0.isLetter || $0.isNumber }
            guard names.contains(String(name)) else { return nil }
            return "\(prefix)system(.\(name))\(rest.dropFirst(name.count))"
        }
        return nil
    }
}
