import DynatypeGit
import DynatypeRules
import Foundation

/// The configuration a commit's tree is audited with (its effective
/// configuration: see `RulePolicy`); a change of it is a change of the rules
/// from that commit onward.
public struct CommitConfiguration: Sendable, Equatable {
    public let configuration: ProjectConfiguration

    public init(_ configuration: ProjectConfiguration) {
        self.configuration = configuration
    }
}

/// Path patterns for the files a commit diff must report: sources, and the
/// configuration at the root.
public enum HistoryPaths {
    /// Where a repository's history lives unless told otherwise.
    public static func defaultDatabase(gitDirectory: URL) -> String {
        gitDirectory.appendingPathComponent("dynatype/history.sqlite").path
    }

    static let diffPatterns = ["*.swift", "*.xib", "*.storyboard", ProjectConfiguration.fileName]

    static func isSource(_ path: String) -> Bool { SourceKind(path: path) != nil }
}
