import DynatypeEngine
import DynatypeReport
import DynatypeRules
import Foundation

enum FixCommand: Command {
    static let name = "fix"
    static let options = OptionSpec(
        [
            .value("--rule", "ID", "Fix only this rule (repeatable). Default: every rule above."),
            .flag("--dry-run", "Write nothing; print the fixes as a unified diff (`git apply` reads it)."),
            .value("--config", "FILE", "Use this .dynatype.json instead of the one found at the folder or above."),
            .value("--context", "PATH", "Resolve symbols from the files under this folder."),
            .value("--jobs", "N", short: "-j", "Files analyzed in parallel (default: all cores)."),
        ], AnalysisCacheOptions.options
    )
    static let examples = [
        (command: "dynatype fix --dry-run", purpose: "the mechanical fixes as a diff, nothing written"),
        (command: "dynatype fix Sources/Settings --rule fixed_font_size", purpose: "apply one rule's fixes in one folder"),
    ]
    static let summary = "Apply the mechanical fixes the report suggests, where they are safe"
    static let help = """
        USAGE: dynatype fix [PATH ...] [--rule ID ...] [--dry-run] [--config FILE] [--context PATH] [--jobs N]
                            [--cache-path FILE | --no-cache]

        Rewrites what the report's replacement code fixes mechanically, on the syntax tree:
          fixed_font_size                     the nearest text style, weight and design kept
          custom_font_without_relative_style  adds relativeTo: with the nearest text style
          fixed_custom_font                   .custom(_:size:relativeTo:)
          fixed_uikit_font                    UIFont.preferredFont(forTextStyle:), or the font
                                              wrapped in UIFontMetrics(forTextStyle:).scaledFont(for:)
          missing_adjusts_font                adds `receiver.adjustsFontForContentSizeCategory = true`
                                              after the font assignment
          fixed_text_height                   .frame(height: N) → .frame(minHeight: N)
          clamped_dynamic_type                a range's upper bound widened to .accessibility5; a clamp
                                              that would then allow every size is removed
        Edits are applied bottom-up; each fixed file is parsed and audited again (with the
        files that use its symbols), and a file whose fix leaves a syntax error or a finding
        it did not have is not written. A file that changed since it was read is not touched,
        nor is a file that no target builds (no Xcode project names it and no Swift package
        holds it; where the projects cannot say, every file counts as built).

        ARGUMENTS:
          PATH               Files or folders (searched recursively). Default: the current folder.

        OPTIONS:
        \(options.help)

        Per rule, the findings fixed, left (no mechanical fix) and refused (the fix was not
        kept) are printed on stderr (on stdout without --dry-run).

        EXIT STATUS:
          0  no error or warning of the rules fixed remains in the fixed paths (with
             --dry-run: would remain); notes and other rules' findings never count
          1  errors or warnings of the rules fixed remain (left or refused)
          2  usage error, invalid configuration, or a path that cannot be read
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try Arguments(
            arguments, spec: Self.options,
            command: name
        )
        var rules = Set(FixableRules.all)
        if !options.allValues("--rule").isEmpty {
            rules = try Set(options.allValues("--rule").map { id in
                guard let rule = RuleID(rawValue: id) else { throw UsageError(message: Suggestion.unknownRule(id)) }
                guard FixableRules.all.contains(rule) else {
                    throw UsageError(message: "\(id) has no mechanical fix; fixable: \(FixableRules.all.map(\.rawValue).joined(separator: ", "))")
                }
                return rule
            })
        }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let paths = (options.positionals.isEmpty ? ["."] : options.positionals).map {
            URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL
        }
        let root = AuditCommand.auditRoot(of: paths)
        let (configuration, configurationFolder) = try AuditCommand.loadConfiguration(explicit: options.value("--config"), root: root, current: current)
        let context = try AuditCommand.contextFolder(explicit: options.value("--context"), current: current)
            ?? ProjectContext.folder(around: root, configurationFolder: configurationFolder)
        var auditor = WorkspaceAuditor(configuration: configuration, configurationRoot: configurationFolder ?? root)
        auditor.threads = try options.integer("--jobs") ?? ParallelWork.defaultThreadCount
        let found = auditor.discover(paths: paths, root: root, context: context)
        for skipped in found.skipped { Terminal.error("\(skipped.path): \(skipped.reason)") }

        var fixer = ProjectFixer(configuration: configuration, rules: rules)
        fixer.threads = auditor.threads
        fixer.cache = AnalysisCacheOptions.open(options, project: context ?? root)
        fixer.projectRoot = context
        let plan = fixer.plan(files: found.files, contextFiles: found.contextFiles, root: root)
        let table = FixTable.render(plan)
        if options.flag("--dry-run") {
            for file in plan.files {
                let path = FileDiscovery.relativePath(of: file.url, to: current)
                Terminal.write(UnifiedDiff.render(
                    path: path, old: String(decoding: file.original, as: UTF8.self), new: String(decoding: file.fixed, as: UTF8.self)
                ))
            }
            FileHandle.standardError.write(Data(table.utf8))
        } else {
            for (path, reason) in try ProjectFixer.write(plan) { Terminal.error("\(path) was left as it is: \(reason)") }
            Terminal.write(table)
        }
        if found.skipped.contains(where: \.isError) { return ExitStatus.usage }
        return plan.remainingFailures(among: rules) > 0 ? ExitStatus.findings : ExitStatus.success
    }
}

/// The per-rule count of what `fix` did.
enum FixTable {
    static func render(_ plan: FixPlan) -> String {
        var table = TextTable(["rule", "fixed", "left", "refused"])
        for (rule, tally) in plan.tallies.sorted(by: { $0.key < $1.key }) {
            table.add([rule.rawValue, "\(tally.fixed)", "\(tally.left)", "\(tally.refused)"])
        }
        var text = "\(plan.files.count) file\(plan.files.count == 1 ? "" : "s") fixed\n" + (table.rows.isEmpty ? "" : table.aligned)
        text += leftAsTheyAre(plan.unbuilt) { "no Xcode project or package builds \($0)" }
        text += leftAsTheyAre(plan.tvOnly) { "only tvOS targets build \($0), and tvOS has no user-adjustable text size" }
        if !plan.tooNew.isEmpty {
            text += "\(plan.tooNew.count) fix\(plan.tooNew.count == 1 ? "" : "es") left undone: the API is newer than the deployment target\n"
                + plan.tooNew.map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// "2 files left as they are: <why them> (a.swift, b.swift)", or nothing.
    private static func leftAsTheyAre(_ paths: [String], because reason: (String) -> String) -> String {
        guard !paths.isEmpty else { return "" }
        let one = paths.count == 1
        return "\(paths.count) file\(one ? "" : "s") left as \(one ? "it is" : "they are"): \(reason(one ? "it" : "them")) ("
            + paths.joined(separator: ", ") + ")\n"
    }
}
