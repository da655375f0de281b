import DynatypeEngine

/// A usage mistake: reported on stderr with a pointer to `--help`, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Input that cannot be used (not a repository, an unaudited commit, a bad
/// database or configuration): reported on stderr as is, exit status 2.
struct InputError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The options a command accepts, declared once in the order `--help`
/// lists them: the parser takes their spellings, and the help's OPTIONS
/// section (and so docs/reference/cli.md) is rendered from them.
struct OptionSpec {
    let options: [CommandOption]

    init(_ options: [CommandOption]...) {
        self.options = options.flatMap { $0 }
    }

    var values: Set<String> { Set(options.filter { $0.placeholder != nil }.map(\.name)) }
    var flags: Set<String> { Set(options.filter { $0.placeholder == nil }.map(\.name)) }
    /// Short spellings: `-n` → `--max-count`.
    var aliases: [String: String] {
        Dictionary(uniqueKeysWithValues: options.compactMap { option in option.short.map { ($0, option.name) } })
    }

    /// The OPTIONS section's lines, `-h, --help` last.
    var help: String { (options + [CommandOption.help]).map(\.helpLines).joined(separator: "\n") }
}

/// Command-line arguments split into options and positionals
/// (`--format json`, `--format=json`, `--`, short aliases).
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String], spec: OptionSpec, command: String) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals += remaining
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            name = spec.aliases[name] ?? name
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                flags.insert(name)
            } else if spec.values.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError(message: "\(name) needs a value")
                }
                values[name, default: []].append(value)
            } else {
                let known = (spec.values.union(spec.flags)).sorted()
                throw UsageError(message: "unknown option \(name) for `dynatype \(command)`\(Suggestion.hint(for: name, in: known, quote: ""))")
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func value(_ name: String) -> String? { values[name]?.last }

    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    func integer(_ name: String, minimum: Int = 1) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw UsageError(message: "\(name) expects a whole number ≥ \(minimum), not \"\(text)\"")
        }
        return number
    }

    /// A value restricted to a list of choices.
    func choice<T: RawRepresentable>(_ name: String, _ type: T.Type) throws -> T? where T.RawValue == String, T: CaseIterable {
        guard let text = value(name) else { return nil }
        guard let choice = T(rawValue: text) else {
            throw UsageError(message: "\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
        }
        return choice
    }
}
