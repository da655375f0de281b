import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// The daemon's own configuration (`dynatype watch --config FILE`): the
/// repositories to watch and, for each, where its history, alerts and
/// metrics go. Only this file can name hooks, webhooks and output paths;
/// a repository's `.dynatype.json` configures rules and nothing else.
public struct DaemonConfiguration: Equatable, Sendable {
    public struct Repository: Equatable, Sendable {
        public var name: String
        public var path: URL
        /// Nil: `$STATE_DIRECTORY/<name>.sqlite` under systemd, else the repository's default.
        public var database: HistoryDatabase?
        public var refs: [String]
        public var policy: RegressionPolicy
        public var alerts: AlertSettings
        public var metricsFile: String?
        /// The HTML report (`dynatype report --html`), rewritten after audited commits.
        public var reportFile: String?
        /// The least time between two writes of the report: a burst of commits writes it once.
        public var reportIntervalSeconds: Double
        /// Commits before the tip audited on the very first start (no alerts for them).
        public var backfill: Int
        /// The syntax-tree cache's memory budget (`scan --tree-cache-mb`).
        public var treeCacheBytes = HistoryEngine.defaultTreeLimitBytes
        /// Open the repository even when another user owns it (libgit2's
        /// owner check, CVE-2022-24765; dynatype only reads the repository).
        public var trustOwner: Bool
        /// The operator's rules, and how far the repository's `.dynatype.json` may change them.
        public var rulePolicy = RulePolicy()
    }

    public struct AlertSettings: Equatable, Sendable {
        public var jsonl: String?
        public var journal = true
        public var exec: ExecHook?
        public var webhooks: [Webhook] = []
        /// The repository's web page of a commit, `{commit}` standing for its
        /// id (https://github.com/org/app/commit/{commit}): chat messages link it.
        public var commitURL: String?
        /// Backoff between delivery attempts: doubles from `retryInitial` up to `retryMaximum` seconds.
        public var retryInitial = 1.0
        public var retryMaximum = 300.0
    }

    public struct ExecHook: Equatable, Sendable {
        public var command: [String]
        public var timeout: Double
    }

    public struct Webhook: Equatable, Sendable {
        public enum Format: String, CaseIterable, Sendable {
            case generic, slack, alertmanager
        }

        public var name: String
        public var url: URL
        public var format: Format
        public var timeout: Double
        /// A header carrying a secret (never logged), and where its value comes from.
        public var secretHeader: String?
        public var secretSource: SecretSource?
    }

    public enum SecretSource: Equatable, Sendable {
        case value(String)
        case file(String)
        case environment(String)
    }

    public var repositories: [Repository]
    /// The slow periodic check that backs inotify up.
    public var pollSeconds: Double
    /// How long events settle before the refs are compared.
    public var debounceMilliseconds: Int
    public let file: String

    public static let defaultPollSeconds = 30.0

