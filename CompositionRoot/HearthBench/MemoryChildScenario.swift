/// `memory-child`: one measurement of `memory`, in a fresh process (run by `memory` itself).
struct MemoryChildScenario: BenchScenario {
    let name = "memory-child"
    let summary = "(internal) one measurement of memory, in a fresh process"
    let options: [BenchOption] = [
        .text("kind", default: "hearth", "hearth, structs or dictionaries"),
        .documents(default: 1_000_000, "documents loaded"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        try await MemoryScenario.measureChild(
            kind: arguments.text("kind") ?? "hearth", documents: max(arguments.integer("documents"), 1))
        return 0
    }
}
