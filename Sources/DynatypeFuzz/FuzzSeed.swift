import DynatypeRules
import Foundation

/// One input: its bytes and a file name whose extension selects the analyzer.
public struct FuzzSeed: Sendable, Equatable {
    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// The rule catalogue's examples (Swift and Interface Builder, triggering
    /// and not): small files that reach every rule family.
    public static var catalogue: [FuzzSeed] {
        RuleCatalogue.all.flatMap { $0.triggering + $0.nonTriggering }.map {
            FuzzSeed(name: $0.fileName, bytes: Array($0.unmarked.code.utf8))
        }
    }

    /// The `.swift`, `.xib` and `.storyboard` files under a folder (a user's app, say).
    public static func files(under folder: URL, limit: Int = 5_000) -> [FuzzSeed] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var seeds: [FuzzSeed] = []
        for case let url as URL in enumerator where seeds.count < limit {
            guard ["swift", "xib", "storyboard"].contains(url.pathExtension.lowercased()),
                let data = try? Data(contentsOf: url), data.count < 256 * 1024
            else { continue }
            seeds.append(FuzzSeed(name: url.lastPathComponent, bytes: Array(data)))
        }
        return seeds
    }
}
