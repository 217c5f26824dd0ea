import Foundation
import HearthApplication
import HearthCache
import HearthDomain
import HearthFirestoreREST
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

@Suite(
    "CachedDocumentStore's listeners over the emulator (REST)",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
struct CachedEmulatorListenerTests {
    @Test(arguments: CachedContractTests.Cache.allCases)
    func aCachedListenerGoesCacheToServer_seesAnotherWriter_andItsOwnWritePendingThenAcknowledged(
        _ kind: CachedContractTests.Cache
    ) async throws {
        let emulator = try await FirestoreEmulator.shared()
        let database = try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "cachelisten"))
        let configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: emulator.hostAndPort, database: database, tokenProvider: EmulatorOwnerTokenProvider())
        let remote = FirestoreRESTDocumentStore(configuration: configuration)
        _ = try await remote.commit([.update(try DocumentPath("rooms/a"), fields: ["open": true])], transaction: nil)
        let cache = try await CachedDocumentStore.open(
            remote: remote, local: try await kind.local(database: database), options: fastOptions)
        let db = Database(store: cache)

        let recorder = SnapshotRecorder(db.collection("rooms"))
        // The server's snapshots come over a Listen channel to the emulator: in a loaded CI run, with the
        // whole suite and the emulator on two cores, the first took more than 20 s once (both caches at
        // once). A minute bounds a hang without failing a slow machine.
        #expect(try await recorder.first { _ in true }.snapshot.metadata.isFromCache)
        let server = try await recorder.first(timeout: .seconds(60)) { !$0.metadata.isFromCache && $0.count == 1 }
        #expect(server.snapshot.documents.first?.get("open") as? Bool == true)

        // Another writer, directly on Firestore: the cached listener sees it.
        _ = try await remote.commit([.update(try DocumentPath("rooms/b"), fields: ["open": false])], transaction: nil)
        _ = try await recorder.first(timeout: .seconds(60)) { $0.count == 2 && !$0.metadata.isFromCache }

        // Our own write: at once, pending, its server timestamp null by default; then acknowledged.
        try await db.document("rooms/c").setData(["open": true, "at": FieldValue.serverTimestamp()])
        let local = try await recorder.first { $0.count == 3 }
        let pending = try #require(local.snapshot.documents.first { $0.documentID == "c" })
        if pending.metadata.hasPendingWrites {
            #expect(pending.get("at") is NSNull)
            #expect(pending.get("at", serverTimestampBehavior: .estimate) is Timestamp)
        }
        try await db.waitForPendingWrites()
        let acknowledged = try await recorder.first(from: local.index, timeout: .seconds(60)) {
            $0.count == 3 && !$0.metadata.hasPendingWrites
        }
        let written = try #require(acknowledged.snapshot.documents.first { $0.documentID == "c" })
        #expect(written.get("at") is Timestamp)
        #expect(
            try await remote.getDocument(try DocumentPath("rooms/c"), mask: nil, consistency: .latest)?.fields["at"]
                == written.fields["at"])
        recorder.remove()
        try await cache.close()
    }
}
