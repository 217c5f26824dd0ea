import HearthContract
import HearthDomain
import HearthInMemory
import HearthPort
import HearthRules
import Testing

/// The security-rules contract on `InMemoryDocumentStore`: each behaviour on a new store, its users'
/// views made by `acting(as:policy:)` under `RulesContract.rules`.
@Suite("RulesContract on InMemoryDocumentStore")
struct InMemoryRulesContractTests {
    @Test(arguments: RulesContract.behaviours)
    func behaviour(_ behaviour: RulesBehaviour) async throws {
        let store = InMemoryDocumentStore(database: try DatabaseID(projectID: "hearth-rules"))
        let policy = try RulesAccessPolicy(rules: RulesContract.rules)

        try await behaviour.run(RulesStores(admin: store) { store.acting(as: $0, policy: policy) })
    }

    @Test func behaviourNames_areUnique() {
        let names = RulesContract.behaviours.map(\.name)

        #expect(Set(names).count == names.count)
    }
}
