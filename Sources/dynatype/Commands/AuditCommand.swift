import DynatypeEngine
import DynatypeReport
import DynatypeRules
import Foundation

enum AuditCommand: Command {
    static let name = "audit"
    static let options = OptionSpec(
        [
            .value("--format", "FORMAT", "text (default), xcode (path:line:col: error: … (rule)), json, sarif (SARIF 2.1.0), github (workflow annotations), markdown, junit, checkstyle, codeclimate (GitLab Code Quality), sonarqube (generic external issues), csv, html (one self-contained page)"),
            .value("--config", "FILE", "Use this .dynatype.json instead of the one found at the audited folder or above (patterns are relative to the file's folder)"),
            .value("--context", "PATH", "Resolve symbols from the files under this folder instead of the project around the audited paths"),
            .value("--jobs", "N", short: "-j", "Files analyzed in parallel (default: all cores)"),
            .value("--color", "WHEN", "auto (default: on a terminal), always, never"),
            .flag("--quiet", short: "-q", "Text: only the failing files with their errors, and the summary line"),
            .flag("--summary", "Text: one screen, the findings by rule, folder and file and the summary line, without the files' reports"),
            .flag("--verbose", short: "-v", "Text: every file, with its passing elements (by default, files that pass with no findings are one count, and a summary by rule, folder and file comes before the summary line)"),
            .value("--baseline", "FILE", "Judge against a baseline of accepted findings (default: the configuration's \"baseline\"): its findings are reported apart and fail nothing; those that no longer occur are reported as fixed"),
            .value("--write-baseline", "FILE", "Record the findings of the audited paths as the baseline (entries of other paths already in FILE are kept; fixed ones are dropped)"),
        ], AnalysisCacheOptions.options
    )
    static let examples = [
        (command: "dynatype audit", purpose: "every Swift and IB file under the current folder"),
        (command: "dynatype audit Sources/Settings --format xcode", purpose: "one folder, as Xcode diagnostics"),
        (command: "dynatype audit --write-baseline .dynatype-baseline.json", purpose: "accept today's findings; later audits fail only on new ones"),
    ]
    static let summary = "Audit Swift and Interface Builder files and print a PASS/FAIL report per file"
    static let help = """
        USAGE: dynatype audit [PATH ...] [--format FORMAT] [--config FILE] [--context PATH] [--jobs N] [--color WHEN]
                              [--baseline FILE] [--write-baseline FILE] [--quiet | --verbose | --summary]
                              [--cache-path FILE | --no-cache]

        Audits Swift (SwiftUI, UIKit, AppKit), .xib and .storyboard files for Dynamic Type
        support: a PASS/FAIL verdict per file, every failing element with its line and the
        exact replacement code, passing elements, notes and assumptions. Design-system
        fonts defined anywhere in the project judge their uses: symbols resolve from the
        folder of the .dynatype.json in force, else the enclosing git work tree, while
        only the PATHs given are reported.

        ARGUMENTS:
          PATH               Files or folders (searched recursively). Default: the current folder.

        OPTIONS:
        \(options.help)

        CONFIGURATION (.dynatype.json, comments allowed):
          included, excluded, disabled_rules, severity, platforms, max_file_size_kb,
          baseline (a baseline file, relative to the configuration's folder)

        EXIT STATUS:
          0  every audited file passes (with a baseline: no new error)
          1  at least one file fails (has an unsuppressed error that is not in the baseline)
          2  usage error, invalid configuration or baseline, or a path that cannot be read; the other
             files are still audited and reported
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(
            arguments, spec: Self.options,
            command: name
        )
        let format = try options.choice("--format", OutputFormat.self) ?? .text
        if [options.flag("--quiet"), options.flag("--verbose"), options.flag("--summary")].filter({ $0 }).count > 1 {
            throw UsageError(message: "give one of --quiet, --verbose and --summary")
        }
        if let color = options.value("--color"), !["auto", "always", "never"].contains(color) {
            throw UsageError(message: "--color must be auto, always or never, not \"\(color)\"")
        }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let paths = (options.positionals.isEmpty ? ["."] : options.positionals).map {
            URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL
        }
        let root = auditRoot(of: paths)

        let (configuration, configurationFolder) = try loadConfiguration(explicit: options.value("--config"), root: root, current: current)
        let context = try contextFolder(explicit: options.value("--context"), current: current)
            ?? ProjectContext.folder(around: root, configurationFolder: configurationFolder)
        var auditor = WorkspaceAuditor(configuration: configuration, configurationRoot: configurationFolder ?? root)
        auditor.threads = try options.integer("--jobs") ?? ParallelWork.defaultThreadCount
        auditor.cache = AnalysisCacheOptions.open(options, project: context ?? root)
        if Terminal.stderrIsTerminal {
            auditor.progress = { done, total in
                if done == total || done % 8 == 0 { Terminal.progress("dynatype: analyzed \(done)/\(total) files") }
            }
        }
        var outcome = auditor.audit(paths: paths, root: root, context: context)
        Terminal.endProgress()
        outcome = try BaselineOptions(options, configuration: configuration, configurationFolder: configurationFolder, current: current)
            .apply(to: outcome, scope: paths)

        let detail: ReportOptions.Detail =
            options.flag("--quiet") ? .quiet : options.flag("--verbose") ? .verbose : options.flag("--summary") ? .summary : .normal
        let report = format.render(outcome, options: ReportOptions(
            color: format == .text && Terminal.wantsColor(options.value("--color")), detail: detail,
            annotationRoot: AnnotationRoot.path(current: current)
        ))
        Terminal.write(report)
        // Errors belong on stderr whatever the format; the text report lists
        // the files it skipped on purpose itself.
        for skipped in outcome.skipped where skipped.isError || format != .text {
            Terminal.error("\(DisplayPath.escaped(skipped.path)): \(skipped.reason)")
        }
        if outcome.skipped.contains(where: \.isError) { return ExitStatus.usage }
        return outcome.summary.filesFailing > 0 ? ExitStatus.findings : ExitStatus.success
    }

    /// The folder report paths are relative to: the folder audited, a single
    /// file's folder, or the deepest folder common to several paths.
    static func auditRoot(of paths: [URL]) -> URL {
        // A path that does not exist is an error of its own; it must not move
        // the other paths' root (and so their report paths) up to `/`.
        let existing = paths.filter { FileManager.default.fileExists(atPath: $0.path) }
        let folders = (existing.isEmpty ? paths : existing).map { url -> [String] in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            let folder = exists && isDirectory.boolValue ? url : url.deletingLastPathComponent()
            return folder.standardizedFileURL.pathComponents
        }
        var common = folders[0]
        for components in folders.dropFirst() {
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: NSString.path(withComponents: common.isEmpty ? ["/"] : common), isDirectory: true)
    }

    static func contextFolder(explicit: String?, current: URL) throws -> URL? {
        guard let explicit else { return nil }
        let folder = URL(fileURLWithPath: explicit, relativeTo: current).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "--context must be a folder: \(explicit)")
        }
        return folder
    }

    /// The configuration in force and its folder (nil without a configuration
    /// file), with the platforms the project's manifests name when it names none.
    static func loadConfiguration(explicit: String?, root: URL, current: URL) throws -> (ProjectConfiguration, URL?) {
        var (configuration, folder) = try readConfiguration(explicit: explicit, root: root, current: current)
        // A configuration that does not narrow the platforms leaves them to the manifests:
        // the audited folder's, else those at the top of its work tree (a file of it is audited).
        let manifestFolders = [folder ?? root] + (folder == nil ? [ProjectContext.workTree(containing: root)].compactMap { $0 } : [])
        if configuration.rules.platforms == Set(Platform.allCases), let detected = manifestFolders.lazy.compactMap(ProjectPlatforms.detect).first {
            configuration.rules.platforms = detected
        }
        return (configuration, folder)
    }

    private static func readConfiguration(explicit: String?, root: URL, current: URL) throws -> (ProjectConfiguration, URL?) {
        let file: URL
        if let explicit {
            file = URL(fileURLWithPath: explicit, relativeTo: current).standardizedFileURL
        } else if let found = ConfigurationLocator.find(from: root) {
            file = found
        } else {
            return (ProjectConfiguration(), nil)
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw InputError(message: "cannot read configuration \(file.path)")
        }
        do {
            return (try ProjectConfiguration(data: data, file: file.path), file.deletingLastPathComponent())
        } catch let error as ConfigurationError {
            throw InputError(message: error.description)
        }
    }
}
