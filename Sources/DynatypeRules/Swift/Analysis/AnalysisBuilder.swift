import SwiftSyntax

/// Accumulates one file's phase-one analysis while the rule families run.
final class AnalysisBuilder {
    let context: FileContext
    private(set) var analysis = FileAnalysis(language: .swift)
    /// Constructor nodes a rule family has already judged, so the generic
    /// constructor pass does not report them a second time.
    private var judgedConstructors: Set<SyntaxIdentifier> = []
    /// The family running now. What a family declares it `emits` is what the
    /// registry promises, so reporting anything else is a bug; debug builds
    /// (the tests, which run every rule example) check it.
    var reportingFamily: (any RuleFamily.Type)?
    /// Elements whose findings keep no replacement (`FixHold`).
    private var holds: [Int: FixHold] = [:]

    init(context: FileContext) {
        self.context = context
    }

    func addElement(_ element: TextElement) -> Int {
        analysis.elements.append(element)
        return analysis.elements.count - 1
    }

    func setStatus(_ status: ElementFontStatus, ofElement index: Int) {
        analysis.elements[index].status = status
    }

    func setFont(_ font: String, status: ElementFontStatus, ofElement index: Int) {
        analysis.elements[index].font = font
        analysis.elements[index].status = status
    }

    func element(_ index: Int) -> TextElement { analysis.elements[index] }

    func hold(fixesOfElement index: Int, _ hold: FixHold) { holds[index] = hold }

    private func applyingHolds(_ finding: Finding) -> Finding {
        guard let hold = finding.elements.lazy.compactMap({ self.holds[$0] }).first(where: { $0.holds(finding.rule) }) else { return finding }
        return finding.withoutReplacement(because: hold.reason)
    }

    /// A finding with the catalogue's severity for `rule` (see `Finding.init`).
    func makeFinding(
        _ rule: RuleID, escalated: Bool = false, at node: some SyntaxProtocol, message: String,
        current: String? = nil, replacement: String? = nil, fix: String, elements: [Int] = []
    ) -> Finding {
        var finding = Finding(
            rule: rule, escalated: escalated, position: context.position(of: node), message: message,
            current: current ?? node.oneLine,
            replacement: replacement, fix: fix, declaration: context.declarationPath(of: node), elements: elements
        )
        finding.compiledOn = PlatformBranch.platforms(of: node)
        return finding
    }

    func report(_ finding: Finding) {
        checkDeclared(finding.rule)
        guard applies(finding.rule) else { return }
        let finding = applyingHolds(finding)
        if WidgetCanvas.layoutRules.contains(finding.rule) {
            analysis.conditionalFindings.append(ConditionalFinding(finding: finding, condition: .outsideWidgetExtension))
        } else {
            analysis.findings.append(finding)
        }
    }

    func report(_ finding: Finding, when condition: FindingCondition) {
        checkDeclared(finding.rule)
        guard applies(finding.rule) else { return }
        let finding = applyingHolds(finding)
        let condition = WidgetCanvas.layoutRules.contains(finding.rule) ? .all([condition, .outsideWidgetExtension]) : condition
        analysis.conditionalFindings.append(ConditionalFinding(finding: finding, condition: condition))
    }

    /// Widget content has no room to grow into (`WidgetCanvas`): in a file
    /// that imports WidgetKit, and (decided with the whole audit) in the
    /// folder of a widget extension's entry point.
    private func applies(_ rule: RuleID) -> Bool {
        !context.facts.drawsOnFixedCanvas || !WidgetCanvas.layoutRules.contains(rule)
    }

    private func checkDeclared(_ rule: RuleID) {
        assert(
            reportingFamily.map { $0.emits.contains(rule) } ?? true,
            "\(String(describing: reportingFamily)) reports `\(rule.rawValue)` without declaring it in `emits`"
        )
    }

    func finding(for site: FontSite, elements: [Int] = []) -> Finding {
        var finding = makeFinding(site.rule, at: site.reportedAt ?? site.node, message: site.message, replacement: site.replacement, fix: site.fix, elements: elements)
        finding.onMacOS = site.onMacOS
        finding.onWatchOS = site.onWatchOS
        return finding
    }

    func addDefinition(_ definition: SymbolDefinition) { analysis.definitions.append(definition) }

    func addHelperCalls(_ calls: [FontValue]) { analysis.helperCalls += calls }

    func setFontReads(face: Set<String>, font: Set<String>) {
        analysis.fontFaceReads = face.sorted()
        analysis.fontValueReads = font.sorted()
    }

    func addRemark(_ remark: String) { analysis.remarks.append(remark) }

    func isJudged(_ node: some SyntaxProtocol) -> Bool { judgedConstructors.contains(node.id) }

    func markJudged(_ sites: [FontSite]) { sites.forEach { judgedConstructors.insert($0.node.id) } }

    /// Reports a constructor site: certain, or conditional on its size (and
    /// on `also`, when given). A size that is a parameter of a font helper
    /// makes the finding depend on the helper's calls; a parameter of
    /// anything else leaves the font unresolved, which the element's status
    /// already says.
    func report(_ site: FontSite, elements: [Int] = [], also: FindingCondition? = nil, hold: FixHold? = nil) {
        judgedConstructors.insert(site.node.id)
        let found = finding(for: site, elements: elements)
        let finding = hold.map { found.withoutReplacement(because: $0.reason) } ?? found
        var conditions = also.map { [$0] } ?? []
        if let type = site.readOnceIn { conditions.append(.notRefreshedOnSizeChange(type: type)) }
        switch site.dependency {
        case nil, .scales?, .fixed?:
            break
        case .symbol?, .initialized?:
            conditions.append(.sizeIsFixed(site.dependency!))
        case .parameter(let name)?:
            guard let helper = SymbolCollector.enclosingHelperKey(of: site.node, parameter: name) else { return }
            conditions.append(.helperCalledWithFixedSize(helper))
        }
        switch conditions.count {
        case 0: report(finding)
        case 1: report(finding, when: conditions[0])
        default: report(finding, when: .all(conditions))
        }
    }
}
