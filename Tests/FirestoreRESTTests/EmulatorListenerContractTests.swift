import HearthApplication
import HearthContract
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The listener areas of the contract (listeners, stopping them, closing the store) against the REST
/// adapter on the official emulator, one behaviour at a time: REST listeners poll (every
/// ``EmulatorStores/listenPollInterval`` here), and polling listeners of many behaviours at once would
/// load the emulator more than the behaviours themselves.
@Suite("HearthContract listeners on FirestoreRESTDocumentStore + the official emulator", .serialized)
struct EmulatorListenerContractTests {
    static let areas: Set<ContractArea> = [.listeners, .listenerStop, .closing]
    static let behaviours = HearthContract.behaviours.filter { areas.contains($0.area) }

    @Test(
        .enabled(
            if: EmulatorStores.isAvailable,
            "\(EmulatorListenerContractTests.behaviours.count) listener behaviours skipped: \(EmulatorStores.skipReason)"
        ),
        arguments: behaviours
    )
    func behaviour(_ behaviour: ContractBehaviour) async throws {
        let store = try await EmulatorStores.makeStore(projectID: FirestoreEmulator.newProjectID(prefix: "listen"))
        try await behaviour.run(store)
    }
}
