import DynatypeEngine
import Foundation

/// `--rules FILE` and `--repository-config MODE`, shared by `scan` and
/// `check`: the rules the person running the command pins, and how far the
/// repository's own `.dynatype.json` may change them.
enum RulePolicyOptions {
    static let options: [CommandOption] = [
        .value(
            "--rules", "FILE",
            "Pin the rules: a file with .dynatype.json's keys (disabled_rules, severity, included, excluded, platforms, max_file_size_kb)."
        ),
        .value(
            "--repository-config", "MODE",
            "How far the repository's .dynatype.json may change the rules: tighten_only (default: it may only check more, so a "
                + "commit cannot switch its own gate off), full, or ignore."
        ),
    ]

    static func policy(_ arguments: Arguments) throws -> RulePolicy {
        var policy = RulePolicy(repositoryConfiguration: try arguments.choice("--repository-config", RulePolicy.RepositoryConfiguration.self) ?? .tightenOnly)
        if let file = arguments.value("--rules") {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw InputError(message: "--rules: cannot read \(file)")
            }
            do {
                policy.pinned = try ProjectConfiguration(data: data, file: file)
            } catch let error as ConfigurationError {
                throw InputError(message: error.description)
            }
        }
        return policy
    }
}
