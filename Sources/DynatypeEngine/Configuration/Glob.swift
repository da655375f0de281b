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

    /// Pattern components against path components, each pair decided once:
    /// backtracking over `**`s cost four times more per `**` (a repository's
    /// `.dynatype.json` could stall every audit with `a/**/b/**/c/**/…`).
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map(Array.init)
        let pattern = components.map(Array.init)
        var known: [[Bool?]] = Array(repeating: Array(repeating: nil, count: parts.count + 1), count: pattern.count + 1)
        func match(_ p: Int, _ i: Int) -> Bool {
            if let result = known[p][i] { return result }
            let result: Bool
            if p == pattern.count {
                result = i == parts.count
            } else if pattern[p] == ["*", "*"] {
                result = match(p + 1, i) || (i < parts.count && match(p, i + 1))
            } else {
                result = i < parts.count && Self.matchComponent(pattern[p], parts[i]) && match(p + 1, i + 1)
            }
            known[p][i] = result
            return result
        }
        return match(0, 0)
    }

    private static func matchComponent(_ pattern: [Character], _ text: [Character]) -> Bool {
        var memo: [[Bool?]] = Array(repeating: Array(repeating: nil, count: text.count + 1), count: pattern.count + 1)
        func go(_ p: Int, _ t: Int) -> Bool {
            if let known = memo[p][t] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == "*" {
                result = go(p + 1, t) || (t < text.count && go(p, t + 1))
            } else {
                result = t < text.count && (pattern[p] == "?" || pattern[p] == text[t]) && go(p + 1, t + 1)
            }
            memo[p][t] = result
            return result
        }
        return go(0, 0)
    }
}
