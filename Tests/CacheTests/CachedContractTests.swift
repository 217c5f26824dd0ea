import Foundation
import HearthCache
import HearthContract
import HearthDomain
import HearthFileSystem
import HearthInMemory
import HearthPort
import Testing

/// The whole `DocumentStore` contract against `CachedDocumentStore`, on both caches (memory, file) over an
/// in-memory remote: a cached database is a `DocumentStore` like any other, and must behave as one while
/// it is online. Each behaviour runs on a new remote and a new cache, closed afterwards.
@Suite("HearthContract on CachedDocumentStore")
struct CachedContractTests {
    enum Cache: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case memory, file
        var testDescription: String { rawValue }

        /// A new, empty local store of this kind (a file store in a new temporary directory).
        func local(database: DatabaseID = testDatabase) async throws -> any DocumentStore {
            switch self {
            case .memory: InMemoryDocumentStore(database: database)
            case .file:
                try await FileSystemDocumentStore.open(
                    directory: FileManager.default.temporaryDirectory.appendingPathComponent(
                        "hearth-cache-\(UUID().uuidString)"),
                    database: database)
            }
        }
    }

    /// What a cache does differently on purpose, each shown by its own test (`CachedAcknowledgementTests`).
    static let differences: [String: String] = [
        "listeners/query_readTime_isAtLeastTheCommitTime":
            "latency compensation: a listener shows a write before the server commits it",
        "writeValidation/stringOfMaximumSize_isAllowed":
            "a queued write needs a few hundred bytes more than the document: too large is a clear error",
    ]

    static let cases: [(Cache, ContractBehaviour)] = Cache.allCases.flatMap { cache in
        HearthContract.behaviours.filter { differences[$0.id] == nil }.map { (cache, $0) }
    }

    @Test func theDifferencesAreBehavioursOfTheContract() {
        let ids = Set(HearthContract.behaviours.map(\.id))
        #expect(Set(Self.differences.keys).isSubset(of: ids))
    }

    @Test(arguments: cases)
    func behaviour(_ cache: Cache, _ behaviour: ContractBehaviour) async throws {
        let database = try DatabaseID(projectID: "hearth-contract")
        try await Self.run(behaviour, cache: cache, remote: InMemoryDocumentStore(database: database))
    }

    /// Runs `behaviour` on a new cached database over `remote`, with a new cache of kind `cache`; closes it.
    static func run(_ behaviour: ContractBehaviour, cache: Cache, remote: any DocumentStore) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-cached-contract-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let local: any DocumentStore =
            switch cache {
            case .memory: InMemoryDocumentStore(database: remote.database)
            case .file: try await FileSystemDocumentStore.open(directory: directory, database: remote.database)
            }
        let store = try await CachedDocumentStore.open(remote: remote, local: local, options: serverAcknowledgedOptions)

        var failure: (any Error)?
        do { try await behaviour.run(store) } catch { failure = error }
        if !store.isClosed { try await store.close() }
        if let failure { throw failure }
    }
}
