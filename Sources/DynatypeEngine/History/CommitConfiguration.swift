import DynatypeGit
import DynatypeRules
import Foundation

/// The `.dynatype.json` of a commit's own tree (a change of configuration is
/// a change of the rules from that commit onward).
public struct CommitConfiguration: Sendable, Equatable {
    public let configuration: ProjectConfiguration
    /// The configuration blob, or nil for the defaults.
    public let blob: ObjectID?

    /// Identifies the configuration in commit records.
    public var hash: String { blob?.hex ?? "default" }

    /// A pushed commit cannot make the audit load a huge "configuration".
    static let maximumBytes = 1024 * 1024

    public static func read(at commit: ObjectID, in repository: Repository) throws -> CommitConfiguration {
        guard let blob = try repository.blob(at: ProjectConfiguration.fileName, in: commit) else {
            return CommitConfiguration(configuration: ProjectConfiguration(), blob: nil)
        }
        let file = "\(ProjectConfiguration.fileName) at \(commit.short)"
        let size = try repository.size(of: blob)
        guard size <= Self.maximumBytes else {
            throw ConfigurationError(file: file, key: nil, problem: "is \(size / 1024) KB; a configuration file is at most \(Self.maximumBytes / 1024) KB")
        }
        let data = try repository.contents(of: blob)
        let configuration = try ProjectConfiguration(data: data, file: file)
        return CommitConfiguration(configuration: configuration, blob: blob)
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
