import Foundation
import HearthApplication
import HearthCache
import HearthDomain
import HearthInMemory
import HearthPort
import Synchronization
import Testing

/// Records a listener's snapshots so that a test can wait for one.
final class SnapshotRecorder<Snapshot: Sendable>: Sendable {
    private let received = Mutex<[Snapshot]>([])
    private let registration = Mutex<ListenerRegistration?>(nil)

    init<Listened: SnapshotListenable>(_ listened: Listened, includeMetadataChanges: Bool = true)
    where Listened.Snapshots.Element == Snapshot {
        let added = listened.addSnapshotListener(includeMetadataChanges: includeMetadataChanges) {
            [weak self] (result: Result<Snapshot, DocumentStoreError>) in
            if case .success(let snapshot) = result { self?.received.withLock { $0.append(snapshot) } }
        }
        registration.withLock { $0 = added }
    }

    /// Every snapshot so far, in order.
    var snapshots: [Snapshot] { received.withLock { $0 } }

    /// The index and the first snapshot at or after `index` that satisfies `predicate`; fails the test
    /// after `timeout`.
    func first(
        from index: Int = 0, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
        where predicate: (Snapshot) -> Bool
    ) async throws -> (index: Int, snapshot: Snapshot) {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let all = snapshots
            if index < all.count, let found = all[index...].firstIndex(where: predicate) { return (found, all[found]) }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("No snapshot matched within \(timeout); got \(snapshots.count).", sourceLocation: sourceLocation)
        throw DocumentStoreError(.deadlineExceeded, "no matching snapshot")
    }

    /// Stops the listener.
    func remove() { registration.withLock { $0 }?.remove() }
}

@Suite("CachedDocumentStore: listeners go cache → server, with metadata")
struct CachedListenerTests {
    @Test(arguments: CachedContractTests.Cache.allCases)
    func aDocumentListenerAnswersFromTheCacheFirst_thenFromTheServer(_ kind: CachedContractTests.Cache) async throws {
        let remote = FaultyRemote()
        _ = try await remote.base.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let cache = try await makeCache(remote, local: try await kind.local())
        let db = Database(store: cache)

        let recorder = SnapshotRecorder(db.document("c/a"))
        let first = try await recorder.first { _ in true }.snapshot
        // The cache's answer comes first unless the server's was already in (the remote listen can win).
        #expect(first.metadata.isFromCache || first.get("v") as? Int == 1, "\(first.metadata)")
        let server = try await recorder.first { !$0.metadata.isFromCache && $0.exists }.snapshot
        #expect(server.get("v") as? Int == 1)
        #expect(!server.metadata.hasPendingWrites)
        // The server's document is in the cache now.
        #expect(try await db.document("c/a").getDocument(source: .cache).get("v") as? Int == 1)
        recorder.remove()
        try await cache.close()
    }

    @Test(arguments: CachedContractTests.Cache.allCases)
    func aQueryListenerAnswersFromTheCacheFirst_thenFromTheServer_perDocumentToo(
        _ kind: CachedContractTests.Cache
    ) async throws {
        let remote = FaultyRemote()
        _ = try await remote.base.commit(
            [.update(try doc("c/a"), fields: ["v": 1]), .update(try doc("c/b"), fields: ["v": 2])], transaction: nil)
        let cache = try await makeCache(remote, local: try await kind.local())
        let db = Database(store: cache)

        let recorder = SnapshotRecorder(db.collection("c"))
        let first = try await recorder.first { _ in true }.snapshot
        // The cache's answer comes first unless the server's was already in (the remote listen can win:
        // a loaded CI machine made it win once).
        #expect(first.metadata.isFromCache || first.count == 2, "\(first.metadata)")
        let server = try await recorder.first { !$0.metadata.isFromCache && $0.count == 2 }.snapshot
        #expect(server.documents.map(\.documentID) == ["a", "b"])
        #expect(server.documents.allSatisfy { !$0.metadata.isFromCache && !$0.metadata.hasPendingWrites })
        recorder.remove()
        try await cache.close()
    }