    /// Reads and validates a configuration file; every problem names its key.
    public init(file: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.file = file
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw UnreadableConfiguration(file: file, reason: ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription
                ?? (error as NSError).localizedDescription)
        }
        let root = try ConfigurationReader(file: file, data: data)
        try root.rejectUnknownKeys(allowed: ["repositories", "poll_seconds", "debounce_ms"])
        pollSeconds = try root.number("poll_seconds", in: 1...86_400, unit: "seconds") ?? Self.defaultPollSeconds
        debounceMilliseconds = try root.integer("debounce_ms", in: 0...60_000, unit: "milliseconds") ?? 200
        guard let entries = try root.objects("repositories"), !entries.isEmpty else {
            throw root.error("repositories", "needs at least one repository: [{\"path\": \"/srv/git/app.git\"}]")
        }
        let base = URL(fileURLWithPath: file).deletingLastPathComponent()
        repositories = try entries.map { try Self.repository($0, base: base, environment: environment) }
        var names = Set<String>()
        for (index, repository) in repositories.enumerated() where !names.insert(repository.name).inserted {
            throw ConfigurationError(file: file, key: "repositories[\(index)].name", problem: "\"\(repository.name)\" is used twice; give each repository a distinct name")
        }
    }

    private static func path(_ text: String, base: URL) -> String {
        URL(fileURLWithPath: (text as NSString).expandingTildeInPath, relativeTo: base).standardizedFileURL.path
    }

    private static func repository(_ reader: ConfigurationReader, base: URL, environment: [String: String]) throws -> Repository {
        try reader.rejectUnknownKeys(allowed: [
            "name", "path", "database", "password_file", "refs", "policy", "alerts", "metrics_file", "report_file", "report_interval_seconds",
            "backfill", "tree_cache_mb", "trust_owner", "rules", "repository_config",
        ])
        guard let pathText = try reader.string("path"), !pathText.isEmpty else { throw reader.error("path", "is required: the repository to watch") }
        let path = URL(fileURLWithPath: Self.path(pathText, base: base))
        let name = try reader.string("name") ?? RepositoryNaming.defaultName(for: path)
        guard !name.isEmpty, name.allSatisfy(RepositoryNaming.isAllowed) else {
            throw reader.error("name", "use letters, digits, '-', '_' and '.' only (it names files and metric labels)")
        }
        let refs = try reader.strings("refs") ?? ["HEAD"]
        guard !refs.isEmpty else { throw reader.error("refs", "needs at least one ref (the default is HEAD's branch)") }
        let backfill = try reader.integer("backfill", in: 0...1_000_000, unit: "commits") ?? 0
        // A relative name is a systemd credential (LoadCredential=) when there are any, as a webhook's secret_file is.
        let credentials = environment["CREDENTIALS_DIRECTORY"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        let passwordFile = try reader.string("password_file").map { Self.path($0, base: $0.hasPrefix("/") ? base : credentials ?? base) }
        let database = try reader.string("database").map { HistoryDatabase($0, relativeTo: base, passwordFile: passwordFile) }
        if passwordFile != nil, database?.allowsStandby != true {
            throw reader.error("password_file", "applies to a PostgreSQL database (\"database\": \"postgresql://…\") only")
        }
        var repository = Repository(
            name: name, path: path, database: database, refs: refs,
            policy: try policy(try reader.object("policy")), alerts: try alerts(try reader.object("alerts"), base: base),
            metricsFile: try reader.string("metrics_file").map { Self.path($0, base: base) },
            reportFile: try reader.string("report_file").map { Self.path($0, base: base) },
            reportIntervalSeconds: try reader.number("report_interval_seconds", in: 0...86_400, unit: "seconds") ?? 60, backfill: backfill,
            trustOwner: try reader.bool("trust_owner") ?? false
        )
        if let megabytes = try reader.integer("tree_cache_mb", in: 1...65_536, unit: "MB") { repository.treeCacheBytes = megabytes << 20 }
        repository.rulePolicy.pinned = try reader.object("rules").map(ProjectConfiguration.init(reader:))
        if let mode = try reader.string("repository_config") {
            guard let value = RulePolicy.RepositoryConfiguration(rawValue: mode) else {
                throw reader.error("repository_config", "must be one of \(RulePolicy.RepositoryConfiguration.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            repository.rulePolicy.repositoryConfiguration = value
        }
        return repository
    }

    private static func policy(_ reader: ConfigurationReader?) throws -> RegressionPolicy {
        var policy = RegressionPolicy()
        guard let reader else { return policy }
        try reader.rejectUnknownKeys(allowed: ["minimum_severity", "maximum_ratio_drop", "newly_failing_files"])
        if let severity = try reader.string("minimum_severity") {
            guard let value = Severity(rawValue: severity) else { throw reader.error("minimum_severity", "must be error, warning or note") }
            policy.minimumSeverity = value
        }
        if let drop = try reader.number("maximum_ratio_drop", in: 0...1, unit: "(a ratio: 0.01 is one percentage point)") {
            policy.maximumRatioDrop = drop
        }
        policy.flagNewlyFailingFiles = try reader.bool("newly_failing_files") ?? policy.flagNewlyFailingFiles
        return policy
    }

    private static func alerts(_ reader: ConfigurationReader?, base: URL) throws -> AlertSettings {
        var settings = AlertSettings()
        guard let reader else { return settings }
        try reader.rejectUnknownKeys(allowed: ["jsonl", "journal", "exec", "webhooks", "commit_url", "retry_initial_seconds", "retry_maximum_seconds"])
        settings.jsonl = try reader.string("jsonl").map { Self.path($0, base: base) }
        if let template = try reader.string("commit_url") {
            let scheme = URL(string: template.replacingOccurrences(of: "{commit}", with: "0"))?.scheme
            guard template.contains("{commit}"), scheme == "https" || scheme == "http" else {
                throw reader.error("commit_url", "must be an http(s) URL with {commit} for the commit id (https://github.com/org/app/commit/{commit})")
            }
            settings.commitURL = template
        }
        settings.journal = try reader.bool("journal") ?? true
        if let exec = try reader.object("exec") {
            try exec.rejectUnknownKeys(allowed: ["command", "timeout_seconds"])
            guard let command = try exec.strings("command"), !command.isEmpty, !command[0].isEmpty else {
                throw exec.error("command", "is required: the program and its arguments, [\"/usr/local/bin/notify\", \"--team\", \"ios\"]")
            }
            settings.exec = ExecHook(command: command, timeout: try exec.number("timeout_seconds", in: Self.timeoutRange, unit: "seconds") ?? 10)
        }
        settings.webhooks = try (reader.objects("webhooks") ?? []).enumerated().map { index, hook in
            try webhook(hook, index: index)
        }
        // The outbox keys deliveries by sink name: two webhooks of one name would share them.
        var names = Set<String>()
        for (index, webhook) in settings.webhooks.enumerated() where !names.insert(webhook.name).inserted {
            throw reader.error("webhooks[\(index)].name", "\"\(webhook.name)\" is used by an earlier webhook; give each webhook a distinct name")
        }
        settings.retryInitial = try reader.number("retry_initial_seconds", in: Self.retryRange, unit: "seconds") ?? settings.retryInitial
        settings.retryMaximum = max(settings.retryInitial, try reader.number("retry_maximum_seconds", in: Self.retryRange, unit: "seconds") ?? settings.retryMaximum)
        return settings
    }

    private static func webhook(_ reader: ConfigurationReader, index: Int) throws -> Webhook {
        try reader.rejectUnknownKeys(allowed: ["name", "url", "format", "timeout_seconds", "secret_header", "secret", "secret_file", "secret_env"])
        guard let text = try reader.string("url"), let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw reader.error("url", "is required: an http:// or https:// address")
        }
        let formatText = try reader.string("format") ?? "generic"
        guard let format = Webhook.Format(rawValue: formatText) else {
            throw reader.error("format", "must be one of \(Webhook.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let sources: [SecretSource] = [
            try reader.string("secret").map(SecretSource.value), try reader.string("secret_file").map(SecretSource.file),
            try reader.string("secret_env").map(SecretSource.environment),
        ].compactMap { $0 }
        guard sources.count <= 1 else { throw reader.error("secret", "give only one of secret, secret_file and secret_env") }
        let header = try reader.string("secret_header")
        // A line break in a header's name would let the configuration inject another header.
        if let header, header.isEmpty || header.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == ":" }) {
            throw reader.error("secret_header", "must be a header name: visible characters without a colon, spaces or line breaks")
        }
        if header != nil, sources.isEmpty { throw reader.error("secret_header", "needs secret, secret_file or secret_env for its value") }
        if header == nil, !sources.isEmpty { throw reader.error("secret_header", "is required with a secret: the header that carries it (Authorization)") }
        let name = try reader.string("name") ?? "webhook-\(index + 1)"
        return Webhook(name: name, url: url, format: format, timeout: try reader.number("timeout_seconds", in: Self.timeoutRange, unit: "seconds") ?? 10, secretHeader: header, secretSource: sources.first)
    }

    /// Hooks and webhooks: long enough for a slow endpoint, short enough
    /// that stopping the service never waits on one.
    static let timeoutRange = 0.1...60.0
    /// Delivery backoff: at most a day between attempts.
    static let retryRange = 0.1...86_400.0
}

