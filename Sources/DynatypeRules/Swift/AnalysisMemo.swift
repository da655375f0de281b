import Foundation

/// Results of analysis units by a key built from their bytes and their file's
/// facts, so a file edited in one declaration re-analyzes only that
/// declaration. Shared between threads; bounded by entry count (oldest out).
public final class AnalysisMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var facts: [UInt64: UnitFacts] = [:]
    private var analyses: [UInt64: FileAnalysis] = [:]
    private var order: [UInt64] = []
    private let maximumEntries: Int
    public private(set) var hits = 0

    public init(maximumEntries: Int = 8_000) {
        self.maximumEntries = maximumEntries
    }

    func facts(_ key: UInt64) -> UnitFacts? {
        lock.lock()
        defer { lock.unlock() }
        return facts[key]
    }

    func store(_ value: UnitFacts, for key: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        if facts.updateValue(value, forKey: key) == nil { remember(key) }
    }

    func analysis(_ key: UInt64) -> FileAnalysis? {
        lock.lock()
        defer { lock.unlock() }
        let found = analyses[key]
        if found != nil { hits += 1 }
        return found
    }

    func store(_ value: FileAnalysis, for key: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        if analyses.updateValue(value, forKey: key) == nil { remember(key) }
    }

    private func remember(_ key: UInt64) {
        order.append(key)
        // Evict in batches so the order list is not shifted on every insert.
        guard order.count > maximumEntries + maximumEntries / 8 else { return }
        let overflow = order.count - maximumEntries
        for evicted in order.prefix(overflow) {
            facts[evicted] = nil
            analyses[evicted] = nil
        }
        order.removeFirst(overflow)
    }
}
