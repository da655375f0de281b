import Foundation

/// An Xcode build configuration file (`.xcconfig`): the settings a target's
/// or project's `baseConfigurationReference` gives it, below the project
/// file's own (IINA and alt-tab-macos set their deployment targets there).
enum BuildConfigurationFile {
    /// The settings of the file and of those it `#include`s, an include
    /// first so the including file wins. Conditional settings
    /// (`MACOSX_DEPLOYMENT_TARGET[arch=arm64] = 12`) and `$(inherited)` are
    /// left out: they do not lower what every build gets.
    static func settings(of file: URL, depth: Int = 0) -> [String: String] {
        guard depth < 8, let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
        var settings: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                let url = file.deletingLastPathComponent().appendingPathComponent(included)
                settings.merge(Self.settings(of: url, depth: depth + 1)) { $1 }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ";")))
            guard !key.isEmpty, !key.contains("["), !value.contains("$(") else { continue }
            settings[key] = value
        }
        return settings
    }
}
