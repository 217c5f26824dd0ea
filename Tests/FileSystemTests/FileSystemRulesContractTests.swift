import Foundation
import HearthContract
import HearthDomain
import HearthFileSystem
import HearthPort
import HearthRules
import Testing

/// The security-rules contract on `FileSystemDocumentStore`: each behaviour on a new store in a new
/// temporary directory, its users' views made by `acting(as:policy:)` under `RulesContract.rules`.
@Suite("RulesContract on FileSystemDocumentStore")
struct FileSystemRulesContractTests {
    @Test(arguments: RulesContract.behaviours)
    func behaviour(_ behaviour: RulesBehaviour) async throws {
        let directory = try TemporaryDirectory()
        let store = try await FileSystemDocumentStore.open(
            directory: directory.url, database: try DatabaseID(projectID: "hearth-rules"))
        let policy = try RulesAccessPolicy(rules: RulesContract.rules)

        let outcome = await Result {
            try await behaviour.run(RulesStores(admin: store) { store.acting(as: $0, policy: policy) })
        }
        try await store.close()

        try outcome.get()
    }
}
