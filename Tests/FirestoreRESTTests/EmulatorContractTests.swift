import HearthApplication
import HearthContract
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// The whole `DocumentStore` contract against `FirestoreRESTDocumentStore` talking to Google's official
/// emulator: one test case per behaviour, each on a fresh project ID. Behaviours the emulator is known to
/// answer differently from production are skipped, with their reasons; without the emulator every
/// behaviour is skipped, with the count and the reason.
@Suite("HearthContract on FirestoreRESTDocumentStore + the official emulator")
struct EmulatorContractTests {
    /// Quirks this adapter never meets: it lists at a read time through `:runQuery`, not `GET ?readTime=`.
    static let quirksAvoidedByTheAdapter: Set<String> = ["readTimes/listDocuments_atPastReadTime_seesOldState"]
    /// Listener behaviours poll; they run one at a time in ``EmulatorListenerContractTests``.
    static let runnable = HearthContract.behaviours.filter {
        !EmulatorListenerContractTests.areas.contains($0.area)
            && ($0.emulatorQuirk == nil || quirksAvoidedByTheAdapter.contains($0.id))
    }
    static let quirks = HearthContract.behaviours.filter {
        $0.emulatorQuirk != nil && !quirksAvoidedByTheAdapter.contains($0.id)
    }

    @Test(
        .enabled(
            if: EmulatorStores.isAvailable,
            "\(EmulatorContractTests.runnable.count) contract behaviours skipped: \(EmulatorStores.skipReason)"
        ),
        arguments: runnable
    )
    func behaviour(_ behaviour: ContractBehaviour) async throws {
        let store = try await EmulatorStores.makeStore(projectID: FirestoreEmulator.newProjectID(prefix: "contract"))
        try await behaviour.run(store)
    }

    @Test func emulatorQuirks_areSkippedWithTheirReasons() throws {
        guard !Self.quirks.isEmpty else { return }
        let list = Self.quirks.map { "\($0.id) (\($0.emulatorQuirk ?? ""))" }.joined(separator: "; ")
        try Test.cancel("\(Self.quirks.count) contract behaviours skipped as emulator quirks: \(list)")
    }
}
