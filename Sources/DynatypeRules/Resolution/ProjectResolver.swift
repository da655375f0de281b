/// Phase two: turns phase-one analyses into reports, given the symbols of the
/// whole audit, the rule configuration and each file's suppression comments.
/// Pure and cheap (no syntax), so the history can re-resolve files whose
/// symbols changed without reparsing them.
public struct ProjectResolver: Sendable {
    public let configuration: RuleConfiguration

    public init(configuration: RuleConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Resolves every file of an audit against the audit's own symbols and
    /// those of its context: other files of the project, which define
    /// symbols and call helpers but are not reported.
    public func resolve(_ files: [(path: String, analysis: FileAnalysis)], context: [(path: String, analysis: FileAnalysis)] = []) -> [FileReport] {
        let symbols = SymbolTable(files: files + context)
        return files.map { resolve($0.analysis, path: $0.path, symbols: symbols) }
    }

    public func resolve(_ analysis: FileAnalysis, path: String, symbols table: SymbolTable) -> FileReport {
        let symbols = table.seen(from: path)
        var findings = analysis.findings
        for conditional in analysis.conditionalFindings where holds(conditional.condition, symbols) {
            findings.append(annotate(conditional, symbols))
        }
        // Text styles have macOS's sizes in a macOS-only project, and a font no import tells is AppKit's.
        for index in findings.indices {
            if configuration.platforms == [.macOS], let alternative = findings[index].onMacOS {
                findings[index].replacement = alternative.replacement
                findings[index].fix = alternative.fix
                if let rule = alternative.rule { findings[index].rule = rule }
                if let message = alternative.message { findings[index].message = message }
            }
            findings[index].onMacOS = nil
            if let alternative = findings[index].onWatchOS, symbols.viewerIsInWatchApp {
                findings[index].replacement = alternative.replacement
                findings[index].fix = alternative.fix
            }
            findings[index].onWatchOS = nil
        }
        // Code in an `#if` branch for platforms the project does not build never compiles.
        findings.removeAll { $0.compiledOn.map { $0.isDisjoint(with: configuration.platforms) } ?? false }
        for index in findings.indices { findings[index].compiledOn = nil }
        let styles = RedefinedTextStyles(symbols)
        findings = findings.map(styles.respelling)
        findings = findings.mergingRepeats().droppingNestedUnresolvedNotes().filter { configuration.isEnabled($0.rule) }
        for index in findings.indices { findings[index].severity = configuration.severity(of: findings[index]) }

        var suppressions = SuppressionRanges(analysis.suppressions)
        findings = findings.filter { !suppressions.suppresses($0) }
        findings += suppressions.superfluous(configuration: configuration)
        findings.sort { ($0.position, $0.rule) < ($1.position, $1.rule) }

        // The first error on each element fails it (looked up once, not per
        // element); so does a warning on an element whose font does not
        // scale (`unset_font`, `font_size_read_once`).
        var failures: [Int: Finding] = [:]
        for finding in findings where finding.severity == .error {
            for index in finding.elements where failures[index] == nil { failures[index] = finding }
        }
        for finding in findings where finding.severity == .warning {
            for index in finding.elements where failures[index] == nil && analysis.elements[index].status == .fixed { failures[index] = finding }
        }
        let elements = analysis.elements.indices.map { audit(element: $0, in: analysis, failure: failures[$0], symbols: symbols) }
        var remarks = analysis.remarks
        if elements.isEmpty, findings.isEmpty { remarks.insert("no text elements found", at: 0) }
        let verdict: FileReport.Verdict = findings.contains { $0.severity == .error } ? .fail : .pass
        return FileReport(path: path, verdict: verdict, findings: findings, elements: elements, remarks: remarks)
    }

    /// The font a finding depends on, for its message.
    private static func fontValue(of condition: FindingCondition) -> FontValue? {
        switch condition {
        case .fontOutcome(let value, _): return value
        case .all(let conditions): return conditions.lazy.compactMap(fontValue).first
        default: return nil
        }
    }

    private func holds(_ condition: FindingCondition, _ symbols: SymbolTable) -> Bool {
        switch condition {
        case .fontOutcome(let value, let outcome): return symbols.outcome(of: value) == outcome
        case .sizeIsFixed(let size): return symbols.sizeIsFixed(size)
        case .helperCalledWithFixedSize(let key): return symbols.isHelperCalledWithFixedSize(key)
        case .isTextView(let type, let byName): return symbols.isTextView(type) ?? byName
        case .classIsAppKit(let type, let appKit): return (symbols.isAppKitClass(type) ?? false) == appKit
        case .outletDoesNotAdjustFont(let owner, let property): return !symbols.outletAdjustsFont(owner: owner, property: property)
        case .noAppearanceFont(let type): return !symbols.hasAppearanceFont(type) && !symbols.stylesItselfWhenMade(type)
        case .outletFontNotSetInCode(let owner, let property):
            let owners = symbols.lineage(of: owner)
            return !symbols.definitions(named: property, kind: .outletFontInCode).contains { $0.definition.container.map(owners.contains) ?? false }
        case .outletFontNotAssignedInCode(let owner, let property):
            let owners = symbols.lineage(of: owner)
            return !symbols.definitions(named: property, kind: .outletFontInCode).contains {
                ($0.definition.container.map(owners.contains) ?? false) && $0.definition.value == .font(.unresolved(OutletFontInCode.assigned))
            }
        case .classKeepsDocumentFont(let type): return !symbols.replacesDocumentFont(type)
        case .outsideWidgetExtension: return !symbols.viewerIsInWidgetExtension
        case .notRefreshedOnSizeChange(let type): return symbols.everyDefinition(named: type, kind: .sizeChangeRefresh).isEmpty
        case .all(let conditions): return conditions.allSatisfy { holds($0, symbols) }
        case .readAsFont(let property): return symbols.isReadAsFont(property)
        }
    }

    /// A use of a fixed token names the definition to fix; an unresolved
    /// symbol says "not defined in the audited code" only when it is not.
    private func annotate(_ conditional: ConditionalFinding, _ symbols: SymbolTable) -> Finding {
        var finding = conditional.finding
        guard let value = Self.fontValue(of: conditional.condition), let site = symbols.definitionSite(of: value) else { return finding }
        switch finding.rule {
        case .fixedFontToken:
            finding.message += " (defined at \(site))"
            finding.fix = "fix the definition at \(site) so it scales"
        case .unresolvedFont where symbols.isPassedByNoCall(value):
            finding.message = "the font cannot be resolved: \(Self.passedByNoCall(finding.current))"
            finding.fix = "check that the fonts passed to its initializer scale"
        case .unresolvedFont:
            let reason = UnresolvedExplanation(value, symbols).reason ?? "its definitions (\(site)) cannot be classified"
            finding.message = "`\(finding.current)` is defined in the audited code, but \(reason)"
            finding.fix = "check that the definition at \(site) scales"
        default:
            break
        }
        return finding
    }

    private func audit(element index: Int, in analysis: FileAnalysis, failure: Finding?, symbols: SymbolTable) -> AuditedElement {
        let element = analysis.elements[index]
        if let failure {
            return AuditedElement(element: element, verdict: .failing, reason: "\(failure.message) (\(failure.rule.rawValue))")
        }
        switch element.status {
        case .scales(let reason): return AuditedElement(element: element, verdict: .passing, reason: reason)
        case .exempt(let reason): return AuditedElement(element: element, verdict: .passing, reason: "exempt: \(reason)")
        case .unresolved(let reason): return AuditedElement(element: element, verdict: .unresolved, reason: reason)
        case .fixed: return AuditedElement(element: element, verdict: .passing, reason: "fixed font, finding suppressed or disabled")
        case .symbol(let value):
            switch symbols.outcome(of: value) {
            case .scales: return AuditedElement(element: element, verdict: .passing, reason: "the font's definition scales")
            case .readOnce:
                return AuditedElement(element: element, verdict: .passing, reason: "the font's size is read once from a text style (font_size_read_once at its definition)")
            case .fixed: return AuditedElement(element: element, verdict: .passing, reason: "fixed font, finding suppressed or disabled")
            case .unresolved where symbols.isPassedByNoCall(value):
                return AuditedElement(element: element, verdict: .unresolved, reason: Self.passedByNoCall(element.font))
            case .unresolved:
                let reason = UnresolvedExplanation(value, symbols).reason.map { "the font is defined in the audited code, but \($0)" }
                    ?? Self.unresolvedReason(value)
                return AuditedElement(element: element, verdict: .unresolved, reason: reason)
            }
        }
    }
}

extension ProjectResolver {
    static func passedByNoCall(_ font: String) -> String {
        "`\(font)` is what the callers of its type's initializer pass, and no call of it in the audited code does"
    }

