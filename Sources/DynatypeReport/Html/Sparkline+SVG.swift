import Foundation

extension Sparkline {
    /// A small SVG line of ratios on a fixed 0–100% scale, labelled with its
    /// first and last value for those who do not see it.
    static func svg(_ ratios: [Double], label: String) -> String {
        guard ratios.count > 1 else { return "" }
        let width = 100.0, height = 24.0
        let coordinates = ratios.enumerated().map { index, ratio in
            String(format: "%.1f,%.1f", width * Double(index) / Double(ratios.count - 1), 2 + (height - 4) * (1 - min(max(ratio, 0), 1)))
        }
        return "<svg class=\"spark\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTML.text(label))\">"
            + "<title>\(HTML.text(label))</title><polyline points=\"\(coordinates.joined(separator: " "))\"/></svg>"
    }
}
