/// Path patterns of the configuration: `*` within a path component, `**`
/// across components, `?` one character. A pattern without wildcards matches
/// that path and everything under it (`Generated` excludes `Generated/A.swift`).
public struct Glob: Sendable {
    private let components: [Substring]

    public init(_ pattern: String) {
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        var parts = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        if parts.last != "**" { parts.append("**") }
        components = parts
    }

    public func matches(_ path: String) -> Bool {
        Self.match(components[...], path.split(separator: "/")[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            return (path.startIndex...path.endIndex).contains { match(rest, path[$0...]) }
        }
        guard let component = path.first, matchComponent(Array(head), Array(component)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
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
