import SwiftParser
import SwiftSyntax

/// Phase one for a Swift file: syntax tree → `FileAnalysis`. Pure: no I/O.
/// The file is analyzed in units (see `FileUnits`) with the facts of the
/// whole file; with a memo, units whose code and context did not change are
/// not analyzed again.
public struct SwiftFileAnalyzer: Sendable {
    /// Changes whenever the analysis of some input changes, so cached
    /// analyses of older versions are never reused (`AnalyzerVersionTests`
    /// fails when the analyses change and this does not).
    public static let version = "swift-108"

    public let memo: AnalysisMemo?

    /// What the families across members need in a type's declarations
    /// (matched anywhere in a word: the gate has always matched plain text).
    private static let typeFamilyGate = FamilyGate(
        RuleFamilies.unit.filter { $0.scope == .type }.map { ($0.triggers.map(\.anywhereInWord), $0.alsoNeeds.map(\.anywhereInWord)) }
    )

    public init(memo: AnalysisMemo? = nil) {
        self.memo = memo
    }

    /// Parses and analyzes; a file no rule could react to is not parsed.
    public func analyze(source: String) -> FileAnalysis {
        let bytes = Array(source.utf8)
        return analyze(bytes: bytes) { bytes.withUnsafeBufferPointer { Parser.parse(source: $0) } }
    }

    /// Analyzes UTF-8 source, asking for its tree only when some rule could
    /// react to the bytes (`parse` may reuse an earlier tree, or refuse
    /// bytes it cannot parse). Without the prefilter every file is parsed
    /// (the naive pipeline, and tests proving the prefilter changes no result).
    public func analyze<Refusal: Error>(
        bytes: [UInt8], prefilter: Bool = true, parse: () throws(Refusal) -> SourceFileSyntax
    ) throws(Refusal) -> FileAnalysis {
        if prefilter, !SourcePrefilter.mayMatter(bytes) { return FileAnalysis(language: .swift) }
        return analyze(tree: try parse(), source: bytes)
    }

    /// Analyzes a tree whose source bytes are `source` (SwiftSyntax positions
    /// are offsets into them).
    public func analyze(tree: SourceFileSyntax, source: [UInt8]) -> FileAnalysis {
        let lines = LineTable(source)
        let units = FileUnits(tree)
        let work = UnitWork(memo: memo, source: source, lines: lines)

        // Facts of the whole file first: every unit's rules read them.
        var facts = [work.facts(of: units.fileScope)]
        for group in units.groups {
            var header = UnitFacts()
            for scope in group.scopes {
                if scope.isClass { header.classes[scope.name, default: []] += scope.inheritedTypes }
                if scope.isProtocol { header.protocols.insert(scope.name) }
                if scope.isViewHost { header.hostTypes.insert(scope.name) }
            }
            facts.append(header)
            facts += group.members.map { work.facts(of: [$0]) }
        }
        facts.append(UnitFacts(previewStatements: Set(units.previews.flatMap(HelperReach.statementNames(in:)))))
        let previewStatements = facts.reduce(into: Set<String>()) { $0.formUnion($1.previewStatements) }
        let chromeStatements = facts.reduce(into: Set<String>()) { $0.formUnion($1.chromeStatements) }
        let reach = HelperReach.needsWalk(tree, previewStatements: previewStatements, chromeStatements: chromeStatements)
            ? HelperReach(tree) : HelperReach()
        let fileFacts = FileFacts(merging: facts, reach: reach)
        let context = memo == nil ? 0 : fileFacts.stableHash
        let run = { (nodes: [Syntax], scopes: Set<UnitScope>) in
            Self.analyze(FileContext(index: work.index(of: nodes, for: scopes), facts: fileFacts, lines: lines, root: tree.id), scopes)
        }

        // What each unit reads of the file's other declarations, by name.
        let declared = memo.map { DeclaredNames(tree, source: source, memo: $0) }
        let reads = { (nodes: [Syntax], context: UInt64) in declared.map { UnitKey.mix(context, $0.key(of: nodes)) } ?? 0 }

        var analysis = FileAnalysis(language: .swift)
        // Helpers only previews reach are preview code, audited by no rule.
        let fileScope = units.fileScope.flatMap(reach.auditedParts(of:))
        if !fileScope.isEmpty {
            analysis.append(work.analysis(of: fileScope, context: reads(fileScope, context)) { run(fileScope, [.member, .type]) })
        }
        for group in units.groups where !group.scopes.contains(where: { reach.previewOnly.contains($0.name) }) {
            let groupContext = memo == nil ? 0 : UnitKey.mix(context, group.contextKey(source: source))
            for member in group.members where !reach.isPreviewOnly(member) {
                let readsEveryProperty = memo != nil && FileUnits.TypeGroup.readsEveryProperty(member)
                let memberContext = readsEveryProperty ? UnitKey.mix(groupContext, group.propertiesKey(source: source)) : groupContext
                analysis.append(work.analysis(of: [member], context: reads([member], memberContext)) { run([member], [.member]) })
            }
            // The families across members run only where their triggers are
            // (a SwiftUI view has no UIKit labels to follow across methods).
            let subclasses = fileFacts.textViewSubclasses.keys
            let triggered = group.declarations.contains { declaration in
                let bytes = declaration.bytes(of: source)
                return Self.typeFamilyGate.opens(for: bytes) || subclasses.contains { SourcePrefilter.contains($0, in: bytes) }
            }
            if triggered {
                analysis.append(work.analysis(of: group.declarations, context: reads(group.declarations, UnitKey.mix(context, 1))) { run(group.declarations, [.type]) })
            }
        }
        analysis.mergeRepeatedFindings()
        if GeneratedCode.isGenerated(tree) {
            GeneratedCode.keepOnlyWhatCallsDecide(&analysis)
        }
        if SourcePrefilter.contains(SuppressionScanner.marker, in: source) {
            analysis.suppressions = SuppressionScanner.scan(tree, lines: lines)
        }
        // Bytes no rule reacts to have no results to be unsure of (and are
        // not parsed at all with the prefilter).
        if tree.hasError, SourcePrefilter.mayMatter(source) {
            analysis.remarks.append("the parser recovered from syntax errors; results for this file are best-effort")
        }
        return analysis
    }

