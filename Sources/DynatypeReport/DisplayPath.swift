/// File names, commit titles and authors as line-oriented output prints
/// them. Any of them may hold a newline or other control characters;
/// printed raw, `a\nB.swift:1:1: error:` would forge a diagnostic line, an
/// escape sequence would drive the reader's terminal, and a bidirectional
/// override would show text in another order than it has. Those characters
/// become `\n`, `\t`, `\u{1B}`, `\u{202E}`… (and a backslash before them
/// is doubled, so the escaping reads back one way only).
public enum DisplayPath {
    public static func escaped(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}" || bidiControls.contains(scalar.value)
    }

    /// Marks, embeddings, overrides and isolates (Unicode's "Trojan Source" characters).
    private static let bidiControls: Set<UInt32> = [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
}
