/// One `hearth-bench` subcommand: `hearth-bench <name> [options]`.
protocol BenchScenario: Sendable {
    /// The subcommand's name, for example `durable-commit`.
    var name: String { get }
    /// One line for `hearth-bench help`.
    var summary: String { get }
    /// The options it accepts (anything else is a usage error).
    var options: [BenchOption] { get }
    /// Runs it; returns the process's exit status (0: success, 1: a target or check failed).
    func run(_ arguments: BenchArguments) async throws -> Int32
}

/// An option of a scenario: `--name value`, or `--name` alone for a flag.
struct BenchOption: Sendable {
    enum Kind: Sendable {
        case integer
        case text
        case flag
    }

    let name: String
    let kind: Kind
    let defaultValue: String?
    let help: String

    static func integer(_ name: String, default value: Int, _ help: String) -> BenchOption {
        BenchOption(name: name, kind: .integer, defaultValue: String(value), help: help)
    }

    static func text(_ name: String, default value: String?, _ help: String) -> BenchOption {
        BenchOption(name: name, kind: .text, defaultValue: value, help: help)
    }

    static func flag(_ name: String, _ help: String) -> BenchOption {
        BenchOption(name: name, kind: .flag, defaultValue: nil, help: help)
    }
}
