import HearthDomain
import HearthInMemory
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("InMemoryDocumentStore: the port over the engine")
struct InMemoryDocumentStoreTests {
    private func makeSUT() -> InMemoryDocumentStore {
        InMemoryDocumentStore(database: testDatabase, clock: ManualClock())
    }

    private func collect(_ stream: AsyncThrowingStream<RunQueryResponse, any Error>) async throws -> [RunQueryResponse]
    {
        var elements: [RunQueryResponse] = []
        for try await element in stream { elements.append(element) }
        return elements
    }

    @Test func commitThenGet_throughThePort() async throws {
        let store: any DocumentStore = makeSUT()

        let response = try await store.commit([Write.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)
        let document = try await store.getDocument(try doc("c/a"), mask: nil, consistency: .latest)

        #expect(document?.fields == ["v": 1])
        #expect(document?.updateTime == response.commitTime)
        #expect(store.database == testDatabase)
    }

    @Test func runQuery_streamsOneElementPerDocumentWithTheSkipCountOnTheFirst() async throws {
        let store = makeSUT()
        _ = try await store.commit(
            try ["a", "b", "c", "d"].map { Write.update(try doc("c/\($0)"), fields: ["v": 1]) }, transaction: nil)
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"), offset: 1, limit: 2)

        let elements = try await collect(store.runQuery(parent: nil, query: query, consistency: .latest))

        #expect(elements.map { $0.document?.path.documentID } == ["b", "c"])
        #expect(elements.map(\.skippedResults) == [1, 0])
        #expect(Set(elements.map(\.readTime)).count == 1)
    }

    @Test func runQueryWithoutResults_streamsOneProgressElement() async throws {
        let store = makeSUT()
        _ = try await store.commit([Write.update(try doc("c/a"), fields: ["v": 1])], transaction: nil)

        let elements = try await collect(
            store.runQuery(
                parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c"), offset: 5),
                consistency: .latest))

        #expect(elements.count == 1)
        #expect(elements.first?.document == nil)
        #expect(elements.first?.skippedResults == 1)
    }

    @Test func invalidQuery_failsTheStreamBeforeAnyElement() async throws {
        let store = makeSUT()
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"), limit: -1)

        let code = await errorCode {
            _ = try await collect(store.runQuery(parent: nil, query: query, consistency: .latest))
        }

        #expect(code == .invalidArgument)
    }

    @Test func cancelledTask_failsWithCancelled() async throws {
        let store = makeSUT()
        let path = try doc("c/a")

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.commit([Write.update(path, fields: ["v": 1])], transaction: nil)
        }
        let code = await errorCode { _ = try await task.value }

        #expect(code == .cancelled)
        #expect(try await store.getDocument(path, mask: nil, consistency: .latest) == nil)
    }

    @Test func transactionsAggregationsAndListingsGoThroughThePort() async throws {
        let store: any DocumentStore = makeSUT()
        let transaction = try await store.beginTransaction(.readWrite)
        _ = try await store.batchGetDocuments([try doc("c/a")], mask: nil, consistency: .transaction(transaction))
        _ = try await store.commit([Write.update(try doc("c/a"), fields: ["v": 2])], transaction: transaction)
        let rolledBack = try await store.beginTransaction(.readOnly(readTime: nil))
        try await store.rollback(rolledBack)

        let aggregation = try await store.runAggregation(
            parent: nil,
            query: StructuredQuery(from: CollectionSelector(collectionID: "c")),
            aggregations: [Aggregation(alias: "total", .sum(try field("v")))],
            consistency: .latest
        )
        let listed = try await store.listDocuments(ListDocumentsRequest(collectionID: "c"))
        let collections = try await store.listCollectionIDs(ListCollectionIDsRequest())

        #expect(aggregation.values == ["total": 2])
        #expect(listed.documents.map(\.path.documentID) == ["a"])
        #expect(collections.collectionIDs == ["c"])
    }
}
