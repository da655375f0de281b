import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// One audited file of a tree.
struct TrackedFile {
    let blob: ObjectID
    let analysis: FileAnalysis
    var report: FileReport
    var fingerprints: [String]
}

/// The audit of a whole tree at one commit: every included file's analysis
/// and report, the symbols they define, and the summary. A commit's state is
/// its base's state updated by what the commit changed.
struct TreeState {
    private(set) var commit: ObjectID
    private(set) var configuration: CommitConfiguration
    private(set) var files: [String: TrackedFile] = [:]
    /// Files dynatype declined (binary, too large, over their CPU budget), by path.
    private(set) var declined: [String: String] = [:]
    /// The declines the last build or change made, for the commit's record.
    private(set) var newlyDeclined: [String: String] = [:]
    private(set) var symbols = SymbolTable()
    private(set) var summary = AuditSummary()
    /// Paths by the symbol names their analyses define or refer to, to find
    /// the files a symbol change affects without looking at every file.
    private var definers: [String: Set<String>] = [:]
    private var referrers: [String: Set<String>] = [:]

    init(commit: ObjectID, configuration: CommitConfiguration) {
        self.commit = commit
        self.configuration = configuration
    }

    private var resolver: ProjectResolver { ProjectResolver(configuration: configuration.configuration.rules) }

    /// Whether the configuration audits this path (and its blob is not too large).
    func includes(_ path: String) -> Bool {
        HistoryPaths.isSource(path) && configuration.configuration.includes(relativePath: path)
    }

    // MARK: Building

    /// The state of a commit from scratch: every included file of its tree.
    static func build(
        commit: ObjectID, configuration: CommitConfiguration, repository: Repository, analyzer: BlobAnalyzer
    ) throws -> TreeState {
        var state = TreeState(commit: commit, configuration: configuration)
        let tree = try repository.files(of: commit, keep: { state.includes($0) })
        let sizes = try sizes(of: tree.map(\.blob), in: repository)
        let requests = tree.map { BlobAnalyzer.Request(blob: $0.blob, path: $0.path, kind: SourceKind(path: $0.path)!, previous: nil) }
        let analyses = try analyzer.analyses(of: requests, sizes: sizes, limit: configuration.configuration.maximumFileBytes, in: repository)
        var added: [(String, ObjectID, CachedAnalysis)] = []
        for file in tree { added.append((file.path, file.blob, analyses[file.blob]!)) }
        state.insert(added)
        state.resolve(Set(state.files.keys))
        return state
    }

    private static func sizes(of blobs: [ObjectID], in repository: Repository) throws -> [ObjectID: Int] {
        var sizes: [ObjectID: Int] = [:]
        for blob in blobs where sizes[blob] == nil { sizes[blob] = try repository.size(of: blob) }
        return sizes
    }

    /// Adds files (not yet resolved) and records declines.
    private mutating func insert(_ entries: [(path: String, blob: ObjectID, analysis: CachedAnalysis)]) {
        for (path, blob, cached) in entries {
            switch cached {
            case .declined(let reason):
                declined[path] = reason
                newlyDeclined[path] = reason
            case .analyzed(let analysis):
                files[path] = TrackedFile(
                    blob: blob, analysis: analysis,
                    report: FileReport(path: path, verdict: .pass, findings: [], elements: [], remarks: []), fingerprints: []
                )
                symbols.add(analysis, path: path)
                index(analysis, path: path, adding: true)
            }
        }
    }

    private mutating func index(_ analysis: FileAnalysis, path: String, adding: Bool) {
        for name in Set(analysis.definitions.map(\.name)) { update(&definers, name, path, adding) }
        for name in analysis.referencedSymbols { update(&referrers, name, path, adding) }
    }

    private func update(_ map: inout [String: Set<String>], _ name: String, _ path: String, _ adding: Bool) {
        if adding {
            map[name, default: []].insert(path)
        } else {
            map[name]?.remove(path)
            if map[name]?.isEmpty == true { map[name] = nil }
        }
    }

