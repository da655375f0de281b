@testable import DynatypeEngine
import SwiftParser
import Testing

/// The tree cache's budget bounds what its trees keep alive: an incremental
/// parse keeps the arenas of every tree before it in its chain, so its cost
/// is its base's plus what it adds, and the budget evicts by that cost.
@Suite struct SyntaxTreeCacheTests {
    static let source: [UInt8] = Array("struct Card { let title = \"a\" }\n".utf8)

    static func parse(_ source: [UInt8]) -> IncrementalParseResult {
        source.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
    }

    static var fullCost: Int { source.count * SyntaxTreeCache.bytesPerSourceByte }
    static var generationCost: Int { source.count * SyntaxTreeCache.bytesPerReparsedSourceByte }

    @Test func anIncrementalTreeCostsItsChainAndReplacesItsBase() throws {
        let trees = SyntaxTreeCache(budgetBytes: 1 << 20)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        #expect(trees.estimatedBytes == Self.fullCost)
        var base = try #require(trees.base(for: "v1"))
        for generation in 1...3 {
            let blob = "v\(generation + 1)"
            trees.store(Self.parse(Self.source), source: Self.source, base: base, for: blob, path: "Card.swift", superseding: "v\(generation)")
            base = try #require(trees.base(for: blob))
            #expect(base.generation == generation)
            // The superseded tree's memory lives on in its successor.
            #expect(trees.estimatedBytes == Self.fullCost + generation * Self.generationCost)
        }
        #expect(trees.base(for: "v1") == nil)
    }

    @Test func aGrowingChainEvictsTheLeastRecentlyUsedTree() throws {
        // Room for two full trees, not for two and a generation.
        let trees = SyntaxTreeCache(budgetBytes: 2 * Self.fullCost + Self.generationCost / 2)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "other", path: "Other.swift", superseding: nil)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        #expect(trees.estimatedBytes == 2 * Self.fullCost)
        let base = try #require(trees.base(for: "v1"))
        trees.store(Self.parse(Self.source), source: Self.source, base: base, for: "v2", path: "Card.swift", superseding: "v1")
        #expect(trees.base(for: "other") == nil)
        #expect(trees.base(for: "v2") != nil)
        #expect(trees.estimatedBytes == Self.fullCost + Self.generationCost)
    }

    @Test func aChainTooCostlyForTheBudgetIsNotKept() throws {
        let trees = SyntaxTreeCache(budgetBytes: Self.fullCost)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "v1", path: "Card.swift", superseding: nil)
        let base = try #require(trees.base(for: "v1"))
        trees.store(Self.parse(Self.source), source: Self.source, base: base, for: "v2", path: "Card.swift", superseding: "v1")
        #expect(trees.base(for: "v2") == nil)
        #expect(trees.estimatedBytes == 0)
    }

    @Test func aParseAboutToStartMakesRoomForItsTree() throws {
        let trees = SyntaxTreeCache(budgetBytes: 3 * Self.fullCost)
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
        // An incremental parse reserves only what it adds to its base.
        let incremental = trees.reserve(forParsing: Self.source.count, from: base)
        #expect(incremental == Self.generationCost)
        trees.release(incremental)
        trees.store(Self.parse(Self.source), source: Self.source, base: nil, for: "c", path: "c.swift", superseding: nil, reservation: first)
        #expect(trees.base(for: "b") != nil && trees.base(for: "c") != nil)
        #expect(trees.estimatedBytes == 2 * Self.fullCost)
    }
}
