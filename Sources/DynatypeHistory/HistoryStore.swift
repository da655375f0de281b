import DynatypeRules
import Foundation

/// Where the history lives. SQLite by default (`SQLiteHistoryStore`); the
/// engine only uses this protocol, so another engine can follow.
public protocol HistoryStore: AnyObject {
    /// The cached phase-one result of a blob under an analyzer version.
    func analysis(blob: String, analyzer: String) throws -> CachedAnalysis?
    func commit(_ sha: String) throws -> CommitRecord?
    /// Records one commit, everything about it in one transaction: new blob
    /// analyses, the summary, the finding changes, its renames, the tracked
    /// tips and the alerts it raises.
    func save(
        _ record: CommitRecord, configuration: StoredConfiguration?, changes: [FindingChange], renames: [PathRename], analyses: [BlobAnalysis],
        tips: [String: String], notifications: CommitNotifications
    ) throws
    /// Notes that an audit of the commit starts and returns how many have
    /// started without being saved (this one included): more than one means
    /// earlier attempts died (a crash, kill -9). Saving the commit clears it.
    func beginAttempt(_ sha: String) throws -> Int
    /// Regressions of a ref not yet resolved, oldest first.
    func openRegressions(ref: String) throws -> [OpenRegression]
    /// Renames that produced `path`, with the commits that made them, most recent first.
    func renames(to path: String) throws -> [(commit: String, rename: PathRename)]
    /// The last audited tip of each tracked ref.
    func trackedRefs() throws -> [String: String]
    func setTrackedRef(_ name: String, tip: String) throws
    func findingChanges(of sha: String) throws -> [FindingChange]
    /// Where a fingerprint came into the history: the commits that
    /// introduced it or moved it there, most recent first.
    func arrivals(of fingerprint: String) throws -> [(commit: String, change: FindingChange)]
    /// The body of an effective configuration a commit was audited with.
    func configuration(hash: String) throws -> String?
    /// Every regression the ledger holds for a ref, with the commit that resolved it (nil: still open).
    func regressionLedger(ref: String) throws -> [String: String?]
    /// Every regression of the history still open (all refs).
    func openRegressionCount() throws -> Int
    /// Every audited commit, in audit order.
    func allCommits() throws -> [CommitRecord]
    /// The parents of baseline commits: where earlier limited scans began.
    func baselineParents() throws -> [String]
    func statistics() throws -> HistoryStatistics
}

/// An effective configuration as the history keeps it: its canonical text, by its hash.
public struct StoredConfiguration: Sendable, Equatable {
    public let hash: String
    public let body: String

    public init(hash: String, body: String) {
        self.hash = hash
        self.body = body
    }
}

/// A file a commit renamed.
public struct PathRename: Sendable, Hashable {
    public let oldPath: String
    public let newPath: String

    public init(oldPath: String, newPath: String) {
        self.oldPath = oldPath
        self.newPath = newPath
    }
}

/// A blob analysis to add to the cache, encoded as the cache stores it when
/// it is made: on the thread that analyzed the blob, not the one saving it.
public struct BlobAnalysis: Sendable {
    public let blob: String
    public let analyzer: String
    public let result: CachedAnalysis
    let outcome: String
    let payload: Data

    /// Most blobs of a history hold nothing a rule reacts to (the prefilter
    /// skips them): their empty analysis is encoded once, not per blob.
    private static let emptySwift = FileAnalysis(language: .swift)
    private static let emptySwiftPayload = try? AnalysisJSONEncoder.encode(emptySwift)

    public init(blob: String, analyzer: String, result: CachedAnalysis) throws {
        switch result {
        case .analyzed(let analysis):
            let payload = try (analysis == Self.emptySwift ? Self.emptySwiftPayload : nil) ?? AnalysisJSONEncoder.encode(analysis)
            self.init(blob: blob, analyzer: analyzer, result: result, outcome: "analyzed", payload: payload)
        case .declined(let reason):
            self.init(blob: blob, analyzer: analyzer, declined: reason)
        }
    }

    /// A declined blob, whose payload is its reason: nothing to encode, nothing to fail.
    public init(blob: String, analyzer: String, declined reason: String) {
        self.init(blob: blob, analyzer: analyzer, result: .declined(reason), outcome: "declined", payload: Data(reason.utf8))
    }

    private init(blob: String, analyzer: String, result: CachedAnalysis, outcome: String, payload: Data) {
        self.blob = blob
        self.analyzer = analyzer
        self.result = result
        self.outcome = outcome
        self.payload = payload
    }
}

public struct HistoryStatistics: Sendable {
    public let commits: Int
    public let failedCommits: Int
    /// Findings that configuration changes stopped checking, over the whole history.
    public let findingsNoLongerChecked: Int
    public let blobs: Int
    public let databaseBytes: Int
}