    /// Why a value with no definition site is unresolved.
    static func unresolvedReason(_ value: FontValue) -> String {
        switch value {
        case .sized(.parameter(let name)): return "its size `\(name)` is passed in as a parameter"
        case .sized(.initialized(let type, let property)):
            return "its size `\(property)` is set by `\(type)`'s initializer, and no call of it in the audited code passes a size"
        default: return "the font's definition is not in the audited code"
        }
    }
}

/// The lines and rules each suppression comment covers, and which of them
/// suppressed something (for `superfluous_suppression`).
struct SuppressionRanges {
    private struct Cover {
        let suppression: Suppression
        let lines: ClosedRange<Int>
        var used: Set<String> = []
    }

    private var covers: [Cover]

    init(_ suppressions: [Suppression]) {
        var covers: [Cover] = []
        for (offset, suppression) in suppressions.enumerated() {
            let line = suppression.position.line
            switch suppression.scope {
            case .next: covers.append(Cover(suppression: suppression, lines: (line + 1)...(line + 1)))
            case .this: covers.append(Cover(suppression: suppression, lines: line...line))
            case .previous: covers.append(Cover(suppression: suppression, lines: max(1, line - 1)...max(1, line - 1)))
            case .enable: continue
            case .disable:
                let end = suppressions[(offset + 1)...].first { later in
                    later.scope == .enable && !Set(later.rules).isDisjoint(with: Set(suppression.rules).union(["all"]))
                }?.position.line ?? Int.max
                covers.append(Cover(suppression: suppression, lines: line...end))
            }
        }
        self.covers = covers
    }

