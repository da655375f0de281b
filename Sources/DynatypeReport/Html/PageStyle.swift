/// The report's stylesheet. Sizes are in `rem`/`em`, so the page follows the
/// reader's text size; nothing that holds text has a fixed height; colors
/// meet WCAG AA contrast (4.5:1 for text) in light and dark mode.
enum PageStyle {
    static let css = """
        :root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1c1f;--muted:#4f525a;--line:#c9ccd3;--card:#f4f5f7;\
        --accent:#0b57d0;--bad:#b3261e;--good:#146c2e;--warn:#7a4f00;--bar:#3b6fd4;--plot:#0b57d0}
        @media (prefers-color-scheme:dark){:root{--bg:#121316;--fg:#e7e7ea;--muted:#b4b7bf;--line:#41444c;--card:#1d1f24;\
        --accent:#9cc0ff;--bad:#ffb4ab;--good:#8fd6a0;--warn:#f3c969;--bar:#7fa7f5;--plot:#9cc0ff}}
        html{font-size:100%}
        body{margin:0;background:var(--bg);color:var(--fg);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;line-height:1.5}
        header,main,footer{max-width:75rem;margin:0 auto;padding:0 1rem}
        h1{font-size:1.75rem;margin:1rem 0 .25rem}
        h2{font-size:1.375rem;margin:2rem 0 .75rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
        h3{font-size:1.125rem;margin:1.25rem 0 .5rem}
        a{color:var(--accent)}
        a:focus-visible,summary:focus-visible{outline:.2rem solid var(--accent);outline-offset:.15rem}
        .skip{position:absolute;left:-100rem}
        .skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:1}
        nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:.5rem 0 0}
        .muted{color:var(--muted)}
        .tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,13rem),1fr));gap:.75rem;margin:0;padding:0}
        .tile{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem}
        .tile dt{color:var(--muted);font-size:.9375rem}
        .tile dd{margin:0;font-size:1.75rem;font-weight:600;overflow-wrap:anywhere}
        .tile dd small{display:block;font-size:.9375rem;font-weight:400;color:var(--muted)}
        .table-wrap{overflow-x:auto;margin:.5rem 0 1rem}
        table{border-collapse:collapse;width:100%}
        caption{text-align:left;color:var(--muted);padding:.25rem 0;caption-side:top}
        th,td{text-align:left;vertical-align:top;padding:.375rem .5rem;border-bottom:1px solid var(--line)}
        th{font-weight:600;overflow-wrap:normal}
        .num{text-align:right;font-variant-numeric:tabular-nums}
        td.num{white-space:nowrap}
        code{font-family:ui-monospace,"SF Mono","DejaVu Sans Mono",Menlo,monospace;font-size:.875em}
        td code{white-space:pre}
        .nowrap{white-space:nowrap}
        .bar{display:block;height:.75em;min-width:.125rem;border-radius:.2em;background:var(--bar)}
        .bar.bad{background:var(--bad)}
        .bar.good{background:var(--good)}
        .bad{color:var(--bad)}
        .good{color:var(--good)}
        .sev{font-weight:600}
        .sev-error{color:var(--bad)}
        .sev-warning{color:var(--warn)}
        .sev-note{color:var(--muted)}
        .verdict{font-weight:700;padding:0 .35em;border:1px solid currentColor;border-radius:.25em}
        .verdict.fail{color:var(--bad)}
        .verdict.pass{color:var(--good)}
        figure{margin:0}
        .chart svg{display:block;width:100%;height:auto}
        @media (max-width:40rem){.chart .plot{overflow-x:auto}.chart svg{min-width:36rem}}
        .chart text{font-size:.8125rem;fill:var(--muted);paint-order:stroke;stroke:var(--bg);stroke-width:.3em;stroke-linejoin:round;pointer-events:none}
        .chart .grid{stroke:var(--line);stroke-width:1}
        .chart line.tick{stroke:var(--muted);stroke-width:1}
        .chart .line{fill:none;stroke:var(--plot);stroke-width:2}
        .chart .point{fill:var(--plot)}
        .chart .regressed{fill:var(--bad)}
        .chart .resolved{fill:var(--good)}
        .chart a:focus-visible path,.chart a:focus-visible circle{stroke:var(--fg);stroke-width:3}
        .legend{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:.5rem 0;padding:0;list-style:none}
        .spark{display:block;width:8em;height:auto}
        .spark polyline{fill:none;stroke:var(--plot);stroke-width:2}
        article.card{border:1px solid var(--line);border-radius:.5rem;padding:.25rem 1rem .75rem;margin:0 0 1rem}
        article.card:target{outline:.2rem solid var(--accent)}
        .badge{display:inline-block;font-size:.875rem;font-weight:700;padding:0 .4em;border-radius:.25em;border:1px solid currentColor}
        .rule-entry{border-top:1px solid var(--line);padding:.25rem 0}
        .rule-entry:target{outline:.2rem solid var(--accent)}
        details{margin:.5rem 0}
        summary{cursor:pointer}
        ul.findings{padding-left:1.25rem}
        footer{margin:2rem auto}
        """
}
