import Foundation
import HearthApplication
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthInMemory
import HearthPort
import Synchronization
import Testing

/// Fast retries, so that the flusher's backoff does not slow the tests; commits return once durable in the
/// cache (`.local`), so that these tests can queue writes offline with `await` and watch the queue.
let fastOptions = CacheOptions(
    acknowledgement: .local, backoff: Backoff(initial: .milliseconds(2), multiplier: 2, maximum: .milliseconds(20)))

/// As `fastOptions`, with Firebase's acknowledgement (the default): an awaited commit returns the server's verdict.
let serverAcknowledgedOptions = CacheOptions(
    backoff: Backoff(initial: .milliseconds(2), multiplier: 2, maximum: .milliseconds(20)))

func makeCache(_ remote: FaultyRemote, local: (any DocumentStore)? = nil) async throws -> CachedDocumentStore {
    try await CachedDocumentStore.open(
        remote: remote, local: local ?? InMemoryDocumentStore(database: testDatabase), options: fastOptions)
}

/// The first rejected write, or `nil` after `timeout`.
func firstRejection(_ cache: CachedDocumentStore, timeout: Duration = .seconds(5)) async -> RejectedWrite? {
    let stream = cache.rejectedWrites
    return await withTaskGroup(of: RejectedWrite?.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Waits until `cache` has no pending writes, or until its queue has not shrunk for `stalledFor`.
func waitUntilDrained(_ cache: CachedDocumentStore, stalledFor limit: Duration) async throws {
    var count = cache.pendingWrites.count
    var lastProgress = ContinuousClock.now
    while count > 0, ContinuousClock.now - lastProgress < limit {
        try await Task.sleep(for: .milliseconds(20))
        let now = cache.pendingWrites.count
        if now < count { lastProgress = ContinuousClock.now }
        count = now
    }
}

@Suite("CachedDocumentStore: writes")
struct CachedWriteTests {
    @Test func aWriteIsVisibleLocallyAtOnce_andReachesTheRemoteOnce_whenTheNetworkReturns() async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote)
        cache.disableNetwork()

        _ = try await cache.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)

        #expect(try await cache.getDocument(try doc("c/a"), source: .cache)?.fields == ["v": 1])
        #expect(cache.pendingWrites.count == 1)
        #expect(try await remote.base.getDocument(try doc("c/a"), mask: nil, consistency: .latest) == nil)
        #expect(remote.appliedCommits == 0)

        cache.enableNetwork()
        try await cache.waitForPendingWrites()

        #expect(try await remote.base.getDocument(try doc("c/a"), mask: nil, consistency: .latest)?.fields == ["v": 1])
        #expect(remote.appliedCommits == 1)
        #expect(cache.pendingWrites.isEmpty)
        try await cache.close()
    }

    @Test func queuedWritesAreSentInOrder_oneCommitEach_andTheCacheTakesTheServersResult() async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote)
        cache.disableNetwork()
        let path = try doc("c/a")

        _ = try await cache.commit([.update(path, fields: ["v": 1, "n": 10])], transaction: nil)
        _ = try await cache.commit(
            [.update(path, fields: ["v": 2], mask: [try FieldPath(["v"])], precondition: .exists(true))],
            transaction: nil)
        _ = try await cache.commit(
            [
                Write(
                    path: path, operation: .transform,
                    transforms: [.init(fieldPath: try FieldPath(["n"]), operation: .increment(5))])
            ],
            transaction: nil)
        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["v": 2, "n": 15])

        cache.enableNetwork()
        try await cache.waitForPendingWrites()

        let server = try await remote.base.getDocument(path, mask: nil, consistency: .latest)
        #expect(server?.fields == ["v": 2, "n": 15])
        #expect(remote.appliedCommits == 3)
        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["v": 2, "n": 15])
        try await cache.close()
    }

    /// Found by the crash harness's author: a cancelled wait never ended while the network was off.
    @Test(.timeLimit(.minutes(2))) func cancellingWaitForPendingWrites_throwsCancelled_andTheWriteStaysQueued()
        async throws
    {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote)
        cache.disableNetwork()
        _ = try await cache.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)

        let waiting = Task { try await cache.waitForPendingWrites() }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        let outcome = await waiting.result

        var code: DocumentStoreError.Code?
        if case .failure(let error) = outcome { code = (error as? DocumentStoreError)?.code }
        #expect(code == .cancelled)
        #expect(cache.pendingWrites.count == 1)
        cache.enableNetwork()
        try await cache.waitForPendingWrites()
        #expect(remote.appliedCommits == 1)
        try await cache.close()
    }

    /// Found by `hearth-bench sync-crash`: settling a write re-applies the queued writes of its documents in
    /// one local commit, which the local store refused past 500 transforms of one document — the queue then
    /// stopped for good behind its head.
    @Test func moreThanFiveHundredQueuedIncrementsOfOneDocument_allReachTheRemote_andTheCacheAgrees() async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote)
        cache.disableNetwork()
        let path = try doc("c/counter")
        let increment = FieldTransform(fieldPath: try FieldPath(["n"]), operation: .increment(1))
        for _ in 0..<520 {
            _ = try await cache.commit(
                [Write(path: path, operation: .transform, transforms: [increment])], transaction: nil)
        }

        cache.enableNetwork()
        // Polled rather than awaited: before the fix the queue never drained. It fails when the queue makes
        // no progress for a minute, not after a fixed time: on a loaded machine the drain is slow, not stuck.
        try await waitUntilDrained(cache, stalledFor: .seconds(60))

        #expect(cache.pendingWrites.isEmpty, "\(cache.pendingWrites.count) writes still pending")
        #expect(try await remote.base.getDocument(path, mask: nil, consistency: .latest)?.fields == ["n": 520])
        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["n": 520])
        try await cache.close()
    }

    /// Found by `hearth-bench sync-crash`: a commit that timed out reached the server after the flusher had
    /// re-read unchanged versions and sent it again — both applied. Every send is now pinned to its guard.
    @Test func anIncrementThatTimesOutAndArrivesLate_isAppliedOnce() async throws {
        let remote = FaultyRemote()
        remote.faults.withLock { $0.lateCommits = 1 }
        let cache = try await makeCache(remote)
        let path = try doc("c/counter")
        let increment = FieldTransform(fieldPath: try FieldPath(["n"]), operation: .increment(1))

        _ = try await cache.commit(
            [Write(path: path, operation: .transform, transforms: [increment])], transaction: nil)
        try await cache.waitForPendingWrites()
        try await Task.sleep(for: .milliseconds(200))  // the late send has arrived (or been refused) by now

        #expect(try await remote.base.getDocument(path, mask: nil, consistency: .latest)?.fields == ["n": 1])
        #expect(remote.appliedCommits == 1)
        try await cache.close()
    }

    @Test func aRejectedWriteIsRolledBack_reported_andLaterWritesStillGo() async throws {
        let remote = FaultyRemote()
        let kept = try doc("c/kept")
        _ = try await remote.base.commit([.update(kept, fields: ["v": 0])], transaction: nil)
        let cache = try await makeCache(remote)
        cache.disableNetwork()

        // A create of a document the server has: the server answers alreadyExists.
        _ = try await cache.commit([.update(kept, fields: ["v": 5], precondition: .exists(false))], transaction: nil)
        _ = try await cache.commit(
            [.update(kept, fields: ["w": 1], mask: [try FieldPath(["w"])])], transaction: nil)
        _ = try await cache.commit([.update(try doc("c/other"), fields: ["x": 1])], transaction: nil)
        #expect(try await cache.getDocument(kept, source: .cache)?.fields == ["v": 5, "w": 1])

        cache.enableNetwork()
        try await cache.waitForPendingWrites()

        let rejection = await firstRejection(cache)
        #expect(rejection?.kind == .rejected)
        #expect(rejection?.error.code == .alreadyExists)
        #expect(rejection?.writes.first?.path == kept)
        #expect(try await cache.getDocument(kept, source: .cache)?.fields == ["v": 0, "w": 1])
        #expect(try await remote.base.getDocument(kept, mask: nil, consistency: .latest)?.fields == ["v": 0, "w": 1])
        #expect(try await remote.base.getDocument(try doc("c/other"), mask: nil, consistency: .latest) != nil)
        try await cache.close()
    }

    @Test func aWriteTheRulesRefuseDisappearsFromTheCache() async throws {
        let remote = FaultyRemote()
        let path = try doc("secret/a")
        remote.faults.withLock { $0.rejected = [path] }
        let cache = try await makeCache(remote)

        _ = try await cache.commit([.update(path, fields: ["v": 1])], transaction: nil)
        try await cache.waitForPendingWrites()

        #expect(await firstRejection(cache)?.error.code == .permissionDenied)
        await #expect(throws: DocumentStoreError.self) { try await cache.getDocument(path, source: .cache) }
        try await cache.close()
    }

    @Test func transportFailuresKeepTheWriteQueued_andItIsSentOnceWhenTheRemoteReturns() async throws {
        let remote = FaultyRemote()
        remote.setOffline(true)
        let cache = try await makeCache(remote)

        _ = try await cache.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        try await Task.sleep(for: .milliseconds(100))
        #expect(cache.pendingWrites.count == 1)

        remote.setOffline(false)
        try await cache.waitForPendingWrites()
        #expect(remote.appliedCommits == 1)
        try await cache.close()
    }

    @Test func anIncrementWhoseAnswerWasLost_isNotSentAgain_andIsReportedAsUnknown() async throws {
        let remote = FaultyRemote()
        let path = try doc("c/counter")
        _ = try await remote.base.commit([.update(path, fields: ["n": 0])], transaction: nil)
        remote.faults.withLock { $0.dropAnswers = 1 }
        let cache = try await makeCache(remote)

        _ = try await cache.commit(
            [
                Write(
                    path: path, operation: .transform,
                    transforms: [.init(fieldPath: try FieldPath(["n"]), operation: .increment(1))])
            ],
            transaction: nil)
        try await cache.waitForPendingWrites()

        #expect(try await remote.base.getDocument(path, mask: nil, consistency: .latest)?.fields == ["n": 1])
        #expect(remote.appliedCommits == 1)
        #expect(await firstRejection(cache)?.kind == .outcomeUnknown)
        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["n": 1])
        try await cache.close()
    }

    @Test func anIncrementThatNeverReachedTheServer_isSentAgain_once() async throws {
        let remote = FaultyRemote()
        let path = try doc("c/counter")
        _ = try await remote.base.commit([.update(path, fields: ["n": 0])], transaction: nil)
        let cache = try await makeCache(remote)
        remote.setOffline(true)

        _ = try await cache.commit(
            [
                Write(
                    path: path, operation: .transform,
                    transforms: [.init(fieldPath: try FieldPath(["n"]), operation: .increment(1))])
            ],
            transaction: nil)
        try await Task.sleep(for: .milliseconds(60))
        remote.setOffline(false)
        try await cache.waitForPendingWrites()

        #expect(try await remote.base.getDocument(path, mask: nil, consistency: .latest)?.fields == ["n": 1])
        #expect(remote.appliedCommits == 1)
        try await cache.close()
    }

    @Test func waitForPendingWrites_returnsAtOnceWhenNothingIsPending() async throws {
        let cache = try await makeCache(FaultyRemote())
        try await cache.waitForPendingWrites()
        try await cache.close()
    }

    @Test func whileTheNetworkIsDisabled_nothingReachesTheRemote() async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote)
        cache.disableNetwork()
        let readsBefore = remote.reads

        _ = try await cache.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        _ = try await cache.getDocument(try doc("c/a"), source: .default)
        _ = try await cache.runQueryAll(
            parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c")), source: .default)
        await #expect(throws: DocumentStoreError.self) { try await cache.getDocument(try doc("c/a"), source: .server) }
        await #expect(throws: DocumentStoreError.self) { try await cache.beginTransaction(.readWrite) }
        try await Task.sleep(for: .milliseconds(50))

        #expect(remote.appliedCommits == 0)
        #expect(remote.reads == readsBefore)
        try await cache.close()
    }
}

