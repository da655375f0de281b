import SwiftSyntax

/// Lines and columns of positions in a file's UTF-8 bytes, as SwiftSyntax's
/// `SourceLocationConverter` numbers them (lines end at `\n`, `\r` or
/// `\r\n`; columns count bytes from 1). Found from the bytes: building that
/// converter walks the text of the whole tree, which showed in profiles of
/// every analysis of a large file. Fixes go the other way, from a finding's
/// line and column to the offset they edit.
public struct LineTable: Sendable {
    struct Location {
        let line: Int
        let column: Int
    }

    /// The offset each line starts at, in order.
    private let lineStarts: [Int]
    private let count: Int

    public init(_ source: [UInt8]) {
        var starts = [0]
        source.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                if byte == 0x0A || byte == 0x0D { starts.append(index) }
            }
        }
        lineStarts = starts
        count = source.count
    }

    /// The offset of a line and column, nil when the file has no such place.
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= count ? offset : nil
    }

    func location(for position: AbsolutePosition) -> Location {
        let offset = position.utf8Offset
        // The last line starting at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return Location(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
