import HearthCache
import HearthContract
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// The listener parts of the `DocumentStore` contract (listeners, listener stop, closing) against a
/// `CachedDocumentStore` over an in-memory remote with an in-memory cache: its listeners merge the local
/// listen, the metadata and a remote listen, and must still behave as every store's do.
@Suite("HearthContract's listener behaviours on CachedDocumentStore")
struct CachedListenerContractTests {
    @Test(arguments: HearthContract.behaviours.filter { [.listeners, .listenerStop, .closing].contains($0.area) })
    func behaviour(_ behaviour: ContractBehaviour) async throws {
        let cache = try await CachedDocumentStore.open(
            remote: InMemoryDocumentStore(database: testDatabase), local: InMemoryDocumentStore(database: testDatabase),
            options: fastOptions)
        try await behaviour.run(cache)
    }
}
