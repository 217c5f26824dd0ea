import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Testing

@Suite("Retries")
struct RetryTests {
    typealias F = StoreFixtures

    @Test func idempotentCall_isRetriedOnUnavailable_withGrowingBackoff() async throws {
        let (store, server, sleeper) = try makeSUT()
        server.enqueue(
            F.errorBody("UNAVAILABLE", http: 503), F.errorBody("UNAVAILABLE", http: 503), .ok(F.documentJSON("c/a")))

        let document = try await store.getDocument(try F.path("c/a"), mask: nil, consistency: .latest)

        #expect(document != nil)
        #expect(server.requests.count == 3)
        #expect(sleeper.sleeps == [.microseconds(75_000), .microseconds(97_500)])
    }

    @Test(arguments: ["UNAVAILABLE", "RESOURCE_EXHAUSTED", "INTERNAL", "DEADLINE_EXCEEDED"])
    func idempotentCalls_retryTheFourCodes(status: String) async throws {
        let (store, server, _) = try makeSUT()
        server.enqueue(F.errorBody(status, http: 500), .ok("{}"))

        try await store.rollback(TransactionID(bytes: [1]))

        #expect(server.requests.count == 2)
    }

    @Test(arguments: [
        "ABORTED", "INVALID_ARGUMENT", "NOT_FOUND", "PERMISSION_DENIED", "FAILED_PRECONDITION", "UNKNOWN",
    ])
    func idempotentCalls_doNotRetryOtherCodes(status: String) async throws {
        let (store, server, sleeper) = try makeSUT()
        server.enqueue(F.errorBody(status, http: 400), .ok("{}"))

        await #expect(throws: DocumentStoreError.self) { try await store.rollback(TransactionID(bytes: [1])) }

        #expect(server.requests.count == 1)
        #expect(sleeper.sleeps.isEmpty)
    }

    @Test(arguments: ["INTERNAL", "DEADLINE_EXCEEDED", "ABORTED"])
    func commit_isNotRetriedOnCodesThatMayHaveApplied(status: String) async throws {
        let (store, server, _) = try makeSUT()
        server.enqueue(F.errorBody(status, http: 500), .ok(#"{"commitTime":"\#(F.readTime)"}"#))

        await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(server.requests.count == 1)
    }

    @Test(arguments: ["UNAVAILABLE", "RESOURCE_EXHAUSTED"])
    func commit_isRetriedOnUnavailableAndResourceExhausted(status: String) async throws {
        let (store, server, _) = try makeSUT()
        server.enqueue(F.errorBody(status, http: 503), .ok(#"{"writeResults":[{}],"commitTime":"\#(F.readTime)"}"#))

        try await commitSomething(store)

        #expect(server.requests.count == 2)
    }

    @Test func createAndPatch_areNotRetriedOnInternal() async throws {
        let (store, server, _) = try makeSUT()
        server.enqueue(F.errorBody("INTERNAL", http: 500))

        await #expect(throws: DocumentStoreError.self) {
            try await store.createDocument(in: try CollectionPath("c"), documentID: "a", fields: [:])
        }
        await #expect(throws: DocumentStoreError.self) { try await store.patchDocument(try F.path("c/a"), fields: [:]) }

        #expect(server.requests.count == 2)
    }

    @Test func retries_stopAfterTheMaximumAttempts_throwingTheLastError() async throws {
        let (store, server, sleeper) = try makeSUT(policy: RetryPolicy(maximumAttempts: 4))
        server.enqueue(F.errorBody("UNAVAILABLE", http: 503, message: "still down"))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.rollback(TransactionID(bytes: [1]))
        }

        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("still down") == true)
        #expect(server.requests.count == 4)
        #expect(sleeper.sleeps == [.microseconds(75_000), .microseconds(97_500), .microseconds(126_750)])
    }

    @Test func backoff_usesTheJitterSource() async throws {
        let (store, server, sleeper) = try makeSUT(jitter: 1.0)
        server.enqueue(F.errorBody("UNAVAILABLE", http: 503), .ok("{}"))

        try await store.rollback(TransactionID(bytes: [1]))

        #expect(sleeper.sleeps == [.milliseconds(100)])
    }

    @Test func transportFailures_areRetriedForIdempotentCalls() async throws {
        let (store, server, _) = try makeSUT()
        server.enqueue(.failure(.networkConnectionLost), .failure(.timedOut), .ok("{}"))

        try await store.rollback(TransactionID(bytes: [1]))

        #expect(server.requests.count == 3)
    }

    @Test func cancellationDuringABackoffSleep_stopsWithCancelled() async throws {
        let server = StubServer()
        let sleeper = SleepRecorder(failing: true)
        let store = try F.makeStore(server: server, retryPolicy: .default, sleeper: sleeper)
        server.enqueue(F.errorBody("UNAVAILABLE", http: 503), .ok("{}"))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.rollback(TransactionID(bytes: [1]))
        }

        #expect(error?.code == .cancelled)
        #expect(server.requests.count == 1)
    }

