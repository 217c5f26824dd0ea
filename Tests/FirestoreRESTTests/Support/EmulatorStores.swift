import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport

/// REST stores on the shared official emulator, one fresh project per store.
enum EmulatorStores {
    static var isAvailable: Bool { FirestoreEmulator.availability.isAvailable }
    static var skipReason: String { "Firestore emulator unavailable: \(FirestoreEmulator.availability.reason)" }

    /// A store on a fresh project of the shared emulator (`Bearer owner`).
    static func makeStore(
        databaseID: String = DatabaseID.defaultDatabase,
        retryPolicy: RetryPolicy = .default,
        emulator: FirestoreEmulator? = nil,
        projectID: String = FirestoreEmulator.newProjectID(prefix: "rest"),
        tokenProvider: any TokenProvider = EmulatorOwnerTokenProvider(),
        listenTransport: ListenTransport = .push,
        httpClient: (any HTTPClient)? = nil
    ) async throws -> FirestoreRESTDocumentStore {
        let running: FirestoreEmulator
        if let emulator {
            running = emulator
        } else {
            running = try await FirestoreEmulator.shared()
        }
        var configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: running.hostAndPort,
            database: try DatabaseID(projectID: projectID, databaseID: databaseID),
            tokenProvider: tokenProvider,
            retryPolicy: retryPolicy
        )
        configuration.listenPolling.interval = listenPollInterval
        configuration.listenTransport = listenTransport
        return FirestoreRESTDocumentStore(configuration: configuration, httpClient: httpClient ?? sharedClient)
    }

    /// Listeners poll this often against the emulator, so listener behaviours finish quickly.
    static let listenPollInterval: Duration = .milliseconds(50)

    /// One URLSession for every emulator test: connections are reused.
    static let sharedClient = URLSessionHTTPClient()
}
