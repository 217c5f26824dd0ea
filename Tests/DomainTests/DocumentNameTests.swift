import HearthTestSupport
import HearthDomain
import Testing

@Suite("Database IDs and full resource names")
struct DocumentNameTests {
    // MARK: DatabaseID

    @Test func databaseID_defaultsToTheDefaultDatabase() throws {
        let database = try DatabaseID(projectID: "demo")

        #expect(database.databaseID == "(default)")
        #expect(database.resourceName == "projects/demo/databases/(default)")
        #expect(database.documentsRoot == "projects/demo/databases/(default)/documents")
        #expect(database.description == database.resourceName)
    }

    @Test func databaseID_rejectsEmptyOrSlashedIDs() {
        expectInvalidArgument(containing: ["project ID", "empty"]) { () throws(DocumentStoreError) in
            try DatabaseID(projectID: "")
        }
        expectInvalidArgument(containing: ["database ID", "empty"]) { () throws(DocumentStoreError) in
            try DatabaseID(projectID: "p", databaseID: "")
        }
        expectInvalidArgument(containing: ["project ID", "'/'"]) { () throws(DocumentStoreError) in
            try DatabaseID(projectID: "a/b")
        }
        expectInvalidArgument(containing: ["database ID", "'/'"]) { () throws(DocumentStoreError) in
            try DatabaseID(projectID: "p", databaseID: "d/")
        }
    }

    @Test func databaseID_equalityIsByExactBytes() throws {
        let precomposed = try DatabaseID(projectID: precomposedE)
        let decomposed = try DatabaseID(projectID: decomposedE)

        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(
            try DatabaseID(projectID: "p", databaseID: precomposedE)
                != DatabaseID(projectID: "p", databaseID: decomposedE))
    }

    // MARK: Parsing full names

    @Test func documentName_parsesDefaultDatabase() throws {
        let name = try DocumentName(parsing: "projects/demo/databases/(default)/documents/users/alice")

        #expect(name.database == (try DatabaseID(projectID: "demo")))
        #expect(name.path == (try DocumentPath("users/alice")))
        #expect(name.resourceName == "projects/demo/databases/(default)/documents/users/alice")
        #expect(name.description == name.resourceName)
    }

    @Test func documentName_parsesNamedDatabaseAndNestedPath() throws {
        let text = "projects/my-project/databases/orders-eu/documents/users/alice/posts/p1"
        let name = try DocumentName(parsing: text)

        #expect(name.database.projectID == "my-project")
        #expect(name.database.databaseID == "orders-eu")
        #expect(name.path.segments == ["users", "alice", "posts", "p1"])
        #expect(name.resourceName == text)
        #expect(try DocumentName(parsing: name.resourceName) == name)
    }

    @Test func resourceName_parsesTheRootAndCollections() throws {
        let root = try ResourceName.parse("projects/p/databases/d/documents")
        #expect(root.segments.isEmpty)
        #expect(root.documentPath == nil)
        #expect(root.collectionPath == nil)
        #expect(root.database == (try DatabaseID(projectID: "p", databaseID: "d")))

        let collection = try ResourceName.parse("projects/p/databases/d/documents/users/alice/posts")
        #expect(collection.collectionPath == (try CollectionPath("users/alice/posts")))
        #expect(collection.documentPath == nil)

        let document = try ResourceName.parse("projects/p/databases/d/documents/users/alice")
        #expect(document.documentPath == (try DocumentPath("users/alice")))
        #expect(document.collectionPath == nil)
    }

    @Test(arguments: [
        "projects/p/databases/d/documents",
        "projects/p/databases/d/documents/users",
        "projects/p/databases/d/documents/users/alice/posts",
    ])
    func documentName_rejectsNamesThatAreNotDocuments(_ text: String) {
        expectInvalidArgument(containing: ["Not a document name", text]) { () throws(DocumentStoreError) in
            try DocumentName(parsing: text)
        }
    }

