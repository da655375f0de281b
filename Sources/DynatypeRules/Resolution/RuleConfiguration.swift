/// Which rules run and how severe they are (the rule part of `.dynatype.json`).
public struct RuleConfiguration: Codable, Hashable, Sendable {
    public var disabledRules: Set<RuleID>
    public var severities: [RuleID: Severity]
    public var platforms: Set<Platform>

    public init(disabledRules: Set<RuleID> = [], severities: [RuleID: Severity] = [:], platforms: Set<Platform> = Set(Platform.allCases)) {
        self.disabledRules = disabledRules
        self.severities = severities
        self.platforms = platforms
    }

    public static let standard = RuleConfiguration()

    public func isEnabled(_ rule: RuleID) -> Bool {
        guard !disabledRules.contains(rule) else { return false }
        return !platforms.isDisjoint(with: RuleCatalogue.descriptor(rule).platforms)
    }

    /// The severity a finding is reported with: the configured one, or the
    /// rule's own (which may depend on context, as `minimum_scale_factor`'s does).
    public func severity(of finding: Finding) -> Severity {
        severities[finding.rule] ?? finding.severity
    }
}

public enum Platform: String, Codable, CaseIterable, Sendable, Comparable {
    case iOS, macOS, tvOS, watchOS, visionOS, macCatalyst

    /// Platforms with UIKit (and Interface Builder for iOS-family documents).
    static let uiKit: Set<Platform> = [.iOS, .tvOS, .visionOS, .macCatalyst]

    public static func < (lhs: Platform, rhs: Platform) -> Bool { lhs.rawValue < rhs.rawValue }
}
