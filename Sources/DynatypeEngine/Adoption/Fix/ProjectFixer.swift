import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation
import SwiftParser
import SwiftSyntax

/// `dynatype fix`: applies the reports' replacements where they are
/// mechanical. Every file is read once and audited from those bytes; its
/// edits are applied bottom-up, the result is parsed and audited again
/// against the project's symbols (and so are the files that use what it
/// defines), and a file whose fix leaves a syntax error or a finding that
/// was not there before is not fixed. A fix that needs another — a scaling
/// UIKit font needs `adjustsFontForContentSizeCategory` — gets it in a
/// second round.
public struct ProjectFixer {
    public var configuration: ProjectConfiguration
    /// The rules to fix (a subset of `FixableRules.all`).
    public var rules: Set<RuleID>
    public var threads = ParallelWork.defaultThreadCount
    /// Phase-one analyses kept between runs (none: every file is parsed).
    public var cache: AnalysisCacheFile?
    /// Where the Xcode projects and packages that say which files are built
    /// are looked for (default: the fixed folder).
    public var projectRoot: URL?

    public init(configuration: ProjectConfiguration, rules: Set<RuleID>) {
        self.configuration = configuration
        self.rules = rules
    }

    /// Plans the fixes of `files` (report paths relative to `root`); the
    /// context files lend their symbols. Nothing is written.
    public func plan(files: [URL], contextFiles: [URL], root: URL) -> FixPlan {
        let sources = read(files + contextFiles, root: root, reported: files.count)
        var project = FixProject(sources: sources, resolver: ProjectResolver(configuration: configuration.rules))
        var plan = FixPlan()
        let build = ProjectBuildFiles(root: projectRoot ?? root)
        let membership = BuildMembership(build)
        let targets = DeploymentTargets(build)
        for index in sources.indices where sources[index].isReported {
            let source = sources[index]
            let original = project.reports[index]
            var wanted = source.kind == .swift ? original.findings.filter { rules.contains($0.rule) } : []
            if !wanted.isEmpty, !membership.isBuilt(source.url) {
                plan.unbuilt.append(source.path)
                wanted = []
            }
            if !wanted.isEmpty, targets.isTVOnly(source.url) {
                plan.tvOnly.append(source.path)
                wanted = []
            }
            let minimums = targets.minimums(for: source.url)
            wanted.removeAll { finding in
                guard let needs = finding.replacement.flatMap(APIAvailability.of),
                    let missing = needs.unavailable(on: minimums).first
                else { return false }
                plan.tooNew.append("\(source.path):\(finding.position.line): \(needs.api) needs \(missing.platform.rawValue) \(missing.needed), "
                    + "the target is \(missing.platform.rawValue) \(missing.target)")
                return true
            }
            var refused: [Finding] = []
            var outcome: FileFixAttempt.Outcome = wanted.isEmpty ? .nothingToFix : attempt(wanted, in: index, project: &project)
            if case .refused = outcome {
                // One bad fix must not cost the others: keep those that pass alone.
                var good: [Finding] = []
                for finding in wanted {
                    switch attempt([finding], in: index, project: &project, commit: false) {
                    case .accepted: good.append(finding)
                    case .refused: refused.append(finding)
                    case .nothingToFix: break
                    }
                }
                outcome = good.isEmpty ? .nothingToFix : attempt(good, in: index, project: &project)
                if case .refused = outcome { refused += good }
            }
            plan.record(original: original, final: project.reports[index], refused: Set(refused))
            if case .accepted(let bytes) = outcome {
                plan.files.append(FixPlan.FileFix(url: source.url, path: source.path, original: source.bytes, fixed: bytes))
            }
        }
        return plan
    }

    /// Writes planned fixes. A file whose bytes changed since they were read
    /// is left as it is, and so is a symbolic link: `fix` never writes
    /// through one (a repository's link could point anywhere). Returns the
    /// paths left, with why.
    public static func write(_ plan: FixPlan) throws -> [(path: String, reason: String)] {
        var untouched: [(path: String, reason: String)] = []
        for file in plan.files {
            guard case .bytes(let current)? = try? SourceReader.read(file.url, limit: file.original.count), [UInt8](current) == file.original else {
                untouched.append((file.path, "it changed while it was being fixed"))
                continue
            }
            // In place (the file keeps its inode and permissions), and never through a link.
            let descriptor = GitPath.withFileSystemPath(file.url.path) { open($0, O_WRONLY | O_NOFOLLOW | O_CLOEXEC) }
            guard descriptor >= 0 else {
                let reason = errno == ELOOP ? "it is a symbolic link, and fix never writes through one" : String(cString: strerror(errno))
                untouched.append((file.path, reason))
                continue
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(file.fixed))
        }
        return untouched
    }

