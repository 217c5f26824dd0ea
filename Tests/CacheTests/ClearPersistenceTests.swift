import Foundation
import HearthApplication
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthInMemory
import HearthPort
import Synchronization
import Testing

/// Counts the runs of a `CacheOptions.clearPersistence` hook.
final class ClearCounter: Sendable {
    private let runs = Mutex(0)
    var count: Int { runs.withLock { $0 } }
    func options() -> CacheOptions {
        var options = fastOptions
        options.clearPersistence = { self.runs.withLock { $0 += 1 } }
        return options
    }
}

@Suite("CachedDocumentStore: clearPersistence")
struct ClearPersistenceTests {
    @Test func aRunningCache_refusesWithFailedPrecondition_andAClosedOneClears() async throws {
        let counter = ClearCounter()
        let cache = try await CachedDocumentStore.open(
            remote: FaultyRemote(), local: InMemoryDocumentStore(database: testDatabase), options: counter.options())
        cache.disableNetwork()
        _ = try await cache.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)

        do {
            try await cache.clearPersistence()
            Issue.record("a running cache was cleared")
        } catch let error as DocumentStoreError {
            #expect(error.code == .failedPrecondition)
        }
        #expect(counter.count == 0)

        try await cache.close()
        #expect(cache.pendingWrites.count == 1)
        try await cache.clearPersistence()
        #expect(counter.count == 1)
        #expect(cache.pendingWrites.isEmpty)
    }

    @Test func withoutAWayToClear_itIsUnimplemented() async throws {
        let cache = try await makeCache(FaultyRemote())
        try await cache.close()
        do {
            try await cache.clearPersistence()
            Issue.record("cleared without a hook")
        } catch let error as DocumentStoreError {
            #expect(error.code == .unimplemented)
        }
    }

    /// Pending writes survive a close and a reopen, and are dropped only by `clearPersistence()`.
    @Test func pendingWritesAreDroppedOnlyByAnExplicitClear() async throws {
        let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        var options = fastOptions
        options.clearPersistence = { try FileManager.default.removeItem(at: cacheDirectory) }
        let remote = FaultyRemote()
        func open(_ remote: FaultyRemote) async throws -> CachedDocumentStore {
            try await CachedDocumentStore.open(
                remote: remote,
                local: try await FileSystemDocumentStore.open(directory: cacheDirectory, database: testDatabase),
                options: options)
        }

        let first = try await open(remote)
        first.disableNetwork()
        _ = try await first.commit([.update(try doc("c/kept"), fields: ["v": 1])], transaction: nil)
        try await first.close()
        let second = try await open(remote.reopened())
        #expect(second.pendingWrites.count == 1)
        second.disableNetwork()
        _ = try await second.commit([.update(try doc("c/dropped"), fields: ["v": 2])], transaction: nil)
        try await second.close()

        try await second.clearPersistence()

        let thirdRemote = remote.reopened()
        let base = thirdRemote.base
        let third = try await open(thirdRemote)
        #expect(third.pendingWrites.isEmpty)
        await #expect(throws: DocumentStoreError.self) {
            _ = try await third.getDocument(try doc("c/kept"), source: .cache)  // a cache miss
        }
        try await third.waitForPendingWrites()
        #expect(try await base.getDocument(try doc("c/kept"), mask: nil, consistency: .latest) == nil)
        #expect(try await base.getDocument(try doc("c/dropped"), mask: nil, consistency: .latest) == nil)
        try await third.close()
    }
}

@Suite("LazyCachedDocumentStore")
struct LazyCachedDocumentStoreTests {
    final class Opens: Sendable {
        let count = Mutex(0)
    }

    func lazy(_ remote: FaultyRemote, _ counter: ClearCounter, _ opens: Opens) -> LazyCachedDocumentStore {
        LazyCachedDocumentStore(remote: remote, options: counter.options()) {
            opens.count.withLock { $0 += 1 }
            return InMemoryDocumentStore(database: testDatabase)
        }
    }

