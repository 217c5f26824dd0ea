import Foundation

/// A scenario's parsed options: `--name value` pairs and `--flag`s, checked against its declared options.
struct BenchArguments: Sendable {
    private let values: [String: String]
    private let flags: Set<String>
    private let options: [String: BenchOption]

    /// Parses `arguments` (after the scenario name). Throws a usage error for an unknown option, a missing
    /// value, or a value that is not an integer where one is expected.
    init(parsing arguments: [String], options declared: [BenchOption]) throws(BenchUsageError) {
        var options: [String: BenchOption] = [:]
        for option in declared { options[option.name] = option }
        var values: [String: String] = [:]
        var flags = Set<String>()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw BenchUsageError("unexpected argument '\(argument)' (options look like --name value)")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options[name] else { throw BenchUsageError("unknown option --\(name)") }
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw BenchUsageError("--\(name) takes no value") }
                flags.insert(name)
            case .integer, .text:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    index += 1
                    guard index < arguments.count else { throw BenchUsageError("--\(name) needs a value") }
                    value = arguments[index]
                }
                if option.kind == .integer, Int(value) == nil {
                    throw BenchUsageError("--\(name) needs an integer, not '\(value)'")
                }
                values[name] = value
            }
            index += 1
        }
        self.values = values
        self.flags = flags
        self.options = options
    }

    /// The integer option `name`, or its default.
    func integer(_ name: String) -> Int {
        Int(values[name] ?? options[name]?.defaultValue ?? "") ?? 0
    }

    /// The text option `name`, its default, or `nil`.
    func text(_ name: String) -> String? {
        values[name] ?? options[name]?.defaultValue
    }

    /// `--sizes`: comma-separated positive integers (spaces allowed); none, or one that is not a positive
    /// integer, is a usage error.
    func sizes() throws -> [Int] {
        let parts = (text("sizes") ?? "").split(separator: ",")
        let sizes = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty, sizes.count == parts.count, sizes.allSatisfy({ $0 > 0 }) else {
            throw BenchUsageError("--sizes needs positive integers, e.g. 1000,100000")
        }
        return sizes
    }

    /// `--seed`: the random seed given, or a random one when it is 0.
    func seed() -> UInt64 {
        let given = UInt64(truncatingIfNeeded: integer("seed"))
        return given == 0 ? UInt64.random(in: 1...UInt64(UInt32.max)) : given
    }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }
}

/// A command line `hearth-bench` cannot run, with the reason.
struct BenchUsageError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
