import Foundation
import HearthApplication
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthFirestoreREST
import HearthInMemory
import HearthPort
import HearthTestSupport

/// `offline`: the offline cache (`CachedDocumentStore`) over the REST adapter, against Google's official
/// emulator on a free loopback port: a cached read's latency next to a server read's, in the same run
/// (p50 and p95), and the time from `enableNetwork()` to `waitForPendingWrites()` returning with N writes
/// queued offline, next to the same N writes sent online (each awaited, straight to the remote; and
/// through the cache with the network on).
///
/// The emulator runs on this machine, so a server read costs a loopback round trip plus the emulator:
/// against Firestore in a data centre the gap to a cached read is far wider. Ratios are what count.
struct OfflineScenario: BenchScenario {
    let name = "offline"
    let summary = "the offline cache over REST vs the emulator: cached vs server reads, flushing queued writes"
    let options: [BenchOption] = [
        .integer("reads", default: 500, "reads of each kind (cached, server) for the latency percentiles"),
        .integer("writes", default: 1_000, "writes queued offline, then flushed (and sent online to compare)"),
        .text("cache", default: "file", "where the cache keeps its data: file or memory"),
        .runs(default: 3, "repetitions of the write measurements (medians are reported)"),
    ]

    func run(_ arguments: BenchArguments) async throws -> Int32 {
        let reads = max(arguments.integer("reads"), 10)
        let writes = max(arguments.integer("writes"), 1)
        let runs = max(arguments.integer("runs"), 1)
        let kind = arguments.text("cache") ?? "file"
        guard ["file", "memory"].contains(kind) else { throw BenchUsageError("--cache must be file or memory") }
        guard let emulator = try await startEmulator(for: "offline") else { return 1 }
        defer { emulator.stop() }
        print(
            "offline: CachedDocumentStore (\(kind) cache) over the REST adapter, official emulator on \(emulator.hostAndPort)"
        )

        try await measureReads(emulator, kind: kind, reads: reads)
        try await measureWrites(emulator, kind: kind, writes: writes, runs: runs)
        return 0
    }

    // MARK: - Reads

    private func measureReads(_ emulator: FirestoreEmulator, kind: String, reads: Int) async throws {
        let cached = try await openCache(emulator, kind: kind, prefix: "offline-r")
        defer { cached.directory?.remove() }
        let cache = cached.store
        let path = try DocumentPath("members/ana")
        _ = try await cache.commit([.update(path, fields: sampleFields(0))], transaction: nil)
        try await cache.waitForPendingWrites()
        for _ in 0..<20 {
            _ = try await cache.getDocument(path, source: .server)
            _ = try await cache.getDocument(path, source: .cache)
        }
        var fromCache: [Double] = []
        var fromServer: [Double] = []
        var direct: [Double] = []
        for _ in 0..<reads {
            // Interleaved, so that both kinds see the same machine.
            fromCache.append(try await BenchMath.seconds { _ = try await cache.getDocument(path, source: .cache) })
            fromServer.append(try await BenchMath.seconds { _ = try await cache.getDocument(path, source: .server) })
            direct.append(
                try await BenchMath.seconds {
                    _ = try await cache.remote.getDocument(path, mask: nil, consistency: .latest)
                })
        }
        print("")
        print("reads of one document, \(reads) of each kind, interleaved:")
        printLatency("source: .cache (the cache only)", fromCache)
        printLatency("source: .server (the remote, then the cache refreshed)", fromServer)
        printLatency("the REST adapter alone, no cache", direct)
        print(
            "  ratio (p50 server ÷ p50 cached): \(BenchMath.format(BenchMath.median(fromServer) / max(BenchMath.median(fromCache), 1e-9), digits: 1))×"
        )
        try await cache.close()
    }

    private func printLatency(_ label: String, _ seconds: [Double]) {
        let padded = label.padding(toLength: 56, withPad: " ", startingAt: 0)
        print(
            "  \(padded) p50 \(milliseconds(BenchMath.median(seconds))) ms   p95 \(milliseconds(BenchMath.percentile(seconds, 0.95))) ms"
        )
    }

