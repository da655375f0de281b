/// Line-independent identities of findings, so a finding keeps its identity
/// when code moves: the rule,
/// the path, the enclosing declaration, the finding's code with whitespace
/// removed, and an occurrence index among identical ones.
public enum Fingerprint {
    /// Fingerprints for a file's findings, in the same order.
    public static func of(_ findings: [Finding], path: String) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let key = [finding.rule.rawValue, path, finding.declaration, normalized(finding.current)].joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            return hex(fnv1a(key + "\u{1F}\(occurrence)"))
        }
    }

    public static func normalized(_ code: String) -> String { code.filter { !$0.isWhitespace } }

    /// 64-bit FNV-1a: stable across processes and platforms, unlike `Hasher`.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The version of dynatype reported by every format.
public enum DynatypeVersion {
    public static let current = "0.1.0"
}
