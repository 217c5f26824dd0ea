import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import HearthFirestoreTestServer
import Testing

/// The library's document codec, each decoding and encoding checked against the reference (the test
/// server's tree codec) on the way.
@Suite struct RESTDocumentCodecTests {
    @Test func encode_writesNameFieldsAndTimes() throws {
        let document = try anyDocument(fields: ["age": 42, "name": "Ada"])

        #expect(
            try encode(document)
                == (try parse(
                    """
                    {"name": "projects/p/databases/(default)/documents/users/ada",
                     "fields": {"age": {"integerValue": "42"}, "name": {"stringValue": "Ada"}},
                     "createTime": "2024-05-01T12:00:00Z",
                     "updateTime": "2024-05-01T12:00:00.123456Z"}
                    """)))
    }

    @Test func encode_emptyFieldsAreOmitted() throws {
        guard case .object(let object) = try encode(try anyDocument(fields: MapValue())) else {
            Issue.record("not an object"); return
        }
        #expect(object["fields"] == nil)
    }

    @Test func decode_roundTripsAndReadsAbsentFieldsAsEmpty() throws {
        for fields: MapValue in [["a": ["b": [1, 2.5]]], MapValue()] {
            let document = try anyDocument(fields: fields)
            let text = String(decoding: RESTDocumentCodec.encode(document, database: try database()), as: UTF8.self)
            #expect(try decode(text, database: try database()) == document)
        }
    }

    @Test func decode_readsTheEmulatorsEmptyContainers() throws {
        let document = try decode(
            """
            {"name": "projects/p/databases/(default)/documents/C/d",
             "fields": {"e": {"arrayValue": {}}, "m": {"mapValue": {}}, "g": {"geoPointValue": {}}, "n": {"nullValue": null}},
             "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"}
            """, database: try database())

        #expect(
            document.fields == [
                "e": .array([]), "m": .map(MapValue()), "g": .geoPoint(try GeoPoint(latitude: 0, longitude: 0)),
                "n": .null,
            ])
    }

    @Test func decode_nameInAnotherDatabase_throwsUnlessAnyDatabaseIsAccepted() throws {
        let text = String(
            decoding: RESTDocumentCodec.encode(
                try anyDocument(fields: ["a": 1]), database: try DatabaseID(projectID: "other")), as: UTF8.self)

        let error = try #require(throws: RESTDecodingError.self) { try decode(text, database: try database()) }
        #expect(error.path == "$.name")
        #expect(try decode(text, database: nil).path == (try DocumentPath("users/ada")))
    }

    @Test func decode_missingTimes_throwsNamingTheMember() throws {
        let error = try #require(throws: RESTDecodingError.self) {
            try decode(
                #"{"name": "projects/p/databases/(default)/documents/C/d", "updateTime": "2024-05-01T12:00:00Z"}"#,
                database: nil)
        }
        #expect(error.path == "$")
        #expect(error.reason.contains("createTime"))
    }

    @Test func decode_snakeCaseEscapedAndUnknownMembers_areReadAsProtobufReadsThem() throws {
        let document = try decode(
            #"""
            {"n\u0061me": "projects/p/databases/(default)/documents/C/d", "create_time": "1970-01-01T00:00:01Z",
             "update_time": "1970-01-01T00:00:02Z", "future": {"x": [1, {"y": null}]}, "fields": null}
            """#, database: nil)
        #expect(document.fields.isEmpty)
        #expect(document.updateTime == (try Timestamp(seconds: 2, nanoseconds: 0)))

        let twice = try #require(throws: RESTDecodingError.self) {
            try decode(#"{"createTime": "1970-01-01T00:00:01Z", "create_time": "1970-01-01T00:00:01Z"}"#, database: nil)
        }
        #expect(twice.reason.contains("appears twice"))
    }

    @Test func bytes_roundTripThroughCompactText() throws {
        let document = try anyDocument(fields: ["s": "héllo", "n": .double(-0.0)])
        let bytes = RESTDocumentCodec.encode(document, database: try database())
        #expect(try RESTDocumentCodec.decode(bytes: bytes, database: try database()) == document)
        let truncated = try #require(throws: RESTDecodingError.self) {
            try RESTDocumentCodec.decode(bytes: bytes.dropLast(), database: nil)
        }
        #expect(truncated.path == "$")
        #expect(truncated.reason.contains("invalid JSON at byte"))
    }

    @Test func listed_nameOnlyIsMissing_andFoundDocumentsAreFound() throws {
        let page = try RESTReadCodec.decodeListDocumentsResponse(
            bytes: Array(#"{"documents": [{"name": "projects/p/databases/(default)/documents/C/d"}]}"#.utf8),
            database: try database()
        )
        #expect(page.documents == [.missing(try DocumentPath("C/d"))])
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "p")
}

private func encode(_ document: Document) throws -> JSON {
    let db = try database()
    return tree(
        agreeing(RESTDocumentCodec.encode(document, database: db), TreeDocumentCodec.encode(document, database: db)))
}

private func decode(
    _ text: String, database: DatabaseID?, sourceLocation: SourceLocation = #_sourceLocation
) throws(RESTDecodingError) -> Document {
    try agreeing(
        text,
        { (bytes) throws(RESTDecodingError) in try RESTDocumentCodec.decode(bytes: bytes, database: database) },
        { (json) throws(RESTDecodingError) in try TreeDocumentCodec.decode(json, database: database) },
        sourceLocation: sourceLocation
    )
}

private func anyDocument(fields: MapValue) throws -> Document {
    Document(
        path: try DocumentPath("users/ada"),
        fields: fields,
        createTime: try Timestamp(rfc3339: "2024-05-01T12:00:00Z"),
        updateTime: try Timestamp(rfc3339: "2024-05-01T12:00:00.123456Z")
    )
}