    private func read(_ urls: [URL], root: URL, reported: Int) -> [FixSource] {
        let limit = configuration.maximumFileBytes
        let files = ParallelWork.map(count: urls.count, threads: threads) { index -> (bytes: Data?, kind: SourceKind) in
            let url = urls[index]
            guard case .bytes(let data)? = try? SourceReader.read(url, limit: limit) else { return (nil, SourceKind(path: url.path)!) }
            return (data, SourceKind(path: url.path)!)
        }
        let outcomes = PhaseOne(analyzer: FileAnalyzer(maximumBytes: limit), cache: cache, threads: threads).outcomes(of: files)
        return urls.indices.compactMap { index -> FixSource? in
            guard let data = files[index].bytes, case .analyzed(let analysis)? = outcomes[index] else { return nil }
            let url = urls[index]
            // Context files are keyed by absolute path, as the audit keys them.
            let path = index < reported ? FileDiscovery.relativePath(of: url, to: root) : url.standardizedFileURL.path
            return FixSource(url: url, path: path, kind: files[index].kind, bytes: [UInt8](data), analysis: analysis, isReported: index < reported)
        }
    }

    /// Fixes `findings` of a file in up to three rounds; accepted fixes are
    /// kept in `project` (so later files are judged against them) when `commit`.
    private func attempt(_ findings: [Finding], in index: Int, project: inout FixProject, commit: Bool = true) -> FileFixAttempt.Outcome {
        let source = project.sources[index]
        let originalFingerprints = Set(project.fingerprints[index])
        var bytes = source.bytes
        var targets = findings
        var candidate: (analysis: FileAnalysis, report: FileReport)?
        for _ in 0..<3 where !targets.isEmpty {
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            let locator = FixLocator(tree: tree, bytes: bytes)
            let edits = targets.flatMap { locator.edits(for: $0) }
            guard !edits.isEmpty else { break }
            bytes = FixEdit.apply(edits, to: bytes).result
            guard !bytes.withUnsafeBufferPointer({ Parser.parse(source: $0) }).hasError,
                case .analyzed(let analysis) = FileAnalyzer(maximumBytes: .max).analyze(Data(bytes), kind: source.kind)
            else { return .refused }
            let report = project.resolve(analysis, replacing: index)
            candidate = (analysis, report)
            targets = zip(report.findings, Fingerprint.of(report.findings, path: source.path)).filter {
                !originalFingerprints.contains($1) && $0.rule == .missingAdjustsFont && rules.contains(.missingAdjustsFont)
            }.map(\.0)
        }
        guard let candidate else { return .nothingToFix }
        guard project.accepts(candidate.analysis, candidate.report, at: index) else { return .refused }
        if commit { project.adopt(candidate.analysis, at: index) }
        return .accepted(bytes)
    }
}

/// What fixing a file came to.
enum FileFixAttempt {
    enum Outcome {
        case accepted([UInt8])
        /// The fix left a syntax error or a new finding.
        case refused
        /// No finding had a mechanical fix here.
        case nothingToFix
    }
}

/// One file as read for fixing.
struct FixSource: Sendable {
    let url: URL
    let path: String
    let kind: SourceKind
    let bytes: [UInt8]
    var analysis: FileAnalysis
    /// Named by the user (context files only lend symbols).
    let isReported: Bool
}

/// The project while it is fixed: every file's current analysis and report,
/// the symbols they define, and each file's fingerprints before any fix.
struct FixProject {
    private(set) var sources: [FixSource]
    private(set) var reports: [FileReport]
    let fingerprints: [[String]]
    private var symbols: SymbolTable
    private let resolver: ProjectResolver

    init(sources: [FixSource], resolver: ProjectResolver) {
        self.sources = sources
        self.resolver = resolver
        let table = SymbolTable(files: sources.map { ($0.path, $0.analysis) })
        symbols = table
        reports = sources.map { resolver.resolve($0.analysis, path: $0.path, symbols: table) }
        fingerprints = reports.map { Fingerprint.of($0.findings, path: $0.path) }
    }

