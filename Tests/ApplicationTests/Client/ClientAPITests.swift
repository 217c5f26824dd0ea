import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("Client API over a scripted store")
struct ClientAPITests {
    @Test func collectionAndDocument_markInvalidPaths_andResolveRelativeOnes() throws {
        let db = Database(store: ScriptedStore())

        #expect(db.collection("members/ana").pathError?.code == .invalidArgument)
        #expect(db.document("members").pathError?.code == .invalidArgument)
        #expect(db.collection("members").document("a//b").pathError?.code == .invalidArgument)
        #expect(db.collection("members").document("ana/visits/v1").path.path == "members/ana/visits/v1")
        #expect(db.collection("members").document("ana/visits/v1").pathError == nil)
    }

    @Test func autoIDDocument_hasTwentyAlphanumericCharacters() throws {
        let reference = Database(store: ScriptedStore()).collection("members").document()

        #expect(reference.documentID.count == 20)
        #expect(reference.documentID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    @Test func getDocumentAs_missingDocument_isNotFoundNamingThePath() async throws {
        let db = Database(store: ScriptedStore())

        let error = await #expect(throws: DocumentStoreError.self) {
            _ = try await db.document("members/ghost").getDocument(as: [String: Int].self)
        }
        #expect(error?.code == .notFound)
        #expect(error?.message.contains("members/ghost") == true)
        #expect(try await db.document("members/ghost").getDocumentIfExists(as: [String: Int].self) == nil)
    }

    @Test func limitToLast_reversesOrdersToRun_andResultsBack() async throws {
        let results = [ScriptedStore.document("c/b", ["n": 2]), ScriptedStore.document("c/a", ["n": 1])]
        let store = ScriptedStore(script: .init(queryResults: results))
        let db = Database(store: store)

        let snapshot = try await db.collection("c").order(by: "n").limit(toLast: 2).getDocuments()

        #expect(snapshot.documents.map(\.documentID) == ["a", "b"])
        guard case .runQuery(let sent, _)? = store.calls.last else { Issue.record("no query sent"); return }
        #expect(sent.orderBy == [Order(try FieldPath("n"), .descending)])
        #expect(sent.limit == 2)
    }

    @Test func invalidQuery_failsWhenRun_withoutReachingTheStore() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)

        let error = await #expect(throws: DocumentStoreError.self) {
            _ = try await db.collection("c").whereField("a", isLessThan: nil).getDocuments()
        }
        #expect(error?.code == .invalidArgument)
        #expect(store.calls.isEmpty)
    }

    @Test func writeBatch_commitsAllWritesInOrder_once() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let a = db.document("c/a")
        let b = db.document("c/b")
        let batch = db.batch()

        batch.setData(["x": 1], forDocument: a).deleteDocument(b)
        let results = try await batch.commit()

        #expect(results.count == 2)
        #expect(store.calls == [.commit([try WriteBuilder.set(a.path, data: ["x": 1]), Write.delete(b.path)], nil)])
        await #expect(throws: DocumentStoreError.self) { try await batch.commit() }
        batch.deleteDocument(a)  // after commit: not collected (Firebase traps here; Hearth never does)
        #expect(batch.count == 2)
    }

    @Test func writeBatch_refusesDocumentsOfAnotherDatabase_atCommit() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let other = Database(store: OtherDatabaseStore())

        let batch = db.batch()
        batch.setData(["x": 1], forDocument: db.document("c/b")).deleteDocument(other.document("c/a"))
        let error = await #expect(throws: DocumentStoreError.self) { try await batch.commit() }
        #expect(error?.code == .invalidArgument)
        #expect(store.calls.isEmpty)
    }

    @Test func aggregate_mapsEachFieldToItsResult() async throws {
        let store = ScriptedStore(script: .init(aggregationValues: ["aggregate_0": 3, "aggregate_1": 10.5]))
        let db = Database(store: store)

        let snapshot = try await db.collection("plans").aggregate([.count(), .sum("price")]).getAggregation()

        #expect(snapshot.countValue == 3)
        #expect(snapshot.get(.sum("price")) == .double(10.5))
        #expect(snapshot.get(.average("price")) == nil)
        #expect(
            store.calls == [
                .runAggregation([
                    Aggregation(alias: "aggregate_0", .count(upTo: nil)),
                    Aggregation(alias: "aggregate_1", .sum(try FieldPath("price"))),
                ])
            ])
    }

    @Test func updateDataFromModel_updatesOnlyTheModelsFields_requiringExistence() async throws {
        struct Rename: Encodable { var firstName: String }
        let store = ScriptedStore()
        let member = Database(store: store).document("members/ana")

        try await member.updateData(from: Rename(firstName: "Ana"))

        guard case .commit(let writes, _)? = store.calls.last, let write = writes.first else {
            Issue.record("nothing committed"); return
        }
        #expect(write.operation == .update(fields: ["firstName": "Ana"], mask: [try FieldPath("firstName")]))
        #expect(write.precondition == .exists(true))
    }
}

/// A store of another database, to check cross-database writes are refused.
final class OtherDatabaseStore: DocumentStore {
    let database = try! DatabaseID(projectID: "elsewhere")
    private let inner = ScriptedStore()
    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        nil
    }
    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        try await inner.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }
    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await inner.listDocuments(request)
    }
    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        inner.runQuery(parent: parent, query: query, consistency: consistency)
    }
    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    ) async throws -> AggregationResponse {
        try await inner.runAggregation(parent: parent, query: query, consistency: consistency)
    }
    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await inner.commit(writes, transaction: transaction)
    }
    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await inner.beginTransaction(options)
    }
    func rollback(_ transaction: TransactionID) async throws {}
    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await inner.listCollectionIDs(request)
    }
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        inner.listen(target, options: options)
    }
    func close() async throws { try await inner.close() }
    var isClosed: Bool { inner.isClosed }
}
