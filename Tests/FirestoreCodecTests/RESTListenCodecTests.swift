import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// The listen stream as the client reads it (the library) and as the server writes it (the test server).
@Suite struct RESTListenCodecTests {
    @Test func targetChange_readsTypeIDsTokenReadTimeAndCause() throws {
        let text = """
            {"targetChange": {"targetChangeType": "REMOVE", "targetIds": [1, 2], "cause": {"code": 7, "message": "denied"},
             "resumeToken": "AQI=", "readTime": "1970-01-01T00:00:02Z"}}
            """

        let response = try decode(text, database: try database())

        let expected = RESTTargetChange(
            kind: .remove, targetIDs: [1, 2], cause: RESTStatus(code: 7, message: "denied"), resumeToken: [1, 2],
            readTime: try Timestamp(seconds: 2)
        )
        #expect(response == .targetChange(expected))
        #expect(TreeListenCodec.encodeListenResponse(response, database: try database()) == (try parse(text)))
    }

    @Test func targetChange_withoutType_isNoChange_andNumbersAreAccepted() throws {
        let omitted = try decode(#"{"targetChange": {"readTime": "1970-01-01T00:00:01Z"}}"#, database: nil)
        let numbered = try decode(#"{"target_change": {"target_change_type": 3}}"#, database: nil)

        #expect(omitted == .targetChange(RESTTargetChange(readTime: try Timestamp(seconds: 1))))
        #expect(numbered == .targetChange(RESTTargetChange(kind: .current)))
    }

    @Test func documentMessages_roundTrip() throws {
        let db = try database()
        let document = Document(
            path: try DocumentPath("C/d"), fields: ["a": 1], createTime: try Timestamp(seconds: 1),
            updateTime: try Timestamp(seconds: 2))
        let responses: [RESTListenResponse] = [
            .documentChange(document, targetIDs: [1], removedTargetIDs: [3]),
            .documentDelete(try DocumentPath("C/d"), removedTargetIDs: [1], readTime: try Timestamp(seconds: 3)),
            .documentRemove(try DocumentPath("C/e"), removedTargetIDs: [], readTime: nil),
            .filter(targetID: 1, count: 2),
        ]

        for response in responses {
            let json = TreeListenCodec.encodeListenResponse(response, database: db)
            #expect(try decode(JSONWriter.string(json), database: db) == response)
        }
    }

    @Test func twoKinds_orNone_orAForeignDatabase_areRejected() throws {
        let twoKinds = try #require(throws: RESTDecodingError.self) {
            try decode(#"{"filter": {"count": 1}, "targetChange": {}}"#, database: nil)
        }
        let none = try #require(throws: RESTDecodingError.self) { try decode("{}", database: nil) }
        let foreign = try #require(throws: RESTDecodingError.self) {
            try decode(
                #"{"documentDelete": {"document": "projects/other/databases/(default)/documents/C/d"}}"#,
                database: try database())
        }

        #expect(twoKinds.reason.contains("only one of"))
        #expect(none.reason.contains("must set one of"))
        #expect(foreign.path == "$.documentDelete.document")
    }

    @Test func addTarget_forAQueryAndForADocument() throws {
        let db = try database()
        let query = StructuredQuery(from: CollectionSelector(collectionID: "C"))

        let queryJSON = tree(
            agreeing(
                RESTListenCodec.encodeAddTarget(
                    .query(parent: nil, query: query), targetID: 1, resumeToken: [9], database: db),
                TreeListenCodec.encodeAddTarget(
                    .query(parent: nil, query: query), targetID: 1, resumeToken: [9], database: db)
            ))
        let documentJSON = tree(
            agreeing(
                RESTListenCodec.encodeAddTarget(
                    .document(try DocumentPath("C/d")), targetID: 2, readTime: try Timestamp(seconds: 5), database: db),
                TreeListenCodec.encodeAddTarget(
                    .document(try DocumentPath("C/d")), targetID: 2, readTime: try Timestamp(seconds: 5), database: db)
            ))

        #expect(
            queryJSON
                == (try parse(
                    """
                    {"database": "projects/p/databases/(default)", "addTarget": {"query": {"parent": "projects/p/databases/(default)/documents",
                     "structuredQuery": {"from": [{"collectionId": "C"}]}}, "targetId": 1, "resumeToken": "CQ=="}}
                    """)))
        #expect(
            documentJSON
                == (try parse(
                    """
                    {"database": "projects/p/databases/(default)", "addTarget": {"documents": {"documents": ["projects/p/databases/(default)/documents/C/d"]},
                     "targetId": 2, "readTime": "1970-01-01T00:00:05Z"}}
                    """)))
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "p")
}

private func decode(
    _ text: String, database: DatabaseID?, sourceLocation: SourceLocation = #_sourceLocation
) throws(RESTDecodingError) -> RESTListenResponse {
    try agreeing(
        text,
        { (bytes) throws(RESTDecodingError) in
            try RESTListenCodec.decodeListenResponse(bytes: bytes, database: database)
        },
        { (json) throws(RESTDecodingError) in try TreeListenCodec.decodeListenResponse(json, database: database) },
        sourceLocation: sourceLocation
    )
}
