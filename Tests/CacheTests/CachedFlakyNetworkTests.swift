import Foundation
import HearthApplication
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthFirestoreREST
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

/// The cached database over the emulator behind a `LoopbackProxy` that breaks the network: the in-process,
/// CI-sized form of `hearth-bench sync-crash` (no process kill; the cache is closed and reopened instead).
/// Each write creates its own document with `applied` incremented and increments one counter, so a write
/// applied twice shows (`applied` 2, counter above the number of documents) and a lost one is missing.
@Suite(
    "CachedDocumentStore over a failing network (emulator behind a proxy)",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
struct CachedFlakyNetworkTests {
    @Test(.timeLimit(.minutes(2)))
    func aCommitWhoseAnswerIsLost_isAppliedOnce_andReportedAsOutcomeUnknown() async throws {
        let (proxy, database) = try await makeProxy()
        let cache = try await openCache(proxy, database, local: InMemoryDocumentStore(database: database))
        proxy.setMode(LoopbackProxy.Mode.dropResponses(matching: ":commit"))

        _ = try await cache.commit(try visit(1), transaction: nil)
        try await eventually { proxy.counts.droppedResponses >= 1 }
        proxy.setMode(.forward)
        try await cache.waitForPendingWrites()

        let server = try await serverDocuments(proxy, database)
        #expect(server[try DocumentPath("visits/v1")]?["applied"] == 1)
        #expect(server[try DocumentPath("counters/total")]?["n"] == 1)
        #expect(try await cachedDocuments(cache) == server)
        let rejection = await firstRejection(cache)
        #expect(rejection?.kind == .outcomeUnknown)
        try await cache.close()
    }

    @Test(.timeLimit(.minutes(2)))
    func writesQueuedThroughRefusalsCutsLostAnswersAndReopens_eachReachTheServerExactlyOnce() async throws {
        let (proxy, database) = try await makeProxy()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-flaky-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let modes: [LoopbackProxy.Mode] = [
            .forward, .refuse, .dropResponses(), .dropResponses(matching: ":commit"), .silent, .forward,
        ]
        var random = SplitMix64(seed: 17)
        let writes = 36
        for life in 0..<3 {
            let cache = try await openCache(
                proxy, database, local: try await FileSystemDocumentStore.open(directory: directory, database: database)
            )
            for id in (life * writes / 3)..<((life + 1) * writes / 3) {
                _ = try await cache.commit(try visit(id), transaction: nil)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: proxy.cutConnections()
                case 1: proxy.setMode(modes[Int.random(in: 0..<modes.count, using: &random)])
                default: break
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...60, using: &random)))
            }
            try await cache.close()
        }
        proxy.setMode(.forward)
        let cache = try await openCache(
            proxy, database, local: try await FileSystemDocumentStore.open(directory: directory, database: database))
        try await cache.waitForPendingWrites()

        let server = try await serverDocuments(proxy, database)
        for id in 0..<writes {
            #expect(server[try DocumentPath("visits/v\(id)")]?["applied"] == 1, "visit \(id)")
        }
        #expect(server[try DocumentPath("counters/total")]?["n"] == .integer(Int64(writes)))
        #expect(server.count == writes + 1)
        #expect(try await cachedDocuments(cache) == server)
        #expect(proxy.counts.refused + proxy.counts.cut + proxy.counts.droppedResponses > 0)
        try await cache.close()
    }

    // MARK: - Helpers

    /// Write `id`: `visits/v{id}` merged with `applied` incremented, and `counters/total.n` incremented.
    private func visit(_ id: Int) throws -> [Write] {
        [
            Write(
                path: try DocumentPath("visits/v\(id)"),
                operation: .update(fields: ["id": .integer(Int64(id))], mask: [try FieldPath(["id"])]),
                transforms: [FieldTransform(fieldPath: try FieldPath(["applied"]), operation: .increment(1))]),
            Write(
                path: try DocumentPath("counters/total"), operation: .transform,
                transforms: [FieldTransform(fieldPath: try FieldPath(["n"]), operation: .increment(1))]),
        ]
    }

    private func makeProxy() async throws -> (LoopbackProxy, DatabaseID) {
        let emulator = try await FirestoreEmulator.shared()
        let database = try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "flaky"))
        return (try LoopbackProxy(upstreamPort: emulator.port), database)
    }

    private func openCache(
        _ proxy: LoopbackProxy, _ database: DatabaseID, local: any DocumentStore
    ) async throws
        -> CachedDocumentStore
    {
        var configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: proxy.hostAndPort, database: database,
            retryPolicy: RetryPolicy(
                maximumAttempts: 2,
                backoff: Backoff(initial: .milliseconds(10), multiplier: 2, maximum: .milliseconds(50)),
                deadline: .seconds(3)))
        configuration.requestTimeout = .seconds(1)
        return try await CachedDocumentStore.open(
            remote: FirestoreRESTDocumentStore(configuration: configuration), local: local, options: fastOptions)
    }

    /// Every document of `visits` and `counters` on the server (read past the proxy), by path.
    private func serverDocuments(
        _ proxy: LoopbackProxy, _ database: DatabaseID
    ) async throws -> [DocumentPath: MapValue] {
        let server = FirestoreRESTDocumentStore(
            configuration: try .emulator(hostAndPort: "127.0.0.1:\(proxy.upstreamPort)", database: database))
        var documents: [DocumentPath: MapValue] = [:]
        for collection in ["visits", "counters"] {
            let query = StructuredQuery(from: CollectionSelector(collectionID: collection))
            for case let document? in try await server.runQueryAll(parent: nil, query: query, consistency: .latest)
                .map(\.document)
            {
                documents[document.path] = document.fields
            }
        }
        try await server.close()
        return documents
    }

    /// The same, read from the cache only.
    private func cachedDocuments(_ cache: CachedDocumentStore) async throws -> [DocumentPath: MapValue] {
        var documents: [DocumentPath: MapValue] = [:]
        for collection in ["visits", "counters"] {
            let query = StructuredQuery(from: CollectionSelector(collectionID: collection))
            for case let document? in try await cache.runQueryAll(parent: nil, query: query, source: .cache)
                .map(\.document)
            {
                documents[document.path] = document.fields
            }
        }
        return documents
    }

    private func eventually(_ condition: () -> Bool) async throws {
        // Generous: under a loaded 2-core machine the emulator and the proxy answer slowly.
        let deadline = ContinuousClock.now + .seconds(150)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition did not hold within 150 s")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
