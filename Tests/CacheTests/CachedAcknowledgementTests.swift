import Foundation
import HearthApplication
import HearthCache
import HearthDomain
import HearthInMemory
import HearthPort
import Synchronization
import Testing

/// Firebase's acknowledgement (`CacheOptions.acknowledgement == .server`, the default): an awaited commit
/// is visible in the cache at once and returns the server's verdict; a write started without `await`
/// (the pipeline) only waits for the cache, and its completion gets the server's verdict.
@Suite("CachedDocumentStore: acknowledgement by the server")
struct CachedAcknowledgementTests {
    func makeServerCache(_ remote: FaultyRemote) async throws -> CachedDocumentStore {
        try await CachedDocumentStore.open(
            remote: remote, local: InMemoryDocumentStore(database: testDatabase), options: serverAcknowledgedOptions)
    }

    @Test func anAwaitedCommit_returnsTheServersTimes() async throws {
        let remote = FaultyRemote()
        let cache = try await makeServerCache(remote)
        let path = try doc("c/a")

        let response = try await cache.commit([.update(path, fields: ["v": 1])], transaction: nil)

        let server = try await remote.base.getDocument(path, mask: nil, consistency: .latest)
        #expect(response.writeResults.first?.updateTime == server?.updateTime)
        #expect(try await cache.getDocument(path, source: .default)?.updateTime == server?.updateTime)
        #expect(cache.pendingWrites.isEmpty)
        try await cache.close()
    }

    @Test func anAwaitedCommitTheServerRejects_throwsItsError_andIsRolledBack() async throws {
        let remote = FaultyRemote()
        let cache = try await makeServerCache(remote)
        let path = try doc("c/missing")

        await #expect(throws: DocumentStoreError.self) {
            _ = try await cache.commit([.update(path, fields: ["v": 1], precondition: .exists(true))], transaction: nil)
        }
        let error = await #expect(throws: DocumentStoreError.self) {
            _ = try await cache.commit(
                [.update(try doc("c/other"), fields: ["v": 1], precondition: .exists(true))], transaction: nil)
        }
        #expect(error?.code == .notFound)
        #expect(try await cache.getDocument(path, source: .default) == nil)
        try await cache.close()
    }

    @Test func anAwaitedCommitOffline_isVisibleAtOnce_andReturnsWhenTheServerHasIt() async throws {
        let remote = FaultyRemote()
        let cache = try await makeServerCache(remote)
        let path = try doc("c/a")
        cache.disableNetwork()

        let commit = Task { try await cache.commit([.update(path, fields: ["v": 1])], transaction: nil) }
        try await eventually { (try? await cache.getDocument(path, source: .cache))?.fields == ["v": 1] }
        try await Task.sleep(for: .milliseconds(100))
        #expect(remote.appliedCommits == 0, "nothing reached the server while the network was disabled")

        cache.enableNetwork()
        let response = try await commit.value
        #expect(remote.appliedCommits == 1)
        let server = try await remote.base.getDocument(path, mask: nil, consistency: .latest)
        #expect(response.commitTime == server?.updateTime)
        try await cache.close()
    }

    @Test func cancellingAWaitingCommit_throwsCancelled_andTheWriteStaysQueued() async throws {
        let remote = FaultyRemote()
        let cache = try await makeServerCache(remote)
        let path = try doc("c/a")
        cache.disableNetwork()

        let commit = Task { try await cache.commit([.update(path, fields: ["v": 1])], transaction: nil) }
        try await eventually { !cache.pendingWrites.isEmpty }
        commit.cancel()
        let error = await #expect(throws: DocumentStoreError.self) { try await commit.value }
        #expect(error?.code == .cancelled)

        cache.enableNetwork()
        try await cache.waitForPendingWrites()
        #expect(try await remote.base.getDocument(path, mask: nil, consistency: .latest)?.fields == ["v": 1])
        try await cache.close()
    }

    @Test func closingTheCache_endsAWaitingCommitWithFailedPrecondition() async throws {
        let remote = FaultyRemote()
        let cache = try await makeServerCache(remote)
        cache.disableNetwork()

        let commit = Task { try await cache.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil) }
        try await eventually { !cache.pendingWrites.isEmpty }
        try await cache.close()
        let error = await #expect(throws: DocumentStoreError.self) { try await commit.value }
        #expect(error?.code == .failedPrecondition)
    }

    @Test func aListenerShowsAWriteBeforeTheServerCommitsIt() async throws {
        let remote = FaultyRemote()
        let cache = try await makeServerCache(remote)
        let path = try doc("c/a")
        let query = StructuredQuery(from: .init(collectionID: "c"))
        var snapshots = cache.listen(.query(parent: nil, query: query), options: ListenOptions()).makeAsyncIterator()
        _ = try await snapshots.next()
        cache.disableNetwork()

        let commit = Task { try await cache.commit([.update(path, fields: ["v": 1])], transaction: nil) }
        let shown = try await snapshots.next()
        #expect(shown?.documents.map(\.path) == [path])
        #expect(remote.appliedCommits == 0, "shown before the server has it")
        cache.enableNetwork()
        let response = try await commit.value
        #expect(try #require(shown).readTime < response.commitTime)
        try await cache.close()
    }

    @Test func aWriteTooLargeForTheQueue_isAClearErrorNamingTheDocument() async throws {
        let cache = try await makeServerCache(FaultyRemote())
        let path = try doc("c/a")
        let big = String(repeating: "x", count: 1_048_487)  // the largest string Firestore stores in c/a

        let error = await #expect(throws: DocumentStoreError.self) {
            _ = try await cache.commit([.update(path, fields: ["s": .string(big)])], transaction: nil)
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("c/a ") == true)
        #expect(cache.pendingWrites.isEmpty)
        await #expect(throws: DocumentStoreError.self, "nothing applied to the cache") {
            try await cache.getDocument(path, source: .cache)
        }
        try await cache.close()
    }

    @Test func aPipelinedWriteOffline_isVisibleAtOnce_andItsCompletionGetsTheServersVerdict() async throws {
        let remote = FaultyRemote()
        let cache = try await makeServerCache(remote)
        let db = Database(store: cache)
        try db.disableNetwork()
        let outcome = Mutex<Result<Void, any Error>?>(nil)

        try db.document("c/a").setData(from: ["v": 1]) { error in
            outcome.withLock { $0 = error.map { .failure($0) } ?? .success(()) }
        }
        let cached = try await db.document("c/a").getDocument(source: .cache)
        #expect(cached.exists, "read your writes, offline")
        try await Task.sleep(for: .milliseconds(100))
        #expect(outcome.withLock { $0 } == nil, "no verdict before the server has it")

        try db.enableNetwork()
        try await db.waitForPendingWrites()
        try await eventually { outcome.withLock { $0 } != nil }
        #expect((try? outcome.withLock { $0 }?.get()) != nil)
        #expect(remote.appliedCommits == 1)
        try await cache.close()
    }
}

/// Waits (up to a minute) until `condition` holds; records an issue if it never does.
func eventually(
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("condition not met in 60 s", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
