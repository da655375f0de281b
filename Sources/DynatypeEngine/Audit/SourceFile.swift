import DynatypeRules
import Foundation

/// The kinds of file dynatype audits, by extension.
public enum SourceKind: Sendable {
    case swift
    case interfaceBuilder

    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
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

/// Turns a file's bytes into a phase-one analysis, whatever the bytes are:
/// binary content and oversized files are declined with a reason; bytes that
/// are not UTF-8 are audited with replacement characters and a remark.
public struct FileAnalyzer: Sendable {
    public let maximumBytes: Int

    public init(maximumBytes: Int = ProjectConfiguration.defaultMaximumFileBytes) {
        self.maximumBytes = maximumBytes
    }

    public enum Outcome: Sendable {
        case analyzed(FileAnalysis)
        case declined(String)
    }

    public func analyze(_ data: Data, kind: SourceKind) -> Outcome {
        if data.count > maximumBytes {
            return .declined("larger than \(maximumBytes / 1024) KB (\(data.count / 1024) KB); raise max_file_size_kb to audit it")
        }
        if data.prefix(8192).contains(0) { return .declined("binary content, not source text") }
        switch kind {
        case .interfaceBuilder:
            return .analyzed(InterfaceBuilderAnalyzer().analyze(data: data))
        case .swift:
            let text = String(decoding: data, as: UTF8.self)
            var analysis = SwiftFileAnalyzer().analyze(source: text)
            if String(data: data, encoding: .utf8) == nil {
                analysis.remarks.append("the file is not valid UTF-8; invalid bytes were read as U+FFFD and columns after them may be off")
            }
            return .analyzed(analysis)
        }
    }
}
