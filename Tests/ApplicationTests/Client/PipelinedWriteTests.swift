import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Synchronization
import Testing

/// Firebase's synchronous Codable writes, `setData(from:)` and `addDocument(from:)`: encoded at once,
/// committed on the database's ordered write pipeline, seen by every later operation through the
/// database, reported to a completion.
@Suite("Pipelined Codable writes")
struct PipelinedWriteTests {
    struct User: Codable, Equatable, Sendable {
        var id: String
        var name: String
        var visits: Int
    }

    /// Seed 000's line, exactly as Firebase code writes it inside an `async` function. With an `async`
    /// overload of `setData(from:)` this line would not compile ("call is 'async' but is not marked with
    /// 'await'").
    func saveUser(_ user: User, in collection: CollectionReference) async throws {
        try collection.document(user.id).setData(from: user)
    }

    @Test func theSeedLine_compilesInAnAsyncFunction_andTheNextReadSeesTheWrite() async throws {
        let db = slowDatabase()
        let users = db.collection("users")
        let ana = User(id: "ana", name: "Ana", visits: 3)

        try await saveUser(ana, in: users)

        #expect(try await users.document("ana").getDocument(as: User.self) == ana)
    }

    @Test func everyKindOfLaterOperation_waitsForThePendingWrites() async throws {
        let db = slowDatabase()
        let users = db.collection("users")
        for index in 0..<5 {
            try users.document("u\(index)").setData(from: User(id: "u\(index)", name: "N\(index)", visits: index))
        }

        #expect(try await users.getDocuments().count == 5)

        for index in 5..<8 {
            try users.document("u\(index)").setData(from: User(id: "u\(index)", name: "N\(index)", visits: index))
        }
        #expect(try await users.count.getAggregation().countValue == 8)

        try users.document("u8").setData(from: User(id: "u8", name: "N8", visits: 8))
        #expect(try await db.getDocuments([users.document("u8")]).first?.exists == true)

        try users.document("u9").setData(from: User(id: "u9", name: "N9", visits: 9))
        let first = try await firstSnapshot(of: users)
        #expect(first.count == 10)

        try users.document("u10").setData(from: User(id: "u10", name: "N10", visits: 10))
        let inTransaction = try await db.runTransaction { transaction in
            try await transaction.getDocument(users.document("u10")).exists
        }
        #expect(inTransaction)

        try users.document("u0").setData(from: User(id: "u0", name: "Zero", visits: 0), merge: true)
        try await users.document("u0").updateData(["visits": .increment(1)])
        #expect(try await users.document("u0").getDocument(as: User.self) == User(id: "u0", name: "Zero", visits: 1))
    }

    @Test func severalWrites_applyInTheOrderTheyWereMade() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let counter = db.document("stats/counter")

        for value in 0..<40 { try counter.setData(from: ["value": value], merge: value % 2 == 0) }
        _ = try await db.document("stats/other").getDocument()  // waits for the pipeline

