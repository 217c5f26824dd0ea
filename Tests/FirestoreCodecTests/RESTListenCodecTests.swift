import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite struct RESTListenCodecTests {
    @Test func targetChange_readsTypeIDsTokenReadTimeAndCause() throws {
        let json = try parse(
            """
            {"targetChange": {"targetChangeType": "REMOVE", "targetIds": [1, 2], "cause": {"code": 7, "message": "denied"},
             "resumeToken": "AQI=", "readTime": "1970-01-01T00:00:02Z"}}
            """)

        let response = try RESTListenCodec.decodeListenResponse(json, database: try database())

        let expected = RESTTargetChange(
            kind: .remove, targetIDs: [1, 2], cause: RESTStatus(code: 7, message: "denied"), resumeToken: [1, 2],
            readTime: try Timestamp(seconds: 2)
        )
        #expect(response == .targetChange(expected))
        #expect(RESTListenCodec.encodeListenResponse(response, database: try database()) == json)
    }

    @Test func targetChange_withoutType_isNoChange_andNumbersAreAccepted() throws {
        let omitted = try RESTListenCodec.decodeListenResponse(
            try parse(#"{"targetChange": {"readTime": "1970-01-01T00:00:01Z"}}"#), database: nil)
        let numbered = try RESTListenCodec.decodeListenResponse(
            try parse(#"{"target_change": {"target_change_type": 3}}"#), database: nil)

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
            let json = RESTListenCodec.encodeListenResponse(response, database: db)
            #expect(try RESTListenCodec.decodeListenResponse(json, database: db) == response)
        }
    }

    @Test func twoKinds_orNone_orAForeignDatabase_areRejected() throws {
        let twoKinds = try parse(#"{"filter": {"count": 1}, "targetChange": {}}"#)
        let none = try parse("{}")
        let foreign = try parse(
            #"{"documentDelete": {"document": "projects/other/databases/(default)/documents/C/d"}}"#)

        #expect(throws: RESTDecodingError.self) { try RESTListenCodec.decodeListenResponse(twoKinds, database: nil) }
        #expect(throws: RESTDecodingError.self) { try RESTListenCodec.decodeListenResponse(none, database: nil) }
        #expect(throws: RESTDecodingError.self) {
            try RESTListenCodec.decodeListenResponse(foreign, database: try database())
        }
    }

    @Test func addTarget_forAQueryAndForADocument() throws {
        let db = try database()
        let query = StructuredQuery(from: CollectionSelector(collectionID: "C"))

        let queryJSON = RESTListenCodec.encodeAddTarget(
            .query(parent: nil, query: query), targetID: 1, resumeToken: [9], database: db)
        let documentJSON = RESTListenCodec.encodeAddTarget(
            .document(try DocumentPath("C/d")), targetID: 2, readTime: try Timestamp(seconds: 5), database: db)

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

private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}
