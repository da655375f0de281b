/// Path patterns of the configuration: `*` within a path component, `**`
/// across components, `?` one character. A pattern without wildcards matches
/// that path and everything under it (`Generated` excludes `Generated/A.swift`).
public struct Glob: Sendable {
    private let components: [Substring]

    public init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        var parts: [Substring] = []
        // `**/**` is `**`.
        for part in trimmed.split(separator: "/", omittingEmptySubsequences: true) where !(part == "**" && parts.last == "**") {
            parts.append(part)
        }
        if parts.last != "**" { parts.append("**") }
        components = parts
    }

    /// Pattern components against path components, `**` standing for any
    /// run of them, as `*` does for characters within one.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(Array.init)
        return Self.wildcardMatch(components.map(Array.init), parts, isRun: { $0 == ["*", "*"] }) { Self.matchComponent($0, $1) }
    }

    private static func matchComponent(_ pattern: [Character], _ text: [Character]) -> Bool {
        wildcardMatch(pattern, text, isRun: { $0 == "*" }) { $0 == "?" || $0 == $1 }
    }

    /// Whether `text` matches `pattern`, whose run elements match any run of
    /// elements and the others one element each, every (pattern, text)
    /// position decided once: backtracking cost four times more per run
    /// (a repository's `.dynatype.json` could stall every audit with
    /// `a/**/b/**/c/**/…`).
    private static func wildcardMatch<Element>(
        _ pattern: [Element], _ text: [Element], isRun: (Element) -> Bool, matchesOne: (Element, Element) -> Bool
    ) -> Bool {
        var known: [[Bool?]] = Array(repeating: Array(repeating: nil, count: text.count + 1), count: pattern.count + 1)
        func match(_ p: Int, _ t: Int) -> Bool {
            if let result = known[p][t] { return result }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if isRun(pattern[p]) {
                result = match(p + 1, t) || (t < text.count && match(p, t + 1))
            } else {
                result = t < text.count && matchesOne(pattern[p], text[t]) && match(p + 1, t + 1)
            }
            known[p][t] = result
            return result
        }
        return match(0, 0)
    }
}
