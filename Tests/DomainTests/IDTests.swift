import HearthDomain
import Testing

@Suite("Document and collection IDs")
struct IDTests {
    // MARK: Invalid forms

    @Test(arguments: [
        "", "/", "a/b", "/a", "a/", ".", "..", "____", "__a__", "__id123__", "__\(precomposedE)__", "__/__",
    ])
    func documentID_rejectsInvalidForm(_ raw: String) {
        expectInvalidArgument(containing: ["document ID"]) { () throws(DocumentStoreError) in
            try DocumentIdentifier(raw)
        }
    }

    @Test(arguments: ["", "/", "a/b", ".", "..", "____", "__a__", "_____"])
    func collectionID_rejectsInvalidForm(_ raw: String) {
        expectInvalidArgument(containing: ["collection ID"]) { () throws(DocumentStoreError) in try CollectionID(raw) }
    }

    @Test func invalidID_messageNamesTheProblemAndTheInput() {
        expectInvalidArgument(containing: ["empty"]) { () throws(DocumentStoreError) in try DocumentIdentifier("") }
        expectInvalidArgument(containing: ["'/'", "\"a/b\""]) { () throws(DocumentStoreError) in
            try DocumentIdentifier("a/b")
        }
        expectInvalidArgument(containing: ["'.' or '..'", "\"..\""]) { () throws(DocumentStoreError) in
            try DocumentIdentifier("..")
        }
        expectInvalidArgument(containing: ["__.*__", "\"__x__\""]) { () throws(DocumentStoreError) in
            try DocumentIdentifier("__x__")
        }
        expectInvalidArgument(containing: ["1500", "1501"]) { () throws(DocumentStoreError) in
            try DocumentIdentifier(String(repeating: "a", count: 1_501))
        }
    }

    // MARK: Valid look-alikes

    @Test(arguments: [
        "a", "...", ".a", "a.", ". ", "_", "__", "___", "_a_", "__a", "a__", "__a_", "_a__", "a__b__", " ", "é",
        "\u{2024}", "__\u{2024}", "(default)", "😀",
    ])
    func documentID_acceptsValidLookAlike(_ raw: String) throws {
        let id = try DocumentIdentifier(raw)
        #expect(utf8Bytes(id.rawValue) == utf8Bytes(raw))
        #expect(try CollectionID(raw).rawValue == raw)
    }

    @Test func reservedPattern_needsFourCharactersAndBothUnderscorePairs() throws {
        #expect(throws: Never.self) { try DocumentIdentifier("__") }
        #expect(throws: Never.self) { try DocumentIdentifier("___") }
        #expect(throws: DocumentStoreError.self) { try DocumentIdentifier("____") }
        #expect(throws: DocumentStoreError.self) { try DocumentIdentifier("_____") }
        #expect(throws: Never.self) { try DocumentIdentifier("__a_") }
        #expect(throws: Never.self) { try DocumentIdentifier("_a__") }
        #expect(throws: DocumentStoreError.self) { try DocumentIdentifier("__anything at all . .. __") }
    }

    // MARK: The 1,500-byte limit is in UTF-8 bytes

    @Test(arguments: [
        // (text, valid)
        (String(repeating: "a", count: 1_500), true),
        (String(repeating: "a", count: 1_501), false),
        (String(repeating: precomposedE, count: 750), true),  // 750 characters, 1,500 bytes
        (String(repeating: precomposedE, count: 750) + "a", false),  // 751 characters, 1,501 bytes
        (String(repeating: "a", count: 1_497) + "€", true),  // 3-byte character ends exactly at 1,500
        (String(repeating: "a", count: 1_498) + "€", false),  // 1,499 characters, 1,501 bytes
        (String(repeating: "a", count: 1_496) + "😀", true),  // 4-byte character ends exactly at 1,500
        (String(repeating: "a", count: 1_497) + "😀", false),  // 1,498 characters, 1,501 bytes
        (String(repeating: decomposedE, count: 500), true),  // 500 characters, 1,500 bytes
        (String(repeating: decomposedE, count: 500) + "a", false),
    ])
    func idLengthLimit_countsUTF8Bytes(_ text: String, _ valid: Bool) {
        for maker in IDMaker.allCases {
            if valid {
                #expect(throws: Never.self, "\(maker)") { try maker.make(text) }
            } else {
                expectInvalidArgument(containing: ["1500 bytes"]) { () throws(DocumentStoreError) in
                    try maker.make(text)
                }
            }
        }
    }

    // MARK: Equality by exact bytes

    @Test func precomposedAndDecomposedIDs_areDifferent() throws {
        #expect(precomposedE == decomposedE, "precondition: Swift String equality treats them as equal")
        let precomposed = try DocumentIdentifier(precomposedE)
        let decomposed = try DocumentIdentifier(decomposedE)

        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(try CollectionID(precomposedE) != CollectionID(decomposedE))
        #expect(Set([try CollectionID(precomposedE), try CollectionID(decomposedE)]).count == 2)
    }

    @Test func equalIDs_areEqualAndHashEqually() throws {
        let first = try DocumentIdentifier("alice")
        let second = try DocumentIdentifier(String("xalice".dropFirst()))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first.description == "alice")
    }

    // MARK: Helpers

    /// Every public way of turning runtime text into an ID or a path segment.
    private enum IDMaker: CaseIterable {
        case documentID, collectionID, childDocument, childCollection, documentPathSegments, collectionPathSegments

        func make(_ text: String) throws(DocumentStoreError) {
            switch self {
            case .documentID: _ = try DocumentIdentifier(text)
            case .collectionID: _ = try CollectionID(text)
            case .childDocument: _ = try CollectionPath("c").document(text)
            case .childCollection: _ = try DocumentPath("c/d").collection(text)
            case .documentPathSegments: _ = try DocumentPath(segments: ["c", text])
            case .collectionPathSegments: _ = try CollectionPath(segments: [text])
            }
        }
    }
}
