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
    "CachedDocumentStore over the emulator (REST)",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
struct CachedEmulatorTests {
    @Test func writesQueuedOfflineReachFirestore_andServerReadsRefreshTheCache() async throws {
        let emulator = try await FirestoreEmulator.shared()
        let database = try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "cache"))
        let configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: emulator.hostAndPort, database: database, tokenProvider: EmulatorOwnerTokenProvider())
        let remote = FirestoreRESTDocumentStore(configuration: configuration)
        let cache = try await CachedDocumentStore.open(
            remote: remote, local: InMemoryDocumentStore(database: database), options: fastOptions)
        let path = try DocumentPath("visits/v1")
        let counter = try DocumentPath("visits/count")
        let n = try FieldPath(["n"])

        cache.disableNetwork()
        _ = try await cache.commit([.update(path, fields: ["member": "ana"])], transaction: nil)
        _ = try await cache.commit(
            [Write(path: counter, operation: .transform, transforms: [.init(fieldPath: n, operation: .increment(1))])],
            transaction: nil)
        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["member": "ana"])
        #expect(try await remote.getDocument(path, mask: nil, consistency: .latest) == nil)

        cache.enableNetwork()
        try await cache.waitForPendingWrites()

        #expect(try await remote.getDocument(path, mask: nil, consistency: .latest)?.fields == ["member": "ana"])
        #expect(try await remote.getDocument(counter, mask: nil, consistency: .latest)?.fields == ["n": 1])
        // Another writer on the server: a server read brings it into the cache.
        _ = try await remote.commit([.update(path, fields: ["member": "bea"])], transaction: nil)
        #expect(try await cache.getDocument(path, source: .server)?.fields == ["member": "bea"])
        #expect(try await cache.getDocument(path, source: .cache)?.fields == ["member": "bea"])
        try await cache.close()
    }
}
