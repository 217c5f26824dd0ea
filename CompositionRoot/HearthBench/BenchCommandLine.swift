import Foundation

/// Dispatches `hearth-bench <scenario> [options]` to its scenario and prints usage.
struct BenchCommandLine: Sendable {
    let scenarios: [any BenchScenario]

    /// Runs the command line; returns the exit status (2 for a usage error).
    func run(_ arguments: [String]) async -> Int32 {
        guard let name = arguments.first, !["help", "--help", "-h"].contains(name) else {
            print(usage())
            return arguments.isEmpty ? 2 : 0
        }
        guard let scenario = scenarios.first(where: { $0.name == name }) else {
            printError("hearth-bench: unknown scenario '\(name)'\n\n\(usage())")
            return 2
        }
        let parsed: BenchArguments
        do {
            parsed = try BenchArguments(parsing: Array(arguments.dropFirst()), options: scenario.options)
        } catch {
            printError("hearth-bench \(name): \(error)\n\n\(usage(of: scenario))")
            return 2
        }
        do {
            return try await scenario.run(parsed)
        } catch {
            printError("hearth-bench \(name): \(error)")
            return 1
        }
    }

    func usage() -> String {
        var lines = [
            "usage: hearth-bench <scenario> [options]    (build with -c release for meaningful numbers)", "",
            "scenarios:",
        ]
        let width = scenarios.map(\.name.count).max() ?? 0
        for scenario in scenarios {
            lines.append(
                "  " + scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary)
        }
        for scenario in scenarios where !scenario.options.isEmpty {
            lines.append("")
            lines.append(usage(of: scenario))
        }
        return lines.joined(separator: "\n")
    }

    func usage(of scenario: any BenchScenario) -> String {
        var lines = ["\(scenario.name) options:"]
        for option in scenario.options {
            let value =
                switch option.kind {
                case .integer: " N"
                case .text: " TEXT"
                case .flag: ""
                }
            let defaultText = option.defaultValue.map { " (default \($0))" } ?? ""
            lines.append(
                "  --\(option.name)\(value)".padding(toLength: 30, withPad: " ", startingAt: 0) + option.help
                    + defaultText)
        }
        return lines.joined(separator: "\n")
    }
}

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
