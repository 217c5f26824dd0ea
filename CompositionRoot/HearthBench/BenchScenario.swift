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

    // The options several scenarios share, written once so that they mean the same everywhere.

    /// `--runs`: repetitions of a measurement, of which medians are reported.
    static func runs(default value: Int, _ help: String = "repetitions (medians are reported)") -> BenchOption {
        .integer("runs", default: value, help)
    }

    /// `--dir`: where the scenario makes its stores (read with ``BenchDirectory``).
    static let parentDirectory = BenchOption.text(
        "dir", default: nil, "parent directory of the stores (default: the temporary directory)")

    /// `--documents`: how many documents a measurement uses.
    static func documents(default value: Int, _ help: String) -> BenchOption {
        .integer("documents", default: value, help)
    }

    /// `--sizes`: collection sizes, comma-separated (read with ``BenchArguments/sizes()``).
    static func sizes(default value: String, _ help: String = "collection sizes, comma-separated") -> BenchOption {
        .text("sizes", default: value, help)
    }

    /// The options the `crash` scenario hands to its `crash-child` unchanged (the same names, so the
    /// parent forwards them as they were given).
    static func crashChildOptions(seedHelp: String, writers: Int) -> [BenchOption] {
        [
            .integer("seed", default: 0, seedHelp),
            .integer("writers", default: writers, "concurrent writers in the child"),
            .text("durability", default: "full", "the child's durability: full or relaxed"),
            .integer(
                "compaction-threshold", default: 256 << 10,
                "the child's compaction threshold (small: compactions get killed too)"),
        ]
    }
}
