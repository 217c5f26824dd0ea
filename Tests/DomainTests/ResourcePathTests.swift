import HearthTestSupport
import HearthDomain
import Testing

@Suite("Collection and document paths")
struct ResourcePathTests {
    // MARK: Parsing

    @Test func documentPath_parsesSegments() throws {
        let path = try DocumentPath("users/alice/posts/p1")

        #expect(path.segments == ["users", "alice", "posts", "p1"])
        #expect(path.path == "users/alice/posts/p1")
        #expect(path.description == "users/alice/posts/p1")
        #expect(path.documentID == "p1")
        #expect(path.collectionID == "posts")
    }

    @Test func collectionPath_parsesSegments() throws {
        let path = try CollectionPath("users/alice/posts")

        #expect(path.segments == ["users", "alice", "posts"])
        #expect(path.path == "users/alice/posts")
        #expect(path.collectionID == "posts")
    }

    @Test(arguments: ["users", "a/b/c", "a/b/c/d/e"])
    func documentPath_rejectsOddSegmentCount(_ text: String) {
        let count = text.split(separator: "/").count
        expectInvalidArgument(containing: ["even number of segments", "has \(count)"]) {
            () throws(DocumentStoreError) in
            try DocumentPath(text)
        }
    }

    @Test(arguments: ["a/b", "a/b/c/d"])
    func collectionPath_rejectsEvenSegmentCount(_ text: String) {
        let count = text.split(separator: "/").count
        expectInvalidArgument(containing: ["odd number of segments", "has \(count)"]) { () throws(DocumentStoreError) in
            try CollectionPath(text)
        }
    }

    @Test func segmentInitializers_rejectWrongCounts() {
        expectInvalidArgument(containing: ["has 0"]) { () throws(DocumentStoreError) in try DocumentPath(segments: []) }
        expectInvalidArgument(containing: ["has 0"]) { () throws(DocumentStoreError) in try CollectionPath(segments: [])
        }
        expectInvalidArgument { () throws(DocumentStoreError) in try DocumentPath(segments: ["a"]) }
        expectInvalidArgument { () throws(DocumentStoreError) in try CollectionPath(segments: ["a", "b"]) }
    }

    @Test func emptyPath_isRejected() {
        expectInvalidArgument(containing: ["document path must not be empty"]) { () throws(DocumentStoreError) in
            try DocumentPath("")
        }
        expectInvalidArgument(containing: ["collection path must not be empty"]) { () throws(DocumentStoreError) in
            try CollectionPath("")
        }
    }

    @Test(arguments: ["/", "//", "a//b", "/a/b", "a/b/", "/a/b/", "a/b//c/d", "a///b"])
    func emptySegments_fromDoubleLeadingOrTrailingSlashes_areRejected(_ text: String) {
        // The domain takes paths literally; stripping slashes like Firebase's SDKs is the client API's business.
        expectInvalidArgument(containing: ["empty segments"]) { () throws(DocumentStoreError) in try DocumentPath(text)
        }
        expectInvalidArgument(containing: ["empty segments"]) { () throws(DocumentStoreError) in
            try CollectionPath(text)
        }
    }

    @Test func segmentsInsideAPath_areValidatedAsIDsOfTheirKind() {
        expectInvalidArgument(containing: ["collection ID", "__c__"]) { () throws(DocumentStoreError) in
            try DocumentPath("__c__/d")
        }
        expectInvalidArgument(containing: ["document ID", "\"..\""]) { () throws(DocumentStoreError) in
            try DocumentPath("c/..")
        }
        expectInvalidArgument(containing: ["document ID"]) { () throws(DocumentStoreError) in
            try CollectionPath("c/./e")
        }
        expectInvalidArgument(containing: ["collection ID"]) { () throws(DocumentStoreError) in
            try DocumentPath(segments: ["c", "d", "__e__", "f"])
        }
        expectInvalidArgument(containing: ["'/'"]) { () throws(DocumentStoreError) in
            try DocumentPath(segments: ["c", "d/e"])
        }
        expectInvalidArgument(containing: ["1500 bytes"]) { () throws(DocumentStoreError) in
            try DocumentPath("c/" + String(repeating: "x", count: 1_501))
        }
    }

