/// File names as line-oriented output prints them. A name may hold a
/// newline or other control characters; printed raw, `a\nB.swift:1:1: error:`
/// would forge a diagnostic line. Control characters become `\n`, `\t`,
/// `\u{1B}`… (and a backslash before them is doubled, so the escaping reads
/// back one way only).
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
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
