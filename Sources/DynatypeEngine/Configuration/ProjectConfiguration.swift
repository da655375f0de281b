import DynatypeRules
import Foundation

/// A repository's `.dynatype.json`: which files are audited and how the rules
/// are configured. Found at the audited root or above; in the history, read
/// from each commit's own tree.
public struct ProjectConfiguration: Hashable, Sendable {
    /// Folders that are never audited, wherever they are (RULES and SwiftLint habit).
    public static let defaultExcludedFolders = [".build", "Pods", "Carthage", "DerivedData", ".git", ".swiftpm"]
    public static let fileName = ".dynatype.json"
    public static let defaultMaximumFileBytes = 8 * 1024 * 1024
    /// `max_file_size_kb`: 1 KB to 1 GB.
    public static let fileSizeRangeKB = 1...1_048_576

    /// Glob patterns relative to the configuration's folder; empty means everything.
    public var included: [String] = []
    public var excluded: [String] = []
    public var rules = RuleConfiguration.standard
    /// Larger files are skipped with a message (generated code).
    public var maximumFileBytes = defaultMaximumFileBytes
    /// A baseline file of accepted findings, relative to the configuration's folder.
    public var baseline: String?

    public init() {}

    public static let keys = ["included", "excluded", "disabled_rules", "severity", "platforms", "max_file_size_kb", "baseline"]

    /// Parses the file's contents; `file` names it in errors.
    public init(data: Data, file: String) throws {
        try self.init(reader: try ConfigurationReader(file: file, data: data))
    }

    /// Parses an object of these keys (a file's, or the daemon configuration's `rules`).
    public init(reader: ConfigurationReader) throws {
        try reader.rejectUnknownKeys(allowed: Self.keys)
        included = try reader.strings("included") ?? []
        excluded = try reader.strings("excluded") ?? []
        for id in try reader.strings("disabled_rules") ?? [] {
            guard let rule = RuleID(rawValue: id) else { throw reader.error("disabled_rules", Suggestion.unknownRule(id)) }
            rules.disabledRules.insert(rule)
        }
        if let severities = try reader.object("severity") {
            for key in severities.keys.sorted() {
                guard let rule = RuleID(rawValue: key) else { throw severities.error(key, Suggestion.unknownRule(key)) }
                let text = try severities.string(key) ?? ""
                guard let severity = Severity(rawValue: text) else {
                    throw severities.error(key, "expected \"error\", \"warning\" or \"note\", found \"\(text)\"")
                }
                rules.severities[rule] = severity
            }
        }
        if let platforms = try reader.strings("platforms") {
            // An empty list would switch every rule off without a word.
            guard !platforms.isEmpty else { throw reader.error("platforms", "needs at least one platform (leave it out for all of them)") }
            rules.platforms = try Set(platforms.map { name in
                guard let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                    throw reader.error("platforms", "unknown platform \"\(name)\"; expected \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return platform
            })
        }
        if let kilobytes = try reader.integer("max_file_size_kb", in: Self.fileSizeRangeKB, unit: "kilobytes") {
            maximumFileBytes = kilobytes * 1024
        }
        baseline = try reader.string("baseline")
        if baseline?.isEmpty == true { throw reader.error("baseline", "expected a file name, found an empty string") }
    }

    /// Whether a path relative to the configuration's folder is audited.
    public func includes(relativePath path: String) -> Bool {
        !path.split(separator: "/").dropLast().contains { Self.isExcludedFolder(String($0)) } && matchesPatterns(relativePath: path)
    }

    /// Folders never audited below a path: dependencies, build products, tests,
    /// and Xcode's exported copies (a localization catalog's `Source Contents`
    /// repeats every storyboard for translators; no target builds it).
    public static func isExcludedFolder(_ name: String) -> Bool {
        defaultExcludedFolders.contains(name) || name.contains("Tests") || exportedBundleSuffixes.contains { name.hasSuffix($0) }
    }

    public static let exportedBundleSuffixes = [".xcloc", ".xcarchive", ".xcresult"]

    /// The `included` and `excluded` patterns alone: a folder named on the
    /// command line is audited even when its own name (or a folder above it)
    /// is one the defaults skip, as SwiftLint lints a file it is given.
    public func matchesPatterns(relativePath path: String) -> Bool {
        if excluded.contains(where: { Glob($0).matches(path) }) { return false }
        return included.isEmpty || included.contains { Glob($0).matches(path) }
    }
}