    @Test func cancellationDuringARealBackoff_stopsPromptly() async throws {
        let server = StubServer()
        let configuration = FirestoreRESTConfiguration(
            database: try DatabaseID(projectID: "p"), baseURL: server.baseURL,
            retryPolicy: RetryPolicy(
                backoff: Backoff(initial: .seconds(60), multiplier: 1.3, maximum: .seconds(60)), deadline: .seconds(600)
            ), tokenProvider: StaticTokenProvider(nil)
        )
        let store = FirestoreRESTDocumentStore(configuration: configuration, httpClient: server.client)
        server.enqueue(F.errorBody("UNAVAILABLE", http: 503), .ok("{}"))

        let task = Task { try await store.rollback(TransactionID(bytes: [1])) }
        try await waitUntil { server.requests.count == 1 }
        task.cancel()
        let result = await task.result

        let error = #expect(throws: DocumentStoreError.self) { try result.get() }
        #expect(error?.code == .cancelled)
        #expect(server.requests.count == 1)
    }

    @Test func unauthenticated_refreshesTheTokenAndRetriesOnce() async throws {
        let provider = CountingTokenProvider(kind: .firebaseUser)
        let (store, server, sleeper) = try makeSUT(policy: .none, provider: provider)
        server.enqueue(
            F.errorBody("UNAUTHENTICATED", http: 401), .ok(#"{"writeResults":[{}],"commitTime":"\#(F.readTime)"}"#))

        try await commitSomething(store)

        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer token-1", "Bearer token-2"])
        #expect(provider.rejections == 1)
        #expect(sleeper.sleeps.isEmpty)
    }

    @Test func unauthenticatedTwice_isThrownAfterOneRetry() async throws {
        let provider = CountingTokenProvider(kind: .firebaseUser)
        let (store, server, _) = try makeSUT(provider: provider)
        server.enqueue(F.errorBody("UNAUTHENTICATED", http: 401))

        let error = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(error?.code == .unauthenticated)
        #expect(server.requests.count == 2)
        #expect(provider.rejections == 1)
    }

    @Test func unauthenticated_withAProviderThatCannotRefresh_isNotRetried() async throws {
        let provider = CountingTokenProvider(kind: .googleOAuth, refreshes: false)
        let (store, server, _) = try makeSUT(provider: provider)
        server.enqueue(F.errorBody("UNAUTHENTICATED", http: 401))

        await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(server.requests.count == 1)
    }

    @Test func timeouts_areRetriedForIdempotentCalls_butNotForCommit() async throws {
        let server = StubServer()
        let store = try F.makeStore(
            server: server, retryPolicy: RetryPolicy(maximumAttempts: 2), requestTimeout: .milliseconds(100))
        server.enqueue(.hang)

        let get = await #expect(throws: DocumentStoreError.self) { try await store.rollback(TransactionID(bytes: [1])) }
        let commit = await #expect(throws: DocumentStoreError.self) { try await commitSomething(store) }

        #expect(get?.code == .deadlineExceeded)
        #expect(commit?.code == .deadlineExceeded)
        #expect(server.requests.count == 3)
    }

    // MARK: - Helpers

    private func makeSUT(
        policy: RetryPolicy = .default,
        provider: any TokenProvider = StaticTokenProvider(AccessToken(StoreFixtures.token)),
        jitter: Double = 0.5
    ) throws -> (FirestoreRESTDocumentStore, StubServer, SleepRecorder) {
        let server = StubServer()
        let sleeper = SleepRecorder()
        let store = try F.makeStore(
            server: server, retryPolicy: policy, tokenProvider: provider, sleeper: sleeper, jitter: jitter)
        return (store, server, sleeper)
    }

    /// A commit that is not idempotent (a create), so it is resent only when that is provably safe.
    private func commitSomething(_ store: FirestoreRESTDocumentStore) async throws {
        _ = try await store.commit(
            [Write.update(try F.path("c/a"), fields: ["n": 1], precondition: .exists(false))], transaction: nil)
    }
}
