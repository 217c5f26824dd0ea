import Hearth
import HearthInMemory
import Testing

@Suite("RetryingDocumentStore")
struct RetryingDocumentStoreTests {
    @Test func aRead_failingWithUnavailable_isRetriedUntilItSucceeds() async throws {
        let (sut, base, sleeps) = try makeSUT()
        try await seed(base)
        base.fail(.getDocument, with: [.unavailable, .unavailable])

        let document = try await sut.getDocument(try DocumentPath("members/ana"), mask: nil, consistency: .latest)

        #expect(document?.fields["name"] == .string("Ana"))
        #expect(base.count(.getDocument) == 3)
        #expect(sleeps.recorded.count == 2)
    }

    @Test func theDelays_growByTheBackoff_withJitterBetweenHalfAndAllOfIt() async throws {
        let policy = RetryPolicy(
            maximumAttempts: 4, backoff: Backoff(initial: .milliseconds(100), multiplier: 2, maximum: .seconds(1)))
        let (sut, base, sleeps) = try makeSUT(policy: policy, random: 1)
        base.fail(.listCollectionIDs, with: [.deadlineExceeded, .internal, .resourceExhausted])

        _ = try await sut.listCollectionIDs(ListCollectionIDsRequest())

        #expect(sleeps.recorded == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
    }

