import Foundation
import Testing

/// The commands the docs tell a reader to run: every fenced block marked
/// ` ```sh runnable` in the README and under `docs/` runs, line by line,
/// through the real binary in a repository made here. A finding is not a
/// failure (status 1 is an audit's answer); an option or command the binary
/// no longer takes (status 2) is.
@Suite struct DocTests {
    static let documents = ["README.md", "CONTRIBUTING.md"] + ["docs/guide", "docs/reference"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The command lines of a document's runnable blocks.
    static func runnableLines(of document: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
        return text.components(separatedBy: "```sh runnable\n").dropFirst().flatMap { block in
            block.components(separatedBy: "```")[0].split(separator: "\n").map(String.init).filter {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#")
            }
        }
    }

    /// An app with a failing view, a passing one and two commits, so a tour has something to show.
    private func tourRepository() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.write("App/Badge.swift", Snippets.view("Badge", font: ".system(size: 11)", extra: ".lineLimit(1)"))
        try fixture.commit("Add the badge")
        try fixture.write("App/Row.swift", Snippets.view("Row"))
        try fixture.write("App/Title.swift", Snippets.view("Title", font: ".system(size: 28)"))
        try fixture.commit("Add the row and the title")
        return fixture
    }

    @Test func theReadmeTourIsRunnable() throws {
        #expect(try Self.runnableLines(of: "README.md").count >= 10, "the README's tour lost its runnable blocks")
    }

    @Test(arguments: documents)
    func everyRunnableCommandRuns(document: String) throws {
        let lines = try Self.runnableLines(of: document)
        guard !lines.isEmpty else { return }
        let fixture = try tourRepository()
        let path = dynatypeBinary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for line in lines {
            let result = try runProcess(
                URL(fileURLWithPath: "/bin/bash"), ["-c", line], in: fixture.url,
                environment: ["PATH": path, "XDG_CACHE_HOME": testCacheHome.path]
            )
            #expect(result.status <= 1, "\(document): `\(line)` exited \(result.status): \(result.stderr)")
        }
    }
}
