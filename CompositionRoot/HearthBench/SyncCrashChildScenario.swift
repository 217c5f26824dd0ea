import Foundation
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthFirestoreREST
import HearthPort
import HearthTestSupport

/// `sync-crash-child`: the process `sync-crash` kills. Opens a cached database (the file store in
/// `--dir` as the cache, the emulator at `--emulator` — the parent's proxy — as the remote), prints
/// `ready` and `pending <n>` (the queue left by earlier lives), then commits ``SyncCrashWorkload`` writes
/// one after another forever, sometimes with the network disabled, printing `ack <id>` (one unbuffered
/// `write`) after each `commit` returns, and `outcomeUnknown <id>` / `rejected <id>` for each write the
/// cache reports on `rejectedWrites`.
struct SyncCrashChildScenario: BenchScenario {
    let name = "sync-crash-child"
    let summary = "(used by sync-crash) queue writes in a cached database forever, printing each acknowledgement"
    let options: [BenchOption] = [
        .text("dir", default: nil, "the cache's directory (required)"),
        .text("emulator", default: nil, "host:port of the remote (required)"),
        .text("project", default: nil, "the project ID (required)"),
        .integer("base", default: 0, "the first write ID"),
        .integer("life", default: 0, "this child's number, recorded in its writes"),
        .integer("seed", default: 1, "random seed"),
        .integer("max-pause-ms", default: 300, "longest pause between two writes"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        guard let path = arguments.text("dir"), let hostAndPort = arguments.text("emulator"),
            let project = arguments.text("project")
        else { throw BenchUsageError("--dir, --emulator and --project are required") }
        let database = try DatabaseID(projectID: project)
        let cache = try await SyncCrashChildScenario.openCache(
            directory: URL(fileURLWithPath: path, isDirectory: true), hostAndPort: hostAndPort, database: database)
        say("ready")
        say("pending \(cache.pendingWrites.count)")
        let reports = Task {
            for await rejected in cache.rejectedWrites {
                let kind = rejected.kind == .outcomeUnknown ? "outcomeUnknown" : "rejected"
                say("\(kind) \(SyncCrashWorkload.id(of: rejected.writes) ?? -1)")
            }
        }
        defer { reports.cancel() }
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: arguments.integer("seed")))
        let life = arguments.integer("life")
        let maxPause = max(arguments.integer("max-pause-ms"), 0)
        var id = arguments.integer("base")
        while true {
            // Now and then the app goes offline on its own (writes queue without any send attempt).
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<3: cache.disableNetwork()
            case 3..<9: cache.enableNetwork()
            default: break
            }
            _ = try await cache.commit(try SyncCrashWorkload.writes(id: id, life: life), transaction: nil)
            say("ack \(id)")
            id += 1
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...maxPause, using: &random)))
        }
    }

    /// The cached database of the harness: the file store in `directory` over the emulator at
    /// `hostAndPort`, with short timeouts and retries (the network fails on purpose, often).
    static func openCache(
        directory: URL, hostAndPort: String, database: DatabaseID
    ) async throws
        -> CachedDocumentStore
    {
        let local = try await FileSystemDocumentStore.open(directory: directory, database: database)
        var configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: hostAndPort, database: database,
            retryPolicy: RetryPolicy(
                maximumAttempts: 3,
                backoff: Backoff(initial: .milliseconds(20), multiplier: 2, maximum: .milliseconds(200)),
                deadline: .seconds(5)))
        configuration.requestTimeout = .seconds(2)
        configuration.warningHandler = { _ in }
        let remote = FirestoreRESTDocumentStore(configuration: configuration)
        do {
            return try await CachedDocumentStore.open(
                remote: remote, local: local,
                // `.local`: "ack" means durable in the cache, the claim the harness checks (every locally
                // acknowledged write reaches the server exactly once), also while the network is down.
                options: CacheOptions(
                    acknowledgement: .local,
                    backoff: Backoff(initial: .milliseconds(20), multiplier: 2, maximum: .milliseconds(500))))
        } catch {
            try? await local.close()
            throw error
        }
    }
}
