import DynatypeHistory
import DynatypeRules
import Foundation

/// Formats of the history queries.
public enum HistoryFormat: String, CaseIterable, Sendable {
    case table, json, csv
}

/// Renders `log`, `diff`, `trend` and `blame` results.
public enum HistoryRenderer {
    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    static func timestamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    static func percent(_ ratio: Double) -> String { String(format: "%.1f%%", ratio * 100) }

    /// A ratio as CSV carries it: a plain number a spreadsheet reads (0.963).
    static func ratio(_ ratio: Double) -> String { String(format: "%.4f", ratio) }

    // MARK: log

    public static func log(_ entries: [LogEntry], format: HistoryFormat) -> String {
        switch format {
        case .json:
            return JSONOutput.encode(entries.map { CommitDocument($0.record, regression: $0.regression, repository: $0.repository) })
        case .csv:
            let byRepository = entries.contains { $0.repository != nil }
            var table = TextTable((byRepository ? ["repository"] : []) + [
                "commit", "date", "author", "title", "status", "compliance", "errors", "warnings", "notes",
                "introduced", "fixed", "regression", "reasons",
            ])
            for entry in entries {
                let record = entry.record
                let audited = record.status == .audited
                let counted = audited && !record.isBaseline
                table.add((byRepository ? [entry.repository ?? ""] : []) + [
                    record.sha, timestamp(record.committedAt), record.authorName, record.title,
                    audited ? (record.isBaseline ? "baseline" : "audited") : "failed",
                    audited ? ratio(record.summary.complianceRatio) : "", audited ? "\(record.summary.errors)" : "",
                    audited ? "\(record.summary.warnings)" : "", audited ? "\(record.summary.notes)" : "",
                    counted ? "\(record.introduced)" : "", counted ? "\(record.fixed)" : "",
                    entry.regression.isEmpty ? "false" : "true",
                    audited ? (entry.regression + [record.configurationError, record.policyChange].compactMap { $0 }).joined(separator: "; ") : record.error ?? "",
                ])
            }
            return table.csv
        case .table:
            guard !entries.isEmpty else { return "no audited commits match\n" }
            let byRepository = entries.contains { $0.repository != nil }
            var table = TextTable((byRepository ? ["repository"] : []) + ["commit", "date", "author", "title", "compliance", "errors", "warnings", "+introduced/-fixed", "status"])
            for entry in entries {
                let record = entry.record
                let status: String
                if record.status == .failed {
                    status = "failed: \(record.error ?? "")"
                } else if !entry.regression.isEmpty {
                    status = "▼ regression: " + entry.regression.joined(separator: "; ")
                } else {
                    status = record.isBaseline ? "baseline" : ""
                }
                let remarks = [
                    record.configurationError.map { "configuration invalid (audited with the last valid one): \($0)" },
                    record.policyChange.map { "checks lowered: \($0)" },
                ].compactMap { $0 }
                let said = ([status].filter { !$0.isEmpty } + remarks).joined(separator: " · ")
                let failed = record.status == .failed
                table.add((byRepository ? [entry.repository ?? ""] : []) + [
                    String(record.sha.prefix(10)), date(record.committedAt), record.authorName, TextCut.words(record.title, limit: 50),
                    failed ? "–" : percent(record.summary.complianceRatio), failed ? "–" : "\(record.summary.errors)",
                    failed ? "–" : "\(record.summary.warnings)", record.isBaseline || failed ? "–" : "+\(record.introduced)/-\(record.fixed)", said,
                ])
            }
            return table.aligned
        }
    }

    // MARK: diff

    /// Finding changes as CSV, one row each, labelled by kind (diff and show share it).
    static func changesCSV(_ groups: [(kind: String, changes: [FindingChange])]) -> String {
        var table = TextTable(["change", "rule", "severity", "path", "line", "column", "message", "fingerprint"])
        for (kind, changes) in groups {
            for change in changes {
                table.add([kind, change.rule, change.severity.rawValue, change.path, "\(change.line)", "\(change.column)", change.message, change.fingerprint])
            }
        }
        return table.csv
    }

    public static func diff(_ diff: HistoryDiff, format: HistoryFormat) -> String {
        switch format {
        case .json:
            return JSONOutput.encode(DiffDocument(
                from: diff.from.sha, to: diff.to.sha,
                fromSummary: SummaryDocument(diff.from.summary), toSummary: SummaryDocument(diff.to.summary),
                introduced: diff.introduced.map(ChangeDocument.init), fixed: diff.fixed.map(ChangeDocument.init),
                stillFailing: diff.stillFailing.map(ChangeDocument.init)
            ))
        case .csv:
            return changesCSV([("introduced", diff.introduced), ("fixed", diff.fixed), ("still_failing", diff.stillFailing)])
        case .table:
            var out = "\(diff.from.sha.prefix(10)) → \(diff.to.sha.prefix(10)): compliance \(percent(diff.from.summary.complianceRatio)) → \(percent(diff.to.summary.complianceRatio)), errors \(diff.from.summary.errors) → \(diff.to.summary.errors)\n"
            out += section("Introduced", diff.introduced) + section("Fixed", diff.fixed) + section("Still failing", diff.stillFailing)
            return out
        }
    }