    @Test func theJitter_canHalveADelay() async throws {
        let (sut, base, sleeps) = try makeSUT(random: 0)
        base.fail(.runAggregation, with: [.unavailable])

        _ = try await sut.runAggregation(
            parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "members")),
            aggregations: [Aggregation(alias: "n", .count(upTo: nil))], consistency: .latest)

        #expect(sleeps.recorded == [.milliseconds(50)])
    }

    @Test func afterTheLastAttempt_theLastErrorIsRethrown() async throws {
        let (sut, base, _) = try makeSUT(policy: RetryPolicy(maximumAttempts: 3))
        base.fail(.getDocument, with: [.unavailable, .unavailable, .internal, .unavailable])

        let error = await storeError {
            _ = try await sut.getDocument(try DocumentPath("members/ana"), mask: nil, consistency: .latest)
        }

        #expect(error?.code == .internal)
        #expect(base.count(.getDocument) == 3)
    }

    @Test(arguments: [
        DocumentStoreError.Code.notFound, .invalidArgument, .aborted, .failedPrecondition, .permissionDenied,
    ])
    func otherCodes_areNotRetried(code: DocumentStoreError.Code) async throws {
        let (sut, base, sleeps) = try makeSUT()
        base.fail(.getDocument, with: [code])

        let error = await storeError {
            _ = try await sut.getDocument(try DocumentPath("members/ana"), mask: nil, consistency: .latest)
        }

        #expect(error?.code == code)
        #expect(base.count(.getDocument) == 1)
        #expect(sleeps.recorded.isEmpty)
    }

    @Test func aCommit_isRetriedOnUnavailable_butNotOnInternal() async throws {
        let (sut, base, _) = try makeSUT()
        base.fail(.commit, with: [.unavailable])
        _ = try await sut.commit([write("members/ana")], transaction: nil)
        #expect(base.count(.commit) == 2)

        base.fail(.commit, with: [.internal])
        let error = await storeError { _ = try await sut.commit([write("members/bea")], transaction: nil) }

        #expect(error?.code == .internal)
        #expect(base.count(.commit) == 3)
        #expect(try await base.getDocument(try DocumentPath("members/bea"), mask: nil, consistency: .latest) == nil)
    }

    @Test func aQuery_failingBeforeItsFirstResult_isRetried() async throws {
        let (sut, base, _) = try makeSUT()
        try await seed(base)
        base.failQueries([.immediately(.unavailable)])

        let names = try await documentNames(sut.runQuery(parent: nil, query: membersQuery, consistency: .latest))

        #expect(names == ["members/ana", "members/bea"])
        #expect(base.count(.runQuery) == 2)
    }

    @Test func aQuery_failingAfterAResult_isNotRetried_soNoResultIsRepeated() async throws {
        let (sut, base, _) = try makeSUT()
        try await seed(base)
        base.failQueries([.afterFirstElement(.unavailable)])

        var names: [String] = []
        let error = await storeError {
            for try await element in sut.runQuery(parent: nil, query: membersQuery, consistency: .latest) {
                if let document = element.document { names.append(document.path.path) }
            }
        }

        #expect(error?.code == .unavailable)
        #expect(names == ["members/ana"])
        #expect(base.count(.runQuery) == 1)
    }

    @Test func noneMakesOneAttempt() async throws {
        let (sut, base, _) = try makeSUT(policy: .none)
        base.fail(.batchGetDocuments, with: [.unavailable])

        let error = await storeError {
            _ = try await sut.batchGetDocuments([try DocumentPath("members/ana")], mask: nil, consistency: .latest)
        }

        #expect(error?.code == .unavailable)
        #expect(base.count(.batchGetDocuments) == 1)
    }

    @Test func cancellationDuringTheBackoff_endsTheCallWithCancelled() async throws {
        let base = try ScriptedStore()
        base.fail(.listDocuments, with: [.unavailable])
        let sut = RetryingDocumentStore(wrapping: base, sleep: { _ in throw CancellationError() })

        let error = await storeError { _ = try await sut.listDocuments(ListDocumentsRequest(collectionID: "members")) }

        #expect(error?.code == .cancelled)
        #expect(base.count(.listDocuments) == 1)
    }

    @Test func eachRetry_isLoggedAtInfo() async throws {
        let base = try ScriptedStore()
        let logger = RecordingLogger()
        let sleeps = SleepRecorder()
        let sut = RetryingDocumentStore(wrapping: base, sleep: sleeps.sleep, random: { 0.5 }, logger: logger)
        base.fail(.beginTransaction, with: [.unavailable])

        _ = try await sut.beginTransaction(.readWrite)

        #expect(logger.messages(at: .info).count == 1)
        #expect(logger.messages(at: .info).first?.contains("UNAVAILABLE") == true)
    }

    // MARK: - Helpers

    @Test func listen_isTheBaseStoresOwnListener() async throws {
        let (sut, base, _) = try makeSUT()
        let path = try DocumentPath("members/ana")

        var iterator = sut.listen(.document(path)).makeAsyncIterator()
        let first = try await iterator.next()

        #expect(base.count(.listen) == 1)
        #expect(base.count(.getDocument) == 0)
        #expect(first?.documents.isEmpty == true)
    }

    @Test func close_isNeverRetried_evenOnARetryableCode() async throws {
        let (sut, base, sleeps) = try makeSUT()
        base.fail(.close, with: [.unavailable])

        let error = await storeError { try await sut.close() }

        #expect(error?.code == .unavailable)
        #expect(base.count(.close) == 1)
        #expect(sleeps.recorded.isEmpty)
    }

    private func makeSUT(
        policy: RetryPolicy = .default, random: Double = 0.5
    ) throws -> (RetryingDocumentStore, ScriptedStore, SleepRecorder) {
        let base = try ScriptedStore()
        let sleeps = SleepRecorder()
        return (
            RetryingDocumentStore(wrapping: base, policy: policy, sleep: sleeps.sleep, random: { random }), base, sleeps
        )
    }

    private var membersQuery: StructuredQuery { StructuredQuery(from: CollectionSelector(collectionID: "members")) }

    private func seed(_ store: ScriptedStore) async throws {
        _ = try await store.base.commit(
            [
                .update(try DocumentPath("members/ana"), fields: ["name": .string("Ana")]),
                .update(try DocumentPath("members/bea"), fields: ["name": .string("Bea")]),
            ],
            transaction: nil
        )
    }

    private func write(_ path: String) throws -> Write { .update(try DocumentPath(path), fields: ["x": .integer(1)]) }

    private func documentNames(_ stream: AsyncThrowingStream<RunQueryResponse, any Error>) async throws -> [String] {
        var names: [String] = []
        for try await element in stream { if let document = element.document { names.append(document.path.path) } }
        return names
    }
}

/// The `DocumentStoreError` `body` throws, or `nil`.
func storeError(_ body: () async throws -> Void) async -> DocumentStoreError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? DocumentStoreError
    }
}
