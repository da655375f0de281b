import Foundation
import Testing

/// The report as its readers get it on a wall and on a phone, in light and
/// dark: headings in order, every link, chart and table named, text with
/// WCAG AA contrast, and nothing wider than a 390-pixel window but the
/// tables that scroll inside their wrappers. The tests' own checks (no
/// axe-core package is in Debian or PyPI), run in headless Chromium.
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
}
