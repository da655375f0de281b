/// The headline numbers, as a list of tiles; each carries its raw value in
/// `data-value` for tools that read the page.
struct SummaryTiles {
    struct Tile {
        /// `data-metric`: a stable key (`compliance`, `errors`).
        let metric: String
        let label: String
        /// The number as shown (HTML).
        let shown: String
        /// The number as data.
        let value: String
        /// A line under the number (HTML), or empty.
        var detail = ""
    }

    let tiles: [Tile]

    func render() -> String {
        let items = tiles.map { tile in
            let detail = tile.detail.isEmpty ? "" : "<small>\(tile.detail)</small>"
            return "<div class=\"tile\"><dt>\(HTML.text(tile.label))</dt><dd data-metric=\"\(tile.metric)\" data-value=\"\(HTML.text(tile.value))\">\(tile.shown)\(detail)</dd></div>"
        }
        return "<dl class=\"tiles\">\n" + items.joined(separator: "\n") + "\n</dl>\n"
    }
}