    mutating func suppresses(_ finding: Finding) -> Bool {
        var suppressed = false
        for index in covers.indices where covers[index].lines.contains(finding.position.line) {
            for rule in covers[index].suppression.rules where rule == "all" || rule == finding.rule.rawValue {
                covers[index].used.insert(rule)
                suppressed = true
            }
        }
        return suppressed
    }

    /// A `superfluous_suppression` for each rule of a comment that suppressed nothing.
    func superfluous(configuration: RuleConfiguration) -> [Finding] {
        guard configuration.isEnabled(.superfluousSuppression) else { return [] }
        var findings: [Finding] = []
        for cover in covers {
            for rule in cover.suppression.rules where !cover.used.contains(rule) {
                let known = rule == "all" || RuleID(rawValue: rule) != nil
                if let id = RuleID(rawValue: rule), !configuration.isEnabled(id) { continue }
                var finding = Finding(
                    rule: .superfluousSuppression, position: cover.suppression.position,
                    message: known
                        ? "`dynatype:\(cover.suppression.scope.commandText) \(rule)` suppresses nothing"
                        : "`\(rule)` is not a dynatype rule id",
                    // The rule it is about, not the comment's whole list: a comment of thousands of words made each finding that long.
                    current: "dynatype:\(cover.suppression.scope.commandText) \(rule)",
                    fix: known ? "remove the suppression comment" : "use a rule id from `dynatype rules`",
                    declaration: "suppression"
                )
                finding.severity = configuration.severity(of: finding)
                findings.append(finding)
            }
        }
        return findings
    }
}

extension Suppression.Scope {
    var commandText: String {
        switch self {
        case .next: return "disable:next"
        case .this: return "disable:this"
        case .previous: return "disable:previous"
        case .disable: return "disable"
        case .enable: return "enable"
        }
    }
}
