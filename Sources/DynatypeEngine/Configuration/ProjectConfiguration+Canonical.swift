import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// A configuration as the history keeps it: `.dynatype.json` text with
/// sorted keys and lists, so one configuration is always the same bytes and
/// reads back through the same parser as a repository's file.
extension ProjectConfiguration {
    private struct Body: Encodable {
        let included: [String]
        let excluded: [String]
        let disabledRules: [String]
        let severity: [String: String]
        let platforms: [String]
        let maxFileSizeKB: Int
        let baseline: String?

        enum CodingKeys: String, CodingKey {
            case included, excluded, severity, platforms, baseline
            case disabledRules = "disabled_rules"
            case maxFileSizeKB = "max_file_size_kb"
        }
    }

    public var stored: StoredConfiguration {
        let body = Body(
            included: included.sorted(), excluded: excluded.sorted(), disabledRules: rules.disabledRules.map(\.rawValue).sorted(),
            severity: Dictionary(uniqueKeysWithValues: rules.severities.map { ($0.key.rawValue, $0.value.rawValue) }),
            platforms: rules.platforms.map(\.rawValue).sorted(), maxFileSizeKB: maximumFileBytes / 1024, baseline: baseline
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, lists and integers cannot fail.
        let text = String(decoding: (try? encoder.encode(body)) ?? Data(), as: UTF8.self)
        return StoredConfiguration(hash: Fingerprint.hex(Fingerprint.fnv1a(text)), body: text)
    }

    /// A configuration the history stored (`stored`'s body).
    public init(stored body: String) throws {
        try self.init(data: Data(body.utf8), file: "the history's stored configuration")
    }
}

/// A repository's own `.dynatype.json` at one commit, as its tree has it.
public struct RepositoryConfigurationFile: Sendable {
    /// The parsed file (nil: the commit has none), or why it cannot be used.
    public let contents: Result<ProjectConfiguration?, ConfigurationError>
    /// The file's blob, nil without a file: two commits with the same blob have the same file.
    public let blob: ObjectID?

    /// A pushed commit cannot make the audit load a huge "configuration".
    static let maximumBytes = 1024 * 1024

    /// Reads the file of a commit; only git errors are thrown.
    public static func read(at commit: ObjectID, in repository: Repository) throws -> RepositoryConfigurationFile {
        guard let blob = try repository.blob(at: ProjectConfiguration.fileName, in: commit) else {
            return RepositoryConfigurationFile(contents: .success(nil), blob: nil)
        }
        let file = "\(ProjectConfiguration.fileName) at \(commit.short)"
        let size = try repository.size(of: blob)
        guard size <= Self.maximumBytes else {
            let problem = "is \(size / 1024) KB; a configuration file is at most \(Self.maximumBytes / 1024) KB"
            return RepositoryConfigurationFile(contents: .failure(ConfigurationError(file: file, key: nil, problem: problem)), blob: blob)
        }
        let data = try repository.contents(of: blob)
        do {
            return RepositoryConfigurationFile(contents: .success(try ProjectConfiguration(data: data, file: file)), blob: blob)
        } catch let error as ConfigurationError {
            return RepositoryConfigurationFile(contents: .failure(error), blob: blob)
        }
    }
}
