import HearthDomain
import Testing

/// Paths, resource names and dotted field paths are cut at `/` and `.` bytes, as Firestore cuts them, not at
/// Swift `Character` boundaries: a separator followed by a grapheme extender, or preceded by a prepend
/// character, is one `Character` with it.
@Suite("Splitting on bytes, not Characters")
struct ByteSplitTests {
    /// Characters that join the `/` or `.` before them into one `Character`.
    static let extenders: [String] = ["\u{0301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{093F}"]

    @Test(arguments: extenders)
    func documentPath_documentIDBeginningWithAnExtender_isItsOwnSegment(_ extender: String) throws {
        let id = extender + "d"

        let path = try DocumentPath("c/" + id)

        #expect(path.segments.map(utf8Bytes) == [utf8Bytes("c"), utf8Bytes(id)])
        #expect(utf8Bytes(path.documentID) == utf8Bytes(id))
        #expect(utf8Bytes(try DocumentPath("c/\(id)/sub/\(id)").parent.path) == utf8Bytes("c/\(id)/sub"))
    }

    @Test(arguments: extenders)
    func collectionPath_subcollectionIDBeginningWithAnExtender_isItsOwnSegment(_ extender: String) throws {
        let path = try CollectionPath("c/d/" + extender)

        #expect(path.segments.map(utf8Bytes) == [utf8Bytes("c"), utf8Bytes("d"), utf8Bytes(extender)])
    }

    @Test func paths_collectionIDEndingWithAPrependCharacter_isItsOwnSegment() throws {
        let collection = "c\u{0600}"

        #expect(try DocumentPath(collection + "/d").segments.map(utf8Bytes) == [utf8Bytes(collection), utf8Bytes("d")])
        #expect(try CollectionPath("a/b/" + collection).segments.count == 3)
        #expect(try CollectionPath(collection).segments.map(utf8Bytes) == [utf8Bytes(collection)])
    }

    @Test func paths_emptySegmentHiddenInACharacter_isRejected() {
        expectInvalidArgument(containing: ["empty segments"]) { () throws(DocumentStoreError) in
            try DocumentPath("c\u{0600}//d")
        }
        expectInvalidArgument(containing: ["empty segments"]) { () throws(DocumentStoreError) in
            try DocumentPath("c//\u{0301}d")
        }
    }

    @Test(arguments: extenders)
    func documentName_documentIDBeginningWithAnExtender_parsesAndRoundTrips(_ extender: String) throws {
        let database = try DatabaseID(projectID: "p")
        let path = try DocumentPath(segments: ["c\u{0600}", extender + "d", extender, "e"])
        let name = DocumentName(database: database, path: path)

        let parsed = try DocumentName(parsing: name.resourceName)

        #expect(parsed == name)
        #expect(parsed.path.segments.map(utf8Bytes) == path.segments.map(utf8Bytes))
        #expect(try ResourceName.parse(database.documentsRoot + "/c/d/" + extender).collectionPath?.segments.count == 3)
    }

    @Test(arguments: extenders)
    func databaseID_slashJoinedToAnExtender_isRejected(_ extender: String) {
        expectInvalidArgument(containing: ["must not contain '/'"]) { () throws(DocumentStoreError) in
            try DatabaseID(projectID: "p/" + extender)
        }
        expectInvalidArgument(containing: ["must not contain '/'"]) { () throws(DocumentStoreError) in
            try DatabaseID(projectID: "p", databaseID: "\u{0600}/" + extender)
        }
    }

    @Test(arguments: extenders)
    func ids_slashJoinedToAnExtender_isRejected(_ extender: String) {
        expectInvalidArgument(containing: ["must not contain '/'"]) { () throws(DocumentStoreError) in
            try DocumentIdentifier("/" + extender)
        }
        expectInvalidArgument(containing: ["must not contain '/'"]) { () throws(DocumentStoreError) in
            try CollectionID("\u{0600}/")
        }
    }

    @Test(arguments: extenders)
    func fieldPathDotted_dotBeforeAnExtender_separatesSegments(_ extender: String) throws {
        let path = try FieldPath(dotted: "a." + extender + "b")

        #expect(path.segments.map(utf8Bytes) == [utf8Bytes("a"), utf8Bytes(extender + "b")])
        #expect(try FieldPath(dotted: "a\u{0600}.b").segments.count == 2)
        #expect(try FieldPath(canonical: path.canonicalString) == path)
    }

    @Test func fieldPathDotted_acuteAfterDot_isTheIssuesExample() throws {
        let path = try FieldPath(dotted: "a.\u{0301}b")

        #expect(path.segments.map(utf8Bytes) == [[0x61], [0xCC, 0x81, 0x62]])
    }

    @Test(arguments: extenders)
    func fieldPathDotted_forbiddenCharacterJoinedToAnExtender_isRejected(_ extender: String) {
        for forbidden in ["~", "*", "/", "[", "]"] {
            expectInvalidArgument(containing: ["must not contain", "found '\(forbidden)'"]) {
                () throws(DocumentStoreError) in
                try FieldPath(dotted: "a" + forbidden + extender)
            }
        }
        expectInvalidArgument(containing: ["empty segment"]) { () throws(DocumentStoreError) in
            try FieldPath(dotted: "a.." + extender)
        }
    }

    @Test(arguments: extenders)
    func fieldPathCanonical_backtickJoinedToAnExtender_roundTrips(_ extender: String) throws {
        let path = try FieldPath(["`" + extender, "." + extender, extender])

        let parsed = try FieldPath(canonical: path.canonicalString)

        #expect(parsed.segments.map(utf8Bytes) == path.segments.map(utf8Bytes))
    }
}
