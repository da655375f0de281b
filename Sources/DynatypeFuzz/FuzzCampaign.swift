import DynatypeEngine
import DynatypeRules
import Foundation

/// A seeded fuzz run: mutated inputs through the auditor, in process (fast;
/// a crash takes the caller down, which is what a test wants) or in batches
/// through the `dynatype` binary (a crash or hang is caught, narrowed to the
/// one input that causes it, and minimised to a reproducer).
public struct FuzzCampaign {
    public let mutator: InputMutator
    public let seed: UInt64

    public init(seeds: [FuzzSeed], seed: UInt64) {
        mutator = InputMutator(seeds: seeds)
        self.seed = seed
    }

    /// The first `count` inputs of this campaign, in order.
    public func inputs(count: Int) -> [FuzzSeed] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in mutator.next(using: &random) }
    }

    /// Audits each input as `dynatype audit` would (phase one and two) and
    /// returns how many produced a report rather than a decline. Inputs the
    /// parser would take minutes on are given up on after a second, not ten.
    public static func auditInProcess(_ inputs: [FuzzSeed]) -> Int {
        let analyzer = FileAnalyzer(timeLimit: 1)
        var reported = 0
        for input in inputs {
            guard let kind = SourceKind(path: input.name),
                case .analyzed(let analysis) = analyzer.analyze(Data(input.bytes), kind: kind)
            else { continue }
            reported += ProjectResolver().resolve([(input.name, analysis)]).count
        }
        return reported
    }
}

/// Runs batches of inputs through the real binary.
public struct BinaryFuzzer {
    public struct Crash {
        public let input: FuzzSeed
        public let minimized: FuzzSeed
        public let how: String
    }

    /// What the binary does with a batch.
    public enum Mode: String, Sendable {
        /// `audit`: never a crash or a hang.
        case audit
        /// `fix`, then `audit` again: also never a write outside the folder,
        /// never a file made unparsable.
        case fix
    }

    let binary: URL
    let folder: URL
    let mode: Mode
    /// A command that takes longer than this is a hang.
    let timeout: TimeInterval

    public init(binary: URL, folder: URL, mode: Mode = .audit, timeout: TimeInterval = 120) {
        self.binary = binary
        self.folder = folder
        self.mode = mode
        self.timeout = timeout
    }

    /// Runs the batch; on a failure, finds and minimises each input responsible.
    public func run(_ batch: [FuzzSeed]) throws -> [Crash] {
        guard let how = try failure(of: batch) else { return [] }
        if batch.count == 1 { return [Crash(input: batch[0], minimized: try minimize(batch[0]), how: how)] }
        let half = batch.count / 2
        return try run(Array(batch[..<half])) + run(Array(batch[half...]))
    }

    /// Nil when the command ended as it should; else how it failed.
    func failure(of batch: [FuzzSeed]) throws -> String? {
        try? FileManager.default.removeItem(at: folder)
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (index, input) in batch.enumerated() {
            try Data(input.bytes).write(to: root.appendingPathComponent(String(format: "%05d-", index) + input.name))
        }
        switch mode {
        case .audit:
            return try exit(of: ["audit", "--format", "json", root.path]).failure
        case .fix:
            return try fixFailure(in: root)
        }
    }

    /// `fix` must end normally, never write outside the folder (a symbolic
    /// link in it points at a file beside it), and never leave a file the
    /// parser has to recover from that it did not have to before.
    private func fixFailure(in root: URL) throws -> String? {
        let outside = folder.appendingPathComponent("outside.swift")
        let guarded = Data("import SwiftUI\nlet f = Font.system(size: 12)\n".utf8)
        try guarded.write(to: outside)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("zz-link.swift").path, withDestinationPath: "../outside.swift")
        let before = try exit(of: ["audit", "--format", "json", root.path])
        if let failure = before.failure { return "audit before fix: \(failure)" }
        if let failure = try exit(of: ["fix", root.path]).failure { return "fix: \(failure)" }
        guard FileManager.default.contents(atPath: outside.path) == guarded else { return "fix wrote outside the folder, through a symbolic link" }
        let after = try exit(of: ["audit", "--format", "json", root.path])
        if let failure = after.failure { return "audit after fix: \(failure)" }
        let broken = Self.recovered(after.output).subtracting(Self.recovered(before.output))
        return broken.isEmpty ? nil : "fix left \(broken.sorted().joined(separator: ", ")) unparsable"
    }

    /// The files whose report says the parser recovered from syntax errors.
    private static func recovered(_ json: Data) -> Set<String> {
        guard let document = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let files = document["files"] as? [[String: Any]]
        else { return [] }
        return Set(files.compactMap { file in
            let remarks = file["remarks"] as? [String] ?? []
            return remarks.contains { $0.contains("recovered from syntax errors") } ? file["path"] as? String : nil
        })
    }

    /// Runs the binary; the failure is nil when it exited 0, 1 or 2 in time.
    private func exit(of arguments: [String]) throws -> (failure: String?, output: Data) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = folder.appendingPathComponent("output-\(arguments[0])")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            // SIGKILL: a child of a test runner inherits its blocked SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return ("no answer within \(Int(timeout)) s", Data())
        }
        let written = FileManager.default.contents(atPath: output.path) ?? Data()
        if process.terminationReason == .uncaughtSignal { return ("killed by signal \(process.terminationStatus)", written) }
        return ((0...2).contains(process.terminationStatus) ? nil : "exit status \(process.terminationStatus)", written)
    }

    /// Removes ever smaller chunks while the input still fails (a bounded delta debugging).
    private func minimize(_ input: FuzzSeed) throws -> FuzzSeed {
        var bytes = input.bytes
        var chunk = max(1, bytes.count / 2)
        var attempts = 0
        while chunk >= 1, attempts < 400 {
            var start = 0
            var removedAny = false
            while start < bytes.count, attempts < 400 {
                var candidate = bytes
                candidate.removeSubrange(start..<min(bytes.count, start + chunk))
                attempts += 1
                if try failure(of: [FuzzSeed(name: input.name, bytes: candidate)]) != nil {
                    bytes = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return FuzzSeed(name: input.name, bytes: bytes)
    }
}
