import Hearth
import HearthContract
import HearthDomain
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// The security-rules contract on the Firestore REST adapter: each behaviour on a new project of the
/// official emulator holding `RulesContract.rules` (the file the memory and file stores enforce in
/// process), its users' stores made by `HearthConfiguration(actingAs:)` — an unsigned ID token naming the
/// user and their claims, or no credentials — so the emulator's own rules engine decides. The same
/// behaviours passing here and on the local stores is what "one contract, every adapter" means for rules.
@Suite(
    "RulesContract on FirestoreRESTDocumentStore (the emulator)",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)")
)
struct EmulatorRulesContractTests {
    @Test(arguments: RulesContract.behaviours)
    func behaviour(_ behaviour: RulesBehaviour) async throws {
        let emulator = try await FirestoreEmulator.shared()
        let project = FirestoreEmulator.newProjectID(prefix: "rules-contract")
        try await emulator.setRules(RulesContract.rules, projectID: project)
        let target = FirestoreTarget.emulator(host: emulator.hostAndPort, projectID: project)
        @Sendable func store(_ context: AuthContext) throws -> any DocumentStore {
            try HearthConfiguration(store: .firestore(target), retryPolicy: .none, actingAs: context).makeStore()
        }
        let admin = try store(.admin)
        let made = Mutex<[any DocumentStore]>([])

        try await behaviour.run(
            RulesStores(admin: admin) { context in
                let user = try store(context)
                made.withLock { $0.append(user) }
                return user
            })
        try await admin.close()
        for user in made.withLock({ $0 }) { try await user.close() }
    }
}
