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

/// The options a command accepts: those that take a value, and flags.
struct OptionSpec {
    var values: Set<String> = []
    var flags: Set<String> = []
    /// Short spellings: `-n` → `--max-count`.
    var aliases: [String: String] = [:]
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
