import GymInfrastructure
import HearthApplication
import HearthDomain
import HearthInMemory
import Synchronization

/// The stores the example's use cases run on. Each run gets a fresh, empty store.
enum GymStores {
    enum Kind: String, CaseIterable, Sendable {
        /// `InMemoryDocumentStore`.
        case memory
    }

    /// Runs `body` on a gym over a fresh, empty store of `kind`.
    static func withGym(on kind: Kind, _ body: (HearthGymStorage) async throws -> Void) async throws {
        switch kind {
        case .memory:
            let store = InMemoryDocumentStore(database: try DatabaseID(projectID: "demo-gym"))
            try await body(HearthGymStorage(database: Database(store: store)))
        }
    }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}