    /// Re-resolves files, keeping the summary in step (old report out, new in).
    private mutating func resolve(_ paths: Set<String>) {
        for path in paths {
            guard var file = files[path] else { continue }
            if resolvedPaths.contains(path) { summary.remove(file.report) }
            file.report = resolver.resolve(file.analysis, path: path, symbols: symbols)
            file.fingerprints = Fingerprint.of(file.report.findings, path: path)
            summary.add(file.report)
            files[path] = file
            resolvedPaths.insert(path)
        }
    }

    /// Paths whose report is in the summary.
    private var resolvedPaths: Set<String> = []

    // MARK: Applying a commit

    /// What applying a commit changed in the findings.
    struct Delta {
        var introduced: [FindingChange] = []
        var fixed: [FindingChange] = []
        /// Findings that left one place and arrived in another (see `matchMoves`).
        var moved: [FindingChange] = []
        /// Findings gone because the configuration stopped checking them.
        var unchecked: [FindingChange] = []
        /// Paths that passed before and fail now.
        var newlyFailing: [String] = []
        var renames: [PathRename] = []
        /// The move keys of `introduced` and `fixed`, in their order.
        fileprivate var introducedKeys: [MoveKey] = []
        fileprivate var fixedKeys: [MoveKey] = []

        var changes: [FindingChange] { introduced + fixed + moved + unchecked }
    }

    /// The files of a diff that the state must look at, with their analyses
    /// loaded (everything that can fail happens here, before the state changes).
    struct PreparedChanges {
        let commit: ObjectID
        let removals: [String]
        let additions: [(path: String, blob: ObjectID, analysis: CachedAnalysis)]
        /// new path → old path, so a rename keeps its findings' identities.
        let renames: [String: String]
    }

    func prepare(_ changes: [FileChange], commit: ObjectID, repository: Repository, analyzer: BlobAnalyzer) throws -> PreparedChanges {
        var removals: [String] = []
        var wanted: [(path: String, blob: ObjectID, previous: ObjectID?)] = []
        var renames: [String: String] = [:]
        for change in changes {
            if let old = change.oldPath, files[old] != nil || declined[old] != nil { removals.append(old) }
            if let new = change.newPath, let blob = change.newBlob, includes(new) {
                wanted.append((new, blob, change.oldBlob))
                if let old = change.oldPath, old != new { renames[new] = old }
            }
        }
        let sizes = try Self.sizes(of: wanted.map(\.blob), in: repository)
        let requests = wanted.map { BlobAnalyzer.Request(blob: $0.blob, path: $0.path, kind: SourceKind(path: $0.path)!, previous: $0.previous) }
        let analyses = try analyzer.analyses(of: requests, sizes: sizes, limit: configuration.configuration.maximumFileBytes, in: repository)
        return PreparedChanges(
            commit: commit, removals: removals, additions: wanted.map { ($0.path, $0.blob, analyses[$0.blob]!) }, renames: renames
        )
    }