    @Test func longInvalidInput_isQuotedShortly() throws {
        let longSegment = "__" + String(repeating: "x", count: 500) + "__"
        let error = try #require(
            expectInvalidArgument { () throws(DocumentStoreError) in try DocumentPath("c/" + longSegment) })
        #expect(error.message.count < 300)
    }

    // MARK: Navigation

    @Test func navigation_walksBetweenCollectionsAndDocuments() throws {
        let users = try CollectionPath("users")
        let alice = try users.document("alice")
        let posts = try alice.collection("posts")
        let post = try posts.document(DocumentIdentifier("p1"))

        #expect(alice == (try DocumentPath("users/alice")))
        #expect(posts == (try CollectionPath("users/alice/posts")))
        #expect(post == (try DocumentPath("users/alice/posts/p1")))
        #expect(post.parent == posts)
        #expect(posts.parent == alice)
        #expect(alice.parent == users)
        #expect(users.parent == nil)
    }

    @Test(arguments: ["", "a/b", ".", "..", "__x__", String(repeating: "y", count: 1_501)])
    func navigation_rejectsInvalidChildIDs(_ id: String) throws {
        let users = try CollectionPath("users")
        let alice = try DocumentPath("users/alice")
        expectInvalidArgument(containing: ["document ID"]) { () throws(DocumentStoreError) in try users.document(id) }
        expectInvalidArgument(containing: ["collection ID"]) { () throws(DocumentStoreError) in try alice.collection(id)
        }
    }

    @Test func resourceName_prefixesTheDatabaseRoot() throws {
        let database = try DatabaseID(projectID: "demo", databaseID: "store")

        #expect(
            try DocumentPath("users/alice").resourceName(in: database)
                == "projects/demo/databases/store/documents/users/alice")
        #expect(
            try CollectionPath("users").resourceName(in: database) == "projects/demo/databases/store/documents/users")
    }

    @Test func isDescendant_isSegmentWiseAndProper() throws {
        let ancestor = try DocumentPath("a/b")

        #expect(try DocumentPath("a/b/c/d").isDescendant(of: ancestor))
        #expect(try DocumentPath("a/b/c/d/e/f").isDescendant(of: ancestor))
        #expect(!ancestor.isDescendant(of: ancestor))
        #expect(try !DocumentPath("a/bc/c/d").isDescendant(of: ancestor))
        #expect(try !DocumentPath("x/b/c/d").isDescendant(of: ancestor))
        #expect(try !ancestor.isDescendant(of: DocumentPath("a/b/c/d")))
    }

    @Test func isDescendant_comparesSegmentsByExactBytes() throws {
        let ancestor = try DocumentPath("a/" + precomposedE)
        let child = try DocumentPath("a/" + decomposedE + "/c/d")

        #expect(!child.isDescendant(of: ancestor))
    }

    // MARK: Equality and hashing

    @Test func precomposedAndDecomposedPaths_areDifferent() throws {
        let precomposed = try DocumentPath("c/" + precomposedE)
        let decomposed = try DocumentPath("c/" + decomposedE)
        let precomposedCollection = try CollectionPath(precomposedE)
        let decomposedCollection = try CollectionPath(decomposedE)

        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(precomposedCollection != decomposedCollection)
        #expect(Set([precomposedCollection, decomposedCollection]).count == 2)
        #expect(precomposed == (try DocumentPath(segments: ["c", precomposedE])))
    }

    // MARK: Ordering

    @Test func documentPathOrder_isSegmentWiseByUTF8WithPrefixFirst() throws {
        let ascending = try [
            "a/b",
            "a/b/c/d",  // a prefix sorts before its extensions
            "a/b/c/e",
            "a/b!/c/d",  // segment-wise: "b" < "b!" although "/" (0x2F) > "!" (0x21) as text
            "a/b-x",  // likewise "b" < "b-x" although "a/b/..." > "a/b-x" as text
            "a/bz",
            "a/" + decomposedE,  // 65 CC 81 before C3 A9, though Swift calls them equal
            "a/" + precomposedE,
            "a/\u{FFFD}",  // EF BF BD before F0 9F 98 80, though UTF-16 puts the emoji first
            "a/😀",
            "b/a",
        ].map(DocumentPath.init)

        for (i, left) in ascending.enumerated() {
            for (j, right) in ascending.enumerated() {
                #expect((left < right) == (i < j), "\(left) < \(right)")
            }
        }
        #expect(ascending.reversed().sorted() == ascending)
    }

    @Test func documentPathOrder_agreesWithAnIndependentOracle() throws {
        var generator = SplitMix64(seed: 7)
        let alphabet = ["a", "b", "!", "-", precomposedE, decomposedE, "\u{FFFD}", "😀", "Z"]
        let paths = try (0..<300).map { _ in
            let depth = 2 * Int.random(in: 1...3, using: &generator)
            let segments = (0..<depth).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? "a"
                }.joined()
            }
            return try DocumentPath(segments: segments)
        }

        for left in paths.prefix(60) {
            for right in paths {
                let expected = left.segments.map(utf8Bytes).lexicographicallyPrecedes(right.segments.map(utf8Bytes)) {
                    $0.lexicographicallyPrecedes($1)
                }
                #expect((left < right) == expected, "\(left) < \(right)")
            }
        }
    }

    // MARK: Runtime input never traps

    @Test func randomText_eitherParsesOrThrows() {
        var generator = SplitMix64(seed: 11)
        let pieces = ["a", "/", ".", "..", "_", "__", "é", "\u{0}", "😀", "//"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            do {
                let path = try DocumentPath(text)
                #expect(path.path == text)
                #expect(path.segments.count % 2 == 0)
            } catch {
                #expect(error.code == .invalidArgument)
            }
            do {
                let path = try CollectionPath(text)
                #expect(path.path == text)
                #expect(path.segments.count % 2 == 1)
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
    }
}
