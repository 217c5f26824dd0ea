import Foundation
import Hearth
import Testing

/// Seed 001's engines on a cached database (`HearthConfiguration(cache:)`): offline, a saved model shows
/// in the engine at once (latency compensation) and reaches the store when the network returns; the
/// listener follows the server again afterwards.
@MainActor
@Suite("Sync engines on a cached database")
struct SyncEnginesOnACacheTests {
    @Test func anEngineKeepsWorkingOffline_andItsWritesReachTheStoreWhenTheNetworkReturns() async throws {
        var configuration = HearthConfiguration(store: .memory, cache: .memory)
        configuration.cachedWritesWaitForServer = false  // the engine's awaited saves return offline
        let db = try configuration.makeDatabase()
        let engine = CollectionSyncEngine<SyncEngineTests.Note>(
            remote: FirebaseRemoteCollectionService(collectionPath: { "notes" }, database: db), managerKey: "notes",
            storage: nil)
        await engine.startListening()

        try db.disableNetwork()
        try await engine.saveDocument(SyncEngineTests.Note(id: "n1", text: "written offline"))
        try await SyncEngineTests.eventually(state: { SyncEngineTests.describe(engine) }) {
            engine.getDocument(id: "n1")?.text == "written offline"
        }
        await #expect(throws: DocumentStoreError.self, "not on the store yet") {
            _ = try await db.document("notes/n1").getDocument(source: .server)
        }

        try db.enableNetwork()
        try await db.waitForPendingWrites()
        let stored = try await db.document("notes/n1").getDocument(source: .server)
        #expect(stored.get("text") as? String == "written offline")
        engine.stopListening()
        try await db.close()
    }
}