    /// Applies prepared changes and returns the findings they introduced and fixed.
    mutating func apply(_ prepared: PreparedChanges) -> Delta {
        var before: [String: (findings: [Finding], fingerprints: [String])] = [:]
        var failedBefore = Set<String>()
        var oldSymbols = Set<SymbolFact>()
        newlyDeclined = [:]
        for path in prepared.removals {
            declined[path] = nil
            guard let file = files.removeValue(forKey: path) else { continue }
            before[path] = (file.report.findings, file.fingerprints)
            if file.report.verdict == .fail { failedBefore.insert(path) }
            if resolvedPaths.remove(path) != nil { summary.remove(file.report) }
            symbols.remove(file.analysis, path: path)
            index(file.analysis, path: path, adding: false)
            oldSymbols.formUnion(SymbolFact.facts(of: file.analysis, path: path))
        }
        insert(prepared.additions)
        var newSymbols = Set<SymbolFact>()
        let added = Set(prepared.additions.map(\.path)).filter { files[$0] != nil }
        for path in added { newSymbols.formUnion(SymbolFact.facts(of: files[path]!.analysis, path: path)) }
        commit = prepared.commit

        // Files to resolve again: the changed ones, and every file that uses
        // a symbol whose definition (or helper calls) changed, followed
        // through the definitions that use it in turn.
        var affected = added
        var pending = Set(oldSymbols.symmetricDifference(newSymbols).map(\.name))
        var seen = Set<String>()
        while let name = pending.popFirst() {
            guard seen.insert(name).inserted else { continue }
            for path in (referrers[name] ?? []).union(definers[name] ?? []) {
                affected.insert(path)
                for defined in files[path]?.analysis.definitions ?? [] where !seen.contains(defined.name) {
                    pending.insert(defined.name)
                }
            }
        }
        for path in affected where before[path] == nil {
            if let file = files[path], resolvedPaths.contains(path) {
                before[path] = (file.report.findings, file.fingerprints)
                if file.report.verdict == .fail { failedBefore.insert(path) }
            }
        }
        resolve(affected)

        var delta = Delta()
        delta.renames = prepared.renames.filter { files[$0.key] != nil }.map { PathRename(oldPath: $0.value, newPath: $0.key) }
        let renamedFrom = Set(prepared.renames.values)
        for path in Set(before.keys).union(affected).sorted() {
            if renamedFrom.contains(path), files[path] == nil { continue }
            let after = files[path].map { ($0.report.findings, $0.fingerprints) } ?? ([], [])
            var previous = before[path] ?? ([], [])
            var failed = failedBefore.contains(path)
            if let oldPath = prepared.renames[path], let old = before[oldPath] {
                // The old report under the new path: a rename changes no identity.
                previous = (old.findings, Fingerprint.of(old.findings, path: path))
                failed = failedBefore.contains(oldPath)
            }
            Self.compare(previous, after, path: path, into: &delta)
            if !failed, before[path] != nil || prepared.renames[path] != nil, files[path]?.report.verdict == .fail {
                delta.newlyFailing.append(path)
            }
        }
        delta.matchMoves()
        return delta
    }

    private static func compare(
        _ before: (findings: [Finding], fingerprints: [String]), _ after: (findings: [Finding], fingerprints: [String]),
        path: String, into delta: inout Delta
    ) {
        let old = Set(before.fingerprints), new = Set(after.fingerprints)
        for (finding, fingerprint) in zip(after.findings, after.fingerprints) where !old.contains(fingerprint) {
            delta.introduced.append(FindingChange(kind: .introduced, finding: finding, path: path, fingerprint: fingerprint))
            delta.introducedKeys.append(MoveKey(finding))
        }
        for (finding, fingerprint) in zip(before.findings, before.fingerprints) where !new.contains(fingerprint) {
            delta.fixed.append(FindingChange(kind: .fixed, finding: finding, path: path, fingerprint: fingerprint))
            delta.fixedKeys.append(MoveKey(finding))
        }
    }

    /// The findings of two states compared file by file (a configuration change, `dynatype diff`).
    static func compare(_ before: TreeState, _ after: TreeState) -> Delta {
        var delta = Delta()
        for path in Set(before.files.keys).union(after.files.keys).sorted() {
            let old = before.files[path].map { ($0.report.findings, $0.fingerprints) } ?? ([], [])
            let new = after.files[path].map { ($0.report.findings, $0.fingerprints) } ?? ([], [])
            compare(old, new, path: path, into: &delta)
            if before.files[path]?.report.verdict == .pass, after.files[path]?.report.verdict == .fail { delta.newlyFailing.append(path) }
        }
        delta.matchMoves()
        return delta
    }
}

/// What a finding is without its place, to recognize it when code moves:
/// first with its whole declaration (code moved to another file), then
/// with its outermost type alone (code moved into an extension or another
/// member of the same type), as SonarQube matches issues from strict to
/// loose. The type keeps two unrelated views' `HStack`s apart.
struct MoveKey: Equatable {
    let strict: String
    let loose: String
    /// The rule and code alone: enough within a file git calls a copy of another.
    let code: String

    init(_ finding: Finding) {
        code = finding.rule.rawValue + "\u{1F}" + Fingerprint.normalized(finding.current)
        strict = code + "\u{1F}" + finding.declaration
        loose = code + "\u{1F}" + (finding.declaration.split(separator: ".").first.map(String.init) ?? "")
    }
}