@Suite("CachedDocumentStore: the queue survives a restart")
struct CachedDurabilityTests {
    @Test func pendingWritesInAFileCache_areStillThereAfterReopening_andGetFlushed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let remote = FaultyRemote()
        remote.setOffline(true)

        let first = try await makeCache(
            remote, local: try await FileSystemDocumentStore.open(directory: directory, database: testDatabase))
        _ = try await first.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        _ = try await first.commit(
            [
                Write(
                    path: try doc("c/a"), operation: .transform,
                    transforms: [.init(fieldPath: try FieldPath(["n"]), operation: .increment(2))])
            ],
            transaction: nil)
        try await first.close()

        // The first cache closed its remote: the second reaches the same server through a new one.
        let server = remote.reopened()
        server.setOffline(true)
        let second = try await CachedDocumentStore.open(
            remote: server, local: try await FileSystemDocumentStore.open(directory: directory, database: testDatabase),
            options: fastOptions)
        #expect(second.pendingWrites.count == 2)
        #expect(try await second.getDocument(try doc("c/a"), source: .cache)?.fields == ["v": 1, "n": 2])
        server.setOffline(false)
        try await second.waitForPendingWrites()

        #expect(
            try await server.base.getDocument(try doc("c/a"), mask: nil, consistency: .latest)?.fields == [
                "v": 1, "n": 2,
            ])
        #expect(server.appliedCommits == 2)
        #expect(try await second.getDocument(try doc("c/a"), source: .cache)?.fields == ["v": 1, "n": 2])
        try await second.close()
    }

    @Test func theQueueIsReadBackExactly_beforeAnythingIsSent() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let remote = FaultyRemote()
        let first = try await makeCache(
            remote, local: try await FileSystemDocumentStore.open(directory: directory, database: testDatabase))
        first.disableNetwork()
        let writes: [[Write]] = [
            [
                .update(
                    try doc("c/a"),
                    fields: ["v": 1, "t": .timestamp(try Timestamp(seconds: 1, nanoseconds: 123_456_000))])
            ],
            [
                .update(
                    try doc("c/b"), fields: ["x": ["y": [1, 2]]], mask: [try FieldPath(["x", "y"])],
                    precondition: .exists(true)),
                .delete(try doc("c/c"), precondition: .updateTime(try Timestamp(seconds: 5, nanoseconds: 7))),
            ],
            [
                Write(
                    path: try doc("c/d"), operation: .transform,
                    transforms: [
                        .init(fieldPath: try FieldPath(["a"]), operation: .serverTimestamp),
                        .init(fieldPath: try FieldPath(["b"]), operation: .appendMissingElements([1, "x"])),
                        .init(fieldPath: try FieldPath(["c"]), operation: .maximum(3.5)),
                    ])
            ],
        ]
        for commit in writes { _ = try await first.commit(commit, transaction: nil) }
        try await first.close()

        let local = try await FileSystemDocumentStore.open(directory: directory, database: testDatabase)
        let second = try await CachedDocumentStore.open(remote: remote.reopened(), local: local, options: fastOptions)
        second.disableNetwork()
        #expect(second.pendingWrites.map(\.writes) == writes)
        #expect(second.pendingWrites.map(\.sequence) == [1, 2, 3])
        try await second.close()
    }
}

