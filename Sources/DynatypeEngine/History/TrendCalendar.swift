import DynatypeHistory
import Foundation

/// Day, week (ISO, from Monday) and month buckets of `dynatype trend`, in UTC
/// so a bucket does not depend on the machine's time zone.
struct TrendCalendar {
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
