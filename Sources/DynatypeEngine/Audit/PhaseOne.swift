import DynatypeGit
import DynatypeHistory
import DynatypeRules
import Foundation

/// Phase one of many files' bytes, in parallel, through the analysis cache
/// when there is one: a file whose content the cache knows is not parsed,
/// and the analyses made are added to it.
struct PhaseOne {
    let analyzer: FileAnalyzer
    let cache: AnalysisCacheFile?
    let threads: Int

    /// The outcome of each file's bytes, index for index (nil where there are no bytes).
    func outcomes(of files: [(bytes: Data?, kind: SourceKind)], progress: ProgressCounter? = nil) -> [FileAnalyzer.Outcome?] {
        let (analyzer, cached) = (analyzer, cache != nil)
        let keys: [AnalysisCacheFile.Key?] = ParallelWork.map(count: files.count, threads: threads) { index in
            guard cached, let bytes = files[index].bytes, let content = try? Repository.blobID(of: bytes) else { return nil }
            return AnalysisCacheFile.Key(content: content.hex, analyzer: files[index].kind.analyzerVersion)
        }
        let known = cache?.analyses(for: keys.compactMap { $0 }) ?? [:]
        let results = ParallelWork.map(count: files.count, threads: threads) { index -> (FileAnalyzer.Outcome?, AnalysisCacheFile.Entry?) in
            defer { progress?.tick() }
            guard let bytes = files[index].bytes else { return (nil, nil) }
            if let key = keys[index], let analysis = known[key] { return (.analyzed(analysis), nil) }
            let outcome = analyzer.analyze(bytes, kind: files[index].kind)
            // Declines are not kept: the size limit is the configuration's, the CPU budget the machine's.
            guard let key = keys[index], case .analyzed(let analysis) = outcome else { return (outcome, nil) }
            return (outcome, try? AnalysisCacheFile.Entry(key: key, analysis: analysis))
        }
        cache?.store(results.compactMap(\.1))
        return results.map(\.0)
    }
}
