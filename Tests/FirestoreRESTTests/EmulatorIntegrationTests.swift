import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// What the REST adapter adds beyond the port contract, against the official emulator: the extra
/// endpoints, URL encoding of odd IDs, named databases, paging. Skipped when the emulator is absent.
@Suite("REST adapter against the emulator", .enabled(if: EmulatorStores.isAvailable, "\(EmulatorStores.skipReason)"))
struct EmulatorIntegrationTests {
    @Test func setThenGet_roundTripsEveryValueKind() async throws {
        let store = try await EmulatorStores.makeStore()
        let path = try DocumentPath("kinds/all")
        let fields = try ValueSamples.everyKind(database: store.database)

        let commit = try await store.commit([Write.update(path, fields: fields)], transaction: nil)
        let read = try await store.getDocument(path, mask: nil, consistency: .latest)

        #expect(read?.fields == fields)
        #expect(read?.updateTime == commit.writeResults.first?.updateTime)
    }

    @Test func oddDocumentIDs_surviveTheURLAndTheBody() async throws {
        let store = try await EmulatorStores.makeStore()
        let ids = [
            "a b", "plus+sign", "é x", "q?x=1&y#z", "percent%20", "(paren)", "colon:semi;", "~tilde.dot-", "emoji😀",
        ]

        for id in ids {
            let path = try DocumentPath(segments: ["odd", id])
            _ = try await store.commit([Write.update(path, fields: ["id": .string(id)])], transaction: nil)
            let read = try await store.getDocument(path, mask: nil, consistency: .latest)
            #expect(read?.fields["id"] == .string(id), "id \(id)")
            try await store.deleteDocument(path)
            #expect(try await store.getDocument(path, mask: nil, consistency: .latest) == nil, "id \(id)")
        }
    }

    @Test func getDocument_missing_isNil_andWithAMask_trimsFields() async throws {
        let store = try await EmulatorStores.makeStore()
        let path = try DocumentPath("c/d")
        _ = try await store.commit([Write.update(path, fields: ["a": ["b": 1, "c": 2], "d": 3])], transaction: nil)

        let missing = try await store.getDocument(try DocumentPath("c/none"), mask: nil, consistency: .latest)
        let masked = try await store.getDocument(path, mask: [try FieldPath(dotted: "a.b")], consistency: .latest)

        #expect(missing == nil)
        #expect(masked?.fields == ["a": ["b": 1]])
    }

    @Test func namedDatabase_isSeparateFromTheDefault() async throws {
        let project = FirestoreEmulator.newProjectID(prefix: "named")
        let orders = try await EmulatorStores.makeStore(databaseID: "orders", projectID: project)
        let main = try await EmulatorStores.makeStore(projectID: project)
        let path = try DocumentPath("c/d")

        _ = try await orders.commit([Write.update(path, fields: ["in": "orders"])], transaction: nil)

        #expect(try await orders.getDocument(path, mask: nil, consistency: .latest)?.fields["in"] == "orders")
        #expect(try await main.getDocument(path, mask: nil, consistency: .latest) == nil)
    }

