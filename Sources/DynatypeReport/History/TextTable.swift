/// Rows of cells rendered as an aligned table (for a terminal) or as CSV (RFC 4180).
public struct TextTable {
    public let header: [String]
    public var rows: [[String]] = []

    public init(_ header: [String]) {
        self.header = header
    }

    public mutating func add(_ row: [String]) { rows.append(row) }

    /// For a terminal: every cell escaped as `DisplayPath` escapes names (a
    /// commit title or an author can carry escape sequences too).
    public var aligned: String {
        let all = ([header] + rows).map { $0.map(DisplayPath.escaped) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.map { $0 + "\n" }.joined()
    }

    public var csv: String {
        ([header] + rows).map { row in
            row.map { cell in
                cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
                    ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
            }.joined(separator: ",")
        }.map { $0 + "\r\n" }.joined()
    }
}

/// `▁▂▃▄▅▆▇█` for a series, scaled between its minimum and maximum.
public enum Sparkline {
    static let ticks = Array("▁▂▃▄▅▆▇█")
    /// The most characters a sparkline takes on a terminal line.
    public static let maximumWidth = 60

    /// The series' own range, widened to at least `floor` (so 99.8 % and
    /// 100 % are not drawn as the bottom and the top) and kept inside `bounds`.
    public static func fittedRange(_ values: [Double], floor: Double, within bounds: ClosedRange<Double>) -> ClosedRange<Double> {
        guard var low = values.min(), var high = values.max() else { return bounds }
        if high - low < floor {
            let middle = (low + high) / 2
            low = middle - floor / 2
            high = middle + floor / 2
            if low < bounds.lowerBound { (low, high) = (bounds.lowerBound, bounds.lowerBound + floor) }
            if high > bounds.upperBound { (low, high) = (bounds.upperBound - floor, bounds.upperBound) }
        }
        return max(low, bounds.lowerBound)...min(high, bounds.upperBound)
    }

    /// At most `width` values: longer series are averaged in equal runs.
    public static func fitted(_ values: [Double], width: Int = maximumWidth) -> [Double] {
        guard values.count > width, width > 0 else { return values }
        return (0..<width).map { slot in
            let run = values[(slot * values.count / width)..<((slot + 1) * values.count / width)]
            return run.reduce(0, +) / Double(run.count)
        }
    }

    /// Scaled to `range` when given (values outside it are clamped), else
    /// to the values' own minimum and maximum.
    public static func render(_ values: [Double], range: ClosedRange<Double>? = nil) -> String {
        guard let low = range?.lowerBound ?? values.min(), let high = range?.upperBound ?? values.max() else { return "" }
        let values = values.map { min(max($0, low), high) }
        let span = high - low
        return String(values.map { value in
            span == 0 ? ticks[ticks.count / 2] : ticks[min(ticks.count - 1, Int((value - low) / span * Double(ticks.count - 1) + 0.5))]
        })
    }
}
