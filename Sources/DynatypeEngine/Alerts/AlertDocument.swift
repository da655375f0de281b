import DynatypeHistory
import Foundation

/// An alert as every sink receives it (the JSON Lines file verbatim; the
/// webhook shapes are built from it).
public struct AlertDocument: Codable, Sendable, Equatable {
    public struct Author: Codable, Sendable, Equatable {
        public let name: String
        public let email: String
    }

    /// Unique per event; receivers can deduplicate on it.
    public let id: String
    public let kind: OutboxAlert.Kind
    public let repository: String
    public let ref: String
    public let commit: String
    /// The commit it was compared with.
    public let base: String?
    public let title: String
    public let author: Author
    public let committedAt: Date
    public let ratioBefore: Double
    public let ratioAfter: Double
    /// Why the commit regresses (for a resolved alert, why the regression was raised).
    public let reasons: [String]
    public let introduced: [FindingChange]
    public let fixed: [FindingChange]
    /// Findings the commit's configuration stopped checking (not fixed); absent when none.
    public var noLongerChecked: [FindingChange]?
    /// For a resolved alert: the commit whose regression it resolves.
    public let regression: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, repository, ref, commit, base, title, author, reasons, introduced, fixed, regression
        case noLongerChecked = "no_longer_checked"
        case committedAt = "committed_at"
        case ratioBefore = "ratio_before"
        case ratioAfter = "ratio_after"
    }

    /// One line of text for chat messages and the journal.
    public var headline: String {
        let ratios = String(format: "%.1f%% → %.1f%%", ratioBefore * 100, ratioAfter * 100)
        switch kind {
        case .regression:
            // A compliance drop is already a reason: the ratios are not said twice.
            let saysRatios = reasons.contains { $0.hasPrefix("compliance dropped") }
            return "Dynamic Type regression in \(repository) (\(ref)) at \(commit.prefix(10)) by \(author.name): "
                + reasons.joined(separator: "; ") + (saysRatios ? "" : " · compliance \(ratios)")
        case .resolved:
            return "Dynamic Type regression of \(regression.map { String($0.prefix(10)) } ?? "?") resolved in \(repository) (\(ref)) "
                + "at \(commit.prefix(10)) by \(author.name) · compliance \(ratios)"
        case .configurationInvalid:
            return "Dynamic Type configuration invalid in \(repository) (\(ref)) at \(commit.prefix(10)) by \(author.name): "
                + reasons.joined(separator: "; ")
        case .policyWeakened:
            return "Dynamic Type checks lowered in \(repository) (\(ref)) at \(commit.prefix(10)) by \(author.name): "
                + reasons.joined(separator: "; ")
        }
    }

    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    public static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
