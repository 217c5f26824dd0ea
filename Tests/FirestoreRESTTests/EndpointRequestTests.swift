import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Testing

/// The exact method, URL, headers and body of every endpoint, and how each answer is read.
@Suite("REST endpoints")
struct EndpointRequestTests {
    typealias F = StoreFixtures

    // MARK: - get

    @Test func getDocument_latest_isAGETOfTheDocument() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(F.documentJSON("users/alice")))

        let document = try await store.getDocument(try F.path("users/alice"), mask: nil, consistency: .latest)

        #expect(document == (try F.document("users/alice")))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.pathAndQuery == "\(F.root)/users/alice")
        #expect(request.header("Authorization") == "Bearer \(F.token)")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("Content-Type") == nil)
        #expect(request.body.isEmpty)
    }

    @Test func getDocument_withMask_repeatsMaskFieldPathsPercentEncoded() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(F.documentJSON("users/alice")))

        _ = try await store.getDocument(
            try F.path("users/alice"), mask: [try F.field("a.b"), try FieldPath(["c d"])], consistency: .latest
        )

        #expect(
            server.requests.first?.pathAndQuery
                == "\(F.root)/users/alice?mask.fieldPaths=a.b&mask.fieldPaths=%60c%20d%60")
    }

    @Test func getDocument_missing_returnsNil() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(F.errorBody("NOT_FOUND", http: 404, message: "Document not found."))

        let document = try await store.getDocument(try F.path("users/ghost"), mask: nil, consistency: .latest)

        #expect(document == nil)
    }

    @Test func getDocument_inATransaction_usesBatchGetWithTheTransactionInTheBody() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"[{"found":\#(F.documentJSON("users/alice")),"readTime":"\#(F.readTime)"}]"#))

        let document = try await store.getDocument(
            try F.path("users/alice"), mask: nil, consistency: .transaction(TransactionID(bytes: [1, 2, 3]))
        )

        #expect(document?.path == (try F.path("users/alice")))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.pathAndQuery == "\(F.root):batchGet")
        #expect(!request.pathAndQuery.contains("transaction="))
        #expect(request.header("Content-Type") == "application/json")
        #expect(
            F.json(request.bodyText) == F.json(#"{"documents":["\#(F.rootName)/users/alice"],"transaction":"AQID"}"#))
    }

    @Test func getDocument_atAReadTime_usesBatchGetWithTheReadTimeInTheBody() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"[{"missing":"\#(F.rootName)/users/alice","readTime":"\#(F.readTime)"}]"#))

        let document = try await store.getDocument(
            try F.path("users/alice"), mask: nil, consistency: .readTime(try Timestamp(rfc3339: F.readTime))
        )

        #expect(document == nil)
        #expect(
            F.json(try #require(server.requests.first).bodyText)
                == F.json(#"{"documents":["\#(F.rootName)/users/alice"],"readTime":"\#(F.readTime)"}"#))
    }

    @Test func getDocument_withAnEmptyMask_usesBatchGetWithAnEmptyMask() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"[{"found":{"name":"\#(F.rootName)/users/alice","createTime":"\#(F.readTime)","updateTime":"\#(F.readTime)"},"readTime":"\#(F.readTime)"}]"#
            ))

        let document = try await store.getDocument(try F.path("users/alice"), mask: [], consistency: .latest)

        #expect(document?.fields.isEmpty == true)
        #expect(
            F.json(try #require(server.requests.first).bodyText)
                == F.json(#"{"documents":["\#(F.rootName)/users/alice"],"mask":{"fieldPaths":[]}}"#))
    }

    @Test func pathSegments_arePercentEncodedOneByOne() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(F.errorBody("NOT_FOUND", http: 404))

        _ = try await store.getDocument(
            try DocumentPath(segments: ["c d", "a b+c?é#%&=(x)"]), mask: nil, consistency: .latest)

        #expect(server.requests.first?.pathAndQuery == "\(F.root)/c%20d/a%20b%2Bc%3F%C3%A9%23%25%26%3D%28x%29")
    }

    @Test func namedDatabase_appearsInEveryURLAndName() async throws {
        let server = StubServer()
        let store = try F.makeStore(server: server, databaseID: "orders")
        server.enqueue(
            .ok(F.documentJSON("users/alice", database: "orders")),
            .ok(#"[{"missing":"projects/p/databases/orders/documents/users/bob","readTime":"\#(F.readTime)"}]"#))

        _ = try await store.getDocument(try F.path("users/alice"), mask: nil, consistency: .latest)
        _ = try await store.batchGetDocuments([try F.path("users/bob")], mask: nil, consistency: .latest)

        #expect(server.requests[0].pathAndQuery == "/v1/projects/p/databases/orders/documents/users/alice")
        #expect(server.requests[1].pathAndQuery == "/v1/projects/p/databases/orders/documents:batchGet")
        #expect(server.requests[1].bodyText.contains("projects/p/databases/orders/documents/users/bob"))
    }

    @Test func getDocument_ofAnotherDatabaseInTheAnswer_isInternal() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(F.documentJSON("users/alice", database: "other")))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.getDocument(try F.path("users/alice"), mask: nil, consistency: .latest)
        }

        #expect(error?.code == .internal)
    }

    // MARK: - batchGet

    @Test func batchGet_sendsNamesAndMask_andRestoresRequestOrderWithoutDuplicates() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"[{"missing":"\#(F.rootName)/users/b","readTime":"\#(F.readTime)"},"#
                    + #"{"found":\#(F.documentJSON("users/a")),"readTime":"\#(F.readTime)"}]"#
            )
        )

        let response = try await store.batchGetDocuments(
            [try F.path("users/a"), try F.path("users/b"), try F.path("users/a")], mask: [try F.field("n")],
            consistency: .latest
        )

        #expect(response.documents == [.found(try F.document("users/a")), .missing(try F.path("users/b"))])
        #expect(response.readTime == (try Timestamp(rfc3339: F.readTime)))
        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):batchGet")
        #expect(
            F.json(request.bodyText)
                == F.json(
                    #"{"documents":["\#(F.rootName)/users/a","\#(F.rootName)/users/b","\#(F.rootName)/users/a"],"mask":{"fieldPaths":["n"]}}"#
                ))
    }

    @Test func batchGet_ofNoPaths_readsTheTimeWithAnEmptyQueryUnderTheSameConsistency() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"[{"readTime":"\#(F.readTime)","done":true}]"#))

        let response = try await store.batchGetDocuments(
            [], mask: nil, consistency: .transaction(TransactionID(bytes: [1, 2, 3])))

        #expect(response == BatchGetResponse(documents: [], readTime: try Timestamp(rfc3339: F.readTime)))
        #expect(server.requests.map(\.pathAndQuery) == ["\(F.root):runQuery"])
        #expect(
            F.json(server.requests[0].bodyText)
                == F.json(
                    #"{"structuredQuery":{"from":[{"collectionId":"hearth-clock"}],"limit":0},"transaction":"AQID"}"#))
    }

    @Test func batchGet_skipsALeadingTransactionElement() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(#"[{"transaction":"AQID"},{"missing":"\#(F.rootName)/users/b","readTime":"\#(F.readTime)"}]"#))

        let response = try await store.batchGetDocuments([try F.path("users/b")], mask: nil, consistency: .latest)

        #expect(response.documents == [.missing(try F.path("users/b"))])
    }

    @Test func batchGet_whenTheAnswerLacksARequestedDocument_isInternal() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"[{"missing":"\#(F.rootName)/users/b","readTime":"\#(F.readTime)"}]"#))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.batchGetDocuments([try F.path("users/a")], mask: nil, consistency: .latest)
        }

        #expect(error?.code == .internal)
    }

    // MARK: - list

    @Test func listDocuments_isAGETWithPagingOrderMaskAndShowMissing() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"{"documents":[\#(F.documentJSON("users/alice/posts/p1")),{"name":"\#(F.rootName)/users/alice/posts/ghost"}],"nextPageToken":"next"}"#
            ))

        let response = try await store.listDocuments(
            ListDocumentsRequest(
                parent: try F.path("users/alice"),
                collectionID: "posts",
                pageSize: 2,
                pageToken: "tok+/=",
                orderBy: [Order(try F.field("age"), .descending), Order(.documentID)],
                mask: [try F.field("n"), try F.field("m")],
                showMissing: true
            )
        )

        #expect(
            response.documents == [
                .found(try F.document("users/alice/posts/p1")), .missing(try F.path("users/alice/posts/ghost")),
            ])
        #expect(response.nextPageToken == "next")
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(
            request.pathAndQuery
                == "\(F.root)/users/alice/posts?pageSize=2&pageToken=tok%2B%2F%3D&orderBy=age%20desc%2C%20__name__&mask.fieldPaths=n&mask.fieldPaths=m&showMissing=true"
        )
    }

    @Test func listDocuments_ofARootCollection_withDefaults_hasNoQuery() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok("{}"))

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: "users"))

        #expect(response.documents.isEmpty)
        #expect(response.nextPageToken == nil)
        #expect(server.requests.first?.pathAndQuery == "\(F.root)/users")
    }

    @Test func listDocuments_inATransaction_runsAQueryPagedByCursors() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"[{"document":\#(F.documentJSON("users/a")),"readTime":"\#(F.readTime)"},{"document":\#(F.documentJSON("users/b")),"readTime":"\#(F.readTime)","done":true}]"#
            ),
            .ok(#"[{"readTime":"\#(F.readTime)","done":true}]"#)
        )
        let transaction = TransactionID(bytes: [9])

        let first = try await store.listDocuments(
            ListDocumentsRequest(collectionID: "users", pageSize: 2, consistency: .transaction(transaction)))
        let second = try await store.listDocuments(
            ListDocumentsRequest(
                collectionID: "users", pageSize: 2, pageToken: first.nextPageToken,
                consistency: .transaction(transaction))
        )

        #expect(first.documents.map(\.path) == [try F.path("users/a"), try F.path("users/b")])
        #expect(second.documents.isEmpty)
        #expect(second.nextPageToken == nil)
        #expect(server.requests.allSatisfy { $0.method == "POST" && $0.pathAndQuery == "\(F.root):runQuery" })
        #expect(
            F.json(server.requests[0].bodyText)
                == F.json(
                    #"""
                    {"structuredQuery":{"from":[{"collectionId":"users"}],"orderBy":[{"field":{"fieldPath":"__name__"},"direction":"ASCENDING"}],"limit":2},"transaction":"CQ=="}
                    """#))
        #expect(
            F.json(server.requests[1].bodyText)
                == F.json(
                    #"""
                    {"structuredQuery":{"from":[{"collectionId":"users"}],"orderBy":[{"field":{"fieldPath":"__name__"},"direction":"ASCENDING"}],
                     "startAt":{"values":[{"referenceValue":"\#(F.rootName)/users/b"}]},"limit":2},"transaction":"CQ=="}
                    """#))
    }

    @Test func listDocuments_showingMissingInATransaction_isUnimplemented() async throws {
        let (store, server) = try makeSUT()

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.listDocuments(
                ListDocumentsRequest(
                    collectionID: "users", showMissing: true, consistency: .transaction(TransactionID(bytes: [1])))
            )
        }

        #expect(error?.code == .unimplemented)
        #expect(server.requests.isEmpty)
    }

    // MARK: - runQuery

    @Test func runQuery_postsTheStructuredQueryUnderTheParent_andStreamsEveryElement() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"[{"document":\#(F.documentJSON("users/alice/posts/p1")),"readTime":"\#(F.readTime)","skippedResults":2},"#
                    + #"{"readTime":"\#(F.readTime)","skippedResults":1},{"readTime":"\#(F.readTime)","done":true}]"#
            )
        )
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "posts"),
            filter: .field(try F.field("n"), .greaterThan, .integer(0)),
            orderBy: [Order(try F.field("n"))],
            offset: 3,
            limit: 5
        )

        let elements = try await collect(
            store.runQuery(parent: try F.path("users/alice"), query: query, consistency: .latest))

        let readTime = try Timestamp(rfc3339: F.readTime)
        #expect(
            elements == [
                RunQueryResponse(
                    document: try F.document("users/alice/posts/p1"), readTime: readTime, skippedResults: 2),
                RunQueryResponse(document: nil, readTime: readTime, skippedResults: 1),
                RunQueryResponse(document: nil, readTime: readTime, skippedResults: 0),
            ])
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.pathAndQuery == "\(F.root)/users/alice:runQuery")
        #expect(
            F.json(request.bodyText)
                == F.json(
                    #"""
                    {"structuredQuery":{"from":[{"collectionId":"posts"}],
                     "where":{"fieldFilter":{"field":{"fieldPath":"n"},"op":"GREATER_THAN","value":{"integerValue":"0"}}},
                     "orderBy":[{"field":{"fieldPath":"n"},"direction":"ASCENDING"}],"offset":3,"limit":5}}
                    """#))
    }

    @Test func runQuery_atTheRootInATransaction_putsTheTransactionInTheBody() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"[{"readTime":"\#(F.readTime)","done":true}]"#))

        _ = try await collect(
            store.runQuery(
                parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c", allDescendants: true)),
                consistency: .transaction(TransactionID(bytes: [1, 2, 3]))
            )
        )

        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):runQuery")
        #expect(
            F.json(request.bodyText)
                == F.json(
                    #"{"structuredQuery":{"from":[{"collectionId":"c","allDescendants":true}]},"transaction":"AQID"}"#))
    }

    @Test func runQuery_anErrorElementAfterResults_deliversTheResultsThenThrows() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"[{"document":\#(F.documentJSON("c/a")),"readTime":"\#(F.readTime)"},{"error":{"code":409,"message":"contention","status":"ABORTED"}}]"#
            )
        )
        var received: [RunQueryResponse] = []

        let error = await #expect(throws: DocumentStoreError.self) {
            for try await element in store.runQuery(
                parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c")), consistency: .latest)
            {
                received.append(element)
            }
        }

        #expect(received.map(\.document?.path) == [try F.path("c/a")])
        #expect(error?.code == .aborted)
    }

    @Test func runQuery_anErrorWrappedInAnArray_throwsItsStatus() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.json(400, #"[{"error":{"code":400,"message":"bad query","status":"INVALID_ARGUMENT"}}]"#))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await collect(
                store.runQuery(
                    parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c")),
                    consistency: .latest))
        }

        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("bad query") == true)
    }

    // MARK: - runAggregationQuery

    @Test func runAggregation_postsTheAggregationQuery_andReadsTheResult() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"[{"result":{"aggregateFields":{"total":{"integerValue":"3"},"avg":{"nullValue":null}}},"readTime":"\#(F.readTime)","done":true}]"#
            ))

        let response = try await store.runAggregation(
            parent: nil,
            query: StructuredQuery(from: CollectionSelector(collectionID: "c")),
            aggregations: [
                Aggregation(alias: "total", .count(upTo: 10)), Aggregation(alias: "avg", .average(try F.field("n"))),
            ],
            consistency: .readTime(try Timestamp(rfc3339: F.readTime))
        )

        #expect(response.values == ["total": .integer(3), "avg": .null])
        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):runAggregationQuery")
        #expect(
            F.json(request.bodyText)
                == F.json(
                    #"""
                    {"structuredAggregationQuery":{"structuredQuery":{"from":[{"collectionId":"c"}]},
                     "aggregations":[{"alias":"total","count":{"upTo":"10"}},{"alias":"avg","avg":{"field":{"fieldPath":"n"}}}]},
                     "readTime":"\#(F.readTime)"}
                    """#))
    }

    // MARK: - commit, transactions

    @Test func commit_postsTheWritesAndTheTransaction_withoutADatabaseMember() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"{"writeResults":[{"updateTime":"\#(F.readTime)"},{}],"commitTime":"\#(F.readTime)"}"#))
        let writes = [
            Write.update(try F.path("c/a"), fields: ["n": 1], mask: [try F.field("n")], precondition: .exists(true)),
            Write.delete(try F.path("c/b")),
        ]

        let response = try await store.commit(writes, transaction: TransactionID(bytes: [1, 2, 3]))

        let time = try Timestamp(rfc3339: F.readTime)
        #expect(
            response
                == CommitResponse(
                    writeResults: [WriteResult(updateTime: time), WriteResult(updateTime: nil)], commitTime: time))
        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):commit")
        #expect(
            F.json(request.bodyText)
                == F.json(
                    #"""
                    {"writes":[{"update":{"name":"\#(F.rootName)/c/a","fields":{"n":{"integerValue":"1"}}},"updateMask":{"fieldPaths":["n"]},
                      "currentDocument":{"exists":true}},{"delete":"\#(F.rootName)/c/b"}],"transaction":"AQID"}
                    """#))
    }

    @Test func commit_withoutWrites_answeredWithoutACommitTime_takesTheServersTimeFromAnEmptyQuery() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok("{}"), .ok(#"[{"readTime":"\#(F.readTime)","done":true}]"#))

        let response = try await store.commit([], transaction: TransactionID(bytes: [1]))

        #expect(response == CommitResponse(writeResults: [], commitTime: try Timestamp(rfc3339: F.readTime)))
        #expect(server.requests.map(\.pathAndQuery) == ["\(F.root):commit", "\(F.root):runQuery"])
        #expect(
            F.json(server.requests[1].bodyText)
                == F.json(#"{"structuredQuery":{"from":[{"collectionId":"hearth-clock"}],"limit":0}}"#))
    }

    @Test func beginTransaction_readOnlyAtAReadTime() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"{"transaction":"EQIAAAAAAAAA"}"#))

        let transaction = try await store.beginTransaction(.readOnly(readTime: try Timestamp(rfc3339: F.readTime)))

        #expect(transaction == TransactionID(bytes: [0x11, 0x02, 0, 0, 0, 0, 0, 0, 0]))
        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):beginTransaction")
        #expect(F.json(request.bodyText) == F.json(#"{"options":{"readOnly":{"readTime":"\#(F.readTime)"}}}"#))
    }

    @Test func beginTransaction_readWriteRetrying_underAServiceAccount_namesNoConcurrencyMode() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"{"transaction":"AQ=="}"#))

        _ = try await store.beginTransaction(.readWrite(retrying: TransactionID(bytes: [7])))

        #expect(
            F.json(try #require(server.requests.first).bodyText)
                == F.json(#"{"options":{"readWrite":{"retryTransaction":"Bw=="}}}"#))
    }

    @Test func beginTransaction_readWrite_underAFirebaseUser_asksForOptimisticConcurrency() async throws {
        let server = StubServer()
        let store = try F.makeStore(server: server, tokenProvider: CountingTokenProvider(kind: .firebaseUser))
        server.enqueue(.ok(#"{"transaction":"AQ=="}"#))

        _ = try await store.beginTransaction(.readWrite)

        #expect(
            F.json(try #require(server.requests.first).bodyText)
                == F.json(#"{"options":{"readWrite":{"concurrencyMode":"OPTIMISTIC"}}}"#))
    }

    @Test func beginTransaction_readWrite_underAFirebaseUserAgainstTheEmulator_namesNoConcurrencyMode() async throws {
        let server = StubServer()
        let store = try F.makeStore(
            server: server, tokenProvider: CountingTokenProvider(kind: .firebaseUser),
            transactionConcurrency: .serverDefault)
        server.enqueue(.ok(#"{"transaction":"AQ=="}"#))

        _ = try await store.beginTransaction(.readWrite)

        #expect(F.json(try #require(server.requests.first).bodyText) == F.json(#"{"options":{"readWrite":{}}}"#))
    }

    @Test func beginTransaction_readOnly_underAFirebaseUser_namesNoConcurrencyMode() async throws {
        let server = StubServer()
        let store = try F.makeStore(server: server, tokenProvider: CountingTokenProvider(kind: .firebaseUser))
        server.enqueue(.ok(#"{"transaction":"AQ=="}"#))

        _ = try await store.beginTransaction(.readOnly(readTime: nil))

        #expect(F.json(try #require(server.requests.first).bodyText) == F.json(#"{"options":{"readOnly":{}}}"#))
    }

    @Test func rollback_postsTheTransaction() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok("{}"))

        try await store.rollback(TransactionID(bytes: [1, 2, 3]))

        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):rollback")
        #expect(F.json(request.bodyText) == F.json(#"{"transaction":"AQID"}"#))
    }

    // MARK: - listCollectionIds

    @Test func listCollectionIDs_postsPagingUnderTheParent() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(#"{"collectionIds":["a","b"],"nextPageToken":"t2"}"#))

        let response = try await store.listCollectionIDs(
            ListCollectionIDsRequest(
                parent: try F.path("users/alice"), pageSize: 2, pageToken: "t1",
                consistency: .readTime(try Timestamp(rfc3339: F.readTime))
            )
        )

        #expect(response == ListCollectionIDsResponse(collectionIDs: ["a", "b"], nextPageToken: "t2"))
        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root)/users/alice:listCollectionIds")
        #expect(F.json(request.bodyText) == F.json(#"{"pageSize":2,"pageToken":"t1","readTime":"\#(F.readTime)"}"#))
    }

    @Test func listCollectionIDs_atTheRoot_withNothing_postsAnEmptyObject() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok("{}"))

        let response = try await store.listCollectionIDs(ListCollectionIDsRequest())

        #expect(response.collectionIDs.isEmpty)
        #expect(server.requests.first?.pathAndQuery == "\(F.root):listCollectionIds")
        #expect(server.requests.first?.bodyText == "{}")
    }

    @Test func listCollectionIDs_inATransaction_isUnimplemented() async throws {
        let (store, server) = try makeSUT()

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.listCollectionIDs(
                ListCollectionIDsRequest(consistency: .transaction(TransactionID(bytes: [1]))))
        }

        #expect(error?.code == .unimplemented)
        #expect(server.requests.isEmpty)
    }

    // MARK: - batchWrite, partitionQuery

    @Test func batchWrite_returnsOneOutcomePerWrite() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(
                #"{"writeResults":[{"updateTime":"\#(F.readTime)"},{}],"status":[{},{"code":5,"message":"No document to update"}]}"#
            )
        )
        let writes = [
            Write.update(try F.path("c/a"), fields: ["n": 1]),
            Write.delete(try F.path("c/b"), precondition: .exists(true)),
        ]

        let outcomes = try await store.batchWrite(writes)

        #expect(try outcomes[0].get() == WriteResult(updateTime: try Timestamp(rfc3339: F.readTime)))
        #expect(throws: DocumentStoreError.self) { try outcomes[1].get() }
        if case .failure(let error) = outcomes[1] { #expect(error.code == .notFound) }
        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):batchWrite")
        #expect(
            F.json(request.bodyText)
                == F.json(
                    #"""
                    {"writes":[{"update":{"name":"\#(F.rootName)/c/a","fields":{"n":{"integerValue":"1"}}}},
                     {"delete":"\#(F.rootName)/c/b","currentDocument":{"exists":true}}]}
                    """#))
    }

    @Test func partitionQuery_postsTheQueryAndCount_andReadsTheCursors() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(
            .ok(#"{"partitions":[{"values":[{"referenceValue":"\#(F.rootName)/c/m"}]}],"nextPageToken":"n"}"#))
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "c", allDescendants: true), orderBy: [Order(.documentID)])

        let response = try await store.partitionQuery(parent: nil, query: query, partitionCount: 4, pageSize: 10)

        #expect(response.partitions.count == 1)
        #expect(response.nextPageToken == "n")
        let request = try #require(server.requests.first)
        #expect(request.pathAndQuery == "\(F.root):partitionQuery")
        #expect(
            F.json(request.bodyText)
                == F.json(
                    #"""
                    {"structuredQuery":{"from":[{"collectionId":"c","allDescendants":true}],"orderBy":[{"field":{"fieldPath":"__name__"},"direction":"ASCENDING"}]},
                     "partitionCount":"4","pageSize":10}
                    """#))
    }

    @Test func partitionQuery_answered501_isUnimplemented() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(F.errorBody("UNIMPLEMENTED", http: 501, message: "Method not implemented"))

        let error = await #expect(throws: DocumentStoreError.self) {
            try await store.partitionQuery(
                parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "c", allDescendants: true)),
                partitionCount: 2)
        }

        #expect(error?.code == .unimplemented)
    }

    // MARK: - createDocument, patch, delete

    @Test func createDocument_postsTheFieldsToTheCollectionWithTheID() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(F.documentJSON("users/alice/posts/p1")))

        let document = try await store.createDocument(
            in: try CollectionPath("users/alice/posts"), documentID: "p1", fields: ["n": 1], mask: [try F.field("n")]
        )

        #expect(document == (try F.document("users/alice/posts/p1")))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.pathAndQuery == "\(F.root)/users/alice/posts?documentId=p1&mask.fieldPaths=n")
        #expect(F.json(request.bodyText) == F.json(#"{"fields":{"n":{"integerValue":"1"}}}"#))
    }

    @Test func patchDocument_sendsMasksAndPreconditionInTheQuery() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok(F.documentJSON("users/alice")))

        _ = try await store.patchDocument(
            try F.path("users/alice"), fields: ["n": 1], updateMask: [try F.field("n"), try F.field("gone")],
            mask: [try F.field("n")],
            precondition: .exists(true)
        )

        let request = try #require(server.requests.first)
        #expect(request.method == "PATCH")
        #expect(
            request.pathAndQuery
                == "\(F.root)/users/alice?updateMask.fieldPaths=n&updateMask.fieldPaths=gone&mask.fieldPaths=n&currentDocument.exists=true"
        )
        #expect(F.json(request.bodyText) == F.json(#"{"fields":{"n":{"integerValue":"1"}}}"#))
    }

    @Test func deleteDocument_withAnUpdateTimePrecondition_encodesTheTime() async throws {
        let (store, server) = try makeSUT()
        server.enqueue(.ok("{}"))

        try await store.deleteDocument(
            try F.path("users/alice"), precondition: .updateTime(try Timestamp(rfc3339: F.readTime)))

        let request = try #require(server.requests.first)
        #expect(request.method == "DELETE")
        #expect(
            request.pathAndQuery == "\(F.root)/users/alice?currentDocument.updateTime=2024-03-04T05%3A06%3A07.123456Z")
        #expect(request.body.isEmpty)
    }

    // MARK: - headers

    @Test func headers_includeTheQuotaProject_andNoAuthorizationWithoutCredentials() async throws {
        let server = StubServer()
        let store = try F.makeStore(
            server: server, tokenProvider: StaticTokenProvider.unauthenticated, quotaProjectID: "billing-p")
        server.enqueue(.ok("{}"))

        try await store.rollback(TransactionID(bytes: [1]))

        let request = try #require(server.requests.first)
        #expect(request.header("Authorization") == nil)
        #expect(request.header("x-goog-user-project") == "billing-p")
    }

    // MARK: - Helpers

    private func makeSUT() throws -> (FirestoreRESTDocumentStore, StubServer) {
        let server = StubServer()
        return (try F.makeStore(server: server), server)
    }
}

func collect(_ stream: AsyncThrowingStream<RunQueryResponse, any Error>) async throws -> [RunQueryResponse] {
    var elements: [RunQueryResponse] = []
    for try await element in stream { elements.append(element) }
    return elements
}
