import DynatypeEngine
import DynatypeRules
import Foundation

/// `--baseline`, `--write-baseline` and the configuration's `"baseline"`.
struct BaselineOptions {
    /// The baseline to judge against: the option's, else the configuration's.
    let reading: URL?
    let writing: URL?

    init(_ options: Arguments, configuration: ProjectConfiguration, configurationFolder: URL?, current: URL) {
        let configured = configuration.baseline.map { URL(fileURLWithPath: $0, relativeTo: configurationFolder ?? current).standardizedFileURL }
        reading = options.value("--baseline").map { URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL } ?? configured
        writing = options.value("--write-baseline").map { URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL }
    }

    /// Writes the baseline when asked, then judges the outcome against the
    /// baseline in force (the one just written, if any).
    func apply(to outcome: AuditOutcome, scope: [URL]) throws -> AuditOutcome {
        do {
            if let writing {
                // An unreadable or foreign file is what --write-baseline replaces.
                let previous = try? Baseline.read(from: writing)
                let baseline = Baseline(recording: outcome, scope: scope, folder: writing.deletingLastPathComponent(), previous: previous)
                do {
                    try baseline.write(to: writing)
                } catch {
                    throw InputError(message: "cannot write the baseline \(writing.path): \((error as NSError).localizedDescription)")
                }
                Terminal.error("wrote \(baseline.entries.count) finding\(baseline.entries.count == 1 ? "" : "s") to the baseline \(writing.path)")
                return baseline.compare(outcome, scope: scope, file: writing.path)
            }
            guard let reading else { return outcome }
            return try Baseline.read(from: reading).compare(outcome, scope: scope, file: reading.path)
        } catch let error as BaselineError {
            throw InputError(message: error.message)
        }
    }
}
