import DynatypeHistory
import Foundation

/// Day, week (ISO, from Monday) and month buckets of `dynatype trend`, in UTC
/// so a bucket does not depend on the machine's time zone.
public struct TrendCalendar {
    private let component: Calendar.Component
    private let prefix: String
    private let calendar: Calendar
    private let formatter: DateFormatter

    init(bucket: TrendBucket) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        switch bucket {
        case .week:
            (component, prefix, formatter.dateFormat) = (.weekOfYear, "week of ", "yyyy-MM-dd")
        case .month:
            (component, prefix, formatter.dateFormat) = (.month, "", "yyyy-MM")
        case .day, .commit:
            (component, prefix, formatter.dateFormat) = (.day, "", "yyyy-MM-dd")
        }
    }

    func start(of date: Date) -> Date {
        calendar.dateInterval(of: component, for: date)?.start ?? date
    }

    func next(after start: Date) -> Date {
        calendar.date(byAdding: component, value: 1, to: start) ?? .distantFuture
    }

    func label(_ start: Date) -> String {
        prefix + formatter.string(from: start)
    }
}

extension TrendCalendar {
    /// The latest date a commit is placed at: git takes any date (9999-12-31
    /// too), and one such commit would stretch every time axis over millennia.
    static func plausible(_ date: Date, now: Date = Date()) -> Date { min(date, now.addingTimeInterval(86_400)) }

    /// Says so when trend points place commits dated in the future at today.
    public static func futureDateNote(_ points: [TrendPoint], now: Date = Date()) -> String? {
        let future = points.filter { !$0.isEmpty && plausible($0.record.committedAt, now: now) != $0.record.committedAt }
        guard let latest = future.map(\.record.committedAt).max() else { return nil }
        return "\(future.count) commit\(future.count == 1 ? " is" : "s are") dated in the future (up to "
            + "\(latest.formatted(.iso8601.year().month().day()))); the trend places \(future.count == 1 ? "it" : "them") at today"
    }

    /// Empty buckets that fill one gap at most: a longer gap (years without a
    /// commit, a commit dated 1970) shows as a jump, and no axis grows past it.
    static let maximumGap = 400

    /// Trend points of audited commits, oldest first: one per commit, or the
    /// last commit of each bucket (commits dated in the future at today's).
    /// With a period (`since` … `now`), date buckets cover all of it: the
    /// commit before it (`carriedIn`) gives the buckets before its first
    /// commit, and the last commit those after it, so "the last 60 days by
    /// week" is nine weeks even when nothing was committed in them.
    static func points(
        _ chain: [CommitRecord], by bucket: TrendBucket, since: Date? = nil, carriedIn: CommitRecord? = nil, now: Date = Date()
    ) -> [TrendPoint] {
        guard bucket != .commit else {
            return chain.map { TrendPoint(label: String($0.sha.prefix(10)), record: $0, date: plausible($0.committedAt)) }
        }
        let calendar = TrendCalendar(bucket: bucket)
        var points: [TrendPoint] = []
        var lastStart: Date?
        if let since, let carriedIn {
            let start = calendar.start(of: since)
            points.append(TrendPoint(label: calendar.label(start), record: carriedIn, isEmpty: true, date: start))
            lastStart = start
        }
        for record in chain {
            let start = calendar.start(of: plausible(record.committedAt))
            if let previous = lastStart, let carried = points.last?.record {
                if previous == start {
                    points.removeLast()
                } else {
                    // Buckets without a commit are shown, carrying compliance
                    // forward, so the axis is time and not commit count.
                    points += calendar.carried(carried, after: previous) { $0 < start }
                }
            }
            points.append(TrendPoint(label: calendar.label(start), record: record, date: start))
            lastStart = start
        }
        if since != nil, let previous = lastStart, let carried = points.last?.record {
            let end = calendar.start(of: now)
            points += calendar.carried(carried, after: previous) { $0 <= end }
        }
        return points
    }

    /// Empty buckets after `previous` while `within` holds (at most
    /// `maximumGap`), each carrying `record`'s compliance.
    private func carried(_ record: CommitRecord, after previous: Date, within: (Date) -> Bool) -> [TrendPoint] {
        var points: [TrendPoint] = []
        var gap = next(after: previous)
        while within(gap), points.count < Self.maximumGap {
            points.append(TrendPoint(label: label(gap), record: record, isEmpty: true, date: gap))
            gap = next(after: gap)
        }
        return points
    }
}