    @Test(arguments: [
        "",
        "users/alice",
        "project/p/databases/d/documents/a/b",
        "projects/p/database/d/documents/a/b",
        "projects/p/databases/d/document/a/b",
        "projects/p/databases/d/Documents/a/b",
        "projects/p/databases/d",
        "projects/p/databases",
        "/projects/p/databases/d/documents/a/b",
        "PROJECTS/p/databases/d/documents/a/b",
        "projects/p/databases/d/documents:runQuery",
    ])
    func resourceName_rejectsBadPrefixes(_ text: String) {
        expectInvalidArgument(containing: ["projects/{p}/databases/{d}/documents"]) { () throws(DocumentStoreError) in
            try ResourceName.parse(text)
        }
        expectInvalidArgument { () throws(DocumentStoreError) in try DocumentName(parsing: text) }
    }

    @Test(arguments: [
        ("projects//databases/d/documents/a/b", "project ID"),
        ("projects/p/databases//documents/a/b", "database ID"),
        ("projects/p/databases/d/documents/", "empty segments"),
        ("projects/p/databases/d/documents/a/b/", "empty segments"),
        ("projects/p/databases/d/documents//a/b", "empty segments"),
        ("projects/p/databases/d/documents/a//b", "empty segments"),
        ("projects/p/databases/d/documents/a/__b__", "document ID"),
        ("projects/p/databases/d/documents/../b", "collection ID"),
        ("projects/p/databases/d/documents/a/.", "document ID"),
    ])
    func resourceName_rejectsBadIDsAndSegments(_ text: String, _ fragment: String) {
        expectInvalidArgument(containing: [fragment]) { () throws(DocumentStoreError) in try ResourceName.parse(text) }
        expectInvalidArgument { () throws(DocumentStoreError) in try DocumentName(parsing: text) }
    }

    @Test func resourceName_rejectsOverlongSegments() {
        let text = "projects/p/databases/d/documents/c/" + String(repeating: precomposedE, count: 751)
        expectInvalidArgument(containing: ["1500 bytes"]) { () throws(DocumentStoreError) in
            try DocumentName(parsing: text)
        }
    }

    @Test func randomNames_eitherParseAndRoundTripOrThrow() {
        var generator = SplitMix64(seed: 13)
        let pieces = ["projects", "databases", "documents", "p", "(default)", "/", "//", "", "..", "__x__", "é", "a"]
        let prefix = "projects/p/databases/d/documents"
        for round in 0..<5_000 {
            let tail = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let text = round % 2 == 0 ? prefix + tail : tail
            do {
                let parsed = try ResourceName.parse(text)
                #expect(parsed.database.documentsRoot + parsed.segments.map { "/" + $0 }.joined() == text)
                let name = try DocumentName(parsing: text)
                #expect(name.resourceName == text)
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
    }

    // MARK: Order

    @Test func documentNameOrder_isProjectThenDatabaseThenPath() throws {
        let ascending = try [
            name("a", "(default)", "c/d"),
            name("a", "(default)", "c/d/e/f"),
            name("a", "(default)", "c/d!"),
            name("a", "(default)", "z/z"),
            name("a", "db", "a/a"),  // "(" (0x28) < "d"
            name("a", "db", "z/z"),
            name("b", "(default)", "a/a"),
            name(decomposedE, "(default)", "a/a"),
            name(precomposedE, "(default)", "a/a"),
        ]
        for (i, left) in ascending.enumerated() {
            for (j, right) in ascending.enumerated() {
                #expect(DocumentName.compare(left, right) == sign(i, j), "\(left) vs \(right)")
                #expect((left < right) == (i < j))
            }
        }
    }

    // MARK: Helpers

    private func name(_ project: String, _ database: String, _ path: String) throws -> DocumentName {
        try DocumentName(database: DatabaseID(projectID: project, databaseID: database), path: DocumentPath(path))
    }

    private func sign(_ lhs: Int, _ rhs: Int) -> Int { lhs == rhs ? 0 : (lhs < rhs ? -1 : 1) }
}