    static func section(_ title: String, _ changes: [FindingChange]) -> String {
        let out = "\n\(title) (\(changes.count))\n"
        guard !changes.isEmpty else { return out }
        var table = TextTable(["severity", "rule", "location", "message"])
        for change in changes { table.add([change.severity.rawValue, change.rule, "\(DisplayPath.escaped(change.path)):\(change.line):\(change.column)", change.message]) }
        return out + table.aligned.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
    }

    // MARK: trend

    public static func trend(_ points: [TrendPoint], format: HistoryFormat) -> String {
        switch format {
        case .json:
            return JSONOutput.encode(points.map(TrendDocument.init))
        case .csv:
            return trendCSV([(nil, points)])
        case .table:
            var table = TextTable(["bucket", "commit", "compliance", "errors", "warnings", "files failing"])
            for point in points {
                let summary = point.record.summary
                table.add([
                    point.label, point.isEmpty ? "– (no commit)" : String(point.record.sha.prefix(10)), percent(summary.complianceRatio),
                    "\(summary.errors)", "\(summary.warnings)", "\(summary.filesFailing)",
                ])
            }
            guard let first = points.first, let last = points.last else { return "no audited commits in range\n" }
            // Compliance on the period's own range, at least 5 points wide:
            // 96.6 % and 100 % differ, 99.9 % and 100 % barely.
            let ratios = Sparkline.fitted(points.map(\.record.summary.complianceRatio))
            let scale = Sparkline.fittedRange(ratios, floor: 0.05, within: 0...1)
            let spark = "compliance \(Sparkline.render(ratios, range: scale)) \(percent(first.record.summary.complianceRatio)) → "
                + "\(percent(last.record.summary.complianceRatio)) (scale \(percent(scale.lowerBound))–\(percent(scale.upperBound)))"
            let errorCounts = Sparkline.fitted(points.map { Double($0.record.summary.errors) })
            let errorRange = "\(Int(errorCounts.min() ?? 0))–\(Int(errorCounts.max() ?? 0))"
            let errors = "errors     \(Sparkline.render(errorCounts)) \(first.record.summary.errors) → \(last.record.summary.errors) (scale \(errorRange))"
            return spark + "\n" + errors + "\n\n" + table.aligned
        }
    }

    /// Several repositories' trends: one table each, or one CSV or JSON
    /// document with the repository on every point.
    public static func trends(_ series: [(repository: String, points: [TrendPoint])], format: HistoryFormat) -> String {
        switch format {
        case .table:
            return series.map { "\($0.repository)\n" + trend($0.points, format: .table) }.joined(separator: "\n")
        case .csv:
            return trendCSV(series.map { ($0.repository, $0.points) })
        case .json:
            return JSONOutput.encode(series.map { RepositoryTrendDocument(repository: $0.repository, points: $0.points.map(TrendDocument.init)) })
        }
    }

    /// Trend points as CSV, with a repository column when they are named.
    private static func trendCSV(_ series: [(repository: String?, points: [TrendPoint])]) -> String {
        let named = series.contains { $0.repository != nil }
        var table = TextTable((named ? ["repository"] : []) + ["bucket", "commit", "date", "compliance", "errors", "warnings", "files_failing"])
        for (repository, points) in series {
            for point in points {
                let summary = point.record.summary
                table.add((named ? [repository ?? ""] : []) + [
                    point.label, point.isEmpty ? "" : point.record.sha, point.isEmpty ? "" : timestamp(point.record.committedAt),
                    ratio(summary.complianceRatio), "\(summary.errors)", "\(summary.warnings)", "\(summary.filesFailing)",
                ])
            }
        }
        return table.csv
    }

    // MARK: blame

