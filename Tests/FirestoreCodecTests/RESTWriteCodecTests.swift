import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite struct RESTWriteCodecTests {
    // MARK: - Commit request encoding

    @Test func encodeCommitRequest_updateWithoutMask_writesDocumentAndNoMask() throws {
        let write = Write.update(try DocumentPath("C/d"), fields: ["a": 1], precondition: .exists(false))

        let json = RESTWriteCodec.encodeCommitRequest(database: try database(), writes: [write], transaction: nil)

        #expect(
            json
                == (try parse(
                    """
                    {"database": "projects/projectID/databases/(default)",
                     "writes": [{"update": {"name": "projects/projectID/databases/(default)/documents/C/d",
                                            "fields": {"a": {"integerValue": "1"}}},
                                 "currentDocument": {"exists": false}}]}
                    """)))
    }

    @Test func encodeCommitRequestBytes_isTheCompactTextOfTheJSON() throws {
        let db = try database()
        let writes = [Write.update(try DocumentPath("C/d"), fields: ["a": 1])]

        let bytes = RESTWriteCodec.encodeCommitRequestBytes(database: db, writes: writes, transaction: nil)

        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"database":"projects/projectID/databases/(default)","writes":[{"update":{"name":"projects/projectID/databases/(default)/documents/C/d","fields":{"a":{"integerValue":"1"}}}}]}"#
        )
        #expect(try RESTWriteCodec.decodeCommitRequest(JSONParser.parse(bytes), database: db).writes == writes)
    }

    @Test func encodeCommitRequest_withTransaction_writesItInBase64() throws {
        let json = RESTWriteCodec.encodeCommitRequest(
            database: try database(),
            writes: [],
            transaction: TransactionID(bytes: [0x11, 0x03, 0, 0, 0, 0, 0, 0, 0])
        )
        #expect(
            json
                == (try parse(
                    #"{"database": "projects/projectID/databases/(default)", "writes": [], "transaction": "EQMAAAAAAAAA"}"#
                )))
    }

    @Test func encodeWrite_emptyMask_writesEmptyFieldPathsAndEmptyFields() throws {
        let write = Write.update(
            try DocumentPath("C/d"),
            fields: MapValue(),
            mask: [],
            transforms: [FieldTransform(fieldPath: try FieldPath("a"), operation: .serverTimestamp)],
            precondition: .exists(true)
        )

        #expect(
            RESTWriteCodec.encode(write, database: try database())
                == (try parse(
                    """
                    {"update": {"name": "projects/projectID/databases/(default)/documents/C/d", "fields": {}},
                     "updateMask": {"fieldPaths": []},
                     "currentDocument": {"exists": true},
                     "updateTransforms": [{"fieldPath": "a", "setToServerValue": "REQUEST_TIME"}]}
                    """)))
    }

    @Test func encodeWrite_emptyFieldsWithNonEmptyMask_omitsFields() throws {
        let write = Write.update(try DocumentPath("C/d"), fields: MapValue(), mask: [try FieldPath("b", "c")])

        #expect(
            RESTWriteCodec.encode(write, database: try database())
                == (try parse(
                    """
                    {"update": {"name": "projects/projectID/databases/(default)/documents/C/d"},
                     "updateMask": {"fieldPaths": ["b.c"]}}
                    """)))
    }

    @Test func encodeWrite_maskUsesCanonicalFieldPaths() throws {
        let write = Write.update(
            try DocumentPath("C/d"),
            fields: ["a.b": ["`c`": 1]],
            mask: [try FieldPath("a.b", "`c`"), try FieldPath("x_1")]
        )

        let json = RESTWriteCodec.encode(write, database: try database())

        #expect(
            json
                == (try parse(
                    #"""
                    {"update": {"name": "projects/projectID/databases/(default)/documents/C/d",
                                "fields": {"a.b": {"mapValue": {"fields": {"`c`": {"integerValue": "1"}}}}}},
                     "updateMask": {"fieldPaths": ["`a.b`.`\\`c\\``", "x_1"]}}
                    """#)))
    }

    @Test func encodeWrite_deleteWithUpdateTimePrecondition() throws {
        let write = Write.delete(try DocumentPath("C/d"), precondition: .updateTime(try Timestamp(seconds: 42)))

        #expect(
            RESTWriteCodec.encode(write, database: try database())
                == (try parse(
                    """
                    {"delete": "projects/projectID/databases/(default)/documents/C/d",
                     "currentDocument": {"updateTime": "1970-01-01T00:00:42Z"}}
                    """)))
    }

    @Test func encodeWrite_transformOnlyWrite_usesDocumentTransform() throws {
        let write = Write(
            path: try DocumentPath("C/d"),
            operation: .transform,
            transforms: [FieldTransform(fieldPath: try FieldPath("n"), operation: .increment(1))]
        )

        #expect(
            RESTWriteCodec.encode(write, database: try database())
                == (try parse(
                    """
                    {"transform": {"document": "projects/projectID/databases/(default)/documents/C/d",
                                   "fieldTransforms": [{"fieldPath": "n", "increment": {"integerValue": "1"}}]}}
                    """)))
    }

    @Test func encodeFieldTransform_everyKind() throws {
        let path = try FieldPath("a", "b")
        let cases: [(FieldTransform.Operation, String)] = [
            (.serverTimestamp, #"{"fieldPath": "a.b", "setToServerValue": "REQUEST_TIME"}"#),
            (.increment(.double(1.5)), #"{"fieldPath": "a.b", "increment": {"doubleValue": 1.5}}"#),
            (.maximum(3), #"{"fieldPath": "a.b", "maximum": {"integerValue": "3"}}"#),
            (.minimum(-3), #"{"fieldPath": "a.b", "minimum": {"integerValue": "-3"}}"#),
            (
                .appendMissingElements([1, "x"]),
                #"{"fieldPath": "a.b", "appendMissingElements": {"values": [{"integerValue": "1"}, {"stringValue": "x"}]}}"#
            ),
            (
                .removeAllFromArray([.null]),
                #"{"fieldPath": "a.b", "removeAllFromArray": {"values": [{"nullValue": null}]}}"#
            ),
        ]
        for (operation, expected) in cases {
            let transform = FieldTransform(fieldPath: path, operation: operation)
            #expect(RESTWriteCodec.encodeFieldTransform(transform) == (try parse(expected)))
            #expect(try RESTWriteCodec.decodeFieldTransform(parse(expected)) == transform)
        }
    }

    // MARK: - Round trips

    @Test func commitRequest_roundTripsEveryWriteShape() throws {
        let db = try database()
        let writes: [Write] = [
            .update(try DocumentPath("C/d"), fields: ["a": 1, "m": ["x": .array([])]]),
            .update(try DocumentPath("C/d/sub/e"), fields: MapValue(), mask: []),
            .update(
                try DocumentPath("C/e"), fields: MapValue(), mask: [try FieldPath("gone")], precondition: .exists(true)),
            .update(
                try DocumentPath("C/f"),
                fields: ["a": "b"],
                mask: [try FieldPath("a")],
                transforms: [
                    FieldTransform(fieldPath: try FieldPath("t"), operation: .serverTimestamp),
                    FieldTransform(fieldPath: try FieldPath("arr"), operation: .appendMissingElements([])),
                ],
                precondition: .updateTime(try Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000))
            ),
            .delete(try DocumentPath("C/g")),
            .delete(try DocumentPath("C/h"), precondition: .exists(true)),
            Write(
                path: try DocumentPath("C/i"), operation: .transform,
                transforms: [
                    FieldTransform(fieldPath: try FieldPath("n"), operation: .maximum(.double(.nan)))
                ], precondition: .exists(true)),
        ]
        let transaction = TransactionID(bytes: [1, 2, 3, 250])

        let json = RESTWriteCodec.encodeCommitRequest(database: db, writes: writes, transaction: transaction)
        let decoded = try RESTWriteCodec.decodeCommitRequest(json, database: db)

        #expect(decoded == RESTCommitRequest(database: db, writes: writes, transaction: transaction))
    }

    @Test func commitResponse_roundTripsAndOmitsDeleteUpdateTime() throws {
        let response = CommitResponse(
            writeResults: [
                WriteResult(
                    updateTime: try Timestamp(seconds: 10, nanoseconds: 1_000),
                    transformResults: [.timestamp(try Timestamp(seconds: 9)), .null]),
                WriteResult(updateTime: nil),
            ],
            commitTime: try Timestamp(seconds: 10, nanoseconds: 1_000)
        )

        let json = RESTWriteCodec.encodeCommitResponse(response)

        #expect(
            json
                == (try parse(
                    """
                    {"writeResults": [{"updateTime": "1970-01-01T00:00:10.000001Z",
                                       "transformResults": [{"timestampValue": "1970-01-01T00:00:09Z"}, {"nullValue": null}]},
                                      {}],
                     "commitTime": "1970-01-01T00:00:10.000001Z"}
                    """)))
        #expect(try RESTWriteCodec.decodeCommitResponse(json) == response)
    }

    @Test func decodeCommitResponse_readsTheEmulatorsAnswer() throws {
        let json = try parse(
            """
            {"writeResults": [{"updateTime": "2026-11-22T01:30:28.531745Z",
                               "transformResults": [{"timestampValue": "2026-11-22T01:30:28.494Z"}, {"integerValue": "3"}, {"nullValue": null}]},
                              {}],
             "commitTime": "2026-11-22T01:30:28.531745Z"}
            """)

        let response = try RESTWriteCodec.decodeCommitResponse(json)

        #expect(response.writeResults.count == 2)
        #expect(
            response.writeResults[0].transformResults == [
                .timestamp(try Timestamp(rfc3339: "2026-11-22T01:30:28.494Z")), 3, .null,
            ])
        #expect(response.writeResults[1].updateTime == nil)
        #expect(response.commitTime == (try Timestamp(rfc3339: "2026-11-22T01:30:28.531745Z")))
    }

    // MARK: - Batch write

    @Test func batchWrite_requestAndResponseRoundTrip() throws {
        let db = try database()
        let writes: [Write] = [.delete(try DocumentPath("C/a")), .update(try DocumentPath("C/b"), fields: ["x": true])]

        let request = RESTWriteCodec.encodeBatchWriteRequest(
            database: db, writes: writes, labels: ["b": "2", "a": "1"])

        #expect(JSONWriter.string(request).contains(#""labels":{"a":"1","b":"2"}"#))
        #expect(
            try RESTWriteCodec.decodeBatchWriteRequest(request, database: db)
                == RESTBatchWriteRequest(database: db, writes: writes, labels: ["a": "1", "b": "2"]))

        let response = RESTBatchWriteResponse(
            writeResults: [WriteResult(updateTime: nil), WriteResult(updateTime: try Timestamp(seconds: 5))],
            statuses: [RESTStatus(code: 5, message: "no entity to update"), RESTStatus()]
        )
        let encoded = RESTWriteCodec.encodeBatchWriteResponse(response)
        #expect(
            encoded
                == (try parse(
                    """
                    {"writeResults": [{}, {"updateTime": "1970-01-01T00:00:05Z"}],
                     "status": [{"code": 5, "message": "no entity to update"}, {}]}
                    """)))
        let decoded = try RESTWriteCodec.decodeBatchWriteResponse(encoded)
        #expect(decoded == response)
        #expect(decoded.statuses[0].error?.code == .notFound)
        #expect(decoded.statuses[1].isOK && decoded.statuses[1].error == nil)
    }

    // MARK: - Malformed input

    static let malformedCommitRequests: [(String, String, String)] = [
        (
            #"{"writes": [{"update": {"name": "projects/p/databases/(default)/documents/C/d"}, "delete": "projects/p/databases/(default)/documents/C/d"}]}"#,
            "$.writes[0]", "only one of"
        ),
        (#"{"writes": [{}]}"#, "$.writes[0]", "must set one of"),
        (#"{"writes": [{"update": {"fields": {}}}]}"#, "$.writes[0].update", "missing required member \"name\""),
        (
            #"{"writes": [{"update": {"name": "projects/p/databases/(default)/documents/C"}}]}"#,
            "$.writes[0].update.name", "invalid document name"
        ),
        (
            #"{"writes": [{"update": {"name": "projects/q/databases/(default)/documents/C/d"}}]}"#,
            "$.writes[0].update.name", "not in the database"
        ),
        (
            #"{"writes": [{"update": {"name": "projects/p/databases/(default)/documents/C/d", "fields": {"a": {"integerValue": "x"}}}}]}"#,
            "$.writes[0].update.fields.a.integerValue", "decimal string"
        ),
        (
            #"{"writes": [{"update": {"name": "projects/p/databases/(default)/documents/C/d"}, "updateMask": {"fieldPaths": ["a..b"]}}]}"#,
            "$.writes[0].updateMask.fieldPaths[0]", "invalid field path"
        ),
        (
            #"{"writes": [{"delete": "projects/p/databases/(default)/documents/C/d", "updateMask": {"fieldPaths": []}}]}"#,
            "$.writes[0]", "only allowed with \"update\""
        ),
        (
            #"{"writes": [{"delete": "projects/p/databases/(default)/documents/C/d", "currentDocument": {"exists": true, "updateTime": "1970-01-01T00:00:00Z"}}]}"#,
            "$.writes[0].currentDocument", "only one of"
        ),
        (
            #"{"writes": [{"delete": "projects/p/databases/(default)/documents/C/d", "currentDocument": {"exists": "yes"}}]}"#,
            "$.writes[0].currentDocument.exists", "a boolean"
        ),
        (
            #"{"writes": [{"delete": "projects/p/databases/(default)/documents/C/d", "updateTransforms": [{"fieldPath": "a", "setToServerValue": "NOW"}]}]}"#,
            "$.writes[0].updateTransforms[0].setToServerValue", "REQUEST_TIME"
        ),
        (
            #"{"writes": [{"delete": "projects/p/databases/(default)/documents/C/d", "updateTransforms": [{"fieldPath": "a", "increment": {"integerValue": "1"}, "maximum": {"integerValue": "1"}}]}]}"#,
            "$.writes[0].updateTransforms[0]", "only one of"
        ),
        (
            #"{"writes": [{"delete": "projects/p/databases/(default)/documents/C/d", "updateTransforms": [{"increment": {"integerValue": "1"}}]}]}"#,
            "$.writes[0].updateTransforms[0]", "missing required member \"fieldPath\""
        ),
        (#"{"writes": {}}"#, "$.writes", "an array"),
        (#"{"writes": [], "transaction": "***"}"#, "$.transaction", "base64"),
        (#"{"writes": [], "transaction": ""}"#, "$.transaction", "must not be empty"),
        (#"{"database": "projects/q/databases/(default)", "writes": []}"#, "$.database", "is not projects/p"),
        (#"{"database": "projects/p", "writes": []}"#, "$.database", "expected a database name"),
        (#"[]"#, "$", "CommitRequest object"),
    ]

    @Test(arguments: malformedCommitRequests)
    func decodeCommitRequest_malformed_throwsNamingThePath(text: String, path: String, reasonFragment: String) throws {
        let db = try DatabaseID(projectID: "p")
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTWriteCodec.decodeCommitRequest(parse(text), database: db)
        }
        #expect(error.path == path)
        #expect(error.reason.contains(reasonFragment), "reason: \(error.reason)")
    }

    @Test func decodeCommitRequest_ignoresUnknownEnvelopeMembersAndAcceptsSnakeCase() throws {
        let json = try parse(
            """
            {"writes": [{"update": {"name": "projects/p/databases/(default)/documents/C/d", "futureField": 1},
                         "update_mask": {"field_paths": ["a"]}, "current_document": {"exists": true}}],
             "requestOptions": {"requestTag": "x"}}
            """)

        let request = try RESTWriteCodec.decodeCommitRequest(json, database: nil)

        #expect(
            request.writes == [
                .update(
                    try DocumentPath("C/d"), fields: MapValue(), mask: [try FieldPath("a")], precondition: .exists(true)
                )
            ])
    }

    @Test func decodeFieldTransform_acceptsTheServerValueEnumNumber() throws {
        let transform = try RESTWriteCodec.decodeFieldTransform(parse(#"{"fieldPath": "t", "setToServerValue": 1}"#))
        #expect(transform == FieldTransform(fieldPath: try FieldPath("t"), operation: .serverTimestamp))
        #expect(throws: RESTDecodingError.self) {
            try RESTWriteCodec.decodeFieldTransform(parse(#"{"fieldPath": "t", "setToServerValue": 0}"#))
        }
    }

    @Test func decodeCommitResponse_missingCommitTime_throws() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try RESTWriteCodec.decodeCommitResponse(parse(#"{"writeResults": []}"#))
        }
        #expect(error.path == "$")
        #expect(error.reason.contains("commitTime"))
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "projectID")
}

private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}
