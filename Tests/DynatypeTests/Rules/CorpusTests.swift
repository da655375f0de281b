import DynatypeEngine
import DynatypeRules
import Foundation
import Testing

/// The labeled corpus (a copy of the shared one, so the package stands alone):
/// every unit is audited on its own and compared with expected.json.
@Suite struct CorpusTests {
    struct Expected: Decodable {
        let verdict: String
        let findings: [[Entry]]
        let notes: [[Entry]]

        enum Entry: Decodable, CustomStringConvertible {
            case rule(String), line(Int)
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let line = try? container.decode(Int.self) { self = .line(line) } else { self = .rule(try container.decode(String.self)) }
            }
            var description: String {
                switch self {
                case .rule(let rule): return rule
                case .line(let line): return "\(line)"
                }
            }
        }
    }

    static let expected: [String: Expected] = {
        let data = try! Data(contentsOf: corpusFolder.appendingPathComponent("expected.json"))
        return try! JSONDecoder().decode([String: Expected].self, from: data)
    }()

    static let units: [String] = try! FileManager.default.contentsOfDirectory(atPath: corpusFolder.appendingPathComponent("cases").path).sorted()

    @Test(arguments: units)
    func unitMatchesExpectations(unit: String) throws {
        let url = corpusFolder.appendingPathComponent("cases").appendingPathComponent(unit)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        try #require(exists, "no corpus unit at \(url.path)")
        let root = isDirectory.boolValue ? url : url.deletingLastPathComponent()
        let outcome = WorkspaceAuditor(configuration: ProjectConfiguration(), configurationRoot: root).audit(paths: [url], root: root)
        #expect(outcome.skipped.isEmpty)
        let keys = Self.expected.keys.filter { $0 == unit || $0.hasPrefix(unit + "/") }
        #expect(!keys.isEmpty)
        #expect(outcome.reports.count == keys.count)
        for key in keys {
            let expected = Self.expected[key]!
            let path = isDirectory.boolValue ? String(key.dropFirst(unit.count + 1)) : key
            let report = try #require(outcome.reports.first { $0.path == path }, "no report for \(key)")
            #expect(report.verdict.rawValue == expected.verdict, "\(key) verdict")
            let findings = report.findings.filter { $0.severity != .note }.map { "\($0.rule.rawValue):\($0.position.line)" }.sorted()
            let notes = report.findings.filter { $0.severity == .note }.map { "\($0.rule.rawValue):\($0.position.line)" }.sorted()
            #expect(findings == expected.findings.map { "\($0[0]):\($0[1])" }.sorted(), "\(key) findings")
            #expect(notes == expected.notes.map { "\($0[0]):\($0[1])" }.sorted(), "\(key) notes")
        }
    }

    @Test func everyExpectedFileIsAUnitOfTheCorpus() {
        for key in Self.expected.keys {
            let unit = String(key.split(separator: "/")[0])
            #expect(Self.units.contains(unit), "\(key) has no case")
        }
    }
}
