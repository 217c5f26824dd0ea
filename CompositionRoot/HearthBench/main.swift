import Foundation

/// `hearth-bench <scenario> [options]`: query-scaling [--sizes 10000,100000,1000000] [--runs 300],
/// memory [--documents 1000000] (see Docs/Performance.md). With no scenario, runs them all with defaults.
let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

do {
    switch arguments.first {
    case "query-scaling":
        var scenario = QueryScalingScenario()
        if let sizes = option("--sizes") { scenario.sizes = sizes.split(separator: ",").compactMap { Int($0) } }
        if let runs = option("--runs").flatMap(Int.init) { scenario.runs = runs }
        try await scenario.run()
    case "memory":
        var scenario = MemoryScenario()
        if let documents = option("--documents").flatMap(Int.init) { scenario.documents = documents }
        try scenario.run()
    case "memory-child":
        guard arguments.count == 3, let count = Int(arguments[2]) else { throw BenchError("usage: memory-child <kind> <documents>") }
        try await MemoryScenario.runChild(kind: arguments[1], documents: count)
    case nil:
        try await QueryScalingScenario().run()
        print("")
        try MemoryScenario().run()
    case let other?:
        throw BenchError("unknown scenario \(other); known: query-scaling, memory")
    }
} catch {
    FileHandle.standardError.write(Data("hearth-bench: \(error)\n".utf8))
    exit(1)
}
