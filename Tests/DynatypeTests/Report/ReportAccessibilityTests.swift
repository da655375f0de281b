import Foundation
import Testing

/// The report as its readers get it on a wall and on a phone, in light and
/// dark: headings in order, every link, chart and table named, text with
/// WCAG AA contrast, and nothing wider than a 390-pixel window but the
/// tables that scroll inside their wrappers (the tests' own checks), and
/// Deque's axe-core finding no WCAG 2.1 A/AA violation, run in headless Chromium.
@Suite struct ReportAccessibilityTests {
    static let probe = """
        <script>
        (function () {
          function rgb(text) {
            var m = text.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
            var p = m[1].split(',').map(parseFloat); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
          }
          function luminance(c) {
            var f = function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
            return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
          }
          function background(el) {
            for (var e = el; e; e = e.parentElement) {
              var c = rgb(getComputedStyle(e).backgroundColor); if (c && c.a > 0.5) return c;
            }
            return { r: 255, g: 255, b: 255, a: 1 };
          }
          function describe(el) { return el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"'; }
          var problems = [];
          var levels = Array.prototype.map.call(document.querySelectorAll('h1, h2, h3, h4'), function (h) { return +h.tagName[1]; });
          if (levels[0] !== 1 || levels.filter(function (l) { return l === 1; }).length !== 1) problems.push('one h1 first: ' + levels.slice(0, 5));
          for (var i = 1; i < levels.length; i++) if (levels[i] > levels[i - 1] + 1) problems.push('heading level skips from ' + levels[i - 1] + ' to ' + levels[i]);
          document.querySelectorAll('a').forEach(function (a) {
            if (!(a.textContent.trim() || a.getAttribute('aria-label') || a.querySelector('title'))) problems.push('a link without a name');
          });
          document.querySelectorAll('svg').forEach(function (s) {
            if (!(s.querySelector('title') || s.getAttribute('aria-label') || s.getAttribute('aria-labelledby'))) problems.push('an svg without a name');
          });
          document.querySelectorAll('table').forEach(function (t) { if (!t.querySelector('caption')) problems.push('a table without a caption'); });
          var checked = 0;
          document.body.querySelectorAll('*').forEach(function (el) {
            if (el.closest('svg') || el.id === 'probe') return;
            var own = Array.prototype.some.call(el.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
            var style = getComputedStyle(el);
            if (!own || style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) return;
            var fg = rgb(style.color), bg = background(el);
            if (!fg) return;
            var a = luminance(fg), b = luminance(bg), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
            var size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
            var needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
            checked++;
            if (ratio < needed) problems.push(describe(el) + ' contrast ' + ratio.toFixed(2) + ' < ' + needed);
          });
          var root = document.documentElement;
          if (root.scrollWidth > root.clientWidth + 1) problems.push('the page is ' + root.scrollWidth + 'px wide in a ' + root.clientWidth + 'px window');
          var out = document.createElement('pre');
          out.id = 'probe';
          out.textContent = JSON.stringify({ problems: problems, checked: checked, dark: matchMedia('(prefers-color-scheme: dark)').matches });
          document.body.appendChild(out);
        })();
        </script>
        """

    struct Result: Decodable {
        let problems: [String]
        let checked: Int
        let dark: Bool
    }