extension DaemonConfiguration.Repository {
    /// The history database: as configured, else `$STATE_DIRECTORY/<name>.sqlite`
    /// under systemd, else `$XDG_STATE_HOME/dynatype/<name>.sqlite` (by default
    /// `~/.local/state/dynatype/`): never inside the watched repository, which
    /// the daemon only reads.
    func historyDatabase(environment: [String: String]) -> HistoryDatabase {
        if let database { return database }
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first { return .sqlite(path: "\(state)/\(name).sqlite") }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let xdg = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "\(home)/.local/state"
        return .sqlite(path: "\(xdg)/dynatype/\(name).sqlite")
    }

    /// The repository's identity in its history: the configured name (or the folder's) and its root commit.
    func identity(of repository: DynatypeGit.Repository) throws -> RepositoryIdentity {
        RepositoryIdentity(name: name, rootCommit: try repository.rootCommit()?.hex ?? "", isNamedExplicitly: true)
    }
}

extension DaemonConfiguration.AlertSettings {
    /// The sink names alerts are queued for (stable across restarts: the outbox keys deliveries by them).
    public var sinkNames: [String] {
        var names: [String] = []
        if jsonl != nil { names.append("jsonl") }
        if journal { names.append("journal") }
        if exec != nil { names.append("exec") }
        names += webhooks.map { "webhook:\($0.name)" }
        return names
    }
}
