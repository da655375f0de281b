import Foundation

/// Dates as people type them for `--since`: `2024-05-01`, ISO 8601 times,
/// `30 days ago`, `2 weeks ago`.
public enum DateExpression {
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// `option` names where the text came from, for the message.
    public static func parse(_ text: String, option: String, now: Date = Date()) throws(Invalid) -> Date {
        let words = text.lowercased().split(separator: " ")
        if words.count == 3, words[2] == "ago", let count = Double(words[0]) {
            let unit: Double
            switch words[1].hasSuffix("s") ? String(words[1].dropLast()) : String(words[1]) {
            case "minute": unit = 60
            case "hour": unit = 3_600
            case "day": unit = 86_400
            case "week": unit = 7 * 86_400
            case "month": unit = 30 * 86_400
            case "year": unit = 365 * 86_400
            default: throw Invalid(description: "\(option): unknown unit in \"\(text)\"")
            }
            return now.addingTimeInterval(-count * unit)
        }
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if let date = day.date(from: text) { return date }
        throw Invalid(description: "\(option) expects a date such as 2024-05-01, 2024-05-01T12:00:00Z or \"30 days ago\", not \"\(text)\"")
    }
}