    @Test func itOpensOnce_atTheFirstUse_andWorksAsTheCache() async throws {
        let remote = FaultyRemote()
        let opens = Opens()
        let store = lazy(remote, ClearCounter(), opens)
        #expect(opens.count.withLock { $0 } == 0)
        #expect(!store.isRunning)

        async let one = store.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        async let two = store.getDocument(try doc("c/b"), source: .default)
        _ = try await (one, two)
        try await store.waitForPendingWrites()

        #expect(opens.count.withLock { $0 } == 1)
        #expect(store.isRunning)
        #expect(try await remote.base.getDocument(try doc("c/a"), mask: nil, consistency: .latest)?.fields == ["v": 1])
        try await store.close()
        #expect(store.isClosed)
        #expect(remote.isClosed)
    }

    @Test func disablingTheNetworkBeforeTheFirstUse_holdsOnceOpen() async throws {
        let remote = FaultyRemote()
        let store = lazy(remote, ClearCounter(), Opens())
        store.disableNetwork()

        _ = try await store.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        try await Task.sleep(for: .milliseconds(50))

        #expect(remote.appliedCommits == 0)
        #expect(try await store.getDocument(try doc("c/a"), source: .cache)?.fields == ["v": 1])
        store.enableNetwork()
        try await store.waitForPendingWrites()
        #expect(remote.appliedCommits == 1)
        try await store.close()
    }

    @Test func aListener_startsTheCache_seesLocalWrites_andEndsOnClose() async throws {
        let opens = Opens()
        let store = lazy(FaultyRemote(), ClearCounter(), opens)
        var iterator = store.listen(.document(try doc("c/a")), options: ListenOptions()).makeAsyncIterator()

        let first = try await iterator.next()
        _ = try await store.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let second = try await iterator.next()
        try await store.close()
        let end = try await iterator.next()

        #expect(opens.count.withLock { $0 } == 1)
        #expect(first?.documents.isEmpty == true)
        #expect(second?.documents.first?.fields == ["v": 1])
        #expect(end == nil)
    }

    @Test func clearPersistence_beforeTheFirstUseAndAfterClose_butNotWhileRunning() async throws {
        let counter = ClearCounter()
        let store = lazy(FaultyRemote(), counter, Opens())

        try await store.clearPersistence()
        #expect(counter.count == 1)
        #expect(!store.isRunning)

        _ = try await store.getDocument(try doc("c/a"), source: .default)
        do {
            try await store.clearPersistence()
            Issue.record("a running cache was cleared")
        } catch let error as DocumentStoreError {
            #expect(error.code == .failedPrecondition)
        }
        #expect(counter.count == 1)

        try await store.close()
        try await store.clearPersistence()
        #expect(counter.count == 2)
    }

    @Test func afterClose_everyCallIsFailedPrecondition_andANeverStartedStoreClosesItsRemote() async throws {
        let remote = FaultyRemote()
        let opens = Opens()
        let store = lazy(remote, ClearCounter(), opens)
        try await store.close()

        #expect(remote.isClosed)
        #expect(opens.count.withLock { $0 } == 0)
        do {
            _ = try await store.getDocument(try doc("c/a"), mask: nil, consistency: .latest)
            Issue.record("a closed store answered")
        } catch let error as DocumentStoreError {
            #expect(error.code == .failedPrecondition)
        }
        var iterator = store.listen(.document(try doc("c/a")), options: ListenOptions()).makeAsyncIterator()
        await #expect(throws: DocumentStoreError.self) { _ = try await iterator.next() }
    }

    @Test func throughDatabase_clearPersistenceFollowsTheCache_andAStoreWithoutOneIsUnimplemented() async throws {
        let counter = ClearCounter()
        let db = Database(store: lazy(FaultyRemote(), counter, Opens()))
        try await db.clearPersistence()
        try await db.document("c/a").setData(["v": 1])
        await #expect(throws: DocumentStoreError.self) { try await db.clearPersistence() }
        try await db.close()
        try await db.clearPersistence()
        #expect(counter.count == 2)

        let plain = Database(store: InMemoryDocumentStore(database: testDatabase))
        do {
            try await plain.clearPersistence()
            Issue.record("a store without a cache cleared")
        } catch let error as DocumentStoreError {
            #expect(error.code == .unimplemented)
        }
    }
}
