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
    /// returns how many produced a report rather than a decline.
    public static func auditInProcess(_ inputs: [FuzzSeed]) -> Int {
        let analyzer = FileAnalyzer()
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

    let binary: URL
    let folder: URL
    /// A batch that takes longer than this is a hang.
    let timeout: TimeInterval

    public init(binary: URL, folder: URL, timeout: TimeInterval = 120) {
        self.binary = binary
        self.folder = folder
        self.timeout = timeout
    }

    /// Audits the batch; on a crash or hang, finds and minimises each input responsible.
    public func run(_ batch: [FuzzSeed]) throws -> [Crash] {
        guard let how = try failure(of: batch) else { return [] }
        if batch.count == 1 { return [Crash(input: batch[0], minimized: try minimize(batch[0]), how: how)] }
        let half = batch.count / 2
        return try run(Array(batch[..<half])) + run(Array(batch[half...]))
    }

    /// Nil when the binary exited normally (0, 1 or 2); else how it ended.
    func failure(of batch: [FuzzSeed]) throws -> String? {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, input) in batch.enumerated() {
            try Data(input.bytes).write(to: folder.appendingPathComponent(String(format: "%05d-", index) + input.name))
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["audit", "--format", "json", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            // SIGKILL: a child of a test runner inherits its blocked SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return "no answer within \(Int(timeout)) s"
        }
        if process.terminationReason == .uncaughtSignal { return "killed by signal \(process.terminationStatus)" }
        return (0...2).contains(process.terminationStatus) ? nil : "exit status \(process.terminationStatus)"
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
