import Foundation
import DynatypeFuzz

let usage = """
    USAGE: dynatype-bench audit PATH [--runs N]
           dynatype-bench history REPO [--commits N] [--runs N]
           dynatype-bench latency REPO [--samples N] [--history H]
           dynatype-bench synthetic [--files N] [--commits M] [--runs N]
           dynatype-bench wide [--files N] [--runs N]
           dynatype-bench daemon [REPO] [--samples N]
           dynatype-bench fuzz [--fix] [--inputs N] [--batch N] [--seed S] [--corpus DIR] [--out DIR]

    Benchmarks of a release build (swift build -c release), medians of N runs
    (default 5), ratios measured in the same run:

      audit      `dynatype audit` of a folder: the parse-only floor, the audit
                 with every file parsed, and with the prefilter, on one thread
                 and on all cores.
      history    on a git repository: the audit of HEAD; `dynatype scan` of its
                 last N commits (default 300) with --cache none, blobs and all,
                 with peak memory; the latency of one-line commits.
      latency    the history benchmark's third part alone: N one-line commits
                 (default 12) to REPO's largest SwiftUI files, in a clone, each
                 audited in-process from the moved ref to the stored summary,
                 after the newest H commits (default 20) are audited.
      synthetic  the history benchmark on a repository it generates itself:
                 N SwiftUI/UIKit files (default 400), M commits of realistic
                 edits (default 300). Needs no fetched repository.
      wide       one commit adding N files (default 20000 with `wide`): `scan` of
                 it against `audit` of its tree, interleaved.
      daemon     `dynatype watch` on a clone of REPO (or an empty repository): the
                 time from `git commit` returning to the alert line, over N commits
                 (default 12), and the daemon's resident memory idle and after a
                 burst of ten commits.
      fuzz       mutated Swift and Interface Builder inputs (byte flips,
                 invalid UTF-8, truncation, splices, deep nesting) from the rule
                 catalogue's examples and the files under --corpus, through the
                 dynatype binary in batches (default 500); each crash or hang is
                 narrowed to one input, minimised and written to --out (default
                 ./fuzz-crashes). --inputs defaults to 200000. With --fix, each
                 batch goes through `fix` and is audited before and after: a
                 write through the batch's symbolic link to a file outside it,
                 or a file the fix leaves unparsable, is a failure too.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}
@MainActor func count(_ name: String, default value: Int) -> Int {
    guard let text = option(name) else { return value }
    guard let number = Int(text), number > 0 else {
        FileHandle.standardError.write(Data("dynatype-bench: \(name) takes a positive number, not '\(text)'\n".utf8))
        exit(2)
    }
    return number
}
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(arguments.isEmpty ? 2 : 0)
}
let runs = count("--runs", default: 5)
let commits = count("--commits", default: 300)
let wideFiles = 20_000
let files = count("--files", default: arguments.first == "wide" ? wideFiles : 400)
let samples = count("--samples", default: 12)
let history = count("--history", default: 20)
let fuzzInputs = count("--inputs", default: 200_000)
let fuzzBatch = count("--batch", default: 500)
let fuzzSeed = UInt64(count("--seed", default: 1))
let fuzzCorpus = option("--corpus").map { URL(fileURLWithPath: $0).standardizedFileURL }
let fuzzOutput = URL(fileURLWithPath: option("--out") ?? "fuzz-crashes").standardizedFileURL
let fuzzMode: BinaryFuzzer.Mode = arguments.contains("--fix") ? .fix : .audit
arguments.removeAll { $0 == "--fix" }
// The dynatype binary built beside this one: the scans run as child processes
// so each one's peak memory is its own.
let dynatype = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dynatype").path

do {
    switch (arguments.first, arguments.count) {
    case ("audit", 2):
        AuditBenchmark(folder: URL(fileURLWithPath: arguments[1]).standardizedFileURL, runs: runs).run()
    case ("history", 2):
        try HistoryBenchmark(repository: URL(fileURLWithPath: arguments[1]).standardizedFileURL, commits: commits, runs: runs, dynatype: dynatype).run()
    case ("latency", 2):
        try LatencyBenchmark(source: URL(fileURLWithPath: arguments[1]).standardizedFileURL, samples: samples, history: history).run()
    case ("synthetic", 1):
        let folder = try temporaryFolder("synthetic")
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SyntheticRepository(files: files, commits: commits)
        print("generating a repository of \(files) files and \(commits) commits…")
        let repository = try generator.generate(in: folder)
        try HistoryBenchmark(repository: repository, commits: commits, runs: runs, dynatype: dynatype).run()
    case ("wide", 1):
        try WideCommitBenchmark(files: files, runs: runs, dynatype: dynatype).run()
    case ("daemon", 1), ("daemon", 2):
        let source = arguments.count == 2 ? URL(fileURLWithPath: arguments[1]).standardizedFileURL : nil
        try DaemonBenchmark(source: source, dynatype: dynatype, samples: samples).run()
    case ("fuzz", 1):
        try FuzzCommand(dynatype: dynatype, inputs: fuzzInputs, batchSize: fuzzBatch, seed: fuzzSeed, corpus: fuzzCorpus, output: fuzzOutput, mode: fuzzMode).run()
    default:
        FileHandle.standardError.write(Data("dynatype-bench: unknown arguments \(arguments)\n\(usage)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("dynatype-bench: \(error)\n".utf8))
    exit(1)
}
