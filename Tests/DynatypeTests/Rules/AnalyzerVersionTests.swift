import DynatypeEngine
import DynatypeRules
import Foundation
import Testing

/// `scan` and `watch` cache each blob's analysis under the analyzer version
/// (`SourceKind.analyzerVersion`), so an analyzer whose results change while
/// its version does not silently reuses stale analyses. This test records a
/// digest of each version's analyses of the corpus and the rule examples,
/// and fails when they change without a version change.
///
/// Why a recorded digest rather than a version derived from the code: what
/// the analysis depends on is the rules module, the engine's byte handling
/// and the toolchain's SwiftSyntax, which is loaded at run time. A hash of
/// the sources misses SwiftSyntax, and a hash of the binary changes with
/// every build, throwing away every cached analysis on each release even
/// when no result changed. The digest checks exactly what the cache key
/// promises — same version, same analyses — on every input the tests know.
@Suite struct AnalyzerVersionTests {
    /// The digest of each current analyzer version's analyses. When a
    /// change alters them, bump the version and replace its line here with
    /// the digest the failure prints; never edit a digest under an old version.
    static let recorded: [String: String] = [
        "swift-108": "c078202902916f9e",
        "ib-12": "ad4aab759c4a2f1e",
    ]

    @Test(arguments: [SourceKind.swift, .interfaceBuilder])
    func analysesChangeOnlyWithTheAnalyzerVersion(kind: SourceKind) throws {
        let version = kind.analyzerVersion
        let digest = try Self.digest(of: Self.inputs(of: kind), kind: kind)
        guard let recorded = Self.recorded[version] else {
            Issue.record("no digest is recorded for analyzer version \(version): record \"\(version)\": \"\(digest)\" in AnalyzerVersionTests.recorded, in place of the previous version's")
            return
        }
        #expect(digest == recorded, """
            the analyses of the corpus and the rule examples changed (digest \(digest), recorded \(recorded)) but the \
            analyzer version is still \(version), so scan and watch would reuse stale cached analyses: bump \
            \(kind == .swift ? "SwiftFileAnalyzer" : "InterfaceBuilderAnalyzer").version and record \"<new version>\": \"\(digest)\" \
            in AnalyzerVersionTests.recorded in place of \"\(version)\"
            """)
    }

    /// The analyzer's inputs by name: the corpus's files and the rule examples.
    static func inputs(of kind: SourceKind) throws -> [(name: String, code: Data)] {
        let cases = corpusFolder.appendingPathComponent("cases")
        let files = try #require(FileManager.default.enumerator(at: cases, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { SourceKind(path: $0.path) == kind }
        var inputs = try files.map { (name: String($0.path.dropFirst(cases.path.count)), code: try Data(contentsOf: $0)) }
        for descriptor in RuleCatalogue.all {
            let examples = descriptor.triggering.map { $0.unmarked.code } + descriptor.nonTriggering.map(\.code)
            let fileNames = descriptor.triggering.map(\.fileName) + descriptor.nonTriggering.map(\.fileName)
            for (index, (code, fileName)) in zip(examples, fileNames).enumerated() where SourceKind(path: fileName) == kind {
                inputs.append(("\(descriptor.id.rawValue) example \(index)", Data(code.utf8)))
            }
        }
        return inputs.sorted { $0.name < $1.name }
    }

    /// FNV-1a over each input's name and its analysis as sorted-key JSON
    /// (stable across processes, unlike `Hasher`).
    static func digest(of inputs: [(name: String, code: Data)], kind: SourceKind) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var text = ""
        for input in inputs {
            switch FileAnalyzer(maximumBytes: .max).analyze(input.code, kind: kind) {
            case .analyzed(let analysis): text += input.name + "\n" + String(decoding: try encoder.encode(analysis), as: UTF8.self) + "\n"
            case .declined(let reason): text += input.name + "\ndeclined: " + reason + "\n"
            }
        }
        return String(format: "%016llx", Fingerprint.fnv1a(text))
    }
}
