import HearthContract
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// The whole `DocumentStore` contract against `InMemoryDocumentStore`: one test case per behaviour,
/// each on a new, empty store.
@Suite("HearthContract on InMemoryDocumentStore")
struct InMemoryContractTests {
    @Test(arguments: HearthContract.behaviours)
    func behaviour(_ behaviour: ContractBehaviour) async throws {
        try await behaviour.run(try makeStore())
    }

    @Test func behaviourIDs_areUnique() {
        let ids = HearthContract.behaviours.map(\.id)

        #expect(Set(ids).count == ids.count)
    }

    @Test func contract_hasAtLeast150Behaviours() {
        #expect(HearthContract.behaviours.count >= 150)
    }

    @Test func runner_reportsEveryBehaviour() async {
        let sample = Array(HearthContract.behaviours.prefix(5))

        let report = await HearthContract.run(sample, makeStore: { try makeStore() })

        #expect(report.results.map(\.id) == sample.map(\.id))
        #expect(report.allPassed, "\(report)")
    }

    @Test func runner_reportsFailuresAndSkips() async {
        let failing = ContractBehaviour(area: .documents, name: "alwaysFails") { _ in throw fail("expected failure") }
        let skipped = ContractBehaviour(area: .documents, name: "skipped", traits: [.slow]) { _ in }

        let report = await HearthContract.run([failing, skipped], makeStore: { try makeStore() }, skipping: .slow)

        #expect(report.failed.map(\.id) == ["documents/alwaysFails"])
        #expect(report.skipped.map(\.id) == ["documents/skipped"])
        #expect(report.passed.isEmpty)
    }
}

// MARK: - Helpers

/// A new, empty in-memory store.
private func makeStore() throws -> any DocumentStore {
    InMemoryDocumentStore(database: try DatabaseID(projectID: "hearth-contract"))
}
