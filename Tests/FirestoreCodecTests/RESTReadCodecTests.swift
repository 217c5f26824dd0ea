import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite struct RESTReadCodecTests {
    // MARK: - GetDocument

    @Test func getDocumentRequest_writesNameMaskAndReadTime() throws {
        let request = RESTGetDocumentRequest(
            path: try DocumentPath("C/d"),
            mask: [try FieldPath("a")],
            consistency: .readTime(try Timestamp(seconds: 60))
        )

        let json = RESTReadCodec.encodeGetDocumentRequest(request, database: try database())

        #expect(
            json
                == (try parse(
                    """
                    {"name": "projects/p/databases/(default)/documents/C/d", "mask": {"fieldPaths": ["a"]}, "readTime": "1970-01-01T00:01:00Z"}
                    """)))
        #expect(try RESTReadCodec.decodeGetDocumentRequest(json, database: try database()) == request)
    }

    // MARK: - BatchGetDocuments

    @Test func batchGetRequest_roundTripsEachConsistency() throws {
        let db = try database()
        let selectors: [RESTConsistencySelector] = [
            .latest,
            .transaction(TransactionID(bytes: [1, 2, 3])),
            .readTime(try Timestamp(seconds: 5, nanoseconds: 1_000)),
            .newTransaction(.readOnly(readTime: nil)),
            .newTransaction(.readWrite(retrying: TransactionID(bytes: [9]))),
        ]
        for selector in selectors {
            let request = RESTBatchGetRequest(
                documents: [try DocumentPath("C/a"), try DocumentPath("C/b")], mask: [], consistency: selector)
            #expect(
                try RESTReadCodec.decodeBatchGetRequest(
                    RESTReadCodec.encodeBatchGetRequest(request, database: db), database: db) == request)
        }
    }

    @Test func batchGetRequest_writesExactJSON() throws {
        let request = RESTBatchGetRequest(
            documents: [try DocumentPath("C/a")], consistency: .newTransaction(.readOnly(readTime: nil)))

        #expect(
            RESTReadCodec.encodeBatchGetRequest(request, database: try database())
                == (try parse(
                    """
                    {"documents": ["projects/p/databases/(default)/documents/C/a"], "newTransaction": {"readOnly": {}}}
                    """)))
    }

    @Test func decodeBatchGetRequest_emptyNewTransactionIsReadOnly_andTwoSelectorsThrow() throws {
        let request = try RESTReadCodec.decodeBatchGetRequest(
            parse(#"{"documents": [], "newTransaction": {}}"#), database: nil)
        #expect(request.consistency == .newTransaction(.readOnly(readTime: nil)))

        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeBatchGetRequest(
                parse(#"{"documents": [], "transaction": "AQ==", "readTime": "1970-01-01T00:00:00Z"}"#), database: nil)
        }
        #expect(error.path == "$")
        #expect(error.reason.contains("only one of"))
    }

    @Test func decodeBatchGetResponse_readsTransactionFoundAndMissingElements() throws {
        let json = try parse(
            """
            [{"transaction": "EQMAAAAAAAAA"},
             {"found": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"a": {"integerValue": "1"}},
                        "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"},
              "readTime": "2026-11-22T01:30:22.441976Z"},
             {"missing": "projects/p/databases/(default)/documents/C/x", "readTime": "2026-11-22T01:30:22.441976Z"}]
            """)

        let elements = try RESTReadCodec.decodeBatchGetResponse(json, database: try database())

        #expect(elements.count == 3)
        #expect(
            elements[0]
                == RESTBatchGetResponseElement(
                    read: nil, transaction: TransactionID(bytes: [0x11, 3, 0, 0, 0, 0, 0, 0, 0]), readTime: nil))
        #expect(elements[1].read?.document?.fields == ["a": 1])
        #expect(elements[2].read == .missing(try DocumentPath("C/x")))
        #expect(elements[2].readTime == (try Timestamp(rfc3339: "2026-11-22T01:30:22.441976Z")))
        #expect(
            try RESTReadCodec.decodeBatchGetResponse(
                RESTReadCodec.encodeBatchGetResponse(elements, database: try database()), database: try database())
                == elements)
    }

    @Test func decodeBatchGetResponse_elementWithNothing_throws() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeBatchGetResponse(parse(#"[{"readTime": "1970-01-01T00:00:00Z"}]"#), database: nil)
        }
        #expect(error.path == "$[0]")
    }

    // MARK: - RunQuery

    @Test func runQueryRequest_writesExactJSONAndRoundTrips() throws {
        let request = RESTRunQueryRequest(
            query: StructuredQuery(from: CollectionSelector(collectionID: "C"), limit: 1),
            consistency: .transaction(TransactionID(bytes: [0xFF, 0xEE]))
        )

        let json = RESTReadCodec.encodeRunQueryRequest(request, database: try database())

        #expect(
            json
                == (try parse(
                    #"{"structuredQuery": {"from": [{"collectionId": "C"}], "limit": 1}, "transaction": "/+4="}"#)))
        #expect(try RESTReadCodec.decodeRunQueryRequest(json) == request)
    }

    @Test func decodeRunQueryResponse_toleratesElementsWithoutDocument() throws {
        let json = try parse(
            """
            [{"transaction": "EQQAAAAAAAAA"},
             {"document": {"name": "projects/p/databases/(default)/documents/C/d",
                           "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"},
              "readTime": "2026-11-22T01:30:22.806982Z", "skippedResults": 2},
             {"readTime": "2026-11-22T01:30:22.806982Z", "done": true}]
            """)

        let elements = try RESTReadCodec.decodeRunQueryResponse(json, database: try database())

        #expect(elements.map(\.document?.path) == [nil, try DocumentPath("C/d"), nil])
        #expect(elements[0].transaction == TransactionID(bytes: [0x11, 4, 0, 0, 0, 0, 0, 0, 0]))
        #expect(elements[0].response == nil)
        #expect(elements[1].response?.skippedResults == 2)
        #expect(elements[2].done)
        #expect(
            elements[2].response
                == RunQueryResponse(document: nil, readTime: try Timestamp(rfc3339: "2026-11-22T01:30:22.806982Z")))
        #expect(
            try RESTReadCodec.decodeRunQueryResponse(
                RESTReadCodec.encodeRunQueryResponse(elements, database: try database()), database: try database())
                == elements)
    }

    @Test func decodeRunQueryResponse_acceptsASingleObject() throws {
        let elements = try RESTReadCodec.decodeRunQueryResponse(
            parse(#"{"readTime": "1970-01-01T00:00:01Z"}"#), database: nil)
        #expect(elements.count == 1)
    }

    @Test func decodeRunQueryResponse_malformedDocument_throwsNamingThePath() throws {
        let json = try parse(
            """
            [{"readTime": "1970-01-01T00:00:01Z"},
             {"document": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"age": {"integerValue": "1x"}},
                           "createTime": "1970-01-01T00:00:01Z", "updateTime": "1970-01-01T00:00:01Z"}}]
            """)
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(json, database: nil)
        }
        #expect(error.path == "$[1].document.fields.age.integerValue")

        let bytesError = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(bytes: JSONWriter.serialize(json), database: nil)
        }
        #expect(bytesError.path == "$[1].document.fields.age.integerValue")
    }

    @Test func decodeRunQueryResponse_errorElement_throwsWithTheServersError() throws {
        let json = try parse(
            """
            [{"readTime": "1970-01-01T00:00:01Z"}, {"error": {"code": 409, "message": "contention", "status": "ABORTED"}}]
            """)

        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(json, database: nil)
        }
        let bytesError = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(bytes: JSONWriter.serialize(json), database: nil)
        }

        #expect(error.path == "$[1]")
        #expect(error.underlying?.code == .aborted)
        #expect(bytesError.path == "$[1]")
        #expect(bytesError.underlying?.code == .aborted)
    }

    @Test func byteEntryPoints_decodeBodiesAndReportNonJSONAtTheRoot() throws {
        let body = Array(
            #"[{"missing": "projects/p/databases/(default)/documents/C/x", "readTime": "1970-01-01T00:00:01Z"}]"#.utf8)
        let elements = try RESTReadCodec.decodeBatchGetResponse(bytes: body, database: try database())
        #expect(elements.first?.read == .missing(try DocumentPath("C/x")))

        let list = try RESTReadCodec.decodeListDocumentsResponse(
            bytes: Array(#"{"nextPageToken": "n"}"#.utf8), database: nil)
        #expect(list.nextPageToken == "n")

        let error = try #require(throws: RESTDecodingError.self) {
            try RESTReadCodec.decodeRunQueryResponse(bytes: Array("<html>502 Bad Gateway</html>".utf8), database: nil)
        }
        #expect(error.path == "$")
        #expect(error.reason.contains("invalid JSON at byte 0"))
    }

    // MARK: - RunAggregationQuery

    @Test func runAggregationQuery_requestAndResponseRoundTrip() throws {
        let request = RESTRunAggregationQueryRequest(
            query: StructuredQuery(from: CollectionSelector(collectionID: "C")),
            aggregations: [Aggregation(alias: "n", .count(upTo: 10))],
            consistency: .readTime(try Timestamp(seconds: 1))
        )
        let json = RESTReadCodec.encodeRunAggregationQueryRequest(request, database: try database())
        #expect(
            json
                == (try parse(
                    """
                    {"structuredAggregationQuery": {"structuredQuery": {"from": [{"collectionId": "C"}]},
                                                    "aggregations": [{"alias": "n", "count": {"upTo": "10"}}]},
                     "readTime": "1970-01-01T00:00:01Z"}
                    """)))
        #expect(try RESTReadCodec.decodeRunAggregationQueryRequest(json) == request)

        let answer = try parse(
            """
            [{"result": {"aggregateFields": {"field_1": {"integerValue": "1"}, "s": {"integerValue": "1"}, "field_2": {"doubleValue": 1.0}}},
              "readTime": "2026-11-22T01:30:23.354138Z", "done": true}]
            """)
        let elements = try RESTReadCodec.decodeRunAggregationQueryResponse(answer)
        #expect(elements.count == 1)
        #expect(elements[0].response?.values == ["field_1": 1, "s": 1, "field_2": .double(1)])
        #expect(
            try RESTReadCodec.decodeRunAggregationQueryResponse(
                RESTReadCodec.encodeRunAggregationQueryResponse(elements)) == elements)
    }

    // MARK: - ListDocuments and ListCollectionIds

    @Test func listDocumentsResponse_roundTripsWithMissingDocumentsAndToken() throws {
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
        let json = RESTReadCodec.encodeListDocumentsResponse(response, database: db)
        #expect(try RESTReadCodec.decodeListDocumentsResponse(json, database: db) == response)
        #expect(
            try RESTReadCodec.decodeListDocumentsResponse(parse("{}"), database: db)
                == ListDocumentsResponse(documents: [], nextPageToken: nil))
    }

    @Test func listCollectionIDs_requestAndResponseRoundTrip() throws {
        let parent = try DocumentPath("C/d")
        let request = ListCollectionIDsRequest(
            parent: parent, pageSize: 10, pageToken: "t", consistency: .readTime(try Timestamp(seconds: 3)))
        let json = try RESTReadCodec.encodeListCollectionIDsRequest(request)
        #expect(json == (try parse(#"{"pageSize": 10, "pageToken": "t", "readTime": "1970-01-01T00:00:03Z"}"#)))
        #expect(try RESTReadCodec.decodeListCollectionIDsRequest(json, parent: parent) == request)

        let response = ListCollectionIDsResponse(collectionIDs: ["a", "b"], nextPageToken: nil)
        let encoded = RESTReadCodec.encodeListCollectionIDsResponse(response)
        #expect(encoded == (try parse(#"{"collectionIds": ["a", "b"]}"#)))
        #expect(try RESTReadCodec.decodeListCollectionIDsResponse(encoded) == response)
    }

    @Test func encodeListCollectionIDsRequest_insideATransaction_throwsInvalidArgument() {
        let request = ListCollectionIDsRequest(consistency: .transaction(TransactionID(bytes: [1])))
        #expect(throws: DocumentStoreError.self) { try RESTReadCodec.encodeListCollectionIDsRequest(request) }
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "p")
}

private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}
