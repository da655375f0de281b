import DynatypeFuzz
import Foundation
import Testing

/// A bounded, seeded fuzz run on every `swift test`; `dynatype-bench fuzz`
/// runs the long one (README "Fuzzing").
@Suite struct FuzzTests {
    @Test func twoThousandMutatedInputsAreAuditedInProcessWithoutACrash() {
        let inputs = FuzzCampaign(seeds: FuzzSeed.catalogue, seed: 2026).inputs(count: 2_000)
        // Reaching the count at all is the property: a trap would end the test process.
        #expect(FuzzCampaign.auditInProcess(inputs) > 1_000)
    }

    @Test func aBatchThroughTheBinaryEndsNormally() throws {
        let folder = try TemporaryDirectory()
        let fuzzer = BinaryFuzzer(binary: dynatypeBinary, folder: folder.url.appendingPathComponent("batch"))
        let inputs = FuzzCampaign(seeds: FuzzSeed.catalogue, seed: 7).inputs(count: 100)
        let crashes = try fuzzer.run(inputs)
        #expect(crashes.isEmpty, "\(crashes.map { "\($0.how): \($0.minimized.name) \($0.minimized.bytes)" })")
    }

    @Test func aBatchThroughFixEndsNormallyWritesOnlyInsideAndKeepsFilesParsable() throws {
        let folder = try TemporaryDirectory()
        let fuzzer = BinaryFuzzer(binary: dynatypeBinary, folder: folder.url.appendingPathComponent("batch"), mode: .fix)
        let inputs = FuzzCampaign(seeds: FuzzSeed.catalogue, seed: 11).inputs(count: 100)
        let failures = try fuzzer.run(inputs)
        #expect(failures.isEmpty, "\(failures.map { "\($0.how): \($0.minimized.name) \($0.minimized.bytes)" })")
    }

    /// The fix fuzzer's own check, on a stand-in `fix` that writes through the batch's link.
    @Test func aFixThatWritesThroughALinkIsCaught() throws {
        let folder = try TemporaryDirectory()
        let script = try folder.write("careless", "#!/bin/sh\n[ \"$1\" = fix ] && echo '// changed' >> \"$2/zz-link.swift\"\nexit 0\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let fuzzer = BinaryFuzzer(binary: script, folder: folder.url.appendingPathComponent("batch"), mode: .fix)
        let failures = try fuzzer.run([FuzzSeed(name: "A.swift", bytes: Array("let a = 1\n".utf8))])
        #expect(failures.map(\.how) == ["fix wrote outside the folder, through a symbolic link"])
    }

    @Test func theCampaignIsRepeatableAndMutatesEveryInput() {
        let first = FuzzCampaign(seeds: FuzzSeed.catalogue, seed: 3).inputs(count: 50)
        #expect(first == FuzzCampaign(seeds: FuzzSeed.catalogue, seed: 3).inputs(count: 50))
        let originals = Set(FuzzSeed.catalogue.map(\.bytes))
        #expect(first.filter { originals.contains($0.bytes) }.count < 5)
    }

    /// The narrowing and minimising path, on a stand-in binary that "crashes" on one byte.
    @Test func aCrashingInputIsNarrowedToOneAndMinimised() throws {
        let folder = try TemporaryDirectory()
        let script = try folder.write("crashy", "#!/bin/sh\ngrep -rq BOOM \"$4\" && kill -SEGV $$\nexit 0\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let fuzzer = BinaryFuzzer(binary: script, folder: folder.url.appendingPathComponent("batch"))
        var batch = (0..<20).map { FuzzSeed(name: "F\($0).swift", bytes: Array("let a = \($0)\n".utf8)) }
        batch[13] = FuzzSeed(name: "F13.swift", bytes: Array("let prefix = 1\nlet BOOM = 2\nlet suffix = 3\n".utf8))
        let crashes = try fuzzer.run(batch)
        #expect(crashes.count == 1)
        #expect(crashes.first?.input == batch[13])
        #expect(crashes.first.map { String(decoding: $0.minimized.bytes, as: UTF8.self) } == "BOOM")
        #expect(crashes.first?.how == "killed by signal 11")
    }
}