    public static func blame(_ entries: [BlameEntry], path: String, format: HistoryFormat) -> String {
        switch format {
        case .json:
            return JSONOutput.encode(entries.map(BlameDocument.init))
        case .csv:
            var table = TextTable(["path", "line", "column", "severity", "rule", "commit", "date", "author", "message"])
            for entry in entries {
                table.add([
                    entry.path, "\(entry.finding.position.line)", "\(entry.finding.position.column)", entry.finding.severity.rawValue,
                    entry.finding.rule.rawValue, entry.commit?.sha ?? "", entry.commit.map { timestamp($0.committedAt) } ?? "",
                    entry.commit?.authorName ?? "", entry.finding.message,
                ])
            }
            return table.csv
        case .table:
            guard !entries.isEmpty else { return "\(path): no findings\n" }
            var table = TextTable(["path:line", "severity", "rule", "commit", "date", "author", "message"])
            for entry in entries {
                let commit = entry.commit
                table.add([
                    "\(entry.path):\(entry.finding.position.line)", entry.finding.severity.rawValue, entry.finding.rule.rawValue,
                    commit.map { String($0.sha.prefix(10)) } ?? "(before history)", commit.map { date($0.committedAt) } ?? "",
                    commit?.authorName ?? "", entry.finding.message,
                ])
            }
            return table.aligned
        }
    }
}

// MARK: JSON documents

struct CommitDocument: Encodable {
    /// Only in a log of every repository.
    let repository: String?
    let commit: String
    let parent: String?
    let base: String?
    let status: String
    let error: String?
    let baseline: Bool
    let author: String
    let email: String
    let date: String
    let title: String
    /// Absent for a failed commit: it has no numbers.
    let summary: SummaryDocument?
    let regression: [String]
    let configurationError: String?
    let policyChange: String?
    let moved: Int
    let noLongerChecked: Int
    let filesNotAudited: Int
    let notAudited: [String: String]

    enum CodingKeys: String, CodingKey {
        case repository, commit, parent, base, status, error, baseline, author, email, date, title, summary, regression, moved
        case configurationError = "configuration_error"
        case policyChange = "policy_change"
        case noLongerChecked = "no_longer_checked"
        case filesNotAudited = "files_not_audited"
        case notAudited = "not_audited"
    }

    init(_ record: CommitRecord, regression: [String], repository: String? = nil) {
        self.repository = repository
        commit = record.sha
        parent = record.parent
        base = record.base
        status = record.status.rawValue
        error = record.error
        baseline = record.isBaseline
        author = record.authorName
        email = record.authorEmail
        date = HistoryRenderer.timestamp(record.committedAt)
        title = record.title
        summary = record.status == .failed ? nil : SummaryDocument(record.summary, introduced: record.introduced, fixed: record.fixed)
        self.regression = regression
        configurationError = record.configurationError
        policyChange = record.policyChange
        moved = record.moved
        noLongerChecked = record.unchecked
        filesNotAudited = record.filesNotAudited
        notAudited = record.notAudited
    }
}

struct ChangeDocument: Encodable {
    let rule: String
    let severity: Severity
    let path: String
    let line: Int
    let column: Int
    let message: String
    let fix: String
    let current: String
    let fingerprint: String
    /// For a moved finding: where it came from.
    let fromPath: String?

    init(_ change: FindingChange) {
        rule = change.rule
        severity = change.severity
        path = change.path
        line = change.line
        column = change.column
        message = change.message
        fix = change.fix
        current = change.current
        fingerprint = change.fingerprint
        fromPath = change.fromPath
    }
}

struct DiffDocument: Encodable {
    let from: String
    let to: String
    let fromSummary: SummaryDocument
    let toSummary: SummaryDocument
    let introduced: [ChangeDocument]
    let fixed: [ChangeDocument]
    let stillFailing: [ChangeDocument]
}

struct TrendDocument: Encodable {
    let bucket: String
    /// Absent for a bucket without a commit (its summary is carried forward).
    let commit: String?
    let date: String
    let summary: SummaryDocument

    init(_ point: TrendPoint) {
        bucket = point.label
        commit = point.isEmpty ? nil : point.record.sha
        date = HistoryRenderer.timestamp(point.record.committedAt)
        summary = SummaryDocument(point.record.summary)
    }
}

struct RepositoryTrendDocument: Encodable {
    let repository: String
    let points: [TrendDocument]
}

struct BlameDocument: Encodable {
    let path: String
    let line: Int
    let column: Int
    let rule: String
    let severity: String
    let message: String
    let fingerprint: String
    let commit: String?
    let author: String?
    let date: String?

    init(_ entry: BlameEntry) {
        path = entry.path
        line = entry.finding.position.line
        column = entry.finding.position.column
        rule = entry.finding.rule.rawValue
        severity = entry.finding.severity.rawValue
        message = entry.finding.message
        fingerprint = entry.fingerprint
        commit = entry.commit?.sha
        author = entry.commit?.authorName
        date = entry.commit.map { HistoryRenderer.timestamp($0.committedAt) }
    }
}
