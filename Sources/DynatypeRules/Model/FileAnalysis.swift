/// Everything phase one learns from one file on its own. It depends only on the
/// file's bytes (and the analyzer version), so it is cached per blob; phase two
/// (`ProjectResolver`) turns it into a `FileReport` with the audit's symbols,
/// the configuration and the suppressions.
public struct FileAnalysis: Codable, Hashable, Sendable {
    public enum Language: String, Codable, Sendable {
        case swift
        case interfaceBuilder = "interface_builder"
    }

    public var language: Language
    public var findings: [Finding]
    public var conditionalFindings: [ConditionalFinding]
    public var elements: [TextElement]
    public var definitions: [SymbolDefinition]
    /// Every call of a possible font helper, for "any call passes a fixed size".
    public var helperCalls: [FontValue]
    public var suppressions: [Suppression]
    /// Names read for their face only, and names read as a font (through
    /// any receiver, or a local they are bound to), for a font stored in a
    /// property of another file (the rule catalogue "A font used only as a face").
    /// Sorted, so equal analyses encode equally (cache keys, digests).
    public var fontFaceReads: [String] = []
    public var fontValueReads: [String] = []
    /// Facts about the file itself (recovered parse errors, replaced bytes).
    public var remarks: [String]

    public init(
        language: Language, findings: [Finding] = [], conditionalFindings: [ConditionalFinding] = [],
        elements: [TextElement] = [], definitions: [SymbolDefinition] = [], helperCalls: [FontValue] = [],
        suppressions: [Suppression] = [], remarks: [String] = []
    ) {
        self.language = language
        self.findings = findings
        self.conditionalFindings = conditionalFindings
        self.elements = elements
        self.definitions = definitions
        self.helperCalls = helperCalls
        self.suppressions = suppressions
        self.remarks = remarks
    }

    /// The helpers a helper-call value calls (`appFont` in `.appFont(ofSize: 14)`).
    public static func calledHelperNames(in value: FontValue) -> [String] {
        switch value {
        case .symbol(let reference, _): return reference.argumentLabels == nil ? [] : [reference.name]
        case .anyOf(let branches): return branches.flatMap(calledHelperNames)
        case .viewHelper(let reference, _, let otherwise):
            return (reference.argumentLabels == nil ? [] : [reference.name]) + calledHelperNames(in: otherwise)
        case .scales, .fixed, .readOnce, .unresolved, .sized, .fromCallers: return []
        }
    }

    /// Every symbol reference in the file, for the symbol index.
    public var referencedSymbols: Set<String> {
        var names = Set<String>()
        func visit(_ value: FontValue) {
            switch value {
            case .symbol(let reference, let arguments):
                names.insert(reference.name)
                arguments.forEach { visit(size: $0.size) }
            case .sized(let size): visit(size: size)
            case .anyOf(let branches): branches.forEach(visit)
            case .viewHelper(let reference, let arguments, let otherwise):
                names.insert(reference.name)
                arguments.forEach { visit(size: $0.size) }
                visit(otherwise)
            case .scales, .fixed, .readOnce, .unresolved, .fromCallers: break
            }
        }
        func visit(size: SizeValue) {
            switch size {
            case .symbol(let reference): names.insert(reference.name)
            // Calls of the type's initializers decide it.
            case .initialized(let type, _): names.insert(type)
            case .scales, .fixed, .parameter: break
            }
        }
        func visit(condition: FindingCondition) {
            switch condition {
            case .fontOutcome(let value, _): visit(value)
            case .sizeIsFixed(let size): visit(size: size)
            case .helperCalledWithFixedSize: break
            case .isTextView(let type, _), .classIsAppKit(let type, _): names.insert(type)
            case .outletDoesNotAdjustFont(_, let property): names.insert(property)
            case .noAppearanceFont(let type), .classKeepsDocumentFont(let type): names.insert(type)
            case .outletFontNotSetInCode(_, let property), .outletFontNotAssignedInCode(_, let property): names.insert(property)
            case .outsideWidgetExtension: names.insert(EntryPoints.name)
            case .notRefreshedOnSizeChange(let type): names.insert(type)
            case .all(let conditions): conditions.forEach(visit(condition:))
            case .readAsFont(let property): names.insert(property)
            }
        }
        for conditional in conditionalFindings { visit(condition: conditional.condition) }
        // A fix that a watch app's folder changes depends on the entry points.
        if (findings + conditionalFindings.map(\.finding)).contains(where: { $0.onWatchOS != nil }) { names.insert(EntryPoints.name) }
        for element in elements { if case .symbol(let value) = element.status { visit(value) } }
        helperCalls.forEach(visit)
        for definition in definitions {
            switch definition.value {
            case .font(let value): visit(value)
            case .size(let size): visit(size: size)
            // A class is a text view by its ancestors: a change to one re-judges its uses.
            case .inherits(let types): names.formUnion(types)
            case .outlet, .entryPoint, .refreshedOnSizeChange, .replacesDocumentFont, .stylesItselfWhenMade: break
            }
        }
        return names
    }
}