    @Test(arguments: CachedContractTests.Cache.allCases)
    func aLocalWriteShowsAtOnceWithPendingWrites_andItsAcknowledgmentIsAMetadataSnapshot(
        _ kind: CachedContractTests.Cache
    ) async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote, local: try await kind.local())
        let db = Database(store: cache)
        let recorder = SnapshotRecorder(db.collection("c"))
        _ = try await recorder.first { !$0.metadata.isFromCache }

        try db.disableNetwork()
        try await db.document("c/a").setData(["v": 1])
        let local = try await recorder.first { $0.count == 1 }
        #expect(local.snapshot.metadata == SnapshotMetadata(hasPendingWrites: true, isFromCache: true))
        #expect(local.snapshot.documents.first?.metadata.hasPendingWrites == true)
        #expect(local.snapshot.documentChanges.map(\.type) == [.added])

        try db.enableNetwork()
        let acknowledged = try await recorder.first(from: local.index) {
            !$0.metadata.hasPendingWrites && !$0.metadata.isFromCache
        }
        #expect(acknowledged.snapshot.documents.map { $0.get("v") as? Int } == [1])
        #expect(acknowledged.snapshot.documents.first?.metadata.hasPendingWrites == false)
        #expect(remote.appliedCommits == 1)
        recorder.remove()
        try await cache.close()
    }

    @Test(arguments: CachedContractTests.Cache.allCases)
    func withoutMetadataChanges_aSnapshotAlwaysHasADocumentChange(_ kind: CachedContractTests.Cache) async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote, local: try await kind.local())
        let db = Database(store: cache)
        let recorder = SnapshotRecorder(db.collection("c"), includeMetadataChanges: false)
        _ = try await recorder.first { _ in true }

        try db.disableNetwork()
        try await db.document("c/a").setData(["v": 1])
        _ = try await recorder.first { $0.count == 1 && $0.metadata.hasPendingWrites }
        try db.enableNetwork()
        try await db.waitForPendingWrites()
        try db.disableNetwork()  // back to the cache: a metadata-only change, not delivered
        try await db.document("c/b").setData(["v": 2])
        _ = try await recorder.first { $0.count == 2 }
        #expect(recorder.snapshots.dropFirst().allSatisfy { !$0.documentChanges.isEmpty })
        recorder.remove()
        try await cache.close()
    }

    @Test(arguments: CachedContractTests.Cache.allCases)
    func aChangeMadeDirectlyOnTheRemote_reachesACachedListener(_ kind: CachedContractTests.Cache) async throws {
        let remote = FaultyRemote()
        let cache = try await makeCache(remote, local: try await kind.local())
        let db = Database(store: cache)
        let recorder = SnapshotRecorder(db.collection("c"))
        _ = try await recorder.first { !$0.metadata.isFromCache }

        _ = try await remote.base.commit([.update(try doc("c/z"), fields: ["by": "another writer"])], transaction: nil)
        let seen = try await recorder.first { $0.count == 1 }.snapshot
        #expect(seen.documents.first?.get("by") as? String == "another writer")
        #expect(!seen.metadata.isFromCache)
        #expect(try await db.document("c/z").getDocument(source: .cache).exists)

        _ = try await remote.base.commit([.delete(try doc("c/z"))], transaction: nil)
        _ = try await recorder.first { $0.isEmpty && !$0.metadata.isFromCache }
        recorder.remove()
        try await cache.close()
    }

    @Test(arguments: CachedContractTests.Cache.allCases)
    func offline_snapshotsAreFromTheCache_andTheServerTakesOverWhenItReturns(
        _ kind: CachedContractTests.Cache
    ) async throws {
        let remote = FaultyRemote()
        _ = try await remote.base.commit([.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let cache = try await makeCache(remote, local: try await kind.local())
        let db = Database(store: cache)
        let recorder = SnapshotRecorder(db.document("c/a"))
        let online = try await recorder.first { !$0.metadata.isFromCache }

        try db.disableNetwork()
        let offline = try await recorder.first(from: online.index) { $0.metadata.isFromCache }
        #expect(offline.snapshot.get("v") as? Int == 1)
        try db.enableNetwork()
        _ = try await recorder.first(from: offline.index) { !$0.metadata.isFromCache }

        // A remote that cannot be reached (its listen fails): from the cache, until it is back.
        remote.setOffline(true)
        let unreachable = SnapshotRecorder(db.document("c/a"))
        _ = try await unreachable.first { _ in true }
        #expect(unreachable.snapshots.allSatisfy { $0.metadata.isFromCache })
        remote.setOffline(false)
        _ = try await unreachable.first { !$0.metadata.isFromCache && $0.exists }
        recorder.remove()
        unreachable.remove()
        try await cache.close()
    }

    @Test func onAStoreWithoutACache_metadataIsNeitherPendingNorFromCache() async throws {
        let db = Database(store: InMemoryDocumentStore(database: testDatabase))
        try await db.document("c/a").setData(["at": FieldValue.serverTimestamp()])
        let read = try await db.document("c/a").getDocument()
        #expect(read.metadata == .server)
        #expect(read.get("at") is Timestamp)
        let recorder = SnapshotRecorder(db.collection("c"))
        let snapshot = try await recorder.first { $0.count == 1 }.snapshot
        #expect(snapshot.metadata == .server)
        #expect(snapshot.documents.first?.metadata == .server)
        recorder.remove()
    }
}

@Suite("CachedDocumentStore: ServerTimestampBehavior")
struct ServerTimestampBehaviorTests {
    struct Visit: Codable, Equatable {
        var at: Timestamp?
        var n: Int
    }

    let before = Timestamp(date: Date(timeIntervalSince1970: 1_000_000))

    /// A cache whose `c/t` is `{at: before, n: 1}` from the server, then written offline with a server
    /// timestamp at `at`.
    func pendingServerTimestamp() async throws -> (CachedDocumentStore, Database, Timestamp) {
        let remote = FaultyRemote()
        _ = try await remote.base.commit(
            [.update(try doc("c/t"), fields: ["at": .timestamp(before), "n": 1])], transaction: nil)
        let cache = try await makeCache(remote)
        let db = Database(store: cache)
        _ = try await db.document("c/t").getDocument(source: .server)
        try db.disableNetwork()
        let writtenAt = Timestamp(date: Date())
        try await db.document("c/t").updateData(["at": FieldValue.serverTimestamp()])
        return (cache, db, writtenAt)
    }

    @Test func inGet_eachBehavior() async throws {
        let (cache, db, writtenAt) = try await pendingServerTimestamp()
        let snapshot = try await db.document("c/t").getDocument(source: .cache)
        #expect(snapshot.metadata == SnapshotMetadata(hasPendingWrites: true, isFromCache: true))

        #expect(snapshot.get("at") is NSNull)
        #expect(snapshot.get("at", serverTimestampBehavior: .none) is NSNull)
        #expect(snapshot.data()?["at"] is NSNull)
        let estimate = try #require(snapshot.get("at", serverTimestampBehavior: .estimate) as? Timestamp)
        #expect(estimate.dateValue() > writtenAt.dateValue() - 1)  // the local store's clock: the local write's time
        #expect(snapshot.data(with: .estimate)?["at"] as? Timestamp == estimate)
        #expect(snapshot.get("at", serverTimestampBehavior: .previous) as? Timestamp == before)
        #expect(snapshot.data(with: .previous)?["at"] as? Timestamp == before)
        #expect(snapshot.get("n", serverTimestampBehavior: .none) as? Int == 1)

        // The default read (`.default`, offline: the cache) carries the same.
        #expect(try await db.document("c/t").getDocument().get("at") is NSNull)

        // Acknowledged: the server's time, for every behavior.
        try db.enableNetwork()
        try await db.waitForPendingWrites()
        let settled = try await db.document("c/t").getDocument(source: .cache)
        #expect(!settled.metadata.hasPendingWrites)
        let server = try #require(settled.get("at") as? Timestamp)
        for behavior in ServerTimestampBehavior.allCases {
            #expect(settled.get("at", serverTimestampBehavior: behavior) as? Timestamp == server)
        }
        try await cache.close()
    }

    @Test func inCodableDecoding_eachBehavior() async throws {
        let (cache, db, writtenAt) = try await pendingServerTimestamp()
        let reference = db.document("c/t")
        let snapshot = try await reference.getDocument(source: .cache)

        #expect(try snapshot.data(as: Visit.self) == Visit(at: nil, n: 1))
        #expect(try snapshot.data(as: Visit.self, with: .none) == Visit(at: nil, n: 1))
        #expect(try snapshot.data(as: Visit.self, with: .previous) == Visit(at: before, n: 1))
        let estimated = try snapshot.data(as: Visit.self, with: .estimate)
        #expect(try #require(estimated.at).dateValue() > writtenAt.dateValue() - 1)
        #expect(try await reference.getDocument(as: Visit.self, with: .previous).at == before)
        #expect(try await reference.getDocument(as: Visit.self).at == nil)
        #expect(try snapshot.get("at", as: Timestamp?.self, serverTimestampBehavior: .previous) == before)

        let query = try await db.collection("c").getDocuments(source: .cache)
        #expect(query.metadata == SnapshotMetadata(hasPendingWrites: true, isFromCache: true))
        #expect(try query.documents(as: Visit.self) == [Visit(at: nil, n: 1)])
        #expect(try query.documents(as: Visit.self, with: .previous) == [Visit(at: before, n: 1)])
        try await cache.close()
    }

    @Test func inAListener_andOverAnotherPendingServerTimestamp_thePreviousValueIsTheOriginal() async throws {
        let (cache, db, _) = try await pendingServerTimestamp()
        try await db.document("c/t").updateData(["at": FieldValue.serverTimestamp(), "n": 2])
        let recorder = SnapshotRecorder(db.document("c/t"))
        let snapshot = try await recorder.first { $0.get("n") as? Int == 2 }.snapshot
        #expect(snapshot.metadata.hasPendingWrites)
        #expect(snapshot.get("at") is NSNull)
        #expect(snapshot.get("at", serverTimestampBehavior: .previous) as? Timestamp == before)
        #expect(snapshot.get("at", serverTimestampBehavior: .estimate) is Timestamp)

        // Overwritten by a plain value: no longer a pending server timestamp.
        try await db.document("c/t").updateData(["at": Timestamp(date: Date(timeIntervalSince1970: 5))])
        let plain = try await recorder.first { $0.get("at") is Timestamp }.snapshot
        #expect(plain.pendingServerTimestamps.isEmpty && plain.metadata.hasPendingWrites)

        // A new document: nothing before, so `.previous` is null.
        try await db.document("c/new").setData(["at": FieldValue.serverTimestamp()])
        let created = try await db.document("c/new").getDocument(source: .cache)
        #expect(created.get("at", serverTimestampBehavior: .previous) is NSNull)
        #expect(created.get("at", serverTimestampBehavior: .estimate) is Timestamp)
        recorder.remove()
        try await cache.close()
    }
}
