import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeReport
import DynatypeRules
import Foundation

enum CheckCommand: Command {
    static let name = "check"
    static let options = OptionSpec(
        [
            .value("--base", "REV", "The branch the change goes into (main, origin/main, a sha)."),
            .value("--head", "REV", "The change's last commit (HEAD for the commit rather than the work tree). Default: the work tree."),
            .value("--format", "FORMAT", "text (default), json, sarif (introduced findings only, for code-scanning upload), github (annotations on introduced lines), markdown (a pull-request comment: compliance before → after, introduced findings with the replacement code, fixed ones), xcode, junit, checkstyle, codeclimate, sonarqube, csv, html (introduced findings)"),
        ], [HistoryLocation.repositoryOption], HistoryLocation.databaseOptions, RulePolicyOptions.options, [
            .value("--max-ratio-drop", "FRACTION", "The compliance drop that fails the change (default 0.01: one percentage point), as the daemon's regression policy."),
            .value("--jobs", "N", short: "-j", "Files analyzed in parallel (default: all cores)."),
            .value("--color", "WHEN", "auto (default: on a terminal), always, never"),
        ], AnalysisCacheOptions.options
    )
    static let examples = [
        (command: "dynatype check --base origin/main", purpose: "what the work tree introduces against main"),
        (command: "dynatype check --base origin/main --head HEAD --format markdown", purpose: "a pull-request comment"),
        (command: "dynatype check --base HEAD~1 --head HEAD --format sarif > check.sarif", purpose: "introduced findings for code scanning"),
    ]
    static let summary = "Gate a change: what it introduces and fixes against the merge base of a base revision"
    static let help = """
        USAGE: dynatype check --base REV [--head REV] [--format FORMAT] [--repo DIR] [--db FILE|URL] [--repository NAME]
                              [--max-ratio-drop FRACTION] [--rules FILE] [--repository-config MODE] [--jobs N] [--color WHEN]
                              [--cache-path FILE | --no-cache]

        Compares the head (default: the work tree, committed or not) with the merge base of
        REV and the head, from git objects, as the history compares a commit with its
        parent: findings matched by line-independent fingerprints (renames followed), so
        moved code introduces nothing. Both sides are judged by the head's .dynatype.json as
        --repository-config lets it change the merge base's: by default a change may check
        more but not less, so it cannot pass the gate by disabling a rule (what it would
        lower is printed and ignored); with full, lowering the checks fails the gate.
        The base tree's files come from the blob cache of the history database when one
        exists (`dynatype scan`), else from the analysis cache that audit, fix and check
        share, and are analyzed now only where neither has them: the first check of a
        project parses the whole base tree, later ones only what changed. Only the files
        the change touches are reported.

        OPTIONS:
        \(options.help)

        EXIT STATUS:
          0  the change introduces no error, compliance drops by no more than the
             threshold, and no file goes from PASS to FAIL
          1  the change regresses (the reasons are printed)
          2  usage error, not a git repository, unknown revision, invalid configuration,
             unusable database
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(
            arguments,
            spec: Self.options,
            command: name
        )
        guard options.positionals.isEmpty else { throw UsageError(message: "unexpected argument \(options.positionals[0])") }
        guard let base = options.value("--base") else { throw UsageError(message: "--base REV is required (the branch the change goes into)") }
        let format = try options.choice("--format", OutputFormat.self) ?? .text
        if let color = options.value("--color"), !["auto", "always", "never"].contains(color) {
            throw UsageError(message: "--color must be auto, always or never, not \"\(color)\"")
        }
        let location = try HistoryLocation(options)
        var check = ChangeCheck(repository: location.repository, store: try store(location))
        check.threads = try options.integer("--jobs") ?? ParallelWork.defaultThreadCount
        check.cache = AnalysisCacheOptions.open(options, project: location.repository.workTree ?? location.repository.gitDirectory)
        check.rulePolicy = try RulePolicyOptions.policy(options)
        check.onShallowFallback = { Terminal.error("note: \($0)") }
        check.onIgnoredLowering = { lowered in
            Terminal.error("note: the change's .dynatype.json " + lowered.joined(separator: "; ") + "; ignored (--repository-config tighten_only)")
        }
        if let drop = options.value("--max-ratio-drop") {
            guard let fraction = Double(drop), (0...1).contains(fraction) else {
                throw UsageError(message: "--max-ratio-drop expects a fraction from 0 to 1 (0.01 is one percentage point), not \"\(drop)\"")
            }
            check.policy.maximumRatioDrop = fraction
        }
        let outcome: AuditOutcome
        do {
            outcome = try check.run(base: base, head: options.value("--head").map { .revision($0) } ?? .workTree)
        } catch let error as ChangeCheckError {
            throw InputError(message: error.message)
        } catch let error as GitError {
            throw InputError(message: error.message)
        } catch let error as ConfigurationError {
            throw InputError(message: error.description)
        }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        Terminal.write(format.render(outcome, options: ReportOptions(
            color: format == .text && Terminal.wantsColor(options.value("--color")), annotationRoot: AnnotationRoot.path(current: current)
        )))
        guard case .change(_, _, _, _, let regressions) = outcome.comparison?.reference else { return ExitStatus.success }
        return regressions.isEmpty ? ExitStatus.success : ExitStatus.findings
    }

    /// The history database when there is one (its blob analyses are reused),
    /// else a store in memory: a check never creates a history.
    private static func store(_ location: HistoryLocation) throws -> HistoryStore {
        do {
            return try location.openForReading()
        } catch HistoryError.noHistory where !location.isDatabaseExplicit {
            return try SQLiteHistoryStore(path: ":memory:")
        }
    }
}
