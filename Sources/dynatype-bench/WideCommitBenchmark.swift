import Foundation

/// A commit that adds N files at once (a vendored module, a generated
/// client): `scan` of it against `audit` of its tree, interleaved, medians.
/// A scan that parses each file once costs about an audit; the history's
/// per-file work (the tree cache's evictions, the forecast of which trees
/// are needed next) must not grow with the square of the commit's width.
struct WideCommitBenchmark {
    let files: Int
    let runs: Int
    let dynatype: String

    func run() throws {
        let folder = try temporaryFolder("wide")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        print("generating a commit of \(files) new files…")
        try Child.git(["init", "-q"], in: repository.path)
        try Data("first\n".utf8).write(to: repository.appendingPathComponent("README.md"))
        try Self.commit("first", in: repository)
        for index in 0..<files { try Self.view(index, in: repository) }
        try Self.commit("add \(files) views", in: repository)

        var audits: [Double] = [], scans: [Double] = []
        for run in 0..<runs {
            let audit = Child.run(dynatype, ["audit", repository.path, "--format", "json"])
            let database = folder.appendingPathComponent("history-\(run).sqlite").path
            let scan = Child.run(dynatype, ["scan", "--repo", repository.path, "--db", database])
            guard audit.status <= 1, scan.status == 0 else {
                throw BenchmarkError(message: "audit exited \(audit.status), scan exited \(scan.status)")
            }
            audits.append(audit.seconds)
            scans.append(scan.seconds)
        }
        let audit = Measure.median(audits), scan = Measure.median(scans)
        print(String(format: "  audit of the tree  %7.2f s\n  scan of the commit %7.2f s  (%.2fx the audit)", audit, scan, scan / audit))
    }

    private static func view(_ index: Int, in repository: URL) throws {
        let folder = repository.appendingPathComponent("Module\(index % 50)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let size = [11, 12, 13, 15, 17, 20][index % 6]
        let source = """
            import SwiftUI

            struct View\(index): View {
                let title: String
                var body: some View {
                    VStack(alignment: .leading) {
                        Text(title).font(.system(size: \(size)))
                        Text("Subtitle \(index)").font(.caption)
                    }
                    .padding()
                }
            }

            """
        try Data(source.utf8).write(to: folder.appendingPathComponent("View\(index).swift"))
    }

    private static func commit(_ message: String, in repository: URL) throws {
        try Child.git(["add", "-A"], in: repository.path)
        try Child.git(["-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", message], in: repository.path)
    }
}
