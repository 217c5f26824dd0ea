import Foundation
import HearthTestSupport
import HearthDomain
import HearthFileSystem

/// `crash-child`: the process `crash` kills. Opens the store, prints `ready`, then commits
/// ``CrashWorkload`` batches from several concurrent writers forever, printing `ack <id>` (with one
/// unbuffered `write`) after each commit returns.
struct CrashChildScenario: BenchScenario {
    let name = "crash-child"
    let summary = "(used by crash) commit batches forever, printing each acknowledgement"
    let options: [BenchOption] =
        [
            .text("dir", default: nil, "the store's directory (required)"),
            .integer("base", default: 0, "the first batch ID"),
        ] + BenchOption.crashChildOptions(seedHelp: "random seed", writers: 3)

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        guard let path = arguments.text("dir") else { throw BenchUsageError("--dir is required") }
        let durability: FileSystemDocumentStore.Durability =
            arguments.text("durability") == "relaxed" ? .relaxed : .full
        let store = try await FileSystemDocumentStore.open(
            directory: URL(fileURLWithPath: path, isDirectory: true),
            database: try CrashWorkload.databaseID(),
            options: .init(durability: durability, compactionThreshold: arguments.integer("compaction-threshold"))
        )
        say("ready")
        let base = arguments.integer("base")
        let writers = max(arguments.integer("writers"), 1)
        let seed = UInt64(truncatingIfNeeded: arguments.integer("seed"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var random = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(writer))
                    var id = base + writer
                    while true {
                        _ = try await store.commit(
                            try CrashWorkload.writes(batch: id, random: &random), transaction: nil)
                        say("ack \(id)")
                        id += writers
                    }
                }
            }
            try await group.waitForAll()
        }
        return 0
    }
}
