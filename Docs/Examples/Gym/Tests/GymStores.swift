import Foundation
import GymInfrastructure
import HearthApplication
import HearthDomain
import HearthFileSystem
import HearthFirestoreREST
import HearthInMemory
import HearthPort
import HearthTestSupport
import Synchronization

/// The stores the example's use cases run on: the test target is the example's composition root, the
/// only place that names Hearth's concrete adapters. Each run gets a fresh, empty store.
enum GymStores {
    enum Kind: String, CaseIterable, Sendable {
        /// `InMemoryDocumentStore`.
        case memory
        /// `FileSystemDocumentStore` in a new temporary directory.
        case file
        /// `FirestoreRESTDocumentStore` on Google's Firestore emulator, in a new project.
        case firestoreEmulator
    }

    /// Whether the Firestore emulator can run here (Java and the emulator installed).
    static var emulatorIsAvailable: Bool { FirestoreEmulator.availability.isAvailable }

    /// Why the Firestore emulator cannot run here.
    static var emulatorUnavailableReason: String { FirestoreEmulator.availability.reason }

    /// Runs `body` on a gym over a fresh, empty store of `kind`, then closes the store and removes its
    /// files, whether `body` threw or not. `body`'s error wins over a closing error.
    static func withGym(on kind: Kind, _ body: (HearthGymStorage) async throws -> Void) async throws {
        switch kind {
        case .memory:
            let store = InMemoryDocumentStore(database: try DatabaseID(projectID: "demo-gym"))
            try await body(HearthGymStorage(database: Database(store: store)))
        case .file:
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let store = try await FileSystemDocumentStore.open(directory: directory.url, database: try DatabaseID(projectID: "demo-gym"))
            let outcome = await Result { try await body(HearthGymStorage(database: Database(store: store))) }
            let closing = await Result { try await store.close() }
            try outcome.get()
            try closing.get()
        case .firestoreEmulator:
            // Nothing to close: the store holds only the shared HTTP client; the emulator stops with the
            // test process, and its data lives in this run's own project.
            let emulator = try await FirestoreEmulator.shared()
            let configuration = try FirestoreRESTConfiguration.emulator(
                hostAndPort: emulator.hostAndPort,
                database: try DatabaseID(projectID: FirestoreEmulator.newProjectID(prefix: "gym"))
            )
            let store = FirestoreRESTDocumentStore(configuration: configuration, httpClient: httpClient)
            try await body(HearthGymStorage(database: Database(store: store)))
        }
    }

    /// One URLSession for every emulator run, so connections are reused.
    private static let httpClient = URLSessionHTTPClient()
}

/// A new, empty directory under the system's temporary directory.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-gym-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing operation.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}
