import Foundation

/// Where a configuration file stops being JSON, as "line L, column C".
///
/// Foundation's JSON5 decoder says only "The given data was not valid JSON".
/// Its strict parser says where ("around character 30"), so the file is
/// given to it with comments and trailing commas blanked out byte for byte
/// (offsets stay those of the file) and its offset turned into a line and column.
enum JSONErrorLocation {
    static func describe(_ data: Data) -> String? {
        let bytes = blanked([UInt8](data))
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if detail.contains("end of file") { return "the file ends before the JSON does (an unclosed bracket or string?)" }
            guard let range = detail.range(of: "character "), let offset = Int(detail[range.upperBound...].prefix { $0.isNumber }),
                offset <= bytes.count
            else { return nil }
            let before = bytes[..<offset]
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            return "unexpected text at line \(line), column \(column)"
        }
    }

    /// The bytes with `//` and `/* */` comments and trailing commas turned
    /// into spaces (line breaks kept), strings untouched.
    private static func blanked(_ source: [UInt8]) -> [UInt8] {
        var bytes = source
        var index = 0
        var lastComma: Int?
        func blank(_ range: Range<Int>) { for i in range where bytes[i] != 0x0A { bytes[i] = 0x20 } }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                index += 1
                lastComma = nil
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                let end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
                blank(index..<end)
                index = end
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                end = min(bytes.count, end + 2)
                blank(index..<end)
                index = end
            } else {
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"), let comma = lastComma { bytes[comma] = 0x20 }
                if byte == UInt8(ascii: ",") {
                    lastComma = index
                } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                    lastComma = nil
                }
                index += 1
            }
        }
        return bytes
    }
}