    // MARK: - Writes

    private func measureWrites(_ emulator: FirestoreEmulator, kind: String, writes: Int, runs: Int) async throws {
        var queueing: [Double] = []
        var flushing: [Double] = []
        var directOnline: [Double] = []
        var cachedOnline: [Double] = []
        for run in 1...runs {
            // Queued offline, then flushed: enableNetwork() to waitForPendingWrites() returning.
            let offline = try await openCache(emulator, kind: kind, prefix: "offline-q\(run)")
            offline.store.disableNetwork()
            queueing.append(try await BenchMath.seconds { try await writeAll(offline.store, count: writes) })
            guard offline.store.pendingWrites.count == writes else {
                throw BenchUsageError("expected \(writes) queued writes, found \(offline.store.pendingWrites.count)")
            }
            flushing.append(
                try await BenchMath.seconds {
                    offline.store.enableNetwork()
                    try await offline.store.waitForPendingWrites()
                })
            try await verifyCount(offline.store.remote, collectionID: "visits", expected: writes)
            try await offline.store.close()
            offline.directory?.remove()

            // The same writes sent online, each awaited: straight to the remote (no cache).
            let remote = try emulatorRESTStore(
                emulator, projectID: FirestoreEmulator.newProjectID(prefix: "offline-d\(run)"))
            directOnline.append(try await BenchMath.seconds { try await writeAll(remote, count: writes) })
            try await verifyCount(remote, collectionID: "visits", expected: writes)
            try await remote.close()

            // Through the cache with the network on: committed locally, flushed as they come.
            let online = try await openCache(emulator, kind: kind, prefix: "offline-o\(run)")
            cachedOnline.append(
                try await BenchMath.seconds {
                    try await writeAll(online.store, count: writes)
                    try await online.store.waitForPendingWrites()
                })
            try await verifyCount(online.store.remote, collectionID: "visits", expected: writes)
            try await online.store.close()
            online.directory?.remove()
        }
        print("")
        print("\(writes) single-document writes, median of \(runs) runs (every run checked by a count on the server):")
        print("  queued offline (acknowledged locally):           \(seconds(queueing)) s")
        print("  enableNetwork() → waitForPendingWrites() returns: \(seconds(flushing)) s")
        print("  sent online, one awaited commit each (no cache):  \(seconds(directOnline)) s")
        print("  through the cache online, then waitForPendingWrites(): \(seconds(cachedOnline)) s")
        print(
            "  ratio (flush ÷ sent online without cache): \(BenchMath.format(BenchMath.median(flushing) / max(BenchMath.median(directOnline), 1e-9), digits: 2))×"
        )
    }

    private func writeAll(_ store: any DocumentStore, count: Int) async throws {
        for index in 0..<count {
            _ = try await store.commit(
                [.update(try DocumentPath("visits/v\(index)"), fields: sampleFields(index))], transaction: nil)
        }
    }

    // MARK: - Stores

    /// A cache over a new project of the emulator, its local store in memory or in a new directory.
    private func openCache(
        _ emulator: FirestoreEmulator, kind: String, prefix: String
    ) async throws -> (store: CachedDocumentStore, directory: BenchDirectory?) {
        let remote = try emulatorRESTStore(emulator, projectID: FirestoreEmulator.newProjectID(prefix: prefix))
        if kind == "memory" {
            let local = InMemoryDocumentStore(database: remote.database)
            return (try await CachedDocumentStore.open(remote: remote, local: local), nil)
        }
        let directory = try BenchDirectory(parent: nil, prefix: "hearth-\(prefix)")
        let local = try await FileSystemDocumentStore.open(directory: directory.url, database: remote.database)
        return (try await CachedDocumentStore.open(remote: remote, local: local), directory)
    }

    private func milliseconds(_ seconds: Double) -> String { BenchMath.format(seconds * 1_000, digits: 2) }
    private func seconds(_ values: [Double]) -> String { BenchMath.format(BenchMath.median(values), digits: 2) }
}
