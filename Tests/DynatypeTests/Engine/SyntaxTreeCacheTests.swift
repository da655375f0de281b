@testable import DynatypeEngine
import SwiftParser
import Testing

/// The tree cache's budget bounds what its trees keep alive: an incremental
/// parse keeps the arenas of every tree before it in its chain, so its cost
/// is its base's plus what it adds (a copy of the source, and the nodes it
/// did not reuse), and the budget evicts by that cost, the trees needed last
/// first.
@Suite struct SyntaxTreeCacheTests {
    static let source: [UInt8] = Array("struct Card { let title = \"a\" }\n".utf8)

    static func parse(_ source: [UInt8]) -> IncrementalParseResult {
        source.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
    }

    static var fullCost: Int { source.count * SyntaxTreeCache.bytesPerSourceByte }
    /// A generation that reused all but 4 bytes of its base.
    static let reusedBytes = source.count - 4
    static var generationCost: Int { source.count + 4 * SyntaxTreeCache.bytesPerSourceByte }

    @Test func anIncrementalTreeCostsItsChainAndReplacesItsBase() throws {
        let trees = SyntaxTreeCache(limitBytes: 1 << 20)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        #expect(trees.estimatedBytes == Self.fullCost)
        var base = try #require(trees.base(for: "v1"))
        for generation in 1...3 {
            let blob = "v\(generation + 1)"
            trees.store(
                Self.parse(Self.source), source: Self.source, base: base, reusedBytes: Self.reusedBytes, for: blob, path: "Card.swift",
                superseding: "v\(generation)"
            )
            base = try #require(trees.base(for: blob))
            #expect(base.generation == generation)
            // The superseded tree's memory lives on in its successor.
            #expect(trees.estimatedBytes == Self.fullCost + generation * Self.generationCost)
        }
        #expect(trees.base(for: "v1") == nil)
    }

