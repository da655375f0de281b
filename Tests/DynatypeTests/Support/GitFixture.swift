import DynatypeEngine
import DynatypeRules
import Foundation

/// A real git repository in a temporary folder, driven with the git CLI, with
/// deterministic authors and dates.
final class GitFixture {
    let folder: TemporaryDirectory
    var url: URL { folder.url.appendingPathComponent("repo") }
    private var clock = 1_700_000_000

    init(bare: Bool = false) throws {
        folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try git(bare ? ["init", "-q", "--bare", "-b", "main"] : ["init", "-q", "-b", "main"])
        try git(["config", "user.email", "dev@example.com"])
        try git(["config", "user.name", "Dev"])
        try git(["config", "commit.gpgsign", "false"])
    }

    /// Moves the commit dates on, for histories that span days or months.
    func advanceClock(days: Int) {
        clock += days * 86_400
    }

    /// Dates the next commits from `seconds` (Unix time) on: any date git takes.
    func setClock(to seconds: Int) {
        clock = seconds
    }

    @discardableResult
    func git(_ arguments: [String], in directory: URL? = nil, author: String? = nil) throws -> String {
        clock += 60
        // Git reads a bare number this large as no date at all; `@` says it is Unix time.
        let date = (clock > 9_999_999_999 ? "@" : "") + "\(clock) +0000"
        let result = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory ?? url,
            environment: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.url.path]
                .merging(author.map { ["GIT_AUTHOR_NAME": $0, "GIT_AUTHOR_EMAIL": $0.lowercased() + "@example.com"] } ?? [:]) { $1 }
        )
        guard result.status == 0 else {
            throw FixtureError(message: "git \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func write(_ path: String, _ contents: String) throws {
        try write(path, data: Data(contents.utf8))
    }

    func write(_ path: String, data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: url.appendingPathComponent(path))
    }

    /// Stages everything and commits; returns the new commit's sha.
    @discardableResult
    func commit(_ message: String, author: String? = nil) throws -> String {
        try git(["add", "-A"])
        try git(["commit", "-q", "--allow-empty", "-m", message], author: author)
        return try git(["rev-parse", "HEAD"])
    }

    /// `dynatype audit` of a checkout of `revision` (in a fresh folder): the
    /// result the history must agree with.
    func auditCheckout(_ revision: String) throws -> AuditOutcome {
        let checkout = folder.url.appendingPathComponent("checkout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: checkout) }
        let archive = folder.url.appendingPathComponent("tree.tar")
        try git(["archive", "--format=tar", "-o", archive.path, revision])
        let untar = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["tar", "-xf", archive.path, "-C", checkout.path])
        guard untar.status == 0 else { throw FixtureError(message: "tar failed: \(untar.stderr)") }
        var configuration = ProjectConfiguration()
        let configFile = checkout.appendingPathComponent(ProjectConfiguration.fileName)
        if let data = try? Data(contentsOf: configFile) {
            configuration = try ProjectConfiguration(data: data, file: configFile.path)
        }
        return WorkspaceAuditor(configuration: configuration, configurationRoot: checkout).audit(paths: [checkout], root: checkout)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Swift sources for scripted histories.
enum Snippets {
    static func view(_ name: String, font: String = ".body", extra: String = "") -> String {
        """
        import SwiftUI

        struct \(name): View {
            let title: String
            var body: some View {
                VStack {
                    Text(title).font(\(font))
                    \(extra)
                }
            }
        }
        """
    }

    static let fixedView = view("Fixed", font: ".system(size: 12)")
    static func tokens(fixed: Bool) -> String {
        "import SwiftUI\n\nextension Font {\n    static let caption3 = \(fixed ? "Font.system(size: 10)" : "Font.custom(\"Inter\", size: 10, relativeTo: .caption2)")\n}\n"
    }
    static let tokenUser = """
        import SwiftUI

        struct Receipt: View {
            var body: some View {
                VStack {
                    Text("Total").font(.caption3)
                    Text("Tax").font(.caption3)
                }
            }
        }
        """
}
