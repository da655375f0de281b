@testable import DynatypeHistory
@testable import DynatypeReport
import Foundation
import Testing

/// The report's chart on a time axis: points placed by date, ticks in
/// calendar units, and dense markers drawn one per unit.
@Suite struct TrendChartTests {
    static let day = 86_400.0
    static let origin = Date(timeIntervalSince1970: 1_700_000_000)

    static func point(_ index: Int, dayOffset: Double) -> TrendPoint {
        let sha = String(format: "%040x", index + 1)
        var record = HistoryStoreConformanceTests.record(sha)
        record.committedAt = origin.addingTimeInterval(dayOffset * day)
        return TrendPoint(label: String(sha.prefix(10)), record: record, date: record.committedAt)
    }

    /// The `cx` of each point circle, in order.
    static func xs(_ svg: String) -> [Double] {
        svg.components(separatedBy: "<circle class=\"point\" cx=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
    }

    @Test func pointsStandByDateNotByCount() {
        // Two commits a day apart, then one 30 days later.
        let points = [Self.point(0, dayOffset: 0), Self.point(1, dayOffset: 1), Self.point(2, dayOffset: 31)]
        let xs = Self.xs(TrendChart(points: points, bucket: .commit, events: []).render())
        #expect(xs.count == 3)
        #expect(abs((xs[2] - xs[1]) / (xs[1] - xs[0]) - 30) < 0.5, "\(xs)")
    }

    /// A scale from 60 % in fifths reads 60 %, 68 %, 76 %, 84 %, 92 %, 100 %: one
    /// format for all (0.84 * 100 is not exactly 84, and read "84.0%").
    @Test func theScaleLabelsAreAllWrittenAlike() {
        var record = Self.point(0, dayOffset: 0).record
        record.summary.textElements = 100
        record.summary.textElementsPassing = 62
        let low = TrendPoint(label: "low", record: record, date: record.committedAt)
        let svg = TrendChart(points: [low, Self.point(1, dayOffset: 1)], bucket: .commit, events: []).render()
        let labels = svg.components(separatedBy: "%</text>").dropLast().compactMap { $0.components(separatedBy: ">").last }
        #expect(labels.filter { $0.allSatisfy(\.isNumber) }.count >= 6, "\(labels)")
        #expect(!labels.contains { $0.contains(".") }, "\(labels)")
    }

    @Test func ticksFollowTheCalendarUnitOfTheSpan() {
        let months = TimeAxis(from: Self.origin, to: Self.origin.addingTimeInterval(200 * Self.day))
        #expect(months.unit == .month && months.ticks.map(\.label).first == "Dec 2023" && months.ticks.count <= 8)
        let weeks = TimeAxis(from: Self.origin, to: Self.origin.addingTimeInterval(40 * Self.day))
        #expect(weeks.unit == .week && weeks.ticks.count <= 8)
        let years = TimeAxis(from: Self.origin, to: Self.origin.addingTimeInterval(3_000 * Self.day))
        #expect(years.unit == .year && years.ticks.map(\.label).first == "2024")
    }

    /// Forty regressions in a month: one marker per week, each linking to its newest.
    @Test func denseMarkersAreDrawnOnePerUnit() {
        let points = (0..<40).map { Self.point($0, dayOffset: Double($0) * 0.75) }
        let events = points.indices.map { index in
            RegressionEvent(
                record: points[index].record, reasons: ["introduced 1 error"], introduced: [], fixed: [], noLongerChecked: [], configuration: [],
                isOpen: false, resolvedBy: nil, resolves: [], trendIndex: index
            )
        }
        let svg = TrendChart(points: points, bucket: .commit, events: events).render()
        let markers = svg.components(separatedBy: "<path class=\"regressed\"").count - 1
        #expect(markers < 10 && markers >= 4, "\(markers) markers")
        #expect(svg.contains("data-events=\""))
        let sparse = TrendChart(points: Array(points.prefix(5)), bucket: .commit, events: Array(events.prefix(5))).render()
        #expect(sparse.components(separatedBy: "<path class=\"regressed\"").count - 1 == 5, "a few are drawn one by one")
    }
}
