import Foundation
import HearthApplication
import HearthContract
import HearthCache
import HearthDomain
import HearthFileSystem
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

/// The `DocumentStore` contract on the cached database over the emulator (REST), with both caches: the
/// behaviours the REST adapter's own contract run holds (listener areas run there one at a time; the
/// emulator's documented quirks are skipped there too), minus the cache's two documented differences.
@Suite(
    "HearthContract on CachedDocumentStore over the emulator (REST)",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
struct CachedEmulatorContractTests {
    static let listenerAreas: Set<ContractArea> = [.listeners, .listenerStop, .closing]
    /// Through the cache, a write the server answers `ABORTED` is retried (as Firebase's clients do), so an
    /// outside write waiting on a transaction's lock wins; the emulator then refuses the transaction's commit
    /// with `INVALID_ARGUMENT` ("Transaction is invalid or closed") where production answers `ABORTED`. The
    /// behaviour's invariant (not both committed) holds; its error code is the emulator's.
    static let emulatorDifferences: Set<String> = ["transactions/contention_readThenOutsideWrite_oneAborts"]
    static let runnable = HearthContract.behaviours.filter {
        !listenerAreas.contains($0.area) && $0.emulatorQuirk == nil
            && CachedContractTests.differences[$0.id] == nil && !emulatorDifferences.contains($0.id)
    }
    static let cases: [(CachedContractTests.Cache, ContractBehaviour)] =
        CachedContractTests.Cache.allCases.flatMap { cache in runnable.map { (cache, $0) } }

    @Test(arguments: cases)
    func behaviour(_ cache: CachedContractTests.Cache, _ behaviour: ContractBehaviour) async throws {
        let emulator = try await FirestoreEmulator.shared()
        let database = try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "cached-contract"))
        let configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: emulator.hostAndPort, database: database, tokenProvider: EmulatorOwnerTokenProvider())
        try await CachedContractTests.run(
            behaviour, cache: cache, remote: FirestoreRESTDocumentStore(configuration: configuration))
    }
}