extension FileAnalysis {
    /// The same analysis with every position transformed (memoized units move
    /// with their code).
    func mapPositions(_ transform: (SourcePosition) -> SourcePosition) -> FileAnalysis {
        var copy = self
        for index in copy.findings.indices { copy.findings[index].position = transform(copy.findings[index].position) }
        for index in copy.conditionalFindings.indices {
            copy.conditionalFindings[index].finding.position = transform(copy.conditionalFindings[index].finding.position)
        }
        for index in copy.elements.indices { copy.elements[index].position = transform(copy.elements[index].position) }
        for index in copy.definitions.indices { copy.definitions[index].position = transform(copy.definitions[index].position) }
        return copy
    }

    /// Appends another part of the same file, renumbering its element references.
    /// A constructor two units judged (an attributed font: as a value in its
    /// member, as the view's font across the type) is one finding, on the
    /// elements either unit gave it.
    mutating func mergeRepeatedFindings() {
        findings = findings.mergingRepeats()
    }

    mutating func append(_ part: FileAnalysis) {
        let offset = elements.count
        let shift = { (finding: Finding) -> Finding in
            var shifted = finding
            shifted.elements = finding.elements.map { $0 + offset }
            return shifted
        }
        findings += part.findings.map(shift)
        conditionalFindings += part.conditionalFindings.map { ConditionalFinding(finding: shift($0.finding), condition: $0.condition) }
        elements += part.elements
        definitions += part.definitions
        helperCalls += part.helperCalls
        fontFaceReads = Set(fontFaceReads + part.fontFaceReads).sorted()
        fontValueReads = Set(fontValueReads + part.fontValueReads).sorted()
    }
}

extension [Finding] {
    /// One finding per rule, place and code, with the elements of all: two
    /// families (or a finding and a conditional one that holds) can reach
    /// the same constructor.
    func mergingRepeats() -> [Finding] {
        var first: [RepeatKey: Int] = [:]
        var kept: [Finding] = []
        for finding in self {
            let key = RepeatKey(rule: finding.rule, position: finding.position, current: finding.current)
            if let index = first[key] {
                kept[index].elements = Set(kept[index].elements + finding.elements).sorted()
            } else {
                first[key] = kept.count
                kept.append(finding)
            }
        }
        return kept
    }
}

extension [Finding] {
    /// Two notes that a font cannot be resolved, one about a part of the
    /// other's code on the same line (`.font(size: 49)` inside
    /// `FontFamily.Staatliches.regular.font(size: 49)`), say one thing: the
    /// outer one is kept.
    func droppingNestedUnresolvedNotes() -> [Finding] {
        let notes = filter { $0.rule == .unresolvedFont }
        guard notes.count > 1 else { return self }
        return filter { finding in
            finding.rule != .unresolvedFont || !notes.contains {
                $0.position.line == finding.position.line && $0.current.count > finding.current.count && $0.current.contains(finding.current)
            }
        }
    }
}

private struct RepeatKey: Hashable {
    let rule: RuleID
    let position: SourcePosition
    let current: String
}
