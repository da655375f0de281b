import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import Foundation

enum ScanCommand: Command {
    static let name = "scan"
    static let options = OptionSpec(
        [
            .value("--repo", "DIR", "The repository (work tree or bare). Default: the current folder."),
            .value("--ref", "REF", "A ref to follow (repeatable). Default: the branch HEAD points to."),
        ], HistoryLocation.databaseOptions, [
            .value("--max-commits", "N", "Only the newest N commits not yet audited."),
            .value("--since", "DATE", "Only commits made since DATE (2024-05-01, \"30 days ago\")."),
            .flag("--all", "Everything reachable, including history older than an earlier limited scan. Without a limit, a scan audits the commits that are new since the last scan (the whole history the first time)."),
        ], RulePolicyOptions.options, [
            .value("--cache", "MODE", "What to reuse: all (default: blob results, incremental parsing from cached syntax trees, memoized declarations, the prefilter and parallel prefetching), blobs (blob results, prefilter, prefetch), none (every changed file fully parsed, nothing reused)"),
            .value("--tree-cache-mb", "N", "The most the syntax-tree cache may keep (default 384): the trees kept for incremental parsing, and the earlier trees their chains keep alive. Below it, the budget fits the trees of the first commit audited whole (64 MB at least). The scan's other memory does not grow with the history (docs/guide/history.md)."),
            .value("--jobs", "N", short: "-j", "Files parsed in parallel (default: all cores)."),
            .flag("--verbose", "After the summary, where the work went: merges, moves of the audited state between branches, full and incremental parses."),
        ]
    )
    static let examples = [
        (command: "dynatype scan", purpose: "audit the commits of the current branch not audited yet"),
        (command: "dynatype scan --since \"90 days ago\"", purpose: "the last three months only"),
        (command: "dynatype scan --repo /srv/git/app.git --ref main --ref release/2.0", purpose: "two branches of a bare repository"),
    ]
    static let summary = "Audit a repository's history commit by commit into the history database"
    static let help = """
        USAGE: dynatype scan [--repo DIR] [--ref REF ...] [--db FILE|URL] [--repository NAME] [--max-commits N | --since DATE | --all]
                             [--rules FILE] [--repository-config MODE] [--cache MODE] [--tree-cache-mb N] [--jobs N] [--verbose]

        Audits every commit of the tracked refs that is not audited yet: the first commit
        fully (in parallel), then each following commit by what it changed (renames
        followed, merges compared with their first parent). Each commit is saved in its
        own transaction, so an interrupted scan (Ctrl-C, kill -9) continues where it
        stopped when run again. Each commit's .dynatype.json is read from its own tree and
        applied as --repository-config allows; an invalid one is reported on its commit,
        which is audited with the last valid configuration.

        OPTIONS:
        \(options.help)

        Progress (commits done/total, rate, ETA) is shown on stderr when it is a terminal.

        EXIT STATUS:
          0    the scan completed (commits whose audit failed are recorded, not fatal)
          2    usage error, not a git repository, unknown ref, unusable or locked database
          130  interrupted: run the same command again to continue
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(
            arguments,
            spec: Self.options,
            command: name
        )
        guard options.positionals.isEmpty else { throw UsageError(message: "unexpected argument \(options.positionals[0])") }
        let limits = [options.value("--max-commits") != nil, options.value("--since") != nil, options.flag("--all")].filter { $0 }
        guard limits.count <= 1 else { throw UsageError(message: "use only one of --max-commits, --since and --all") }
        let limit: ScanLimit
        if let count = try options.integer("--max-commits") {
            limit = .newest(count)
        } else if let since = options.value("--since") {
            limit = .since(try DateArgument.parse(since, option: "--since"))
        } else {
            limit = options.flag("--all") ? .everything : .newCommits
        }

        let location = try HistoryLocation(options)
        let store = try location.database.openForWriting(location.identity)
        let engine = HistoryEngine(
            repository: location.repository, store: store, threads: try options.integer("--jobs") ?? ParallelWork.defaultThreadCount,
            cache: try options.choice("--cache", CacheMode.self) ?? .all,
            treeLimitBytes: (try options.integer("--tree-cache-mb") ?? HistoryEngine.defaultTreeLimitBytes >> 20) << 20
        )
        engine.rulePolicy = try RulePolicyOptions.policy(options)
        // A scan keeps the regression ledger (`status`, `fleet` and the report read it); only the daemon alerts.
        let notifier = RegressionNotifier(repository: location.identity.name, policy: RegressionPolicy(), sinks: [], store: store)
        notifier.raisesAlerts = false
        engine.observer = notifier
        let scanner = HistoryScanner(engine: engine)
        let refs = options.allValues("--ref").isEmpty ? ["HEAD"] : options.allValues("--ref")
        let plan: ScanPlan
        do {
            plan = try scanner.plan(refs: refs, limit: limit)
        } catch let error as GitError {
            throw InputError(message: error.message)
        }
        for note in plan.notes { Terminal.error("note: \(note)") }

        Interruption.install()
        let result = try scanner.run(plan, progress: { progress in
            Terminal.progress(String(
                format: "dynatype: %@ · %@ %.1f%%", progress.summary,
                String(progress.last.record.sha.prefix(10)), progress.last.record.summary.complianceRatio * 100
            ))
        }, shouldStop: { Interruption.isRequested })
        Terminal.endProgress()
        withExtendedLifetime(notifier) {}

        let statistics = try store.statistics()
        var line = String(
            format: "scanned %d commit%@ (%d failed) in %.1f s (%.1f commits/s); %@; history: %d commits, %d blobs, %.1f MB",
            result.audited, result.audited == 1 ? "" : "s", result.failed, result.seconds, result.seconds > 0 ? Double(result.audited) / result.seconds : 0,
            result.work.summary, statistics.commits, statistics.blobs, Double(statistics.databaseBytes) / 1_048_576
        )
        if result.audited == 0 { line = "nothing to scan: every commit of \(plan.refs.map(\.name).joined(separator: ", ")) is audited" }
        Terminal.write(line + "\n")
        if options.flag("--verbose"), result.audited > 0 { for detail in result.work.breakdown { Terminal.write("  " + detail + "\n") } }
        for ref in plan.refs {
            guard let tip = ref.tip, let record = try store.commit(tip.hex) else { continue }
            Terminal.write(String(
                format: "%@ at %@: compliance %.1f%% · %d files (%d failing) · %d errors, %d warnings, %d notes\n",
                ref.name, tip.short, record.summary.complianceRatio * 100, record.summary.filesAudited, record.summary.filesFailing,
                record.summary.errors, record.summary.warnings, record.summary.notes
            ))
        }
        if result.interrupted {
            Terminal.error("interrupted after \(result.audited) commits; run the same command again to continue")
            return 130
        }
        return ExitStatus.success
    }
}
