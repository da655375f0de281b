extension StringProtocol {
    /// Whether a name spells "font" in any letter case (`titleFont`,
    /// `fontSize`, `setFont`). Compared as ASCII bytes: it runs for every
    /// labelled argument and assignment of every file, where Foundation's
    /// case-insensitive search showed in profiles.
    var mentionsFont: Bool {
        let word: [UInt8] = Array("font".utf8)
        var matched = 0
        for byte in utf8 {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower == word[matched] {
                matched += 1
                if matched == word.count { return true }
            } else {
                matched = lower == word[0] ? 1 : 0
            }
        }
        return false
    }
}
