import DynatypeEngine
import DynatypeGit
import DynatypeHistory
import DynatypeReport
import Foundation

/// Writes a watched repository's HTML report (the page of `dynatype report
/// --html`) atomically, from the history the daemon records.
struct ReportPublisher {
    let file: String
    let repository: String
    let gitDirectory: URL
    let refs: [String]

    /// The report of the first tracked ref. A repository handle of its own:
    /// the auditing engine's tree stays loaded, and packs pushed since the
    /// daemon started are seen.
    func write(store: HistoryStore) throws {
        let queries = HistoryQueries(engine: HistoryEngine(repository: try Repository(at: gitDirectory), store: store, cache: .blobs))
        let history = try queries.complianceHistory(refs.first ?? "HEAD", since: nil, by: nil)
        try AtomicFile.write(Data(HistoryReportPage(history, repository: repository).render().utf8), to: file)
    }
}
