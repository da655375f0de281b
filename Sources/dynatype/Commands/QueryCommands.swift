import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeReport
import Foundation

/// What every history query needs: the repository, the store, the queries.
struct QueryContext {
    let location: HistoryLocation
    let store: SQLHistoryStore
    let queries: HistoryQueries

    init(_ options: Arguments) throws {
        location = try HistoryLocation(options)
        store = try location.openForReading()
        queries = HistoryQueries(engine: HistoryEngine(repository: location.repository, store: store))
    }

    /// The folder `--all`/SARIF paths are relative to: the work tree, or the git directory of a bare repository.
    var root: String { (location.repository.workTree ?? location.repository.gitDirectory).path }

    /// Turns a git or query failure into a usage error (exit 2) with its message.
    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GitError {
            throw InputError(message: error.message)
        } catch let error as QueryError {
            throw InputError(message: error.message)
        }
    }
}

extension HistoryFormat {
    /// `--format` of the history queries, with the formats they render.
    static let option = CommandOption.value(
        "--format", "FORMAT", allCases.map { $0 == .table ? "\($0.rawValue) (default)" : $0.rawValue }.joined(separator: ", ")
    )
}

private let queryExitStatus = """
    EXIT STATUS:
      0  success
      2  usage error, unknown revision, a commit not audited yet, no or unusable history database
    """

enum LogCommand: Command {
    static let name = "log"
    static let options = OptionSpec(
        [
            .value("--max-count", "N", short: "-n", "Show at most N commits (default 20; 0 for all)."),
            .value("--author", "TEXT", "Only commits whose author name or email contains TEXT."),
            .value("--path", "PATH", "Only commits that changed PATH (a file or folder; relative to the current folder inside the work tree, like git)."),
            .flag("--regressions", "Only commits that regressed."),
            .flag("--all-repositories", "Every repository of the history (a shared PostgreSQL one), newest audit first, with a repository column; read from the history alone, so no REF or --path."),
        ], [HistoryLocation.repositoryOption], HistoryLocation.databaseOptions, [HistoryFormat.option]
    )
    static let examples = [
        (command: "dynatype log", purpose: "the last 20 audited commits"),
        (command: "dynatype log --path Sources/Settings -n 0 --format csv > log.csv", purpose: "every commit that changed a folder, for a spreadsheet"),
        (command: "dynatype log --all-repositories --regressions --db postgresql://dynatype@db/fleet", purpose: "regressions anywhere in a fleet"),
    ]
    static let summary = "List audited commits: compliance, errors, introduced/fixed, regressions"
    static let help = """
        USAGE: dynatype log [REF] [-n N] [--author TEXT] [--path PATH] [--regressions] [--format table|json|csv] [--repo DIR] [--db FILE|URL] [--repository NAME]
               dynatype log --all-repositories [-n N] [--author TEXT] [--regressions] [--format table|json|csv] [--db FILE|URL]

        One line per audited commit reachable from REF (default HEAD), newest first: short
        sha, date, author, title, compliance ratio, errors, findings introduced/fixed, and a
        mark on regressions (an introduced error, a compliance drop, a file going from PASS
        to FAIL). CSV has one column per number (ratios as 0.9630, ISO 8601 dates).

        OPTIONS:
        \(options.help)

        \(queryExitStatus)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(
            arguments,
            spec: Self.options,
            command: name
        )
        let format = try options.choice("--format", HistoryFormat.self) ?? .table
        let count = try options.integer("--max-count", minimum: 0) ?? 20
        if options.flag("--all-repositories") {
            guard options.positionals.isEmpty, options.value("--path") == nil, options.value("--repository") == nil else {
                throw UsageError(message: "--all-repositories reads every repository from the history: no REF, --path or --repository")
            }
            let queries = FleetQueries(fleet: try HistoryDatabase.forFleet(options).openFleet())
            let filter = LogFilter(author: options.value("--author"), regressionsOnly: options.flag("--regressions"))
            Terminal.write(HistoryRenderer.log(try queries.log(limit: count == 0 ? nil : count, filter: filter), format: format))
            return ExitStatus.success
        }
        let context = try QueryContext(options)
        let filter = LogFilter(
            author: options.value("--author"), path: try options.value("--path").map(context.location.repositoryPath),
            regressionsOnly: options.flag("--regressions")
        )
        let entries = try QueryContext.run {
            try context.queries.log(options.positionals.first ?? "HEAD", limit: count == 0 ? nil : count, filter: filter)
        }
        Terminal.write(HistoryRenderer.log(entries, format: format))
        return ExitStatus.success
    }
}

enum ShowCommand: Command {
    static let name = "show"
    static let options = OptionSpec(
        [
            .flag("--all", "Include every finding at the commit."),
            .value("--format", "FORMAT", "text (default), json, csv (the findings introduced and fixed), sarif"),
        ], [HistoryLocation.repositoryOption], HistoryLocation.databaseOptions
    )
    static let examples = [
        (command: "dynatype show HEAD", purpose: "what the last commit introduced and fixed"),
        (command: "dynatype show v2.0 --all --format sarif", purpose: "every finding at a tag, as SARIF"),
    ]
    static let summary = "Show an audited commit: summary, findings introduced and fixed"
    static let help = """
        USAGE: dynatype show REV [--all] [--format text|json|csv|sarif] [--repo DIR] [--db FILE|URL] [--repository NAME]

