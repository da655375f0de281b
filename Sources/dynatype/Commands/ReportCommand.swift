import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeReport
import Foundation

enum ReportCommand: Command {
    static let name = "report"
    static let options = OptionSpec(
        [
            .value("--html", "FILE", "Where to write the page (\"-\" for stdout). Required."),
            .value("--ref", "REF", "The branch or commit (default HEAD)."),
            .value("--since", "DATE", "Only the history since DATE (2024-05-01, \"90 days ago\"); regressions from before it that are still open are shown too."),
            .value("--by", "BUCKET", "The chart's points: commit, day, week, month. Default: each commit up to 300 commits, else days up to 120 days, else weeks."),
        ], [HistoryLocation.repositoryOption], HistoryLocation.databaseOptions
    )
    static let examples = [
        (command: "dynatype report --html compliance.html", purpose: "the history of the current branch as one page"),
        (command: "dynatype report --html site/index.html --since \"90 days ago\" --by week", purpose: "the last quarter, week by week"),
        (command: "dynatype report --html - --ref release/2.0 > release.html", purpose: "another branch, to stdout"),
    ]
    static let summary = "Write the history as a self-contained HTML page: trend chart, regressions, folders, rules"
    static let help = """
        USAGE: dynatype report --html FILE [--ref REF] [--since DATE] [--by commit|day|week|month] [--repo DIR] [--db FILE|URL] [--repository NAME]

        One HTML file built from the history (run `dynatype scan` first): compliance now and its
        change over the period, errors, warnings, notes, files failing and open regressions; an
        SVG chart of compliance over REF's first-parent history with regression and resolution
        markers that link to the commits; findings by rule, by folder (with each folder's
        compliance over the period) and the worst files; the commits that regressed or resolved
        a regression, with what they introduced and whether it is still open; findings
        introduced and fixed per author; the catalogue entries of the rules involved.

        The file has no scripts and loads nothing (inline CSS and SVG): open it from disk,
        publish it behind any static web server, or keep it as a CI artifact. It is written
        to FILE.tmp and renamed over FILE, so a server never serves half a page.

        OPTIONS:
        \(options.help)

        EXIT STATUS:
          0  the page was written
          2  usage error, unknown ref, a tip not audited yet, no or unusable history database, or
             FILE cannot be written
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(arguments, spec: Self.options, command: name)
        guard options.positionals.isEmpty else { throw UsageError(message: "unexpected argument \(options.positionals[0]); name the branch with --ref") }
        guard let output = options.value("--html") else { throw UsageError(message: "--html FILE is required: where to write the page") }
        let bucket = try options.choice("--by", TrendBucket.self)
        let since = try options.value("--since").map { try DateArgument.parse($0, option: "--since") }
        let context = try QueryContext(options)
        let history = try QueryContext.run { try context.queries.complianceHistory(options.value("--ref") ?? "HEAD", since: since, by: bucket) }
        let page = HistoryReportPage(history, repository: repositoryName(context.location.repository)).render()
        if output == "-" {
            Terminal.write(page)
            return ExitStatus.success
        }
        let file = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
        do {
            try AtomicFile.write(Data(page.utf8), to: file)
        } catch {
            throw InputError(message: "cannot write \(file): \(error)")
        }
        return ExitStatus.success
    }

    /// The work tree's folder name, or a bare repository's without `.git`.
    private static func repositoryName(_ repository: Repository) -> String {
        (repository.workTree ?? repository.gitDirectory.deletingPathExtension()).lastPathComponent
    }
}
