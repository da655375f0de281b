/// "font" in any letter case (`titleFont`, `fontSize`, `setFont`), compared
/// as ASCII bytes: it runs for every labelled argument and assignment of
/// every file, where Foundation's case-insensitive search showed in profiles.
enum FontWord {
    static func occurs(in bytes: some Sequence<UInt8>) -> Bool {
        var matched = 0
        for byte in bytes {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower == letter(matched) {
                matched += 1
                if matched == 4 { return true }
            } else {
                matched = lower == letter(0) ? 1 : 0
            }
        }
        return false
    }

    private static func letter(_ index: Int) -> UInt8 {
        switch index {
        case 0: UInt8(ascii: "f")
        case 1: UInt8(ascii: "o")
        case 2: UInt8(ascii: "n")
        default: UInt8(ascii: "t")
        }
    }
}

extension StringProtocol {
    /// Whether a name spells "font" in any letter case.
    var mentionsFont: Bool { FontWord.occurs(in: utf8) }
}
