import DynatypeRules
import Foundation

/// Who decides the rules of a history's commits: the operator's pinned
/// configuration, and how far a repository's own `.dynatype.json` may
/// change it. A commit cannot switch its own gate off: by default its file
/// may only check more than the commit it builds on.
public struct RulePolicy: Sendable, Equatable {
    public enum RepositoryConfiguration: String, CaseIterable, Sendable {
        /// The repository's file decides, lowering included (each lowering raises `policy_weakened`).
        case full
        /// The repository's file may only check more: raise severities, enable
        /// rules, audit more files. What it would lower is ignored (and alerted).
        case tightenOnly = "tighten_only"
        /// The repository's file is not read.
        case ignore
    }

    /// The operator's rules (nil: none pinned; the repository's history is its own floor).
    public var pinned: ProjectConfiguration?
    public var repositoryConfiguration: RepositoryConfiguration

    public init(pinned: ProjectConfiguration? = nil, repositoryConfiguration: RepositoryConfiguration = .tightenOnly) {
        self.pinned = pinned
        self.repositoryConfiguration = repositoryConfiguration
    }

    /// The configuration a commit is audited with.
    /// - Parameters:
    ///   - file: the commit's own `.dynatype.json`.
    ///   - base: the effective configuration of the commit it builds on (nil at a baseline).
    ///   - fileChanged: whether the file differs from the base's (a lowering is reported once, where it is made).
    public func resolve(_ file: RepositoryConfigurationFile.Contents, base: ProjectConfiguration?, fileChanged: Bool) -> ResolvedConfiguration {
        let defaults = pinned ?? ProjectConfiguration()
        if repositoryConfiguration == .ignore { return ResolvedConfiguration(effective: defaults) }
        let parsed: ProjectConfiguration?
        switch file {
        case .failure(let error):
            return ResolvedConfiguration(effective: base ?? defaults, error: error.description, errorIsNew: fileChanged || base == nil)
        case .success(let contents): parsed = contents
        }
        let requested = parsed ?? defaults
        let lowered = fileChanged ? base?.lowerings(to: requested) ?? [] : []
        switch repositoryConfiguration {
        case .full, .ignore:
            return ResolvedConfiguration(effective: requested, lowered: lowered, loweringApplied: true)
        case .tightenOnly:
            // At a baseline with nothing pinned, the repository's file is where its history starts.
            guard let floor = pinned ?? base else { return ResolvedConfiguration(effective: requested) }
            return ResolvedConfiguration(
                effective: floor.tightened(by: parsed, ratchet: pinned == nil), lowered: lowered, loweringApplied: false
            )
        }
    }
}

extension RepositoryConfigurationFile {
    public typealias Contents = Result<ProjectConfiguration?, ConfigurationError>
}

/// The configuration a commit was audited with, and what its own file said.
public struct ResolvedConfiguration: Sendable, Equatable {
    public let effective: ProjectConfiguration
    /// Why the commit's own file could not be used (the last valid configuration was).
    public var error: String?
    /// The file became invalid at this commit (an alert is raised once, here).
    public var errorIsNew = false
    /// What the commit's configuration change lowers in what is checked.
    public var lowered: [String] = []
    /// Whether the lowering took effect (`full`) or was ignored (`tighten_only`).
    public var loweringApplied = false

    init(effective: ProjectConfiguration, error: String? = nil, errorIsNew: Bool = false, lowered: [String] = [], loweringApplied: Bool = false) {
        self.effective = effective
        self.error = error
        self.errorIsNew = errorIsNew
        self.lowered = lowered
        self.loweringApplied = loweringApplied
    }

    /// One line for the commit's record and alerts; nil when nothing is lowered.
    public var policyChange: String? {
        guard !lowered.isEmpty else { return nil }
        let outcome = loweringApplied ? "applied (repository_config is full)" : "ignored (repository_config is tighten_only)"
        return lowered.joined(separator: "; ") + " — " + outcome
    }
}

extension ProjectConfiguration {
    /// What `other` checks less than this configuration, in words (empty: nothing).
    func lowerings(to other: ProjectConfiguration) -> [String] {
        var lowered: [String] = []
        for rule in RuleID.allCases.sorted() {
            guard rules.isEnabled(rule) else { continue }
            guard other.rules.isEnabled(rule) else {
                lowered.append("disables \(rule.rawValue)")
                continue
            }
            let before = severity(of: rule), after = other.severity(of: rule)
            if after < before { lowered.append("lowers \(rule.rawValue) from \(before.rawValue) to \(after.rawValue)") }
        }
        if !other.auditsEveryFile(of: self) {
            lowered.append("audits fewer files (included \(other.included), excluded \(other.excluded))")
        }
        if other.maximumFileBytes < maximumFileBytes {
            lowered.append("lowers max_file_size_kb from \(maximumFileBytes / 1024) to \(other.maximumFileBytes / 1024)")
        }
        return lowered
    }

    /// This configuration with what `file` raises, and nothing it lowers.
    /// `ratchet`: this is the repository's own earlier configuration, so the
    /// file may also enable rules, widen platforms and audit more files
    /// (an operator's pinned configuration keeps those as pinned).
    func tightened(by file: ProjectConfiguration?, ratchet: Bool) -> ProjectConfiguration {
        guard let file else { return self }
        var result = self
        for rule in RuleID.allCases {
            let asked = file.rules.severities[rule] ?? (ratchet ? file.severity(of: rule) : nil)
            if let asked, asked > severity(of: rule) { result.rules.severities[rule] = asked }
        }
        if ratchet {
            result.rules.disabledRules = rules.disabledRules.intersection(file.rules.disabledRules)
            if file.rules.platforms.isSuperset(of: rules.platforms) { result.rules.platforms = file.rules.platforms }
            if file.auditsEveryFile(of: self) {
                result.included = file.included
                result.excluded = file.excluded
            }
        }
        result.maximumFileBytes = max(maximumFileBytes, file.maximumFileBytes)
        return result
    }

    /// The severity a rule's findings get by default under this configuration.
    func severity(of rule: RuleID) -> Severity {
        rules.severities[rule] ?? RuleCatalogue.descriptor(rule).defaultSeverity
    }

    /// Whether these path patterns audit at least the files `other`'s do
    /// (read from the patterns: no more exclusions, no narrower inclusion).
    func auditsEveryFile(of other: ProjectConfiguration) -> Bool {
        Set(excluded).isSubset(of: other.excluded)
            && (included.isEmpty || (!other.included.isEmpty && Set(included).isSuperset(of: other.included)))
    }
}
