import DynatypeRules
import Foundation

/// Today's findings, accepted as debt: recorded by their line-independent
/// fingerprints so moved code stays matched, with paths relative to the
/// baseline file's folder (the same file works from any checkout). Written as
/// stable JSON — sorted, no absolute paths, no timestamps — so it diffs well.
public struct Baseline: Equatable, Sendable {
    public struct Entry: Codable, Hashable, Sendable, Comparable {
        public var path: String
        public var rule: String
        public var fingerprint: String
        /// The code the finding is on, so a reviewer can read the file.
        public var code: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.rule, lhs.fingerprint) < (rhs.path, rhs.rule, rhs.fingerprint)
        }
    }

    public private(set) var entries: [Entry]
    /// The folder entry paths are relative to.
    public let folder: URL

    public init(entries: [Entry], folder: URL) {
        self.entries = Array(Set(entries)).sorted()
        self.folder = folder.standardizedFileURL
    }

    /// The baseline of an audit: every finding of the audited paths, plus the
    /// entries of `previous` that lie outside them (auditing a subfolder does
    /// not forget the rest). Entries inside them that no longer occur are
    /// dropped, so rewriting a baseline shrinks it as debt is paid.
    public init(recording outcome: AuditOutcome, scope: [URL], folder: URL, previous: Baseline?) {
        var entries = previous?.entries.filter { !Self.covers(scope, $0.path, folder: folder) } ?? []
        for report in outcome.reports {
            let path = Self.path(of: report, in: outcome, relativeTo: folder)
            for (finding, fingerprint) in zip(report.findings, Fingerprint.of(report.findings, path: path)) {
                entries.append(Entry(path: path, rule: finding.rule.rawValue, fingerprint: fingerprint, code: finding.current))
            }
        }
        self.init(entries: entries, folder: folder)
    }

    /// The audit judged against the baseline: its findings are `unchanged`,
    /// the others `new`; entries of audited files that no longer occur are absent.
    public func compare(_ outcome: AuditOutcome, scope: [URL], file: String) -> AuditOutcome {
        let known = Set(entries.map(\.fingerprint))
        var seen = Set<String>()
        var states: [String: [FindingComparison.State]] = [:]
        for report in outcome.reports {
            let fingerprints = Fingerprint.of(report.findings, path: Self.path(of: report, in: outcome, relativeTo: folder))
            seen.formUnion(fingerprints)
            states[report.path] = fingerprints.map { known.contains($0) ? .unchanged : .new }
        }
        let absent = entries.filter { !seen.contains($0.fingerprint) && Self.covers(scope, $0.path, folder: folder) }.map {
            // Reported like the audit's own paths: relative to its root.
            let path = Self.relative(folder.appendingPathComponent($0.path).path, to: outcome.root)
            return AbsentFinding(path: path, rule: $0.rule, fingerprint: $0.fingerprint, current: $0.code)
        }
        return outcome.comparing(FindingComparison(reference: .baseline(file: file), states: states, absent: absent))
    }

    // MARK: File

    private struct Document: Codable {
        var tool = "dynatype"
        var version = 1
        var findings: [Entry]
    }

    public func write(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try (encoder.encode(Document(findings: entries)) + Data("\n".utf8)).write(to: file, options: .atomic)
    }

    public static func read(from file: URL) throws -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw BaselineError(message: "cannot read baseline \(file.path); create it with `dynatype audit --write-baseline \(file.lastPathComponent)`")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw BaselineError(message: "\(file.path) is not a dynatype baseline (\(Self.describe(error)))")
        }
        guard document.tool == "dynatype", document.version == 1 else {
            throw BaselineError(message: "\(file.path) is a baseline of \(document.tool) version \(document.version); this dynatype reads version 1")
        }
        return Baseline(entries: document.findings, folder: file.deletingLastPathComponent())
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty: return "not valid JSON"
        case DecodingError.keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "\(error)"
        }
    }

    // MARK: Paths

    /// A report's path relative to `folder` (with `..` when it lies outside).
    static func path(of report: FileReport, in outcome: AuditOutcome, relativeTo folder: URL) -> String {
        let absolute = report.path.hasPrefix("/") ? report.path : (outcome.root as NSString).appendingPathComponent(report.path)
        return relative(absolute, to: folder.path)
    }

    static func relative(_ path: String, to folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        let common = zip(target, base).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }

    /// Whether an entry's file lies under one of the audited paths.
    private static func covers(_ scope: [URL], _ entryPath: String, folder: URL) -> Bool {
        let absolute = folder.appendingPathComponent(entryPath).standardizedFileURL.path
        return scope.contains { root in
            let prefix = root.standardizedFileURL.path
            return absolute == prefix || absolute.hasPrefix(prefix.hasSuffix("/") ? prefix : prefix + "/")
        }
    }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
