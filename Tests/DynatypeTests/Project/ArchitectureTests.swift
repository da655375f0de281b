import Foundation
import Testing

/// The module graph of `ARCHITECTURE.md` is the one `Package.swift` declares,
/// and the code imports nothing the graph does not allow.
@Suite struct ArchitectureTests {
    /// The "depends on" column of ARCHITECTURE.md's module table.
    static func documentedGraph() throws -> [String: Set<String>] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            graph[Self.names(in: cells[0]).first ?? ""] = Set(Self.names(in: cells[2]))
        }
        return graph
    }

    /// The dependencies of every Swift and C target `Package.swift` declares.
    static func declaredGraph() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(#"\.(?:target|executableTarget)\(\s*name: "([^"]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        var graph: [String: Set<String>] = [:]
        for match in manifest.matches(of: target) {
            guard let name = match.output[1].substring else { continue }
            let dependencies = match.output[2].substring.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) } } ?? []
            graph[String(name)] = Set(dependencies.filter { !$0.isEmpty })
        }
        return graph
    }

    private static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theDocumentedGraphIsThePackagesGraph() throws {
        let documented = try Self.documentedGraph()
        let declared = try Self.declaredGraph()
        #expect(declared.count >= 10)
        #expect(documented == declared, "ARCHITECTURE.md and Package.swift disagree: \(documented) vs \(declared)")
    }

    /// `import DynatypeX` or `import CX` in a module's sources names a
    /// module its row allows.
    @Test func everyImportIsADependencyTheGraphAllows() throws {
        let graph = try Self.documentedGraph()
        let packageModules = Set(graph.keys).union(graph.values.flatMap { $0 })
        let sources = packageRoot.appendingPathComponent("Sources")
        var checked = 0
        for (module, allowed) in graph {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    let imported = words.firstIndex(of: "import").flatMap { $0 + 1 < words.count ? words[$0 + 1] : nil }
                    guard let imported, words.first == "import" || words.first?.hasPrefix("@") == true, packageModules.contains(imported) else { continue }
                    checked += 1
                    #expect(allowed.contains(imported), "\(module)/\(file.lastPathComponent) imports \(imported), which ARCHITECTURE.md does not allow it")
                }
            }
        }
        #expect(checked > 50)
    }
}
