import DynatypeFuzz
import Foundation

/// `dynatype-bench fuzz`: a long, seeded fuzz run through the binary, in
/// batches, with every crash or hang narrowed to one input, minimised and
/// written out as a reproducer.
struct FuzzCommand {
    let dynatype: String
    let inputs: Int
    let batchSize: Int
    let seed: UInt64
    let corpus: URL?
    let output: URL
    let mode: BinaryFuzzer.Mode

    func run() throws {
        let seeds = FuzzSeed.catalogue + (corpus.map { FuzzSeed.files(under: $0) } ?? [])
        let campaign = FuzzCampaign(seeds: seeds, seed: seed)
        let work = try temporaryFolder("fuzz")
        defer { try? FileManager.default.removeItem(at: work) }
        let fuzzer = BinaryFuzzer(binary: URL(fileURLWithPath: dynatype), folder: work, mode: mode)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        print("fuzzing `dynatype \(mode.rawValue)` with \(seeds.count) seeds, seed \(seed), \(inputs) inputs in batches of \(batchSize)…")
        let start = Date()
        var crashes = 0 // failures of any kind: crashes, hangs, a write outside, an unparsable fix
        // Inputs are generated in one seeded sequence, a batch at a time, so memory stays flat.
        var random = SeededGenerator(seed: seed)
        var done = 0
        while done < inputs {
            let batch = (0..<min(batchSize, inputs - done)).map { _ in campaign.mutator.next(using: &random) }
            for crash in try fuzzer.run(batch) {
                crashes += 1
                let file = output.appendingPathComponent("crash-\(crashes)-" + crash.minimized.name)
                try Data(crash.minimized.bytes).write(to: file)
                print("  \(crash.how): \(crash.input.bytes.count) bytes, minimised to \(crash.minimized.bytes.count): \(file.path)")
            }
            done += batch.count
            let rate = Double(done) / max(Date().timeIntervalSince(start), 0.001)
            FileHandle.standardError.write(Data("\r  \(done)/\(inputs) inputs, \(Int(rate))/s, \(crashes) crashes".utf8))
        }
        FileHandle.standardError.write(Data("\n".utf8))
        print("tried \(done) inputs in \(Int(Date().timeIntervalSince(start))) s: \(crashes) crash\(crashes == 1 ? "" : "es")\(crashes > 0 ? ", reproducers in \(output.path)" : "")")
    }
}