        The commit's summary (the whole tree's compliance at that commit), what it introduced
        and fixed compared with its base, and the regression verdict. With --all (implied by
        --format sarif), every finding at that commit, rebuilt from the blob cache.

        OPTIONS:
        \(options.help)

        \(queryExitStatus)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        guard options.positionals.count == 1 else { throw UsageError(message: "give one revision") }
        let format = try options.choice("--format", ShowRenderer.Format.self) ?? .text
        let context = try QueryContext(options)
        let detail = try QueryContext.run { try context.queries.show(options.positionals[0], allFindings: options.flag("--all") || format == .sarif) }
        Terminal.write(ShowRenderer.render(detail, format: format, root: context.root))
        return ExitStatus.success
    }
}

enum DiffCommand: Command {
    static let name = "diff"
    static let options = OptionSpec(
        [HistoryLocation.repositoryOption], HistoryLocation.databaseOptions, [HistoryFormat.option]
    )
    static let examples = [
        (command: "dynatype diff v1.0 v2.0", purpose: "introduced, fixed and still failing between two releases"),
        (command: "dynatype diff HEAD~10 HEAD --format csv", purpose: "the same as CSV"),
    ]
    static let summary = "Compare two audited commits: introduced, fixed, still failing"
    static let help = """
        USAGE: dynatype diff REV1 REV2 [--format table|json|csv] [--repo DIR] [--db FILE|URL] [--repository NAME]

        Findings introduced and fixed from REV1 to REV2, and the errors present at both,
        matched by line-independent fingerprints.

        OPTIONS:
        \(options.help)

        \(queryExitStatus)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        guard options.positionals.count == 2 else { throw UsageError(message: "give two revisions") }
        let format = try options.choice("--format", HistoryFormat.self) ?? .table
        let context = try QueryContext(options)
        let diff = try QueryContext.run { try context.queries.diff(options.positionals[0], options.positionals[1]) }
        Terminal.write(HistoryRenderer.diff(diff, format: format))
        return ExitStatus.success
    }
}

enum TrendCommand: Command {
    static let name = "trend"
    static let options = OptionSpec(
        [
            .value("--since", "DATE", "From this date (2024-05-01, \"90 days ago\")."),
            .value("--by", "BUCKET", "commit (default), day, week, month"),
        ], [HistoryLocation.repositoryOption], HistoryLocation.databaseOptions, [HistoryFormat.option]
    )
    static let examples = [
        (command: "dynatype trend --by week", purpose: "compliance week by week"),
        (command: "dynatype trend --since 2025-01-01 --by month --format csv", purpose: "monthly, for a chart"),
        (command: "dynatype trend --repository ios-app --repository watch-app --by week --db postgresql://dynatype@db/fleet", purpose: "two repositories of a fleet"),
    ]
    static let summary = "Compliance over time, with a terminal sparkline"
    static let help = """
        USAGE: dynatype trend [REF] [--since DATE] [--by commit|day|week|month] [--format table|json|csv] [--repo DIR] [--db FILE|URL] [--repository NAME]

        Compliance of the audited commits on REF's first-parent history (default HEAD),
        oldest first, one point per commit, or per day, week or month (the last commit of
        each bucket; a bucket without a commit is shown with the compliance carried
        forward). The compliance sparkline is on a fixed 0–100% scale.

        With --repository NAME (repeatable), the named repositories of the history instead,
        each over its audited commits in the order they were audited (read from the history
        alone: the repositories may live on other hosts).

        OPTIONS:
        \(options.help)