    /// A file's report were its analysis `analysis`.
    func resolve(_ analysis: FileAnalysis, replacing index: Int) -> FileReport {
        resolver.resolve(analysis, path: sources[index].path, symbols: swapped(analysis, at: index))
    }

    /// Whether a fixed file has no finding it did not have, and neither has
    /// any file that uses a symbol it defines (before or after).
    func accepts(_ analysis: FileAnalysis, _ report: FileReport, at index: Int) -> Bool {
        guard Set(Fingerprint.of(report.findings, path: report.path)).isSubset(of: fingerprints[index]) else { return false }
        let defined = Set(sources[index].analysis.definitions.map(\.name) + analysis.definitions.map(\.name))
        guard !defined.isEmpty else { return true }
        let symbols = swapped(analysis, at: index)
        for other in sources.indices where other != index && !sources[other].analysis.referencedSymbols.isDisjoint(with: defined) {
            let report = resolver.resolve(sources[other].analysis, path: sources[other].path, symbols: symbols)
            guard Set(Fingerprint.of(report.findings, path: report.path)).isSubset(of: fingerprints[other]) else { return false }
        }
        return true
    }

    /// Makes a fixed analysis the file's, and re-resolves the files that use its symbols.
    mutating func adopt(_ analysis: FileAnalysis, at index: Int) {
        let defined = Set(sources[index].analysis.definitions.map(\.name) + analysis.definitions.map(\.name))
        symbols = swapped(analysis, at: index)
        sources[index].analysis = analysis
        for other in sources.indices where other == index || !sources[other].analysis.referencedSymbols.isDisjoint(with: defined) {
            reports[other] = resolver.resolve(sources[other].analysis, path: sources[other].path, symbols: symbols)
        }
    }

    private func swapped(_ analysis: FileAnalysis, at index: Int) -> SymbolTable {
        var table = symbols
        table.remove(sources[index].analysis, path: sources[index].path)
        table.add(analysis, path: sources[index].path)
        return table
    }
}

/// The fixes to write and, per rule, what happened to its findings.
public struct FixPlan: Sendable {
    public struct FileFix: Sendable {
        public let url: URL
        /// Relative to the fixed folder.
        public let path: String
        public let original: [UInt8]
        public let fixed: [UInt8]
    }

    public struct Tally: Sendable, Equatable {
        /// Gone after the fix.
        public var fixed = 0
        /// No mechanical fix (another rule, no replacement, code not safe to rewrite).
        public var left = 0
        /// A fix was made but not kept: it left a syntax error or a new finding.
        public var refused = 0
        /// Of those left or refused, the errors and warnings (what can fail a build).
        public var failing = 0
    }

    public var files: [FileFix] = []
    public var tallies: [RuleID: Tally] = [:]
    /// Files with fixes to make that no target builds: left as they are.
    public var unbuilt: [String] = []
    /// Files with fixes to make that only tvOS targets build: left as they are.
    public var tvOnly: [String] = []
    /// Fixes left undone because their APIs are newer than the file's
    /// deployment target, one line each (`path:line: what needs what`).
    public var tooNew: [String] = []

    /// Errors and warnings of `rules` that remain after the fix: what `fix`
    /// was asked to do and did not. Notes and other rules' findings are
    /// reported, never counted.
    public func remainingFailures(among rules: Set<RuleID>) -> Int {
        tallies.filter { rules.contains($0.key) }.values.reduce(0) { $0 + $1.failing }
    }

    mutating func record(original: FileReport, final: FileReport, refused: Set<Finding>) {
        let after = Set(Fingerprint.of(final.findings, path: final.path))
        for (finding, fingerprint) in zip(original.findings, Fingerprint.of(original.findings, path: original.path)) {
            if !after.contains(fingerprint) {
                tallies[finding.rule, default: Tally()].fixed += 1
            } else {
                if refused.contains(finding) {
                    tallies[finding.rule, default: Tally()].refused += 1
                } else {
                    tallies[finding.rule, default: Tally()].left += 1
                }
                if finding.severity != .note { tallies[finding.rule, default: Tally()].failing += 1 }
            }
        }
    }
}
