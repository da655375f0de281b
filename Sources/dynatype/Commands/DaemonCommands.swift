import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeService
import Foundation

/// The daemon configuration's location: --config, $DYNATYPE_CONFIG, or /etc/dynatype/dynatype.json.
private func daemonConfiguration(_ options: Arguments) throws -> DaemonConfiguration {
    let environment = ProcessInfo.processInfo.environment
    let path = options.value("--config") ?? environment["DYNATYPE_CONFIG"] ?? "/etc/dynatype/dynatype.json"
    let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
    do {
        return try DaemonConfiguration(file: absolute, environment: environment)
    } catch let error as ConfigurationError {
        throw InputError(message: "invalid daemon configuration: \(error)")
    }
}

private let configurationOption = CommandOption.value(
    "--config", "FILE",
    "The daemon configuration (JSON with comments). A documented sample: Config/daemon.sample.json in the source, or "
        + "/usr/share/doc/dynatype/examples/daemon.sample.json from the package. Default: $DYNATYPE_CONFIG, else /etc/dynatype/dynatype.json"
)

enum WatchCommand: Command {
    static let name = "watch"
    static let options = OptionSpec(
        [configurationOption]
    )
    static let examples = [
        (command: "dynatype watch --config /etc/dynatype/ios.json", purpose: "watch as the systemd unit does"),
        (command: "systemctl enable --now dynatype@ios", purpose: "the same under systemd (config /etc/dynatype/ios.json)"),
    ]
    static let summary = "Run the daemon: audit new commits as refs move, alert on regressions, write metrics"
    static let help = """
        USAGE: dynatype watch [--config FILE]

        Watches the repositories of the daemon configuration. On start it audits the commits
        made while it was down (a ref seen for the first time gets its tip as the baseline,
        plus "backfill" older commits, without alerts). Then inotify on each git directory
        tells it that refs may have moved; after a short debounce it compares the tracked refs
        with the history and audits new commits in order, each in one transaction with the
        alerts it raises. A periodic check backs inotify up. Alerts are delivered from the
        outbox to the configured sinks with retries; the metrics file is rewritten after every
        commit. Logs go to stderr with syslog priority prefixes (for journald).

        Under systemd (Type=notify): READY=1 once caught up, STATUS= lines, WATCHDOG=1,
        RELOADING=1 on SIGHUP (which reloads the configuration; a bad file is refused and the
        old one kept), STOPPING=1 on SIGTERM, which finishes the current commit first.
        See systemd/dynatype@.service.

        OPTIONS:
        \(options.help)

        EXIT STATUS:
          0  stopped by SIGTERM or SIGINT (also while waiting for an unreachable
             PostgreSQL server at start, which it retries with backoff up to 30 s)
          2  invalid configuration, a repository that cannot be opened, or a database
             already used by another dynatype (one daemon per database)
          75 a file over its CPU budget left a parser running and the daemon could not
             start itself again in place (it does so to take the core back; systemd's
             Restart=on-failure then restarts it)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        guard options.positionals.isEmpty else { throw UsageError(message: "unexpected argument \(options.positionals[0])") }
        let daemon = Daemon(configuration: try daemonConfiguration(options))
        do {
            try daemon.start()
        } catch let error as GitError {
            throw InputError(message: error.message)
        } catch is StoppedWhileStarting {
            return 0
        }
        let status = daemon.run()
        guard status == Daemon.restartStatus else { return status }
        // The same process id, so systemd sees one service that starts over.
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", arguments)
        Journal.error("cannot restart in place: \(String(cString: strerror(errno)))")
        return status
    }
}

enum StatusCommand: Command {
    static let name = "status"
    static let options = OptionSpec(
        [configurationOption], [
            .value("--format", "FORMAT", "text (default) or json"),
        ]
    )
    static let examples = [
        (command: "dynatype status --config /etc/dynatype/ios.json", purpose: "each repository's daemon, refs, outbox"),
        (command: "dynatype status --config /etc/dynatype/ios.json --format json", purpose: "the same as JSON, for monitoring"),
    ]
    static let summary = "Show what the daemon's repositories look like: refs, pending commits, alert outbox"
    static let help = """
        USAGE: dynatype status [--config FILE] [--format text|json]

        For each repository of the daemon configuration: whether a daemon holds its history,
        the tracked refs with their tips, how far they are audited and how many commits are
        pending, the last audited commit and when, the alert outbox's backlog per sink (with
        the last delivery error), and the last alert. Reads the history without locking it.

        OPTIONS:
        \(options.help)

        EXIT STATUS:
          0  success (problems with a repository are part of the report)
          2  usage error or invalid configuration
        """

    enum Format: String, CaseIterable {
        case text, json
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        guard options.positionals.isEmpty else { throw UsageError(message: "unexpected argument \(options.positionals[0])") }
        let format = try options.choice("--format", Format.self) ?? .text
        let statuses = RepositoryStatus.collect(try daemonConfiguration(options), environment: ProcessInfo.processInfo.environment)
        switch format {
        case .text:
            Terminal.write(statuses.map(\.text).joined(separator: "\n\n") + "\n")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            Terminal.write(String(decoding: try encoder.encode(["repositories": statuses]), as: UTF8.self) + "\n")
        }
        return ExitStatus.success
    }
}
