/// The OS releases a replacement's APIs need, so `fix` writes none that the
/// file's deployment target does not have (`Font.title2` and
/// `.custom(_:size:relativeTo:)` are iOS 14, `NSFont.preferredFont(forTextStyle:)`
/// macOS 11).
struct APIAvailability {
    let api: String
    let needs: DeploymentTargets.Minimums

    /// What the newest API the replacement writes needs, or nil when it
    /// needs nothing newer than the platforms dynatype fixes for anyway.
    static func of(_ replacement: String) -> APIAvailability? {
        entries.filter { $0.matches(replacement) }.max { ($0.needs[.iOS] ?? OSVersion(0)) < ($1.needs[.iOS] ?? OSVersion(0)) }
            .map { APIAvailability(api: $0.api, needs: $0.needs) }
    }

    /// The platforms among `minimums` whose target is older than what the API needs.
    func unavailable(on minimums: DeploymentTargets.Minimums) -> [(platform: ApplePlatform, target: OSVersion, needed: OSVersion)] {
        ApplePlatform.allCases.compactMap { platform in
            guard let target = minimums[platform], let needed = needs[platform], target < needed else { return nil }
            return (platform, target, needed)
        }
    }

    private struct Entry: Sendable {
        let api: String
        let needs: DeploymentTargets.Minimums
        let matches: @Sendable (String) -> Bool
    }

    /// SwiftUI's text styles `title2`, `title3` and `caption2` (UIKit's, named
    /// with `forTextStyle:`, are much older).
    private static func usesNewSwiftUIStyle(_ text: String) -> Bool {
        !text.contains("forTextStyle") && [".title2", ".title3", ".caption2"].contains { text.contains($0) }
    }

    private static let entries: [Entry] = [
        Entry(api: "SwiftUI's `.title2`, `.title3` and `.caption2`", needs: [.iOS: OSVersion(14), .macOS: OSVersion(11)], matches: usesNewSwiftUIStyle),
        Entry(api: "`Font.custom(_:size:relativeTo:)`", needs: [.iOS: OSVersion(14), .macOS: OSVersion(11)]) {
            $0.contains(".custom(") && $0.contains("relativeTo:")
        },
        Entry(api: "`@ScaledMetric`", needs: [.iOS: OSVersion(14), .macOS: OSVersion(11)]) { $0.contains("@ScaledMetric") },
        Entry(api: "`dynamicTypeSize(_:)`", needs: [.iOS: OSVersion(15), .macOS: OSVersion(12)]) { $0.contains(".dynamicTypeSize(") },
        Entry(api: "`NSFont.preferredFont(forTextStyle:)`", needs: [.macOS: OSVersion(11)]) { $0.contains("NSFont.preferredFont(forTextStyle:") },
        // Eidolon targets iOS 10: its scaled custom fonts need a guard or a newer target.
        Entry(api: "`UIFontMetrics`", needs: [.iOS: OSVersion(11)]) { $0.contains("UIFontMetrics") },
        Entry(api: "`Font.system(_:design:weight:)`", needs: [.iOS: OSVersion(16), .macOS: OSVersion(13)]) {
            $0.contains("system(.") && $0.contains("design:") && $0.contains("weight:")
        },
    ]
}