    /// The families of the scopes over one unit, in the registry's order.
    private static func analyze(_ context: FileContext, _ scopes: Set<UnitScope>) -> FileAnalysis {
        let unit = UnitRun(builder: AnalysisBuilder(context: context))
        for family in RuleFamilies.unit where scopes.contains(family.scope) { unit.run(family) }
        return unit.builder.analysis
    }
}

/// Memo lookups for one file's units.
private final class UnitWork {
    let memo: AnalysisMemo?
    let source: [UInt8]
    let lines: LineTable
    /// Indexes walked for units' facts, by the unit's first node, kept for
    /// the unit's rules: one walk of a changed unit instead of two.
    private var walked: [SyntaxIdentifier: (nodes: [SyntaxIdentifier], index: SyntaxIndex)] = [:]

    init(memo: AnalysisMemo?, source: [UInt8], lines: LineTable) {
        self.memo = memo
        self.source = source
        self.lines = lines
    }

    /// A unit's facts: from the memo, or from a walk of its nodes.
    func facts(of nodes: [Syntax]) -> UnitFacts {
        guard let first = nodes.first else { return UnitFacts() }
        let key = memo == nil ? 0 : UnitKey.of(nodes, source: source, lines: lines)
        if let known = memo?.facts(key) { return known }
        let index = SyntaxIndex(nodes, recordsUses: true, mentionsFont: mentionsFont(nodes))
        walked[first.id] = (nodes.map(\.id), index)
        memo?.store(index.facts, for: key)
        return index.facts
    }

    /// The index of a unit's nodes, walked now unless its facts walked it
    /// (the families of a member read how names are used; those across
    /// members do not).
    func index(of nodes: [Syntax], for scopes: Set<UnitScope>) -> SyntaxIndex {
        if let first = nodes.first, let walk = walked.removeValue(forKey: first.id), walk.nodes == nodes.map(\.id) { return walk.index }
        // A walk that records no uses never asks for font positions: its nodes' bytes need no scan.
        let recordsUses = scopes.contains(.member)
        return SyntaxIndex(nodes, recordsUses: recordsUses, mentionsFont: recordsUses && mentionsFont(nodes))
    }

    private func mentionsFont(_ nodes: [Syntax]) -> Bool {
        nodes.contains { FontWord.occurs(in: $0.bytes(of: source)) }
    }

    /// A unit's analysis: from the memo (moved to where its code is now), or computed.
    func analysis(of nodes: [Syntax], context: UInt64, compute: () -> FileAnalysis) -> FileAnalysis {
        guard let memo else { return compute() }
        let key = UnitKey.mix(UnitKey.of(nodes, source: source, lines: lines), context)
        let anchors = Anchors(nodes, lines: lines)
        if let known = memo.analysis(key) { return known.mapPositions(anchors.absolute) }
        let part = compute()
        memo.store(part.mapPositions(anchors.relative), for: key)
        return part
    }
}
