/// What a git pathspec of the simple forms a history diffs by keeps:
/// `*.swift` (a suffix anywhere: git matches `*` across `/`) and a literal
/// path (that file, or everything under that folder). Nil for other forms.
/// (A repository that compares paths ignoring case is left to libgit2 by the
/// caller: libgit2 matches and orders its paths differently.)
enum SimplePathspec {
    static func filter(_ patterns: [String]) -> ((String) -> Bool)? {
        var suffixes: [String] = []
        var literals: [String] = []
        let wildcards = Set("*?[\\!")
        for pattern in patterns {
            if pattern.first == "*", !pattern.dropFirst().contains(where: wildcards.contains), pattern.count > 1 {
                suffixes.append(String(pattern.dropFirst()))
            } else if !pattern.isEmpty, !pattern.contains(where: wildcards.contains), pattern.first != "/", pattern.last != "/" {
                literals.append(pattern)
            } else {
                return nil
            }
        }
        return { path in
            suffixes.contains { path.hasSuffix($0) } || literals.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
    }
}
