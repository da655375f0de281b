import Foundation

/// Results of analysis units by a key built from their bytes and their file's
/// facts, so a file edited in one declaration re-analyzes only that
/// declaration; and what `DeclaredNames` reads of each declaration, by its
/// bytes, so an edit re-reads only the declaration it touches. Shared
/// between threads; bounded by entry count (oldest out).
public final class AnalysisMemo: @unchecked Sendable {
    private enum UnitResult {
        case facts(UnitFacts)
        case analysis(FileAnalysis)
    }

    private let lock = NSLock()
    private var units: OldestOut<UInt64, UnitResult>
    private var digests: OldestOut<UInt64, DeclarationDigest>
    public private(set) var hits = 0

    /// A file's digests are read again at its next version: a few files'
    /// worth is enough, and each holds a list of names.
    public init(maximumEntries: Int = 8_000, maximumDigests: Int = 2_000) {
        units = OldestOut(limit: maximumEntries)
        digests = OldestOut(limit: maximumDigests)
    }

    func facts(_ key: UInt64) -> UnitFacts? {
        lock.withLock {
            guard case .facts(let facts) = units[key] else { return nil }
            return facts
        }
    }

    func store(_ value: UnitFacts, for key: UInt64) {
        lock.withLock { units.set(.facts(value), for: key) }
    }

    func analysis(_ key: UInt64) -> FileAnalysis? {
        lock.withLock {
            guard case .analysis(let analysis) = units[key] else { return nil }
            hits += 1
            return analysis
        }
    }

    func store(_ value: FileAnalysis, for key: UInt64) {
        lock.withLock { units.set(.analysis(value), for: key) }
    }

    /// The digest of some bytes, computed once while it stays in the memo.
    func digest(of bytes: ArraySlice<UInt8>, compute: () -> DeclarationDigest) -> DeclarationDigest {
        let key = UnitKey.fnv(bytes)
        if let known = lock.withLock({ digests[key] }) { return known }
        let digest = compute()
        lock.withLock { digests.set(digest, for: key) }
        return digest
    }
}

/// What `DeclaredNames` reads of a declaration's or a unit's bytes: the hash
/// of its tokens, and the names it mentions (each once).
struct DeclarationDigest: Sendable {
    let code: UInt64
    let mentions: [UInt64]
}
