import Foundation
import Hearth
import HearthFirestoreREST
import HearthInMemory
import Testing

@Suite("Factories")
struct HearthFactoryTests {
    @Test func defaultLocalDatabase_isTheValidatedDemoHearthDefaultDatabase() throws {
        #expect(HearthConfiguration.defaultLocalDatabase == (try DatabaseID(projectID: "demo-hearth")))
    }

    @Test func memory_isTheInMemoryStore_wrappedInRetries() throws {
        let store = try HearthConfiguration(store: .memory).makeStore()

        let retrying = try #require(store as? RetryingDocumentStore)
        #expect(retrying.base is InMemoryDocumentStore)
        #expect(store.database == HearthConfiguration.defaultLocalDatabase)
    }

    @Test func aLogger_wrapsEverythingInLogging_outermost() throws {
        let logger = RecordingLogger()

        let store = try HearthConfiguration(store: .memory, logger: logger).makeStore()

        let logging = try #require(store as? LoggingDocumentStore)
        #expect(logging.base is RetryingDocumentStore)
        #expect(logger.messages.contains { $0.contains("opened the memory store") })
    }

    @Test func firestore_isTheRESTStore_notWrappedInRetries_forTheTargetsProject() throws {
        let target = FirestoreTarget.emulator(host: "127.0.0.1:9", projectID: "demo-factory")

        let store = try HearthConfiguration(store: .firestore(target)).makeStore()

        #expect(store is FirestoreRESTDocumentStore)
        #expect(store.database == (try DatabaseID(projectID: "demo-factory")))
        #expect("\(store)".contains("127.0.0.1:9"))
    }

    @Test func firestore_usesTheGivenTokenProvider() throws {
        let target = FirestoreTarget(
            projectID: "gym-prod", tokenProvider: StaticTokenProvider(AccessToken("secret"), kind: .firebaseUser))

        let store = try HearthConfiguration(store: .firestore(target), allowsProduction: true).makeStore()

        #expect("\(store)".contains("firebaseUser"))
        #expect(!"\(store)".contains("secret"))
    }

    @Test func firestore_withAMalformedEmulatorHost_isInvalidArgument() {
        do {
            _ = try HearthConfiguration(store: .firestore(.emulator(host: "not a host", projectID: "demo-x")))
                .makeStore()
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func fileStoreWithDamagedFiles_opensInTheBackground_andEveryOperationThrowsDataLossNamingTheDirectory()
        async throws
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-factory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a snapshot".utf8).write(to: directory.appendingPathComponent("snapshot.hearth"))

        let database = try HearthConfiguration(store: .file(directory: directory)).makeDatabase()
        let read = await #expect(throws: DocumentStoreError.self) {
            _ = try await database.document("a/b").getDocument()
        }
        let write = await #expect(throws: DocumentStoreError.self) {
            try await database.document("a/b").setData(["x": 1])
        }
        try await database.close()

        #expect(read?.code == .dataLoss)
        #expect(read?.message.contains(directory.path) == true, "\(read?.message ?? "")")
        #expect(write?.code == .dataLoss)
    }

    @Test func fileStoreLockedByAnOpenStore_failsInTheFactory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-factory-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let open = try HearthConfiguration(store: .file(directory: directory)).makeDatabase()
        try await open.document("a/b").setData(["x": 1])

        let error = #expect(throws: DocumentStoreError.self) {
            _ = try HearthConfiguration(store: .file(directory: directory)).makeStore()
        }
        try await open.close()

        #expect(error?.code == .failedPrecondition)
    }

    @Test func closingAMemoryDatabase_refusesLaterCallsAsEveryStoreDoes() async throws {
        let database = try HearthConfiguration(store: .memory).makeDatabase()
        try await database.document("a/b").setData(["x": 1])

        try await database.close()
        let error = await #expect(throws: DocumentStoreError.self) {
            _ = try await database.document("a/b").getDocument()
        }

        #expect(error?.code == .failedPrecondition)
        #expect(database.store.isClosed)
    }
}
