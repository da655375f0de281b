import DynatypeRules
import Foundation

/// SARIF 2.1.0: the rule catalogue in `tool.driver.rules`, results with
/// URIs relative to `%SRCROOT%` (the audited folder) and line-free
/// `partialFingerprints`. Against a baseline, each result carries its
/// `baselineState` (`new`, `unchanged`, and `absent` for a baselined finding
/// that is gone); for a change, only the introduced findings are results.
struct SARIFReporter {
    func render(_ outcome: AuditOutcome) -> String {
        let rules = RuleCatalogue.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var results: [[String: Any]] = []
        for report in outcome.reports {
            for (index, (finding, fingerprint)) in zip(report.findings, Fingerprint.of(report.findings, path: report.path)).enumerated() {
                let state = outcome.state(ofFinding: index, in: report)
                if state == .unchanged, outcome.comparison?.isChange == true { continue }
                var result: [String: Any] = [
                    "ruleId": finding.rule.rawValue,
                    "ruleIndex": ruleIndex[finding.rule]!,
                    "level": finding.severity.rawValue,
                    "message": ["text": finding.messageWithFix],
                    "locations": [[
                        "physicalLocation": [
                            "artifactLocation": ["uri": Self.uri(report.path), "uriBaseId": "%SRCROOT%"],
                            "region": [
                                "startLine": finding.position.line, "startColumn": finding.position.column,
                                "snippet": ["text": finding.current],
                            ],
                        ],
                    ]],
                    "partialFingerprints": ["dynatypeFindingHash/v1": fingerprint],
                ]
                if let replacement = finding.replacement {
                    result["properties"] = ["replacement": replacement]
                    if let fix = Self.fix(finding, replacement: replacement, uri: Self.uri(report.path)) { result["fixes"] = [fix] }
                }
                if outcome.comparison != nil { result["baselineState"] = state.rawValue }
                results.append(result)
            }
        }
        if let comparison = outcome.comparison, !comparison.isChange {
            results += comparison.absent.map { Self.absentResult($0, ruleIndex: ruleIndex) }
        }
        let notifications: [[String: Any]] = outcome.skipped.map { skipped in
            [
                "level": skipped.isError ? "error" : "warning",
                "message": ["text": "\(skipped.path): \(skipped.reason)"],
            ]
        }
        let root = outcome.root.hasSuffix("/") ? outcome.root : outcome.root + "/"
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "dynatype",
                    "version": DynatypeVersion.current,
                    "semanticVersion": DynatypeVersion.current,
                    "informationUri": "https://github.com/dynatype/dynatype",
                    "rules": rules.map(Self.descriptor),
                ]],
                "originalUriBaseIds": ["%SRCROOT%": ["uri": URL(fileURLWithPath: root, isDirectory: true).absoluteString]],
                "invocations": [[
                    "executionSuccessful": !outcome.skipped.contains(where: \.isError),
                    "toolExecutionNotifications": notifications,
                ]],
                "results": results,
            ]],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A baselined finding that no longer occurs: where it was, without a line.
    private static func absentResult(_ absent: AbsentFinding, ruleIndex: [RuleID: Int]) -> [String: Any] {
        var result: [String: Any] = [
            "ruleId": absent.rule,
            "level": "none",
            "baselineState": "absent",
            "message": ["text": "fixed since the baseline: \(absent.current)"],
            "locations": [["physicalLocation": ["artifactLocation": ["uri": uri(absent.path), "uriBaseId": "%SRCROOT%"]]]],
            "partialFingerprints": ["dynatypeFindingHash/v1": absent.fingerprint],
        ]
        if let rule = RuleID(rawValue: absent.rule), let index = ruleIndex[rule] { result["ruleIndex"] = index }
        return result
    }

    /// The replacement as an `artifactChange` over the finding's code, for
    /// the rules whose replacement takes the code's place (an inserted
    /// statement or a widened bound has no such region). A failable
    /// `UIFont(name:size:)` needs its `!` moved inside the wrapper: not a plain replacement.
    private static func fix(_ finding: Finding, replacement: String, uri: String) -> [String: Any]? {
        guard FixableRules.strategies[finding.rule] == .replace, !finding.current.hasPrefix("UIFont(name:") else { return nil }
        let start = finding.position
        return [
            "description": ["text": finding.fix],
            "artifactChanges": [[
                "artifactLocation": ["uri": uri, "uriBaseId": "%SRCROOT%"],
                "replacements": [[
                    "deletedRegion": [
                        "startLine": start.line, "startColumn": start.column,
                        "endLine": start.line, "endColumn": start.column + finding.current.utf8.count,
                    ],
                    "insertedContent": ["text": replacement],
                ]],
            ]],
        ]
    }

    /// The first page of Apple's documentation the rule's sources cite.
    static func helpURI(_ rule: RuleDescriptor) -> String? {
        guard let start = rule.sources.range(of: "https://") else { return nil }
        let rest = rule.sources[start.lowerBound...]
        return String(rest.prefix { $0 != ")" && $0 != " " && $0 != ";" })
    }

    /// SARIF's `name` is an identifier-like word: `fixed_font_size` → `FixedFontSize`.
    static func pascalCase(_ id: RuleID) -> String {
        id.rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func descriptor(_ rule: RuleDescriptor) -> [String: Any] {
        var descriptor: [String: Any] = [
            "id": rule.id.rawValue,
            "name": pascalCase(rule.id),
            "shortDescription": ["text": rule.summary],
            "fullDescription": ["text": "\(rule.summary). \(rule.rationale)"],
            "help": ["text": "Fix: \(rule.fix)", "markdown": "**Fix:** \(rule.fix)"],
            "defaultConfiguration": ["level": rule.defaultSeverity.rawValue],
            "properties": ["tags": ["accessibility", "dynamic-type"], "sources": rule.sources],
        ]
        if let help = helpURI(rule) { descriptor["helpUri"] = help }
        return descriptor
    }

    /// A relative URI reference: path segments percent-encoded, `/` kept.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