        let committed = store.calls.compactMap { call -> Value? in
            guard case .commit(let writes, _) = call, case .update(let fields, _)? = writes.first?.operation else {
                return nil
            }
            return fields["value"]
        }
        #expect(committed == (0..<40).map { Value.integer(Int64($0)) })
    }

    @Test func severalWrites_toOneDocument_leaveTheLast() async throws {
        let db = slowDatabase()
        let ana = db.document("users/ana")

        for visits in 1...6 { try ana.setData(from: User(id: "ana", name: "Ana", visits: visits)) }

        #expect(try await ana.getDocument(as: User.self).visits == 6)
    }

    @Test func theCompletion_receivesNilOnSuccess_andTheStoresError() async throws {
        let store = ScriptedStore(
            script: .init(commitFailures: [
                DocumentStoreError(.permissionDenied, "Missing or insufficient permissions.")
            ]))
        let db = Database(store: store)
        let outcomes = Mutex<[String]>([])

        try db.document("users/a").setData(from: User(id: "a", name: "A", visits: 1)) { error in
            outcomes.withLock { $0.append(error.map { ($0 as? DocumentStoreError)?.code.name ?? "other" } ?? "ok") }
        }
        try db.document("users/b").setData(from: User(id: "b", name: "B", visits: 1)) { error in
            outcomes.withLock { $0.append(error.map { ($0 as? DocumentStoreError)?.code.name ?? "other" } ?? "ok") }
        }
        _ = try await db.document("users/c").getDocument()

        #expect(outcomes.withLock { $0 } == ["PERMISSION_DENIED", "ok"])
    }

    @Test func addDocument_returnsTheNewReferenceAtOnce_andTheDocumentIsThereForTheNextRead() async throws {
        let db = slowDatabase()
        let finished = Mutex<Bool?>(nil)

        let reference = try db.collection("users").addDocument(from: User(id: "x", name: "Bea", visits: 2)) { error in
            finished.withLock { $0 = error == nil }
        }

        #expect(reference.documentID.count == 20)
        #expect(reference.parent.path.path == "users")
        #expect(try await reference.getDocument(as: User.self) == User(id: "x", name: "Bea", visits: 2))
        #expect(finished.withLock { $0 } == true)
    }

    @Test func anEncodingFailure_isThrownAtOnce_andNothingIsWritten() async throws {
        struct Huge: Encodable { var value: UInt64 = .max }
        let store = ScriptedStore()
        let db = Database(store: store)

        let error = #expect(throws: DocumentStoreError.self) { try db.document("c/a").setData(from: Huge()) }
        #expect(error?.code == .invalidArgument)
        #expect(throws: DocumentStoreError.self) { try db.collection("c").addDocument(from: Huge()) }
        #expect(throws: DocumentStoreError.self) {
            try db.document("c/a").setData(from: Huge(), mergeFields: ["value"])
        }
        #expect(throws: DocumentStoreError.self) {
            try db.document("c/a").setData(from: User(id: "a", name: "A", visits: 1), mergeFields: ["a..b"])
        }
        _ = try await db.collection("c").getDocuments()

        #expect(!store.calls.contains { if case .commit = $0 { true } else { false } })
    }

    @Test func mergeFields_writesOnlyTheListedFields() async throws {
        let db = slowDatabase()
        let ana = db.document("users/ana")
        try await ana.setData(["id": "ana", "name": "Ana", "visits": 1])

        try ana.setData(from: User(id: "ana", name: "Changed", visits: 9), mergeFields: ["visits"])

        #expect(try await ana.getDocument(as: User.self) == User(id: "ana", name: "Ana", visits: 9))
    }

    @Test func databaseCopies_shareThePipeline() async throws {
        let db = slowDatabase()
        let copy = db

        try db.document("users/ana").setData(from: User(id: "ana", name: "Ana", visits: 1))

        #expect(try await copy.document("users/ana").getDocument().exists)
    }

    // MARK: - Helpers

    /// A memory store whose commits take a while, so that a read that did not wait for a pipelined write
    /// would miss it.
    private func slowDatabase() -> Database {
        Database(store: SlowCommitStore(base: InMemoryDocumentStore(database: try! DatabaseID(projectID: "pipeline"))))
    }

    private func firstSnapshot(of query: some QueryConvertible) async throws -> QuerySnapshot {
        for try await snapshot in query.snapshots() { return snapshot }
        throw DocumentStoreError(.internal, "the listener ended without a snapshot")
    }
}

/// Forwards to a store, delaying every commit by 20 ms.
struct SlowCommitStore: DocumentStore {
    let base: any DocumentStore
    var database: DatabaseID { base.database }

    func getDocument(_ path: DocumentPath, mask: [FieldPath]?, consistency: ReadConsistency) async throws -> Document? {
        try await base.getDocument(path, mask: mask, consistency: consistency)
    }
    func batchGetDocuments(
        _ paths: [DocumentPath], mask: [FieldPath]?, consistency: ReadConsistency
    ) async throws -> BatchGetResponse {
        try await base.batchGetDocuments(paths, mask: mask, consistency: consistency)
    }
    func listDocuments(_ request: ListDocumentsRequest) async throws -> ListDocumentsResponse {
        try await base.listDocuments(request)
    }
    func runQuery(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) -> AsyncThrowingStream<RunQueryResponse, any Error> {
        base.runQuery(parent: parent, query: query, consistency: consistency)
    }
    func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws -> [RunQueryResponse] {
        try await base.runQueryAll(parent: parent, query: query, consistency: consistency)
    }
    func runAggregation(
        parent: DocumentPath?, query: StructuredAggregationQuery, consistency: ReadConsistency
    )
        async throws -> AggregationResponse
    {
        try await base.runAggregation(parent: parent, query: query, consistency: consistency)
    }
    func commit(_ writes: [Write], transaction: TransactionID?) async throws -> CommitResponse {
        try await Task.sleep(for: .milliseconds(20))
        return try await base.commit(writes, transaction: transaction)
    }
    func beginTransaction(_ options: TransactionMode) async throws -> TransactionID {
        try await base.beginTransaction(options)
    }
    func rollback(_ transaction: TransactionID) async throws { try await base.rollback(transaction) }
    func listCollectionIDs(_ request: ListCollectionIDsRequest) async throws -> ListCollectionIDsResponse {
        try await base.listCollectionIDs(request)
    }
    func listen(_ target: ListenTarget, options: ListenOptions) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        base.listen(target, options: options)
    }
    func close() async throws { try await base.close() }
    var isClosed: Bool { base.isClosed }
}
