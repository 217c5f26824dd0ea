import Foundation
import HearthApplication
import HearthContract
import HearthDomain
import HearthFileSystem
import HearthPort
import Testing

/// The whole `DocumentStore` contract against `FileSystemDocumentStore`: one test case per behaviour,
/// each on a new store in a new temporary directory, closed afterwards.
@Suite("HearthContract on FileSystemDocumentStore")
struct FileSystemContractTests {
    @Test(arguments: HearthContract.behaviours)
    func behaviour(_ behaviour: ContractBehaviour) async throws {
        let directory = try TemporaryDirectory()
        let store = try await FileSystemDocumentStore.open(
            directory: directory.url, database: try DatabaseID(projectID: "hearth-contract"))

        let outcome = await Result { try await behaviour.run(store) }
        try await store.close()

        try outcome.get()
    }

    @Test func wholeContract_passesThroughTheRunner() async throws {
        let directories = DirectoryPool()

        let report = await HearthContract.run(makeStore: {
            try await FileSystemDocumentStore.open(
                directory: try directories.make().url, database: try DatabaseID(projectID: "hearth-contract"))
        })

        #expect(report.allPassed, "\(report)")
        #expect(report.results.count == HearthContract.behaviours.count)
    }
}