    /// Stores a full tree of `Self.source` for each blob, as a whole tree's audit does.
    static func storeWholeTree(_ blobs: [String], in trees: SyntaxTreeCache) {
        for blob in blobs {
            trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: blob, path: blob + ".swift", superseding: nil)
        }
    }

    @Test func theBudgetFitsAWholeTreeWithRoomForItsChains() {
        let trees = SyntaxTreeCache(limitBytes: 100 * Self.fullCost, smallestFittedBytes: Self.fullCost)
        #expect(trees.budgetBytes == 100 * Self.fullCost)
        trees.fittingBudget { Self.storeWholeTree(["a", "b", "c", "d"], in: trees) }
        #expect(trees.budgetBytes == 6 * Self.fullCost)
        #expect(trees.estimatedBytes == 4 * Self.fullCost)
    }

    @Test func aFittedBudgetIsNeitherBelowTheSmallestNorAboveTheLimit() {
        let small = SyntaxTreeCache(limitBytes: 100 * Self.fullCost, smallestFittedBytes: 10 * Self.fullCost)
        small.fittingBudget { Self.storeWholeTree(["a"], in: small) }
        #expect(small.budgetBytes == 10 * Self.fullCost)

        let large = SyntaxTreeCache(limitBytes: 5 * Self.fullCost, smallestFittedBytes: Self.fullCost)
        large.fittingBudget { Self.storeWholeTree(["a", "b", "c", "d"], in: large) }
        #expect(large.budgetBytes == 5 * Self.fullCost)
        #expect(large.estimatedBytes == 4 * Self.fullCost)
    }

    @Test func aGrowingChainEvictsTheLeastRecentlyUsedTree() throws {
        // Room for two full trees, not for two and a generation.
        let trees = SyntaxTreeCache(limitBytes: 2 * Self.fullCost + Self.generationCost / 2)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "other", path: "Other.swift", superseding: nil)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        #expect(trees.estimatedBytes == 2 * Self.fullCost)
        let base = try #require(trees.base(for: "v1"))
        trees.store(
            Self.parse(Self.source), source: Self.source, base: base, reusedBytes: Self.reusedBytes, for: "v2", path: "Card.swift", superseding: "v1"
        )
        #expect(trees.base(for: "other") == nil)
        #expect(trees.base(for: "v2") != nil)
        #expect(trees.estimatedBytes == Self.fullCost + Self.generationCost)
    }

    @Test func aChainTooCostlyForTheBudgetIsNotKept() throws {
        let trees = SyntaxTreeCache(limitBytes: Self.fullCost)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        let base = try #require(trees.base(for: "v1"))
        trees.store(Self.parse(Self.source), source: Self.source, base: base, for: "v2", path: "Card.swift", superseding: "v1")
        #expect(trees.base(for: "v2") == nil)
        #expect(trees.estimatedBytes == 0)
    }

    @Test func aParseAboutToStartMakesRoomForItsTree() throws {
        let trees = SyntaxTreeCache(limitBytes: 3 * Self.fullCost)
        for blob in ["a", "b"] {
            trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: blob, path: blob + ".swift", superseding: nil)
        }
        let first = trees.reserve(forParsing: Self.source.count, from: nil)
        #expect(first == Self.fullCost)
        #expect(trees.base(for: "a") != nil && trees.base(for: "b") != nil)
        // A second parse under way no longer fits beside both trees: the least recently used goes.
        trees.release(trees.reserve(forParsing: Self.source.count, from: nil))
        #expect(trees.base(for: "a") == nil)
        let base = try #require(trees.base(for: "b"))
        // An incremental parse reserves only what it may add to its base.
        let incremental = trees.reserve(forParsing: Self.source.count, from: base)
        #expect(incremental == Self.source.count * SyntaxTreeCache.bytesReservedPerIncrementalSourceByte)
        trees.release(incremental)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "c", path: "c.swift", superseding: nil, reservation: first)
        #expect(trees.base(for: "b") != nil && trees.base(for: "c") != nil)
        #expect(trees.estimatedBytes == 2 * Self.fullCost)
    }

    @Test func makingRoomForALargeParseHandsTheFreedMemoryBack() {
        let trees = SyntaxTreeCache(limitBytes: 3 * Self.fullCost, largeEviction: 2 * Self.fullCost)
        for blob in ["a", "b", "c"] {
            trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: blob, path: blob + ".swift", superseding: nil)
        }
        // A parse the size of a tree evicts one: what an ordinary commit frees.
        trees.release(trees.reserve(forParsing: Self.source.count, from: nil))
        #expect(trees.evictions == 1 && trees.heapReturns == 0)
        // A parse the size of the whole budget evicts every tree left.
        trees.release(trees.reserve(forParsing: 3 * Self.source.count, from: nil))
        #expect(trees.evictions == 3 && trees.heapReturns == 1)
        #expect(trees.estimatedBytes == 0)
    }

    @Test func anIncrementalParseRewritingItsFileReservesWhatTheNewTextWillTake() throws {
        let trees = SyntaxTreeCache(limitBytes: 1 << 20)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        let base = try #require(trees.base(for: "v1"))
        let oneWord = trees.reserve(forParsing: Self.source.count, from: base, rewriting: 4)
        #expect(oneWord == Self.source.count * SyntaxTreeCache.bytesReservedPerIncrementalSourceByte)
        trees.release(oneWord)
        let whole = trees.reserve(forParsing: Self.source.count, from: base, rewriting: Self.source.count)
        #expect(whole == Self.source.count + Self.fullCost)
        trees.release(whole)
    }

    @Test func aTreeReusingLessOfItsBaseCostsMore() throws {
        let trees = SyntaxTreeCache(limitBytes: 1 << 20)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        let base = try #require(trees.base(for: "v1"))
        trees.store(Self.parse(Self.source), source: Self.source, base: base, reusedBytes: 0, for: "v2", path: "Card.swift", superseding: "v1")
        // Nothing reused: a whole new tree, and its own copy of the source, on top of the chain.
        #expect(trees.estimatedBytes == 2 * Self.fullCost + Self.source.count)
    }

    /// Knows when some trees will be needed, as a scan's forecast does.
    final class KnownDemand: TreeDemand, @unchecked Sendable {
        let uses: [String: Int]
        init(_ uses: [String: Int]) { self.uses = uses }
        func nextUse(ofBlob blob: String, path: String?) -> Int? { uses[blob] }
    }

    @Test func theTreesNeededLastGoFirstAndThoseNotNeededBeforeThem() throws {
        let demand = KnownDemand(["soon": 3, "another": 10, "last": 20, "later": 40])
        let trees = SyntaxTreeCache(limitBytes: 3 * Self.fullCost, demand: demand)
        func store(_ blob: String) {
            trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: blob, path: blob + ".swift", superseding: nil)
        }
        for blob in ["soon", "later", "never"] { store(blob) }
        // Of two trees nothing ahead needs, the least recently used goes…
        store("fresh")
        #expect(trees.base(for: "never") == nil)
        // …and each goes before any tree something ahead needs.
        store("another")
        #expect(trees.base(for: "fresh") == nil)
        // Then the tree needed last goes, however recently it was used.
        _ = trees.base(for: "later")
        store("last")
        #expect(trees.base(for: "later") == nil)
        #expect(["soon", "another", "last"].allSatisfy { trees.base(for: $0) != nil })
    }
}