@Suite("CachedDocumentStore: reads by source")
struct CachedReadTests {
    @Test func aCacheMissIsUnavailable_aCacheHitAnswers() async throws {
        let remote = FaultyRemote()
        _ = try await remote.base.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let cache = try await makeCache(remote)

        await #expect(throws: DocumentStoreError.self) { try await cache.getDocument(try doc("c/a"), source: .cache) }
        #expect(try await cache.getDocument(try doc("c/a"), source: .server)?.fields == ["v": 1])
        cache.disableNetwork()
        #expect(try await cache.getDocument(try doc("c/a"), source: .cache)?.fields == ["v": 1])
        #expect(try await cache.getDocument(try doc("c/a"), source: .default)?.fields == ["v": 1])
        try await cache.close()
    }

    @Test func defaultFallsBackToTheCache_whenTheRemoteIsUnreachable() async throws {
        let remote = FaultyRemote()
        _ = try await remote.base.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let cache = try await makeCache(remote)
        _ = try await cache.getDocument(try doc("c/a"), source: .default)
        remote.setOffline(true)

        #expect(try await cache.getDocument(try doc("c/a"), source: .default)?.fields == ["v": 1])
        await #expect(throws: DocumentStoreError.self) { try await cache.getDocument(try doc("c/a"), source: .server) }
        await #expect(throws: DocumentStoreError.self) { try await cache.getDocument(try doc("c/b"), source: .default) }
        try await cache.close()
    }

