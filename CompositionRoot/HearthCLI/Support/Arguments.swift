import Hearth

/// A command's arguments, read by hand: positionals, `--flag`, `--option value` and `--option=value`,
/// and `--` ending the options. Each command takes what it knows and then calls ``finish()``, which
/// refuses anything left over.
struct Arguments {
    private var remaining: [String]
    let command: String

    init(_ arguments: [String], command: String) {
        self.remaining = arguments
        self.command = command
    }

    /// Whether `--help` or `-h` appears before `--`.
    var wantsHelp: Bool {
        for argument in remaining {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// Removes `--name` and reports whether it was there (a value given with `=` is an error).
    mutating func flag(_ name: String) throws(CommandFailure) -> Bool {
        var found = false
        var index = 0
        while index < remaining.count, remaining[index] != "--" {
            if remaining[index] == name {
                remaining.remove(at: index)
                found = true
            } else if remaining[index].hasPrefix(name + "=") {
                throw .usage("\(name) takes no value")
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes every `--name value` (or `--name=value`) and returns the values in order.
    mutating func options(_ name: String) throws(CommandFailure) -> [String] {
        var values: [String] = []
        var index = 0
        while index < remaining.count, remaining[index] != "--" {
            let argument = remaining[index]
            if argument == name {
                guard index + 1 < remaining.count, remaining[index + 1] != "--" else {
                    throw .usage("\(name) needs a value")
                }
                values.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                values.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return values
    }

    /// Removes `--name value` and returns the value; given twice is an error.
    mutating func option(_ name: String) throws(CommandFailure) -> String? {
        let values = try options(name)
        guard values.count <= 1 else { throw .usage("\(name) may be given only once") }
        return values.first
    }

    /// Removes every `--name value [word]`, where the optional word is one of `words`; returns pairs.
    mutating func options(_ name: String, optionalWord words: Set<String>) throws(CommandFailure) -> [(String, String?)]
    {
        var values: [(String, String?)] = []
        var index = 0
        while index < remaining.count, remaining[index] != "--" {
            let argument = remaining[index]
            var value: String?
            var used = 1
            if argument == name {
                guard index + 1 < remaining.count, remaining[index + 1] != "--" else {
                    throw .usage("\(name) needs a value")
                }
                value = remaining[index + 1]
                used = 2
            } else if argument.hasPrefix(name + "=") {
                value = String(argument.dropFirst(name.count + 1))
            }
            guard let value else {
                index += 1
                continue
            }
            var word: String?
            if index + used < remaining.count, words.contains(remaining[index + used].lowercased()) {
                word = remaining[index + used].lowercased()
                used += 1
            }
            values.append((value, word))
            remaining.removeSubrange(index..<(index + used))
        }
        return values
    }

    /// Takes the remaining positional arguments (an option left over is an error).
    mutating func positionals() throws(CommandFailure) -> [String] {
        var positionals: [String] = []
        var afterTerminator = false
        for argument in remaining {
            if !afterTerminator, argument == "--" {
                afterTerminator = true
            } else if !afterTerminator, argument.hasPrefix("-"), argument != "-", !Self.looksNumeric(argument) {
                throw .usage("unknown option \(Excerpt.of(argument))")
            } else {
                positionals.append(argument)
            }
        }
        remaining = []
        return positionals
    }

    /// Takes exactly `names.count` positional arguments, in order; too few or too many is a usage error
    /// naming them ("missing <path>", "expected one <path>", "expected <a> and <b>", "expected only <a> and <b>").
    mutating func positionals(exactly names: String...) throws(CommandFailure) -> [String] {
        let positionals = try positionals()
        guard positionals.count != names.count else { return positionals }
        let listed =
            names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        if names.count == 1 { throw .usage(positionals.isEmpty ? "missing \(listed)" : "expected one \(listed)") }
        throw .usage(positionals.count < names.count ? "expected \(listed)" : "expected only \(listed)")
    }

    /// Takes at most one positional argument (`-` means standard input and becomes `nil`, as does none).
    mutating func optionalPositional(
        _ name: String, dashMeansStandardInput: Bool = true
    ) throws(CommandFailure) -> String? {
        let positionals = try positionals()
        guard positionals.count <= 1 else { throw .usage("expected at most one \(name)") }
        return dashMeansStandardInput && positionals.first == "-" ? nil : positionals.first
    }

    private static func looksNumeric(_ text: String) -> Bool {
        guard let second = text.dropFirst().first else { return false }
        return second.isNumber
    }
}