    @Test func createPatchDelete_workWithPreconditions() async throws {
        let store = try await EmulatorStores.makeStore()
        let collection = try CollectionPath("people")

        let created = try await store.createDocument(
            in: collection, documentID: "ann", fields: ["age": 30, "city": "Oslo"])
        let duplicate = await #expect(throws: DocumentStoreError.self) {
            try await store.createDocument(in: collection, documentID: "ann", fields: [:])
        }
        let generated = try await store.createDocument(in: collection, fields: ["x": 1])
        let patched = try await store.patchDocument(
            created.path, fields: ["age": 31],
            updateMask: [try FieldPath(dotted: "age"), try FieldPath(dotted: "city")],
            precondition: .exists(true)
        )
        let patchMissing = await #expect(throws: DocumentStoreError.self) {
            try await store.patchDocument(try DocumentPath("people/none"), fields: [:], precondition: .exists(true))
        }
        try await store.deleteDocument(created.path)
        let deleteMissing = await #expect(throws: DocumentStoreError.self) {
            try await store.deleteDocument(created.path, precondition: .exists(true))
        }

        #expect(created.path == (try DocumentPath("people/ann")))
        #expect(duplicate?.code == .alreadyExists)
        #expect(generated.path.documentID.count == 20)
        #expect(patched.fields == ["age": 31])
        #expect(patchMissing?.code == .notFound)
        #expect(deleteMissing?.code == .notFound)
    }

    @Test func batchWrite_reportsEachWritesOutcome() async throws {
        let store = try await EmulatorStores.makeStore()
        _ = try await store.commit([Write.update(try DocumentPath("b/exists"), fields: [:])], transaction: nil)

        let outcomes = try await store.batchWrite([
            Write.update(try DocumentPath("b/new"), fields: ["n": 1]),
            Write.update(try DocumentPath("b/missing"), fields: ["n": 1], precondition: .exists(true)),
            Write.update(try DocumentPath("b/exists"), fields: ["n": 1], precondition: .exists(false)),
        ])

        #expect((try? outcomes[0].get())?.updateTime != nil)
        #expect(outcomes[1].failureCode == .notFound)
        #expect(outcomes[2].failureCode == .alreadyExists)
        #expect(try await store.getDocument(try DocumentPath("b/new"), mask: nil, consistency: .latest) != nil)
    }

    @Test func partitionQuery_isUnimplementedOnTheEmulator() async throws {
        let store = try await EmulatorStores.makeStore()

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.partitionQuery(
                parent: nil,
                query: StructuredQuery(
                    from: CollectionSelector(collectionID: "c", allDescendants: true), orderBy: [Order(.documentID)]),
                partitionCount: 2
            )
        }

        #expect(error?.code == .unimplemented)
    }

    @Test func listDocuments_pagesThroughACollection_latestAndInATransaction() async throws {
        let store = try await EmulatorStores.makeStore()
        let ids = (0..<7).map { "d\($0)" }
        _ = try await store.commit(
            try ids.map { Write.update(try DocumentPath("l/\($0)"), fields: ["n": 1]) }, transaction: nil)
        let transaction = try await store.beginTransaction(.readOnly(readTime: nil))

        for consistency in [ReadConsistency.latest, .transaction(transaction)] {
            var seen: [String] = []
            var token: String?
            repeat {
                let page = try await store.listDocuments(
                    ListDocumentsRequest(collectionID: "l", pageSize: 3, pageToken: token, consistency: consistency)
                )
                seen += page.documents.map(\.path.documentID)
                token = page.nextPageToken
            } while token != nil
            #expect(seen == ids, "\(consistency)")
        }
    }

    @Test func listCollectionIDs_pagesUnderAParent() async throws {
        let store = try await EmulatorStores.makeStore()
        _ = try await store.commit(
            try ["x", "y", "z"].map { Write.update(try DocumentPath("root/doc/\($0)/1"), fields: [:]) },
            transaction: nil
        )

        var ids: [String] = []
        var token: String?
        repeat {
            let page = try await store.listCollectionIDs(
                ListCollectionIDsRequest(parent: try DocumentPath("root/doc"), pageSize: 2, pageToken: token))
            ids += page.collectionIDs
            token = page.nextPageToken
        } while token != nil

        #expect(ids == ["x", "y", "z"])
    }

    @Test func readWriteTransaction_underTheOwner_sendsNoConcurrencyMode_andCommits() async throws {
        let store = try await EmulatorStores.makeStore()
        let path = try DocumentPath("t/a")

        let transaction = try await store.beginTransaction(.readWrite)
        let before = try await store.getDocument(path, mask: nil, consistency: .transaction(transaction))
        _ = try await store.commit([Write.update(path, fields: ["n": 1])], transaction: transaction)

        #expect(before == nil)
        #expect(try await store.getDocument(path, mask: nil, consistency: .latest)?.fields == ["n": 1])
    }

    @Test func readOnlyUseOfAReadWriteTransaction_commitsWithoutWrites() async throws {
        let store = try await EmulatorStores.makeStore()
        let before = try await store.commit([Write.update(try DocumentPath("t/a"), fields: ["n": 1])], transaction: nil)

        let transaction = try await store.beginTransaction(.readWrite)
        _ = try await store.getDocument(try DocumentPath("t/a"), mask: nil, consistency: .transaction(transaction))
        let response = try await store.commit([], transaction: transaction)

        #expect(response.writeResults.isEmpty)
        #expect(response.commitTime >= before.commitTime)
    }

    @Test func batchGetOfNothing_hasAReadTime() async throws {
        let store = try await EmulatorStores.makeStore()
        let commit = try await store.commit([Write.update(try DocumentPath("t/a"), fields: ["n": 1])], transaction: nil)

        let latest = try await store.batchGetDocuments([], mask: nil, consistency: .latest)
        let past = try await store.batchGetDocuments([], mask: nil, consistency: .readTime(commit.commitTime))

        #expect(latest.documents.isEmpty)
        #expect(latest.readTime >= commit.commitTime)
        #expect(past.readTime == commit.commitTime)
    }

    @Test func connectionRefused_isUnavailable() async throws {
        let port = try FirestoreEmulator.freeLoopbackPort()
        let configuration = try FirestoreRESTConfiguration.emulator(
            hostAndPort: "127.0.0.1:\(port)", database: try DatabaseID(projectID: "demo-x"), retryPolicy: .none
        )
        let store = FirestoreRESTDocumentStore(configuration: configuration)

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.getDocument(try DocumentPath("c/d"), mask: nil, consistency: .latest)
        }

        #expect(error?.code == .unavailable)
    }
}

extension Result where Failure == DocumentStoreError {
    var failureCode: DocumentStoreError.Code? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