    @Test func aServerReadRefreshesTheCache_serverWins_pendingWritesStayOverlaid() async throws {
        let remote = FaultyRemote()
        let path = try doc("c/a")
        _ = try await remote.base.commit([.update(path, fields: ["v": 1, "w": 1])], transaction: nil)
        let cache = try await makeCache(remote)
        _ = try await cache.getDocument(path, source: .server)
        cache.disableNetwork()
        _ = try await cache.commit([.update(path, fields: ["w": 2], mask: [try FieldPath(["w"])])], transaction: nil)
        // Another writer changes the document on the server.
        _ = try await remote.base.commit([.update(path, fields: ["v": 9, "w": 1])], transaction: nil)
        cache.enableNetwork()
        cache.disableNetwork()

        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["v": 1, "w": 2])
        cache.enableNetwork()
        try await cache.waitForPendingWrites()
        #expect(try await cache.getDocument(path, source: .server)?.fields == ["v": 9, "w": 2])
        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["v": 9, "w": 2])
        try await cache.close()
    }

    @Test func aQueryFromTheCacheAnswersWithWhatItHolds_andAServerQueryDropsDeletedDocuments() async throws {
        let remote = FaultyRemote()
        for id in ["a", "b"] {
            _ = try await remote.base.commit([.update(try doc("c/\(id)"), fields: ["v": 1])], transaction: nil)
        }
        let cache = try await makeCache(remote)
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"))
        #expect(try await cache.runQueryAll(parent: nil, query: query, source: .cache).compactMap(\.document).isEmpty)

        let fromServer = try await cache.runQueryAll(parent: nil, query: query, source: .server)
        #expect(fromServer.compactMap(\.document?.path.documentID) == ["a", "b"])

        cache.disableNetwork()
        _ = try await cache.commit([.update(try doc("c/c"), fields: ["v": 1])], transaction: nil)
        let fromCache = try await cache.runQueryAll(parent: nil, query: query, source: .cache)
        #expect(fromCache.compactMap(\.document?.path.documentID) == ["a", "b", "c"])

        _ = try await remote.base.commit([.delete(try doc("c/a"))], transaction: nil)
        cache.enableNetwork()
        try await cache.waitForPendingWrites()
        let refreshed = try await cache.runQueryAll(parent: nil, query: query, source: .default)
        #expect(refreshed.compactMap(\.document?.path.documentID) == ["b", "c"])
        try await cache.close()
    }
}

