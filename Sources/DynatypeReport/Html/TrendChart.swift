import DynatypeHistory
import Foundation

/// Compliance over the period as an SVG line chart: a hover title on every
/// point (sha, author, date), regression and resolution markers that link to
/// the commit's section, and the same numbers as a table for those who do
/// not see the chart.
struct TrendChart {
    let points: [TrendPoint]
    let bucket: TrendBucket
    /// The events shown on the page (only those have a section to link to).
    let events: [RegressionEvent]

    private let width = 800.0, height = 260.0
    private let left = 14.0, right = 14.0, top = 34.0, bottom = 34.0

    func render() -> String {
        guard !points.isEmpty else { return "<p>No audited commit in the period.</p>\n" }
        let regressions = events.filter(\.isRegression).count
        let resolutions = events.filter { !$0.resolves.isEmpty }.count
        let first = points.first!.record.summary.complianceRatio, last = points.last!.record.summary.complianceRatio
        let label = "Compliance by \(bucket.rawValue), from \(HTML.percent(first)) to \(HTML.percent(last)), "
            + "\(Plural.count(regressions, "regression")) and \(Plural.count(resolutions, "resolution")) marked"
        return """
            <figure class="chart">
            <figcaption id="trend-caption">\(HTML.text(label)). Hover a point for its commit; a marker links to the commit below.</figcaption>
            <div class="plot"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Int(width)) \(Int(height))" aria-labelledby="trend-caption" role="group">
            <title>\(HTML.text(label))</title>
            \(grid())\(line())\(markers())\(labels())</svg></div>
            <ul class="legend"><li><span class="bad">▼</span> regression</li><li><span class="good">●</span> resolution</li><li>scale \(HTML.percent(range.lowerBound))–100%</li></ul>
            </figure>
            <details><summary>The chart as a table</summary>
            \(table())</details>

            """
    }

    /// The vertical scale: down to a whole 5 points below the lowest
    /// compliance, so a few points of change are visible.
    private var range: ClosedRange<Double> {
        let lowest = points.map(\.record.summary.complianceRatio).min() ?? 1
        return max(0, ((lowest - 0.005) * 20).rounded(.down) / 20)...1
    }

    /// Points stand by date, in every copy of the page (the daemon's draws
    /// each commit): a month of silence is a month wide.
    private var axis: TimeAxis { TimeAxis(from: points.first!.date, to: points.last!.date) }

    private func x(_ index: Int) -> Double { x(points[index].date) }

    private func x(_ date: Date) -> Double {
        let plot = width - left - right
        let span = axis.end.timeIntervalSince(axis.start)
        return span <= 0 ? left + plot / 2 : left + plot * date.timeIntervalSince(axis.start) / span
    }

    private func y(_ ratio: Double) -> Double {
        let span = range.upperBound - range.lowerBound
        return top + (height - top - bottom) * (1 - (min(max(ratio, range.lowerBound), 1) - range.lowerBound) / span)
    }

    private func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The six ratios the grid marks.
    private var scale: [Double] { (0...5).map { range.lowerBound + (1 - range.lowerBound) * Double($0) / 5 } }

    private func grid() -> String {
        var out = ""
        for ratio in scale {
            let level = y(ratio)
            out += "<line class=\"grid\" x1=\"\(number(left))\" x2=\"\(number(width - right))\" y1=\"\(number(level))\" y2=\"\(number(level))\"/>\n"
        }
        return out
    }

    /// Drawn last, over the line, with a halo (see the page style): at 200%
    /// text the scale's labels are large enough to meet the line.
    private func labels() -> String {
        var out = ""
        for ratio in scale {
            // 0.84 * 100 is 84.00000000000001: whole within rounding error is whole.
            let tick = abs((ratio * 100).rounded() - ratio * 100) < 1e-6 ? String(format: "%.0f%%", ratio * 100) : HTML.percent(ratio)
            out += "<text x=\"\(number(left + 2))\" y=\"\(number(y(ratio) - 4))\">\(tick)</text>\n"
        }
        let baseline = number(height - 6)
        for tick in axis.ticks {
            let at = x(tick.date)
            out += "<line class=\"tick\" x1=\"\(number(at))\" x2=\"\(number(at))\" y1=\"\(number(height - bottom))\" y2=\"\(number(height - bottom + 5))\"/>"
            let anchor = at < left + 30 ? "start" : at > width - right - 30 ? "end" : "middle"
            out += "<text class=\"tick\" x=\"\(number(at))\" y=\"\(baseline)\" text-anchor=\"\(anchor)\">\(HTML.text(tick.label))</text>\n"
        }
        return out
    }

    private func line() -> String {
        let coordinates = points.indices.map { "\(number(x($0))),\(number(y(points[$0].record.summary.complianceRatio)))" }
        var out = "<polyline class=\"line\" points=\"\(coordinates.joined(separator: " "))\"/>\n"
        for (index, point) in points.enumerated() {
            out += "<circle class=\"point\" cx=\"\(number(x(index)))\" cy=\"\(number(y(point.record.summary.complianceRatio)))\" r=\"2.5\"><title>\(HTML.text(hover(point)))</title></circle>\n"
        }
        return out
    }