extension TreeState.Delta {
    /// Pairs findings that left one file or declaration with identical ones
    /// that arrived in another in the same commit: each pair is one moved
    /// finding, neither introduced nor fixed, and a file that fails only
    /// because failing code moved into it is not newly failing.
    mutating func matchMoves() {
        guard !introduced.isEmpty, !fixed.isEmpty else { return }
        for strict in [true, false] {
            var gone: [String: [Int]] = [:]
            for (index, key) in fixedKeys.enumerated() { gone[strict ? key.strict : key.loose, default: []].append(index) }
            var leaving = Set<Int>()
            var arrived = Set<Int>()
            for (index, key) in introducedKeys.enumerated() {
                let change = introduced[index]
                // A strict match must cross files: within one file, the same declaration and code is the same finding.
                guard let origin = gone[strict ? key.strict : key.loose]?.first(where: {
                    !leaving.contains($0) && (!strict || fixed[$0].path != change.path)
                }) else { continue }
                leaving.insert(origin)
                arrived.insert(index)
                moved.append(change.moved(from: fixed[origin]))
            }
            fixed = fixed.indices.filter { !leaving.contains($0) }.map { fixed[$0] }
            fixedKeys = fixedKeys.indices.filter { !leaving.contains($0) }.map { fixedKeys[$0] }
            introduced = introduced.indices.filter { !arrived.contains($0) }.map { introduced[$0] }
            introducedKeys = introducedKeys.indices.filter { !arrived.contains($0) }.map { introducedKeys[$0] }
        }
        let movedInto = Set(moved.map(\.path))
        newlyFailing = newlyFailing.filter { path in
            !movedInto.contains(path) || introduced.contains { $0.path == path && $0.severity == .error }
        }
    }

    /// Introduced findings of files copied from another file name the
    /// finding they copy (`fromPath`, `fromFingerprint`): still introduced
    /// (the copy adds failing text), but `blame` follows them to their origin.
    mutating func traceCopies(_ sources: [String: String], in state: TreeState) {
        var taken = Set<String>()
        for index in introduced.indices {
            let change = introduced[index]
            guard let source = sources[change.path], let file = state.files[source] else { continue }
            guard let original = zip(file.report.findings, file.fingerprints).first(where: { finding, fingerprint in
                !taken.contains(fingerprint) && MoveKey(finding).code == introducedKeys[index].code
            })?.1 else { continue }
            taken.insert(original)
            introduced[index].fromPath = source
            introduced[index].fromFingerprint = original
        }
    }

    /// Findings that vanished because `configuration` no longer checks
    /// them (their rule is off, their file not audited) are "no longer
    /// checked", not fixed.
    mutating func separateUnchecked(by configuration: ProjectConfiguration, in state: TreeState) {
        let stillChecked = { (change: FindingChange) -> Bool in
            guard let rule = RuleID(rawValue: change.rule), configuration.rules.isEnabled(rule) else { return false }
            return state.includes(change.path) && state.declined[change.path] == nil
        }
        unchecked = fixed.filter { !stillChecked($0) }.map {
            var change = $0
            change.kind = .unchecked
            return change
        }
        fixed = fixed.filter(stillChecked)
    }
}

/// What other files can depend on in a file: a definition, a helper call
/// (which can make the helper's definition fail), or a read of a stored
/// font (which can make a font stored in another file more than a face).
struct SymbolFact: Hashable {
    let path: String
    let name: String
    let detail: Detail

    enum Detail: Hashable {
        case definition(SymbolDefinition)
        case call(FontValue)
        case faceRead
        case fontRead
    }

    static func facts(of analysis: FileAnalysis, path: String) -> [SymbolFact] {
        analysis.definitions.map { SymbolFact(path: path, name: $0.name, detail: .definition($0)) }
            + analysis.helperCalls.flatMap { call in
                FileAnalysis.calledHelperNames(in: call).map { SymbolFact(path: path, name: $0, detail: .call(call)) }
            }
            + analysis.fontFaceReads.map { SymbolFact(path: path, name: $0, detail: .faceRead) }
            + analysis.fontValueReads.map { SymbolFact(path: path, name: $0, detail: .fontRead) }
    }
}
