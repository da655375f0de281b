/// Shortens text for one-line output without cutting a word or a code token
/// in half: `.notation(.co` reads as a typo, `.notation(…` as a shortening.
public enum TextCut {
    /// `text` when it fits in `limit` characters, else its longest prefix
    /// that ends at a token boundary, followed by `…`.
    public static func words(_ text: String, limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        let head = text.prefix(limit - 1)
        // A token ends where an identifier character meets anything else.
        var cut = head.endIndex
        if let next = text[head.endIndex...].first, isIdentifier(next), let last = head.last, isIdentifier(last) {
            cut = head.lastIndex { !isIdentifier($0) }.map { head.index(after: $0) } ?? head.endIndex
            if cut == head.startIndex { cut = head.endIndex }
        }
        return String(head[..<cut]).trimmingTrailingSpaces() + "…"
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
