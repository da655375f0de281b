import DynatypeHistory
import DynatypeRules
import Foundation

/// `--cache-path FILE` and `--no-cache`, shared by `audit` and `fix`: where
/// phase-one analyses are kept between runs, so a warm run parses only the
/// files whose content changed.
enum AnalysisCacheOptions {
    static let options: [CommandOption] = [
        .value(
            "--cache-path", "FILE",
            "Keep the files' analyses between runs in FILE (default: $XDG_CACHE_HOME/dynatype/<project>/analyses.sqlite, with "
                + "~/.cache when XDG_CACHE_HOME is unset; at most 256 MB, the least recently used dropped first). A warm run "
                + "parses only the files whose content changed; results are the same with or without it."
        ),
        .flag("--no-cache", "Parse every file; read and write no cache"),
    ]

    /// The cache the options name for the project in `folder`, or nil with
    /// `--no-cache` or when it cannot be opened (said on stderr: the run goes on without it).
    static func open(_ arguments: Arguments, project folder: URL) -> AnalysisCacheFile? {
        guard !arguments.flag("--no-cache") else { return nil }
        let explicit = arguments.value("--cache-path")
        guard let path = explicit ?? defaultPath(for: folder) else { return nil }
        do {
            return try AnalysisCacheFile(path: path, replacingForeignFiles: explicit == nil)
        } catch let error as SQLiteError where error.isBusy {
            // Another run (a second editor's hook, a parallel CI job) holds it: this one goes without, as fast as before the cache.
            return nil
        } catch {
            Terminal.error("not using the analysis cache: \(error)")
            return nil
        }
    }

    /// One cache per project folder, named after it (XDG Base Directory).
    static func defaultPath(for folder: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        } else {
            return nil
        }
        let path = folder.standardizedFileURL.path
        let name = folder.lastPathComponent.filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        let project = "\(name.isEmpty ? "root" : name)-\(String(Fingerprint.fnv1a(path), radix: 16))"
        return base.appendingPathComponent("dynatype/\(project)/analyses.sqlite").path
    }
}
