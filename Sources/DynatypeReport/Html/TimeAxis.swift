import Foundation

/// Ticks for a time axis: the calendar unit that gives a handful of them
/// over the span (days, weeks, months, quarters or years), each at the
/// unit's start and labelled as people read dates on a wall chart.
struct TimeAxis {
    enum Unit {
        case day, week, month, quarter, year
    }

    let start: Date
    let end: Date
    let unit: Unit

    /// Up to about `maximum` ticks between `start` and `end`.
    init(from start: Date, to end: Date, maximum: Int = 8) {
        self.start = start
        self.end = max(end, start)
        let days = self.end.timeIntervalSince(start) / 86_400
        let candidates: [(Unit, Double)] = [(.day, 1), (.week, 7), (.month, 30.4), (.quarter, 91.3), (.year, 365.25)]
        unit = candidates.first { days / $0.1 <= Double(maximum) }?.0 ?? .year
    }

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// The start of the unit `date` falls in.
    func floor(_ date: Date) -> Date {
        let calendar = Self.calendar
        switch unit {
        case .day: return calendar.startOfDay(for: date)
        case .week: return calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? date
        case .month: return calendar.dateInterval(of: .month, for: date)?.start ?? date
        case .quarter:
            let month = calendar.dateInterval(of: .month, for: date)?.start ?? date
            let back = (calendar.component(.month, from: month) - 1) % 3
            return calendar.date(byAdding: .month, value: -back, to: month) ?? month
        case .year: return calendar.dateInterval(of: .year, for: date)?.start ?? date
        }
    }

    private func next(_ date: Date) -> Date {
        let calendar = Self.calendar
        switch unit {
        case .day: return calendar.date(byAdding: .day, value: 1, to: date)!
        case .week: return calendar.date(byAdding: .day, value: 7, to: date)!
        case .month: return calendar.date(byAdding: .month, value: 1, to: date)!
        case .quarter: return calendar.date(byAdding: .month, value: 3, to: date)!
        case .year: return calendar.date(byAdding: .year, value: 1, to: date)!
        }
    }

    /// The unit starts inside the span, with their labels.
    var ticks: [(date: Date, label: String)] {
        var out: [(Date, String)] = []
        var tick = floor(start)
        if tick < start { tick = next(tick) }
        while tick <= end, out.count < 40 {
            out.append((tick, label(tick)))
            tick = next(tick)
        }
        return out
    }

    private func label(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        switch unit {
        case .day, .week: formatter.dateFormat = "MMM d"
        case .month: formatter.dateFormat = "MMM yyyy"
        case .quarter:
            let month = Self.calendar.component(.month, from: date)
            formatter.dateFormat = "yyyy"
            return "Q\((month - 1) / 3 + 1) " + formatter.string(from: date)
        case .year: formatter.dateFormat = "yyyy"
        }
        return formatter.string(from: date)
    }
}
