import Foundation
import Testing

/// The report page in a real browser (headless Chromium): it loads without
/// a console message, the chart and tables are there after load, and at
/// twice the text size nothing spills out of its box.
@Suite struct BrowserReportTests {
    /// Measures the laid-out page, at the page's text size and at 200%, and
    /// writes what it found into the DOM for `--dump-dom`. Only the test's
    /// copy of the page gets it: the report itself has no script.
    static let probe = """
        <script>
        (function () {
          function describe(el) {
            var text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
            return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + text + '"';
          }
          function measure() {
            var found = [], scrolled = [];
            var root = document.documentElement;
            if (root.scrollWidth > root.clientWidth + 1) found.push('the page is ' + root.scrollWidth + 'px wide in a ' + root.clientWidth + 'px window');
            var all = document.body.querySelectorAll('*');
            for (var i = 0; i < all.length; i++) {
              var el = all[i];
              if (el.closest('svg') || el.closest('#probe') || el.closest('.skip')) continue;
              var style = getComputedStyle(el);
              if (style.display === 'none' || style.display === 'inline') continue;
              // A wide data table scrolls sideways inside its wrapper (reflow
              // exempts tables); the wrapper itself must fit its section.
              if (style.overflowX === 'auto') { if (el.scrollWidth > el.clientWidth + 1) scrolled.push(describe(el)); }
              else if (el.parentElement && el.parentElement.closest('.table-wrap')) continue;
              // A box whose content is wider or taller than the box itself (a fixed size around text).
              if (style.overflowX !== 'auto' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) found.push(describe(el) + ' overflows its width (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
              if (el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1) found.push(describe(el) + ' overflows its height (' + el.scrollHeight + ' > ' + el.clientHeight + ')');
              // A box that sticks out of its section.
              var section = el.closest('section, header, footer');
              if (section && el !== section) {
                var box = el.getBoundingClientRect(), outer = section.getBoundingClientRect();
                if (box.right > outer.right + 1 || box.left < outer.left - 1) found.push(describe(el) + ' sticks out of its section');
              }
            }
            return {
              fontSize: parseFloat(getComputedStyle(document.body).fontSize),
              problems: found,
              scrolledTables: scrolled,
              charts: document.querySelectorAll('#trend svg polyline.line').length,
              points: document.querySelectorAll('#trend svg circle.point').length,
              tables: document.querySelectorAll('table').length,
              sections: document.querySelectorAll('main section').length
            };
          }
          var normal = measure();
          document.documentElement.style.fontSize = '200%';
          var large = measure();
          var out = document.createElement('pre');
          out.id = 'probe';
          out.textContent = JSON.stringify({ normal: normal, large: large });
          document.body.appendChild(out);
        })();
        </script>
        """

    struct Measure: Decodable {
        let fontSize: Double
        let problems: [String]
        /// Tables wider than the window, scrolling inside their wrapper.
        let scrolledTables: [String]
        let charts: Int
        let points: Int
        let tables: Int
        let sections: Int
    }

    struct Probe: Decodable {
        let normal: Measure
        let large: Measure
    }

    @Test func thePageLoadsCleanlyAndScalesToTwiceTheTextSize() throws {
        guard let chromium = try HeadlessChromium() else {
            Issue.record(Comment(rawValue: HeadlessChromium.missing))
            return
        }
        let fixture = try ReportHistory.make()
        let (file, page) = try ReportHistory.report(fixture)
        let folder = fixture.folder.url

        let shot = folder.appendingPathComponent("report.png")
        let console = try chromium.screenshot(file, to: shot, height: 3000)
        #expect(console.isEmpty, "no console message: \(console)")
        let size = try #require(pngSize(try Data(contentsOf: shot)), "a PNG screenshot")
        #expect(size.width == 1280 && size.height == 3000)

        let probed = folder.appendingPathComponent("probed.html")
        try Data(page.replacingOccurrences(of: "</body>", with: Self.probe + "</body>").utf8).write(to: probed)
        let (dom, probeConsole) = try chromium.dumpDOM(probed)
        #expect(probeConsole.isEmpty, "no console message: \(probeConsole)")
        #expect(dom.contains("id=\"trend-table\"") && dom.contains("<svg"), "the chart and its table are in the DOM after load")
        let result = try #require(Self.probeResult(dom), "the probe ran: \(dom.suffix(500))")
        #expect(result.normal.charts == 1 && result.normal.points == 6)
        #expect(result.normal.tables >= 6 && result.normal.sections == 8)
        #expect(result.normal.problems.isEmpty, "at 100%: \(result.normal.problems)")
        #expect(result.normal.scrolledTables.isEmpty, "at 100% every table fits: \(result.normal.scrolledTables)")
        #expect(result.large.fontSize == 2 * result.normal.fontSize, "the text follows the reader's size")
        #expect(result.large.problems.isEmpty, "at 200%: \(result.large.problems)")

        let large = folder.appendingPathComponent("large.html")
        try Data(page.replacingOccurrences(of: "</head>", with: "<style>html{font-size:200%}</style></head>").utf8).write(to: large)
        let largeShot = folder.appendingPathComponent("report-200.png")
        #expect(try chromium.screenshot(large, to: largeShot, height: 3000).isEmpty)
        #expect(pngSize(try Data(contentsOf: largeShot))?.width == 1280)
        if let keep = ProcessInfo.processInfo.environment["DYNATYPE_SCREENSHOT_DIR"] {
            for (source, name) in [(shot, "fixture-report.png"), (largeShot, "fixture-report-200.png")] {
                let target = URL(fileURLWithPath: keep).appendingPathComponent(name)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: source, to: target)
            }
        }
    }

    /// The probe's JSON, from the `<pre id="probe">` the DOM dump holds.
    static func probeResult(_ dom: String) -> Probe? {
        guard let start = dom.range(of: "<pre id=\"probe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else { return nil }
        let text = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try? JSONDecoder().decode(Probe.self, from: Data(text.utf8))
    }
}
