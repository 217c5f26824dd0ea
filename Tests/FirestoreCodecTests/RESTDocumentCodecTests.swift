import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Testing

@Suite struct RESTDocumentCodecTests {
    @Test func encode_writesNameFieldsAndTimes() throws {
        let document = try anyDocument(fields: ["age": 42, "name": "Ada"])

        #expect(
            RESTDocumentCodec.encode(document, database: try database())
                == (try parse(
                    """
                    {"name": "projects/p/databases/(default)/documents/users/ada",
                     "fields": {"age": {"integerValue": "42"}, "name": {"stringValue": "Ada"}},
                     "createTime": "2024-05-01T12:00:00Z",
                     "updateTime": "2024-05-01T12:00:00.123456Z"}
                    """)))
    }

    @Test func encode_emptyFieldsAreOmitted() throws {
        let json = RESTDocumentCodec.encode(try anyDocument(fields: MapValue()), database: try database())
        guard case .object(let object) = json else { Issue.record("not an object"); return }
        #expect(object["fields"] == nil)
    }

    @Test func decode_roundTripsAndReadsAbsentFieldsAsEmpty() throws {
        let db = try database()
        for fields: MapValue in [["a": ["b": [1, 2.5]]], MapValue()] {
            let document = try anyDocument(fields: fields)
            #expect(
                try RESTDocumentCodec.decode(RESTDocumentCodec.encode(document, database: db), database: db) == document
            )
        }
    }

    @Test func decode_readsTheEmulatorsEmptyContainers() throws {
        let json = try parse(
            """
            {"name": "projects/p/databases/(default)/documents/C/d",
             "fields": {"e": {"arrayValue": {}}, "m": {"mapValue": {}}, "g": {"geoPointValue": {}}, "n": {"nullValue": null}},
             "createTime": "2026-11-22T01:19:59.045627Z", "updateTime": "2026-11-22T01:19:59.045627Z"}
            """)

        let document = try RESTDocumentCodec.decode(json, database: try database())

        #expect(
            document.fields == [
                "e": .array([]), "m": .map(MapValue()), "g": .geoPoint(try GeoPoint(latitude: 0, longitude: 0)),
                "n": .null,
            ])
    }

    @Test func decode_nameInAnotherDatabase_throwsUnlessAnyDatabaseIsAccepted() throws {
        let json = RESTDocumentCodec.encode(
            try anyDocument(fields: ["a": 1]), database: try DatabaseID(projectID: "other"))

        let error = try #require(throws: RESTDecodingError.self) {
            try RESTDocumentCodec.decode(json, database: try database())
        }
        #expect(error.path == "$.name")
        #expect(try RESTDocumentCodec.decode(json, database: nil).path == (try DocumentPath("users/ada")))
    }

    @Test func decode_missingTimes_throwsNamingTheMember() throws {
        let json = try parse(
            #"{"name": "projects/p/databases/(default)/documents/C/d", "updateTime": "2024-05-01T12:00:00Z"}"#)
        let error = try #require(throws: RESTDecodingError.self) { try RESTDocumentCodec.decode(json, database: nil) }
        #expect(error.path == "$")
        #expect(error.reason.contains("createTime"))
    }

    @Test func bytes_roundTripThroughCompactText() throws {
        let document = try anyDocument(fields: ["s": "héllo", "n": .double(-0.0)])
        let bytes = RESTDocumentCodec.encodeBytes(document, database: try database())
        #expect(try RESTDocumentCodec.decode(bytes: bytes, database: try database()) == document)
        #expect(throws: RESTDecodingError.self) { try RESTDocumentCodec.decode(bytes: bytes.dropLast(), database: nil) }
    }

    @Test func decodeListed_nameOnlyIsMissing() throws {
        let read = try RESTDocumentCodec.decodeListed(
            parse(#"{"name": "projects/p/databases/(default)/documents/C/d"}"#), database: try database())
        #expect(read == .missing(try DocumentPath("C/d")))
    }

    @Test func listed_roundTripsFoundAndMissing() throws {
        let db = try database()
        for read in [
            DocumentRead.found(try anyDocument(fields: ["x": true])), .missing(try DocumentPath("users/gone")),
        ] {
            #expect(
                try RESTDocumentCodec.decodeListed(RESTDocumentCodec.encodeListed(read, database: db), database: db)
                    == read)
        }
    }
}

// MARK: - Helpers

private func database() throws -> DatabaseID {
    try DatabaseID(projectID: "p")
}

private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(text)
}

private func anyDocument(fields: MapValue) throws -> Document {
    Document(
        path: try DocumentPath("users/ada"),
        fields: fields,
        createTime: try Timestamp(rfc3339: "2024-05-01T12:00:00Z"),
        updateTime: try Timestamp(rfc3339: "2024-05-01T12:00:00.123456Z")
    )
}
