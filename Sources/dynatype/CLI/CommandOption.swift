/// One option of a command: its spellings and what `--help` says about it.
struct CommandOption {
    let name: String
    /// A one-letter spelling (`-j`), if any.
    let short: String?
    /// What the value is called in the help (`FILE`); nil for a flag.
    let placeholder: String?
    let summary: String

    static func value(_ name: String, _ placeholder: String, short: String? = nil, _ summary: String) -> CommandOption {
        CommandOption(name: name, short: short, placeholder: placeholder, summary: summary)
    }

    static func flag(_ name: String, short: String? = nil, _ summary: String) -> CommandOption {
        CommandOption(name: name, short: short, placeholder: nil, summary: summary)
    }

    /// Every command takes it; the parser's caller answers it before parsing.
    static let help = flag("--help", short: "-h", "Show this help.")

    /// `--jobs N, -j N`, `-q, --quiet`: as GNU tools list them.
    var spellings: String {
        guard let placeholder else { return short.map { "\($0), \(name)" } ?? name }
        return "\(name) \(placeholder)" + (short.map { ", \($0) \(placeholder)" } ?? "")
    }

    /// Where the summaries start, and the width they are wrapped to.
    private static let summaryColumn = 21
    private static let lineWidth = 92

    /// The option's lines in an OPTIONS section: the spellings, then the
    /// summary wrapped beside them (below them when they are too long).
    var helpLines: String {
        let indent = String(repeating: " ", count: Self.summaryColumn)
        let lines = Self.wrap(summary, width: Self.lineWidth - Self.summaryColumn)
        let head = "  " + spellings
        guard head.count + 2 <= Self.summaryColumn else { return ([head] + lines.map { indent + $0 }).joined(separator: "\n") }
        let first = head.padding(toLength: Self.summaryColumn, withPad: " ", startingAt: 0) + (lines.first ?? "")
        return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }

    /// Words filled into lines of at most `width` characters (a longer word has a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
