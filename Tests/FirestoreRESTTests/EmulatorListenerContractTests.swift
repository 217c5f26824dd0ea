import HearthApplication
import HearthContract
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The listener areas of the contract (listeners, stopping them, closing the store) against the REST
/// adapter on the official emulator, one behaviour at a time, with push (WebChannel Listen, the default)
/// and with polling (the fallback), on an
/// emulator of their own: sharing one with the rest of the suite, the emulator answered some of the
/// other suites' commits only after more than 60 s while these listeners ran (with its own emulator,
/// both suites pass in about 20 s; Docs/FirestoreRESTAdapter.md).
@Suite("HearthContract listeners on FirestoreRESTDocumentStore + the official emulator", .serialized)
struct EmulatorListenerContractTests {
    static let areas: Set<ContractArea> = [.listeners, .listenerStop, .closing]
    static let behaviours = HearthContract.behaviours.filter { areas.contains($0.area) }

    @Test(
        .enabled(
            if: EmulatorStores.isAvailable,
            "\(EmulatorListenerContractTests.behaviours.count) listener behaviours skipped: \(EmulatorStores.skipReason)"
        ),
        arguments: behaviours, [ListenTransport.push, .poll]
    )
    func behaviour(_ behaviour: ContractBehaviour, transport: ListenTransport) async throws {
        let store = try await EmulatorStores.makeStore(
            emulator: try await FirestoreEmulator.sharedForListeners(),
            projectID: FirestoreEmulator.newProjectID(prefix: "listen"),
            listenTransport: transport, httpClient: URLSessionHTTPClient())
        // Closing ends the store's Listen channel, whatever the behaviour left listening.
        defer { Task { try? await store.close() } }
        try await behaviour.run(store)
    }
}
