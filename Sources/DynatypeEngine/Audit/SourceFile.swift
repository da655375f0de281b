import DynatypeGit
import DynatypeRules
import Foundation
import SwiftParser
import SwiftSyntax

/// The kinds of file dynatype audits, by extension.
public enum SourceKind: Sendable {
    case swift
    case interfaceBuilder

    public init?(path: String) {
        // Not `NSString.pathExtension`: this runs for every file of a listing.
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "swift": self = .swift
        case "xib", "storyboard": self = .interfaceBuilder
        default: return nil
        }
    }

    /// The analyzer version for this kind, part of every cache key.
    public var analyzerVersion: String {
        switch self {
        case .swift: return SwiftFileAnalyzer.version
        case .interfaceBuilder: return InterfaceBuilderAnalyzer.version
        }
    }
}

/// The version of a file that a new version replaces, for incremental parsing.
public struct PreviousVersion: Sendable {
    public let blob: String

    public init(blob: String) {
        self.blob = blob
    }
}

/// Turns a file's bytes into a phase-one analysis, whatever the bytes are:
/// binary content, oversized files and files whose analysis runs over its
/// CPU budget are declined with a reason; bytes that are not UTF-8 are
/// audited with replacement characters and a remark. With a
/// tree cache, a new version of a cached blob is parsed incrementally; with a
/// memo, unchanged declarations are not analyzed again.
public struct FileAnalyzer: Sendable {
    public let maximumBytes: Int
    public let trees: SyntaxTreeCache?
    public let memo: AnalysisMemo?
    /// Skip parsing files no rule could react to (same results, see `SourcePrefilter`).
    public let prefilter: Bool
    /// CPU seconds any file may take, before its share per byte.
    public let timeLimit: Double

    /// Ten seconds is ~8 MB of ordinary Swift; garbled shapes the parser
    /// is exponential on pass it within a few dozen bytes.
    public static let defaultTimeLimit = 10.0
    /// Three times the parser's ordinary cost, so a file allowed by
    /// `max_file_size_kb` is never over budget by its size alone.
    static let secondsPerKilobyte = 0.004

    public init(
        maximumBytes: Int = ProjectConfiguration.defaultMaximumFileBytes, trees: SyntaxTreeCache? = nil, memo: AnalysisMemo? = nil,
        prefilter: Bool = true, timeLimit: Double = defaultTimeLimit
    ) {
        self.maximumBytes = maximumBytes
        self.trees = trees
        self.memo = memo
        self.prefilter = prefilter
        self.timeLimit = timeLimit
    }

    public enum Outcome: Sendable {
        case analyzed(FileAnalysis)
        case declined(String)
    }

    /// Analyzes a file's bytes; `blob` and `path` name them for the tree
    /// cache, and `previous` is the version they are parsed from.
    public func analyze(_ data: Data, kind: SourceKind, blob: String? = nil, path: String? = nil, previous: PreviousVersion? = nil) -> Outcome {
        if let reason = sizeLimitReason(forSize: data.count) { return .declined(reason) }
        if data.prefix(8192).withUnsafeBytes({ $0.contains(0) }) {
            return .declined("not audited: it contains a NUL byte, so it is binary content rather than source text")
        }
        let seconds = timeLimit + Double(data.count) / 1024 * Self.secondsPerKilobyte
        let outcome = CPUBudget.run(seconds: seconds) { analyzeWithoutLimit(data, kind: kind, blob: blob, path: path, previous: previous) }
        return outcome ?? .declined(
            "not audited: parsing and analysing it took more than \(Int(seconds.rounded())) s of CPU time; the Swift parser "
                + "takes exponential time on some garbled bracket shapes (check the file's syntax)"
        )
    }

    private func analyzeWithoutLimit(_ data: Data, kind: SourceKind, blob: String?, path: String?, previous: PreviousVersion?) -> Outcome {
        switch kind {
        case .interfaceBuilder:
            return .analyzed(InterfaceBuilderAnalyzer().analyze(data: data))
        case .swift:
            let raw = [UInt8](data)
            let isUTF8 = String(validating: raw, as: UTF8.self) != nil
            let bytes = isUTF8 ? raw : Array(String(decoding: raw, as: UTF8.self).utf8)
            let analyzer = SwiftFileAnalyzer(memo: memo)
            var analysis: FileAnalysis
            do throws(ParserHazards.Declined) {
                // Only bytes that get parsed can hit the parser's limits.
                analysis = try analyzer.analyze(bytes: bytes, prefilter: prefilter) { () throws(ParserHazards.Declined) in
                    if let hazard = ParserHazards.reason(bytes) { throw ParserHazards.Declined(reason: hazard) }
                    return parse(bytes, blob: blob, path: path, previous: previous)
                }
            } catch {
                return .declined(error.reason)
            }
            if !isUTF8 {
                analysis.remarks.append("the file is not valid UTF-8; invalid bytes were read as U+FFFD and columns after them may be off")
            }
            return .analyzed(analysis)
        }
    }

    /// Reads and analyzes a file on disk; its size is checked before it is read.
    public func analyzeFile(at url: URL, kind: SourceKind) throws -> Outcome {
        switch try SourceReader.read(url, limit: maximumBytes) {
        case .bytes(let data): return analyze(data, kind: kind)
        case .tooLarge(let size): return .declined(sizeLimitReason(forSize: size)!)
        }
    }

    /// Why a file of `size` bytes is declined, when it is over the limit
    /// (asked before its bytes are read: a blob's size comes from its header).
    public func sizeLimitReason(forSize size: Int) -> String? {
        guard size > maximumBytes else { return nil }
        return "larger than \(maximumBytes / 1024) KB (\(size / 1024) KB); raise max_file_size_kb to audit it"
    }

    /// A full parse, or an incremental one from the previous version's tree.
    private func parse(_ bytes: [UInt8], blob: String?, path: String?, previous: PreviousVersion?) -> SourceFileSyntax {
        var transition: IncrementalParseTransition?
        var base: SyntaxTreeCache.Entry?
        // The hunks only now, from the bytes in hand: most versions a history
        // brings are never parsed (the prefilter), and none is read twice.
        // What the parse reuses is what its tree adds no memory for.
        var reusedBytes = 0
        var rewrittenBytes = 0
        if let trees, let previous, let cached = trees.base(for: previous.blob),
            let hunks = try? LineHunk.between(cached.source, bytes),
            let edits = SourceEdits.edits(for: hunks, old: cached.source, new: bytes)
        {
            transition = IncrementalParseTransition(previousIncrementalParseResult: cached.result, edits: edits) {
                reusedBytes += $0.totalLength.utf8Length
            }
            base = cached
            rewrittenBytes = edits.edits.reduce(0) { $0 + $1.replacementLength.utf8Length }
        } else {
            trees?.countFullParse(hadBase: previous != nil)
        }
        let reservation = trees?.reserve(forParsing: bytes.count, from: base, rewriting: rewrittenBytes) ?? 0
        let result = bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
        if let trees {
            if let blob {
                trees.store(
                    result, source: bytes, base: base, reusedBytes: reusedBytes, for: blob, path: path, superseding: previous?.blob,
                    reservation: reservation
                )
            } else {
                trees.release(reservation)
            }
        }
        return result.tree
    }
}