        \(queryExitStatus)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        let format = try options.choice("--format", HistoryFormat.self) ?? .table
        let bucket = try options.choice("--by", TrendBucket.self) ?? .commit
        let since = try options.value("--since").map { try DateArgument.parse($0, option: "--since") }
        let names = options.allValues("--repository")
        if !names.isEmpty {
            guard options.positionals.isEmpty else { throw UsageError(message: "--repository reads the history alone: no REF") }
            let queries = FleetQueries(fleet: try HistoryDatabase.forFleet(options).openFleet())
            Terminal.write(HistoryRenderer.trends(try QueryContext.run { try queries.trends(names, since: since, by: bucket) }, format: format))
            return ExitStatus.success
        }
        let context = try QueryContext(options)
        let points = try QueryContext.run { try context.queries.trend(options.positionals.first ?? "HEAD", since: since, by: bucket) }
        if let note = TrendCalendar.futureDateNote(points) { Terminal.error("note: \(note)") }
        Terminal.write(HistoryRenderer.trend(points, format: format))
        return ExitStatus.success
    }
}

enum BlameCommand: Command {
    static let name = "blame"
    static let options = OptionSpec(
        [
            .value("--rev", "REV", "The commit to blame at (default HEAD)."),
        ], [HistoryLocation.repositoryOption], HistoryLocation.databaseOptions, [HistoryFormat.option]
    )
    static let examples = [
        (command: "dynatype blame Sources/Settings/Header.swift", purpose: "who introduced each finding of a file"),
        (command: "dynatype blame Sources/Settings", purpose: "the same for every file of a folder"),
    ]
    static let summary = "For each current finding in a file, the commit that introduced it"
    static let help = """
        USAGE: dynatype blame PATH [--rev REV] [--format table|json|csv] [--repo DIR] [--db FILE|URL] [--repository NAME]

        The findings of PATH at REV (default HEAD), each with the audited commit that
        introduced it; "(before history)" when it predates the first audited commit. PATH
        is a file or a folder (every audited file below it), relative to the current folder
        inside the work tree (like git) or absolute.

        OPTIONS:
        \(options.help)

        \(queryExitStatus)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        guard options.positionals.count == 1 else { throw UsageError(message: "give one path") }
        let format = try options.choice("--format", HistoryFormat.self) ?? .table
        let context = try QueryContext(options)
        let path = try context.location.repositoryPath(options.positionals[0])
        let entries = try QueryContext.run { try context.queries.blame(path, at: options.value("--rev") ?? "HEAD") }
        Terminal.write(HistoryRenderer.blame(entries, path: path, format: format))
        return ExitStatus.success
    }
}

enum FleetCommand: Command {
    static let name = "fleet"
    static let options = OptionSpec(
        [
            .value("--days", "N", "The trend's window in days (default 30)."),
        ], [HistoryFormat.option], [
            .value("--db", "FILE|URL", "The history (default: the current repository's SQLite history)."),
            .value("--repo", "DIR", "The repository whose default history to read."),
        ]
    )
    static let examples = [
        (command: "dynatype fleet --db postgresql://dynatype@db.internal/fleet", purpose: "every repository of a shared history"),
        (command: "dynatype fleet --days 90 --format csv --db postgresql://dynatype@db/fleet", purpose: "a quarter, for a spreadsheet"),
        (command: "dynatype fleet", purpose: "the current repository's own history"),
    ]
    static let summary = "Every repository of a shared history: compliance, trend, open regressions"
    static let help = """
        USAGE: dynatype fleet [--days N] [--format table|json|csv] [--db FILE|URL] [--repo DIR]

        One line per repository recorded in the history: compliance at its last audited
        commit, a daily sparkline of the last N days on a fixed 0–100% scale with the change
        in percentage points, its errors, its regressions not yet resolved, and when it was
        last audited. Meant for a PostgreSQL history shared by a fleet of repositories and
        hosts; on an SQLite history it shows the one repository.

        OPTIONS:
        \(options.help)

        \(queryExitStatus)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        guard options.positionals.isEmpty else { throw UsageError(message: "unexpected argument \(options.positionals[0])") }
        let format = try options.choice("--format", HistoryFormat.self) ?? .table
        let days = try options.integer("--days", minimum: 1) ?? 30
        let queries = FleetQueries(fleet: try HistoryDatabase.forFleet(options).openFleet())
        Terminal.write(FleetRenderer.render(try queries.overview(days: days), days: days, format: format))
        return ExitStatus.success
    }
}