@Suite("CachedDocumentStore through Database")
struct CachedDatabaseTests {
    @Test func databaseReadsFollowTheSource_andItsNetworkControlsReachTheCache() async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote)
        let db = Database(store: cache)

        try db.disableNetwork()
        try await db.document("visits/v1").setData(["member": "ana"])

        #expect(try await db.document("visits/v1").getDocument(source: .cache).document?.fields == ["member": "ana"])
        let cached = try await db.collection("visits").getDocuments(source: .cache)
        #expect(cached.documents.map(\.reference.path.documentID) == ["v1"])
        await #expect(throws: DocumentStoreError.self) {
            try await db.document("visits/v1").getDocument(source: .server)
        }
        await #expect(throws: DocumentStoreError.self) {
            try await db.document("visits/v2").getDocument(source: .cache)
        }
        #expect(remote.appliedCommits == 0)

        try db.enableNetwork()
        try await db.waitForPendingWrites()
        #expect(remote.appliedCommits == 1)
        #expect(try await db.document("visits/v1").getDocument(source: .server).document?.fields == ["member": "ana"])
        try await cache.close()
    }

    @Test func onAStoreWithoutACache_theNetworkControlsAreUnimplemented_andCacheReadsUnavailable() async throws {
        let db = Database(store: InMemoryDocumentStore(database: testDatabase))
        #expect(throws: DocumentStoreError.self) { try db.disableNetwork() }
        try await db.waitForPendingWrites()
        await #expect(throws: DocumentStoreError.self) { try await db.document("c/a").getDocument(source: .cache) }
    }
}
