import DynatypeEngine
import DynatypeRules
import Foundation

/// Audits in-memory files the way `dynatype audit` does (phase one per file,
/// phase two over all of them), without touching the disk.
func audit(_ files: [String: String], configuration: RuleConfiguration = .standard) -> [String: FileReport] {
    let analyzer = FileAnalyzer()
    let analyzed: [(path: String, analysis: FileAnalysis)] = files.sorted { $0.key < $1.key }.compactMap { path, code in
        guard case .analyzed(let analysis) = analyzer.analyze(Data(code.utf8), kind: SourceKind(path: path)!) else { return nil }
        return (path, analysis)
    }
    let reports = ProjectResolver(configuration: configuration).resolve(analyzed)
    return Dictionary(uniqueKeysWithValues: reports.map { ($0.path, $0) })
}

/// Audits one Swift file.
func audit(_ code: String, fileName: String = "Example.swift", configuration: RuleConfiguration = .standard) -> FileReport {
    audit([fileName: code], configuration: configuration)[fileName]!
}

/// `(rule, line)` pairs of a report's findings, for compact expectations.
func ruleLines(_ report: FileReport, severity: Severity? = nil) -> [String] {
    report.findings.filter { severity == nil || $0.severity == severity }.map { "\($0.rule.rawValue):\($0.position.line)" }
}

/// A folder under the system's temporary directory, removed on deinit.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("dynatype-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> URL {
        try write(relativePath, data: Data(contents.utf8))
    }

    @discardableResult
    func write(_ relativePath: String, data: Data) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }
}

/// The package root, from this file's location (Tests/DynatypeTests/Support).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

let corpusFolder = packageRoot.appendingPathComponent("Tests/DynatypeTests/Corpus")

/// The result of running the real `dynatype` binary.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// The `dynatype` executable built next to the test bundle.
let dynatypeBinary: URL = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("dynatype")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/dynatype")
}()

@discardableResult
func runDynatype(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], stdin: Data? = nil) throws -> ProcessResult {
    try runProcess(dynatypeBinary, arguments, in: directory, environment: ["XDG_CACHE_HOME": testCacheHome.path].merging(environment) { $1 }, stdin: stdin)
}

/// Where the binary's analysis caches go in this test run: shared by every
/// test (so most runs are warm ones, which must not change any result),
/// never the user's own `~/.cache`, and removed when the run ends.
let testCacheHome: URL = {
    atexit { try? FileManager.default.removeItem(at: testCacheFolder(of: getpid())) }
    return testCacheFolder(of: getpid())
}()

private func testCacheFolder(of process: pid_t) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("dynatype-test-cache-\(process)", isDirectory: true)
}

func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], stdin: Data? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    // Read both pipes concurrently so a full pipe never blocks the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    process.waitUntilExit()
    group.wait()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
}

/// Whether a process still runs 2 s from now (SIGKILL is delivered
/// asynchronously; a zombie left to a parent that is not ours counts as gone).
func isProcessRunning(_ pid: pid_t) -> Bool {
    let deadline = Date().addingTimeInterval(2)
    repeat {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let state = stat.split(separator: ")").last?.split(separator: " ").first,
              state != "Z", state != "X" else { return false }
        usleep(20_000)
    } while Date() < deadline
    return true
}
