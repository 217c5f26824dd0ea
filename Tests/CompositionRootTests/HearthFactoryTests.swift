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
        let target = FirestoreTarget(projectID: "gym-prod", tokenProvider: StaticTokenProvider(AccessToken("secret"), kind: .firebaseUser))

        let store = try HearthConfiguration(store: .firestore(target), allowsProduction: true).makeStore()

        #expect("\(store)".contains("firebaseUser"))
        #expect(!"\(store)".contains("secret"))
    }

    @Test func firestore_withAMalformedEmulatorHost_isInvalidArgument() {
        do {
            _ = try HearthConfiguration(store: .firestore(.emulator(host: "not a host", projectID: "demo-x"))).makeStore()
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func closingAMemoryDatabase_refusesLaterCallsAsEveryStoreDoes() async throws {
        let database = try HearthConfiguration(store: .memory).makeDatabase()
        try await database.document("a/b").setData(["x": 1])

        try await database.close()
        let error = await #expect(throws: DocumentStoreError.self) { _ = try await database.document("a/b").getDocument() }

        #expect(error?.code == .failedPrecondition)
        #expect(database.store.isClosed)
    }
}