    @Test(arguments: [(width: 1280, dark: false), (width: 1280, dark: true), (width: 390, dark: false), (width: 390, dark: true)])
    func theReportIsReadableOnAWallAndAPhoneInLightAndDark(width: Int, dark: Bool) throws {
        guard let chromium = try HeadlessChromium() else {
            Issue.record(Comment(rawValue: HeadlessChromium.missing))
            return
        }
        let fixture = try ReportHistory.make()
        let (_, page) = try ReportHistory.report(fixture)
        let probed = fixture.folder.url.appendingPathComponent("probed.html")
        try Data(page.replacingOccurrences(of: "</body>", with: Self.probe + "</body>").utf8).write(to: probed)
        let scheme = dark ? ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] : []
        let (dom, console) = try chromium.dumpDOM(probed, arguments: ["--window-size=\(width),2000"] + scheme)
        #expect(console.isEmpty, "\(console)")
        guard let start = dom.range(of: "<pre id=\"probe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("the probe did not run: \(dom.suffix(300))")
            return
        }
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let result = try JSONDecoder().decode(Result.self, from: Data(json.utf8))
        #expect(result.dark == dark, "the color scheme asked for is the one laid out")
        #expect(result.checked > 50, "text was checked: \(result.checked)")
        #expect(result.problems.isEmpty, "\(width) px, \(dark ? "dark" : "light"): \(result.problems)")
    }

    /// axe-core as PyPI's `axe-playwright-python` ships it (`pip install
    /// --no-deps axe-playwright-python`: only its `axe.min.js` is used).
    private static func axeCore() throws -> String? {
        let locate = "import importlib.util, os; s = importlib.util.find_spec('axe_playwright_python'); print(os.path.join(s.submodule_search_locations[0], 'axe.min.js') if s else '')"
        let path = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", locate]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The page with axe-core run on it once loaded: its violations (rule id
    /// and the first nodes) written into the page for `--dump-dom`.
    private static func withAxe(_ page: String, axe: String) -> String {
        let runner = """
            <script>
            axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then(function (results) {
              var out = document.createElement('pre'); out.id = 'axe';
              out.textContent = JSON.stringify({ passes: results.passes.length, violations: results.violations.map(function (v) {
                return v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); }).join(', ');
              }) });
              document.body.appendChild(out);
            });
            </script>
            """
        return page.replacingOccurrences(of: "</body>", with: "<script>" + axe.replacingOccurrences(of: "</script>", with: "<\\/script>") + "</script>" + runner + "</body>")
    }

    struct AxeResult: Decodable {
        let passes: Int
        let violations: [String]
    }

    private static func runAxe(on page: String, axe: String, in folder: URL, arguments: [String], chromium: HeadlessChromium) throws -> AxeResult? {
        let file = folder.appendingPathComponent("axe-\(UUID().uuidString).html")
        try Data(withAxe(page, axe: axe).utf8).write(to: file)
        // Virtual time lets axe's promise settle before the DOM is dumped.
        let (dom, _) = try chromium.dumpDOM(file, arguments: ["--virtual-time-budget=20000"] + arguments)
        guard let start = dom.range(of: "<pre id=\"axe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else { return nil }
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(AxeResult.self, from: Data(json.utf8))
    }

    @Test(arguments: [(width: 1280, dark: false), (width: 390, dark: true)])
    func axeCoreFindsNoWCAGViolation(width: Int, dark: Bool) throws {
        guard let chromium = try HeadlessChromium() else {
            Issue.record(Comment(rawValue: HeadlessChromium.missing))
            return
        }
        guard let axe = try Self.axeCore() else {
            Issue.record("axe-core is not installed: pip install --no-deps axe-playwright-python (.ci/run and scripts/bootstrap install it)")
            return
        }
        let fixture = try ReportHistory.make()
        let (_, page) = try ReportHistory.report(fixture)
        let scheme = dark ? ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] : []
        let result = try #require(try Self.runAxe(on: page, axe: axe, in: fixture.folder.url, arguments: ["--window-size=\(width),2000"] + scheme, chromium: chromium))
        #expect(result.passes > 10, "axe ran its rules: \(result.passes) passed")
        #expect(result.violations.isEmpty, "\(width) px, \(dark ? "dark" : "light"): \(result.violations)")
        // The same harness on a page built to fail reports its failures.
        let failing = "<!doctype html><html><head><title>t</title></head><body><main><img src=\"x.png\"><p style=\"color:#bbb;background:#fff\">faint</p></main></body></html>"
        let caught = try #require(try Self.runAxe(on: failing, axe: axe, in: fixture.folder.url, arguments: [], chromium: chromium))
        #expect(caught.violations.contains { $0.hasPrefix("image-alt") } && caught.violations.contains { $0.hasPrefix("color-contrast") }, "\(caught.violations)")
    }
}
