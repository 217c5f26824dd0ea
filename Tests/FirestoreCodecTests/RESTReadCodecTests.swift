import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// The read RPCs as the client sends and reads them (the library), against the server half and the
/// reference of the test server: requests the library writes are what the server reads, answers the
/// server writes are what the library reads.
@Suite struct RESTReadCodecTests {
    // MARK: - GetDocument (the server's message form; the client sends a URL)

    @Test func getDocumentRequest_writesNameMaskAndReadTime() throws {
        let request = RESTGetDocumentRequest(
            path: try DocumentPath("C/d"),
            mask: [try FieldPath("a")],
            consistency: .readTime(try Timestamp(seconds: 60))
        )

        let json = TreeReadCodec.encodeGetDocumentRequest(request, database: try database())

        #expect(
            json
                == (try parse(
                    """
                    {"name": "projects/p/databases/(default)/documents/C/d", "mask": {"fieldPaths": ["a"]}, "readTime": "1970-01-01T00:01:00Z"}
                    """)))
        #expect(try TreeReadCodec.decodeGetDocumentRequest(json, database: try database()) == request)
    }

    // MARK: - BatchGetDocuments

    @Test func batchGetRequest_isReadByTheServerInEachConsistency() throws {
        let db = try database()
        let consistencies: [ReadConsistency] = [
            .latest, .transaction(TransactionID(bytes: [1, 2, 3])),
            .readTime(try Timestamp(seconds: 5, nanoseconds: 1_000)),
        ]
        for consistency in consistencies {
            let paths = [try DocumentPath("C/a"), try DocumentPath("C/b")]
            let bytes = RESTReadCodec.encodeBatchGetRequest(paths, mask: [], consistency: consistency, database: db)
            let expected = RESTBatchGetRequest(
                documents: paths, mask: [], consistency: RESTConsistencySelector(consistency))
            #expect(try TreeReadCodec.decodeBatchGetRequest(JSONParser.parse(bytes), database: db) == expected)
            _ = agreeing(bytes, TreeReadCodec.encodeBatchGetRequest(expected, database: db))
        }
    }

    @Test func batchGetRequest_writesExactJSON() throws {
        let bytes = RESTReadCodec.encodeBatchGetRequest(
            [try DocumentPath("C/a")], mask: nil, consistency: .latest, database: try database())

        #expect(tree(bytes) == (try parse(#"{"documents": ["projects/p/databases/(default)/documents/C/a"]}"#)))
    }

    @Test func serverDecodesBatchGetRequest_emptyNewTransactionIsReadOnly_andTwoSelectorsThrow() throws {
        let request = try TreeReadCodec.decodeBatchGetRequest(
            parse(#"{"documents": [], "newTransaction": {}}"#), database: nil)
        #expect(request.consistency == .newTransaction(.readOnly(readTime: nil)))

        let error = try #require(throws: RESTDecodingError.self) {
            try TreeReadCodec.decodeBatchGetRequest(
                parse(#"{"documents": [], "transaction": "AQ==", "readTime": "1970-01-01T00:00:00Z"}"#), database: nil)
        }
        #expect(error.path == "$")
        #expect(error.reason.contains("only one of"))
    }

    @Test func decodeBatchGetResponse_readsTransactionFoundAndMissingElements() throws {
        let elements = try batchGet(
            """
            [{"transaction": "EQMAAAAAAAAA"},
             {"found": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"a": {"integerValue": "1"}},
                        "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"},
              "readTime": "2026-11-22T01:30:22.441976Z"},
             {"missing": "projects/p/databases/(default)/documents/C/x", "readTime": "2026-11-22T01:30:22.441976Z"}]
            """, database: try database())

        #expect(elements.count == 3)
        #expect(
            elements[0]
                == RESTBatchGetResponseElement(
                    read: nil, transaction: TransactionID(bytes: [0x11, 3, 0, 0, 0, 0, 0, 0, 0]), readTime: nil))
        #expect(elements[1].read?.document?.fields == ["a": 1])
        #expect(elements[2].read == .missing(try DocumentPath("C/x")))
        #expect(elements[2].readTime == (try Timestamp(rfc3339: "2026-11-22T01:30:22.441976Z")))
        let served = JSONWriter.string(TreeReadCodec.encodeBatchGetResponse(elements, database: try database()))
        #expect(try batchGet(served, database: try database()) == elements)
    }

    @Test func decodeBatchGetResponse_elementWithNothing_orWithBoth_throws() throws {
        let nothing = try #require(throws: RESTDecodingError.self) {
            try batchGet(#"[{"readTime": "1970-01-01T00:00:00Z"}]"#, database: nil)
        }
        #expect(nothing.path == "$[0]")

        let both = try #require(throws: RESTDecodingError.self) {
            try batchGet(
                #"""
                [{"missing": "projects/p/databases/(default)/documents/C/x",
                  "found": {"name": "projects/p/databases/(default)/documents/C/x", "createTime": "1970-01-01T00:00:00Z", "updateTime": "1970-01-01T00:00:00Z"}}]
                """#, database: nil)
        }
        #expect(both.path == "$[0]")
        #expect(both.reason.contains("only one of"))
    }

    // MARK: - RunQuery

    @Test func runQueryRequest_writesExactJSON_thatTheServerReads() throws {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "C"), limit: 1)
        let bytes = RESTReadCodec.encodeRunQueryRequest(
            query, consistency: .transaction(TransactionID(bytes: [0xFF, 0xEE])), database: try database())

        #expect(
            tree(bytes)
                == (try parse(
                    #"{"structuredQuery": {"from": [{"collectionId": "C"}], "limit": 1}, "transaction": "/+4="}"#)))
        #expect(
            try TreeReadCodec.decodeRunQueryRequest(JSONParser.parse(bytes))
                == RESTRunQueryRequest(query: query, consistency: .transaction(TransactionID(bytes: [0xFF, 0xEE]))))
    }

    @Test func decodeRunQueryResponse_toleratesElementsWithoutDocument() throws {
        let elements = try runQuery(
            """
            [{"transaction": "EQQAAAAAAAAA"},
             {"document": {"name": "projects/p/databases/(default)/documents/C/d",
                           "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"},
              "readTime": "2026-11-22T01:30:22.806982Z", "skippedResults": 2},
             {"readTime": "2026-11-22T01:30:22.806982Z", "done": true}]
            """, database: try database())

        #expect(elements.map(\.document?.path) == [nil, try DocumentPath("C/d"), nil])
        #expect(elements[0].transaction == TransactionID(bytes: [0x11, 4, 0, 0, 0, 0, 0, 0, 0]))
        #expect(elements[0].response == nil)
        #expect(elements[1].response?.skippedResults == 2)
        #expect(elements[2].done)
        #expect(
            elements[2].response
                == RunQueryResponse(document: nil, readTime: try Timestamp(rfc3339: "2026-11-22T01:30:22.806982Z")))
        let served = JSONWriter.string(TreeReadCodec.encodeRunQueryResponse(elements, database: try database()))
        #expect(try runQuery(served, database: try database()) == elements)
    }

    @Test func decodeRunQueryResponse_acceptsASingleObject() throws {
        let elements = try runQuery(#"{"readTime": "1970-01-01T00:00:01Z"}"#, database: nil)
        #expect(elements.count == 1)
    }

    @Test func decodeRunQueryResponse_malformedDocument_throwsNamingThePath() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try runQuery(
                """
                [{"readTime": "1970-01-01T00:00:01Z"},
                 {"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"age": {"integerValue": "1x"}},
                               "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]
                """, database: nil)
        }
        #expect(error.path == "$[1].document.fields.age.integerValue")
    }

    @Test func decodeRunQueryResponse_errorElement_throwsWithTheServersError() throws {
        let text =
            #"[{"readTime": "1970-01-01T00:00:01Z"}, {"error": {"code": 409, "message": "contention", "status": "ABORTED"}}]"#

        let error = try #require(throws: RESTDecodingError.self) { try runQuery(text, database: nil) }

        #expect(error.path == "$[1]")
        #expect(error.underlying?.code == .aborted)
        #expect(error.serverError == RESTErrorBody(httpStatus: 409, message: "contention", status: "ABORTED"))
    }

    @Test func decodeRunQueryResponseUntilError_keepsTheElementsBeforeTheError_andReadsTheRestAsJSON() throws {
        let text =
            #"[{"readTime": "1970-01-01T00:00:01Z"}, {"error": {"message": "m", "status": "ABORTED"}}, {"x": [1, 2]}]"#

        let (elements, error) = try RESTReadCodec.decodeRunQueryResponseUntilError(
            bytes: Array(text.utf8), database: nil)

        #expect(elements.count == 1)
        #expect(error?.status == "ABORTED")
        #expect(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponseUntilError(bytes: Array((text + "]").utf8), database: nil)
        }
    }

    @Test func answers_decodeBodiesAndReportNonJSONAtTheRoot() throws {
        let elements = try batchGet(
            #"[{"missing": "projects/p/databases/(default)/documents/C/x", "readTime": "1970-01-01T00:00:01Z"}]"#,
            database: try database())
        #expect(elements.first?.read == .missing(try DocumentPath("C/x")))

        let list = try listDocuments(#"{"nextPageToken": "n"}"#, database: nil)
        #expect(list.nextPageToken == "n")

        let error = try #require(throws: RESTDecodingError.self) {
            try runQuery("<html>502 Bad Gateway</html>", database: nil)
        }
        #expect(error.path == "$")
        #expect(error.reason.contains("invalid JSON at byte 0"))
    }

    // MARK: - RunAggregationQuery

    @Test func runAggregationQuery_requestIsReadByTheServer_andItsAnswerByTheClient() throws {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "C"))
        let aggregations = [Aggregation(alias: "n", .count(upTo: 10))]
        let bytes = RESTReadCodec.encodeRunAggregationQueryRequest(
            StructuredAggregationQuery(query: query, aggregations: aggregations),
            consistency: .readTime(try Timestamp(seconds: 1)),
            database: try database())
        #expect(
            tree(bytes)
                == (try parse(
                    """
                    {"structuredAggregationQuery": {"structuredQuery": {"from": [{"collectionId": "C"}]},
                                                    "aggregations": [{"alias": "n", "count": {"upTo": "10"}}]},
                     "readTime": "1970-01-01T00:00:01Z"}
                    """)))
        let request = RESTRunAggregationQueryRequest(
            query: query, aggregations: aggregations, consistency: .readTime(try Timestamp(seconds: 1)))
        #expect(try TreeReadCodec.decodeRunAggregationQueryRequest(JSONParser.parse(bytes)) == request)

        let elements = try aggregation(
            """
            [{"result": {"aggregateFields": {"field_1": {"integerValue": "1"}, "s": {"integerValue": "1"}, "field_2": {"doubleValue": 1.0}}},
              "readTime": "2026-11-22T01:30:23.354138Z", "done": true}]
            """)
        #expect(elements.count == 1)
        #expect(elements[0].response?.values == ["field_1": 1, "s": 1, "field_2": .double(1)])
        #expect(
            try aggregation(JSONWriter.string(TreeReadCodec.encodeRunAggregationQueryResponse(elements))) == elements)
    }

    // MARK: - ListDocuments and ListCollectionIds

    @Test func listDocumentsResponse_isReadWithMissingDocumentsAndToken() throws {
        let db = try database()
        let response = ListDocumentsResponse(
            documents: [
                .found(
                    Document(
                        path: try DocumentPath("C/a"), fields: ["x": 1], createTime: try Timestamp(seconds: 1),
                        updateTime: try Timestamp(seconds: 2))),
                .missing(try DocumentPath("C/b")),
            ],
            nextPageToken: "tok"
        )
        #expect(
            try listDocuments(
                JSONWriter.string(TreeReadCodec.encodeListDocumentsResponse(response, database: db)), database: db)
                == response)
        #expect(try listDocuments("{}", database: db) == ListDocumentsResponse(documents: [], nextPageToken: nil))
    }

    @Test func listCollectionIDs_requestIsReadByTheServer_andItsAnswerByTheClient() throws {
        let parent = try DocumentPath("C/d")
        let request = ListCollectionIDsRequest(
            parent: parent, pageSize: 10, pageToken: "t", consistency: .readTime(try Timestamp(seconds: 3)))
        let bytes = try RESTReadCodec.encodeListCollectionIDsRequest(request)
        #expect(tree(bytes) == (try parse(#"{"pageSize": 10, "pageToken": "t", "readTime": "1970-01-01T00:00:03Z"}"#)))
        #expect(try TreeReadCodec.decodeListCollectionIDsRequest(JSONParser.parse(bytes), parent: parent) == request)

        let response = ListCollectionIDsResponse(collectionIDs: ["a", "b"], nextPageToken: nil)
        let encoded = JSONWriter.string(TreeReadCodec.encodeListCollectionIDsResponse(response))
        #expect(encoded == #"{"collectionIds":["a","b"]}"#)
        let decoded = try agreeing(
            encoded,
            { (bytes) throws(RESTDecodingError) in try RESTReadCodec.decodeListCollectionIDsResponse(bytes: bytes) },
            TreeReadCodec.decodeListCollectionIDsResponse
        )
        #expect(decoded == response)
    }

    @Test func encodeListCollectionIDsRequest_insideATransaction_throwsInvalidArgument() {
        let request = ListCollectionIDsRequest(consistency: .transaction(TransactionID(bytes: [1])))
        #expect(throws: DocumentStoreError.self) { try RESTReadCodec.encodeListCollectionIDsRequest(request) }
    }

    @Test func partitionQuery_requestAndAnswer() throws {
        let query = StructuredQuery(
            from: CollectionSelector(collectionID: "C", allDescendants: true), orderBy: [Order(.documentID)])
        let bytes = RESTReadCodec.encodePartitionQueryRequest(
            query, partitionCount: 3, pageSize: 2, pageToken: "t", readTime: nil, database: try database())
        #expect(
            tree(bytes)
                == (try parse(
                    """
                    {"structuredQuery": {"from": [{"collectionId": "C", "allDescendants": true}],
                                         "orderBy": [{"field": {"fieldPath": "__name__"}, "direction": "ASCENDING"}]},
                     "partitionCount": "3", "pageToken": "t", "pageSize": 2}
                    """)))

        let answer = try RESTReadCodec.decodePartitionQueryResponse(
            bytes: Array(
                #"""
                {"partitions": [{"values": [{"referenceValue": "projects/p/databases/(default)/documents/C/m"}]}], "nextPageToken": ""}
                """#.utf8))
        #expect(
            answer.partitions == [
                Cursor(
                    values: [.reference(try DocumentName(parsing: "projects/p/databases/(default)/documents/C/m"))],
                    before: false)
            ])
        #expect(answer.nextPageToken == nil)
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "p")
}

private func runQuery(
    _ text: String, database: DatabaseID?, sourceLocation: SourceLocation = #_sourceLocation
) throws(RESTDecodingError)
    -> [RESTRunQueryResponseElement]
{
    try agreeing(
        text,
        { (bytes) throws(RESTDecodingError) in
            try RESTReadCodec.decodeRunQueryResponse(bytes: bytes, database: database)
        },
        { (json) throws(RESTDecodingError) in try TreeReadCodec.decodeRunQueryResponse(json, database: database) },
        sourceLocation: sourceLocation
    )
}

private func batchGet(
    _ text: String, database: DatabaseID?, sourceLocation: SourceLocation = #_sourceLocation
) throws(RESTDecodingError)
    -> [RESTBatchGetResponseElement]
{
    try agreeing(
        text,
        { (bytes) throws(RESTDecodingError) in
            try RESTReadCodec.decodeBatchGetResponse(bytes: bytes, database: database)
        },
        { (json) throws(RESTDecodingError) in try TreeReadCodec.decodeBatchGetResponse(json, database: database) },
        sourceLocation: sourceLocation
    )
}

private func listDocuments(_ text: String, database: DatabaseID?) throws(RESTDecodingError) -> ListDocumentsResponse {
    try agreeing(
        text,
        { (bytes) throws(RESTDecodingError) in
            try RESTReadCodec.decodeListDocumentsResponse(bytes: bytes, database: database)
        },
        { (json) throws(RESTDecodingError) in try TreeReadCodec.decodeListDocumentsResponse(json, database: database) }
    )
}

private func aggregation(_ text: String) throws(RESTDecodingError) -> [RESTRunAggregationQueryResponseElement] {
    try agreeing(
        text,
        { (bytes) throws(RESTDecodingError) in try RESTReadCodec.decodeRunAggregationQueryResponse(bytes: bytes) },
        TreeReadCodec.decodeRunAggregationQueryResponse
    )
}