    private func hover(_ point: TrendPoint) -> String {
        let record = point.record
        let compliance = "\(HTML.percent(record.summary.complianceRatio)), \(Plural.count(record.summary.errors, "error"))"
        if point.isEmpty { return "\(point.label): no commit; \(compliance) carried from \(record.sha.prefix(10))" }
        let bucket = self.bucket == .commit ? "" : "\(point.label), last commit "
        return "\(bucket)\(record.sha.prefix(10)) · \(record.authorName) · \(HistoryRenderer.date(record.committedAt)) · \(compliance) · \(record.title)"
    }

    /// Above this many on the chart, regressions and resolutions are drawn
    /// one marker per axis unit (day, week, …), which links to the newest.
    static let markerLimit = 24

    private func markers() -> String {
        let placed = events.filter { $0.trendIndex.map(points.indices.contains) == true }
        guard placed.count > Self.markerLimit else { return placed.map(marker).joined() }
        let groups = Dictionary(grouping: placed) { axis.floor(points[$0.trendIndex!].date) }
        return groups.keys.sorted().map { start in
            let members = groups[start]!
            guard members.count > 1 else { return marker(members[0]) }
            return groupMarker(members, unitStart: start)
        }.joined()
    }

    /// One marker for several events of one axis unit: a regression triangle
    /// when any regressed, titled with how many of each.
    private func groupMarker(_ members: [RegressionEvent], unitStart: Date) -> String {
        let newest = members.max { points[$0.trendIndex!].date < points[$1.trendIndex!].date }!
        let index = newest.trendIndex!
        let at = (x: x(index), y: y(points[index].record.summary.complianceRatio))
        let regressions = members.filter(\.isRegression).count
        let resolutions = members.filter { !$0.resolves.isEmpty }.count
        let title = "\(Plural.count(regressions, "regression")) and \(Plural.count(resolutions, "resolution")) from "
            + "\(HistoryRenderer.date(unitStart)); the newest: \(newest.record.sha.prefix(10)) \(newest.record.title)"
        let shape = regressions > 0
            ? "<path class=\"regressed\" d=\"M\(number(at.x - 7)),\(number(at.y - 18)) L\(number(at.x + 7)),\(number(at.y - 18)) L\(number(at.x)),\(number(at.y - 5)) Z\"/>"
            : "<circle class=\"resolved\" cx=\"\(number(at.x))\" cy=\"\(number(at.y + 10))\" r=\"6\"/>"
        return "<a href=\"#\(HTML.commitAnchor(newest.record.sha))\" aria-label=\"\(HTML.text(title))\" data-events=\"\(members.count)\"><title>\(HTML.text(title))</title>\(shape)</a>\n"
    }

    private func marker(_ event: RegressionEvent) -> String {
        var out = ""
        let index = event.trendIndex!
        let at = (x: x(index), y: y(points[index].record.summary.complianceRatio))
        let subject = "\(event.record.sha.prefix(10)) · \(event.record.authorName) · \(HistoryRenderer.date(event.record.committedAt)) · \(event.record.title)"
        if event.isRegression {
            let title = "Regression \(subject): \(event.reasons.joined(separator: "; "))"
            let shape = "M\(number(at.x - 6)),\(number(at.y - 16)) L\(number(at.x + 6)),\(number(at.y - 16)) L\(number(at.x)),\(number(at.y - 5)) Z"
            out += "<a href=\"#\(HTML.commitAnchor(event.record.sha))\" aria-label=\"\(HTML.text(title))\"><title>\(HTML.text(title))</title><path class=\"regressed\" d=\"\(shape)\"/></a>\n"
        }
        if !event.resolves.isEmpty {
            let title = "Resolution \(subject): resolves \(event.resolves.map { String($0.prefix(10)) }.joined(separator: ", "))"
            out += "<a href=\"#\(HTML.commitAnchor(event.record.sha))\" aria-label=\"\(HTML.text(title))\"><title>\(HTML.text(title))</title><circle class=\"resolved\" cx=\"\(number(at.x))\" cy=\"\(number(at.y + 10))\" r=\"5\"/></a>\n"
        }
        return out
    }

    private func table() -> String {
        // By commit, the bucket is the commit: no column repeats it.
        let byCommit = bucket == .commit
        var columns: [HTMLTable.Column] = [.init(title: byCommit ? "commit" : bucket.rawValue)]
        if !byCommit { columns.append(.init(title: "last commit")) }
        columns += [
            .init(title: "date"), .init(title: "author"), .init(title: "compliance", numeric: true), .init(title: "errors", numeric: true),
            .init(title: "warnings", numeric: true), .init(title: "files failing", numeric: true),
        ]
        var table = HTMLTable(
            caption: "Compliance by \(bucket.rawValue), oldest first", columns: columns,
            attributes: "id=\"trend-table\" data-bucket=\"\(bucket.rawValue)\""
        )
        for point in points {
            let record = point.record, summary = record.summary
            var cells = [byCommit ? HTML.code(point.label) : HTML.text(point.label)]
            if !byCommit { cells.append(point.isEmpty ? "–" : HTML.code(String(record.sha.prefix(10)))) }
            cells += [
                point.isEmpty ? "–" : HistoryRenderer.date(record.committedAt), point.isEmpty ? "–" : HTML.text(record.authorName),
                HTML.percent(summary.complianceRatio), "\(summary.errors)", "\(summary.warnings)", "\(summary.filesFailing)",
            ]
            table.add(cells)
        }
        return table.render()
    }
}
