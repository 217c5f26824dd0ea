import GymInfrastructure
import HearthApplication
import HearthDomain
import HearthInMemory
import Synchronization
import Testing

/// The stores the example's use cases run on. Each test gets a fresh, empty one.
enum GymStores {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case memory
        var testDescription: String { rawValue }
    }

    static var available: [Kind] { Kind.allCases }

    static func make(_ kind: Kind) async throws -> HearthGymStorage {
        let database = try DatabaseID(projectID: "demo-gym")
        switch kind {
        case .memory:
            return HearthGymStorage(database: Database(store: InMemoryDocumentStore(database: database)))
        }
    }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}

