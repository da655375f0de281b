import Foundation

let usage = """
    USAGE: dynatype-bench audit PATH [--runs N]

    Benchmarks `dynatype audit` on a folder (build with -c release):
    parse-only time (the parser's floor) and full-audit time, on one thread and
    on all cores, medians of N runs (default 5).
    """

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(arguments.isEmpty ? 2 : 0)
}
let runs = Int(option("--runs") ?? "5") ?? 5
switch arguments.first {
case "audit" where arguments.count == 2:
    AuditBenchmark(folder: URL(fileURLWithPath: arguments[1]).standardizedFileURL, runs: runs).run()
default:
    FileHandle.standardError.write(Data("dynatype-bench: unknown arguments \(arguments)\n\(usage)\n".utf8))
    exit(2)
}
