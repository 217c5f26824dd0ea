import HearthTestSupport
import HearthDomain
import Testing

@Suite("Field paths")
struct FieldPathTests {
    // MARK: Literal segments

    @Test func literalSegments_areTakenAsIs() throws {
        let path = try FieldPath(["a.b", "~*/[]", "`", " "])

        #expect(path.segments == ["a.b", "~*/[]", "`", " "])
        #expect(try FieldPath("address", "city").segments == ["address", "city"])
        #expect(try FieldPath("single").segments == ["single"])
    }

    @Test func literalSegments_rejectNoSegmentsOrAnEmptyOne() {
        expectInvalidArgument(containing: ["at least one segment"]) { () throws(DocumentStoreError) in try FieldPath([])
        }
        expectInvalidArgument(containing: ["segment 1 is empty"]) { () throws(DocumentStoreError) in
            try FieldPath(["a", "", "c"])
        }
        expectInvalidArgument(containing: ["segment 0 is empty"]) { () throws(DocumentStoreError) in try FieldPath("") }
    }

    // MARK: Dotted form

    @Test(arguments: [
        ("a", ["a"]),
        ("address.city", ["address", "city"]),
        ("a.b.c.d", ["a", "b", "c", "d"]),
        ("a b.c-d", ["a b", "c-d"]),
        ("`a`", ["`a`"]),  // backticks have no meaning in the dotted form
        ("1.2", ["1", "2"]),
        ("é.😀", ["é", "😀"]),
        ("__name__", ["__name__"]),
    ])
    func dotted_splitsOnDots(_ text: String, _ segments: [String]) throws {
        #expect(try FieldPath(dotted: text).segments == segments)
    }

    @Test(arguments: ["", ".", "..", "a..b", ".a", "a.", "a.b.", "..a"])
    func dotted_rejectsEmptySegments(_ text: String) {
        expectInvalidArgument { () throws(DocumentStoreError) in try FieldPath(dotted: text) }
    }

    @Test(arguments: ["~", "*", "/", "[", "]"])
    func dotted_rejectsReservedCharacters(_ character: String) {
        for text in [character, "a\(character)b", "a.\(character)", "\(character).a", "a.b\(character)c"] {
            expectInvalidArgument(containing: ["'\(character)'", text]) { () throws(DocumentStoreError) in
                try FieldPath(dotted: text)
            }
        }
    }

    // MARK: Canonical encoding

    @Test(arguments: [
        (["a"], "a"),
        (["_"], "_"),
        (["A1_b"], "A1_b"),
        (["__name__"], "__name__"),
        (["address", "city"], "address.city"),
        (["1"], "`1`"),
        (["1a"], "`1a`"),
        (["0abc", "x9"], "`0abc`.x9"),
        (["a-b"], "`a-b`"),
        (["a.b"], "`a.b`"),
        (["a b"], "`a b`"),
        (["a`b"], "`a\\`b`"),
        (["a\\b"], "`a\\\\b`"),
        (["`"], "`\\``"),
        (["\\"], "`\\\\`"),
        (["\\`"], "`\\\\\\``"),
        (["é"], "`é`"),
        (["😀", "x"], "`😀`.x"),
        (["a", "b.c", "d`e"], "a.`b.c`.`d\\`e`"),
    ])
    func canonicalString_quotesNonSimpleSegments(_ segments: [String], _ canonical: String) throws {
        let path = try FieldPath(segments)

        #expect(path.canonicalString == canonical)
        #expect(path.description == canonical)
        #expect(try FieldPath(canonical: canonical) == path)
    }

    @Test(arguments: [
        ("a", true), ("Z", true), ("_", true), ("a1", true), ("_9", true), ("abc_DEF_123", true), ("__name__", true),
        ("", false), ("1", false), ("1a", false), ("a-b", false), ("a.b", false), ("a b", false), ("é", false),
        ("a`", false), ("ab\u{0}", false), ("ａ", false),
    ])
    func isSimple_matchesTheSimpleSegmentPattern(_ segment: String, _ simple: Bool) {
        #expect(FieldPath.isSimple(segment) == simple)
    }

    // MARK: Parsing the canonical form

    @Test(arguments: [
        ("a.b", ["a", "b"]),
        ("`a.b`.c", ["a.b", "c"]),
        ("`a\\`b`", ["a`b"]),
        ("`a\\\\b`", ["a\\b"]),
        ("`é`.`😀`", ["é", "😀"]),
        ("`simple`", ["simple"]),  // quoting a simple segment is allowed
        ("a.`b`.c", ["a", "b", "c"]),
        ("`.`", ["."]),
        ("`..`.`a.`", ["..", "a."]),
    ])
    func canonical_parsesQuotedAndBareSegments(_ text: String, _ segments: [String]) throws {
        #expect(try FieldPath(canonical: text).segments == segments)
    }

    @Test(arguments: [
        ("", "empty"),
        (".", "empty segment"),
        ("a.", "empty segment"),
        (".a", "empty segment"),
        ("a..b", "empty segment"),
        ("``", "empty segment"),
        ("``.a", "empty segment"),
        ("`a", "unterminated"),
        ("`a\\`", "unterminated"),
        ("a.`b", "unterminated"),
        ("`a\\", "dangling escape"),
        ("a`b`", "backtick may only open a segment"),
        ("`a``b`", "backtick may only open a segment"),
        ("`a`b", "text after a closing backtick"),
        ("`a`.", "empty segment"),
    ])
    func canonical_rejectsMalformedText(_ text: String, _ reason: String) {
        expectInvalidArgument(containing: [reason]) { () throws(DocumentStoreError) in try FieldPath(canonical: text) }
    }

    @Test func canonical_roundTripsGeneratedSegments() throws {
        var generator = SplitMix64(seed: 3)
        let pieces = [
            "a", "Z", "_", "0", "9", ".", "`", "\\", " ", "-", "~", "*", "/", "[", "]", precomposedE, decomposedE,
            "\u{301}",
            "😀", "\u{0}", "\n", "__",
        ]
        for _ in 0..<2_000 {
            let segments = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (0..<Int.random(in: 1...5, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "a"
                }.joined()
            }
            let path = try FieldPath(segments)

            let parsed = try FieldPath(canonical: path.canonicalString)

            #expect(parsed == path, "\(segments.map(utf8Bytes)) via \(path.canonicalString)")
            #expect(parsed.segments.map(utf8Bytes) == segments.map(utf8Bytes))
            #expect(parsed.canonicalString == path.canonicalString)
        }
    }

    @Test func canonical_randomTextEitherParsesOrThrows() {
        var generator = SplitMix64(seed: 4)
        let pieces = ["a", "1", ".", "`", "\\", "é", " "]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            do {
                let path = try FieldPath(canonical: text)
                #expect(path.segments.allSatisfy { !$0.isEmpty })
                #expect(try FieldPath(canonical: path.canonicalString) == path)
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
    }

    @Test func dotted_randomTextEitherParsesOrThrows() {
        var generator = SplitMix64(seed: 5)
        let pieces = ["a", ".", "..", "~", "*", "/", "[", "]", "`", "é", "__name__"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            do {
                let path = try FieldPath(dotted: text)
                #expect(path.segments.joined(separator: ".") == text)
                #expect(path.segments.allSatisfy { !$0.isEmpty })
            } catch {
                #expect(error.code == .invalidArgument)
            }
        }
    }

    // MARK: The document-ID path

    @Test func documentIDPath_isNameWithUnderscores() throws {
        #expect(FieldPath.documentID.segments == ["__name__"])
        #expect(FieldPath.documentID.isDocumentID)
        #expect(FieldPath.documentID.canonicalString == "__name__")
        #expect(try FieldPath(dotted: "__name__") == FieldPath.documentID)
        #expect(try FieldPath(canonical: "__name__").isDocumentID)
        #expect(try FieldPath(canonical: "`__name__`").isDocumentID)
        #expect(try !FieldPath("a", "__name__").isDocumentID)
        #expect(try !FieldPath("__name__", "a").isDocumentID)
        #expect(try !FieldPath("__name_").isDocumentID)
    }

    // MARK: Navigation and prefixes

    @Test func navigation_parentFirstSegmentAndAppending() throws {
        let path = try FieldPath("a", "b", "c")

        #expect(path.firstSegment == "a")
        #expect(path.parent == (try FieldPath("a", "b")))
        #expect(try FieldPath("a").parent == nil)
        #expect(try path.appending("d") == FieldPath("a", "b", "c", "d"))
        #expect(try path.appending(FieldPath("x.y", "z")) == FieldPath(["a", "b", "c", "x.y", "z"]))
        expectInvalidArgument { () throws(DocumentStoreError) in try path.appending("") }
    }

    @Test func isPrefix_isSegmentWiseAndImproper() throws {
        let a = try FieldPath("a")
        let ab = try FieldPath("a", "b")

        #expect(a.isPrefix(of: a))
        #expect(a.isPrefix(of: ab))
        #expect(!ab.isPrefix(of: a))
        #expect(try !a.isPrefix(of: FieldPath("ab")))
        #expect(try !FieldPath("a.b").isPrefix(of: ab), "one segment \"a.b\" is not the two segments a, b")
        #expect(try !FieldPath("b").isPrefix(of: ab))
    }

    @Test func isPrefix_comparesSegmentsByExactBytes() throws {
        let precomposed = try FieldPath(precomposedE)
        let decomposedChild = try FieldPath(decomposedE, "x")

        #expect(!precomposed.isPrefix(of: decomposedChild))
        #expect(try !precomposed.isPrefix(of: FieldPath(decomposedE)))
    }

    // MARK: Equality and order

    @Test func equality_isByExactBytes() throws {
        let precomposed = try FieldPath(precomposedE)
        let decomposed = try FieldPath(decomposedE)

        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(try FieldPath(dotted: "a.b") == FieldPath("a", "b"))
        #expect(try FieldPath(dotted: "a.b").hashValue == FieldPath("a", "b").hashValue)
    }

    @Test func order_isSegmentWiseByUTF8WithPrefixFirst() throws {
        let ascending = try [
            ["a"],
            ["a", "b"],  // prefix first
            ["a", "b", "c"],
            ["a-b"],  // "a" < "a-b" segment-wise, although "a.b" > "a-b" as text
            ["a.b"],
            ["b"],
            [decomposedE],  // 65 CC 81
            ["z"],  // 7A
            [precomposedE],  // C3 A9, though Swift calls the two "é" equal
            ["\u{FFFD}"],
            ["😀"],  // UTF-16 would put this before U+FFFD
        ].map { try FieldPath($0) }

        for (i, left) in ascending.enumerated() {
            for (j, right) in ascending.enumerated() {
                #expect((left < right) == (i < j), "\(left) < \(right)")
            }
        }
        #expect(ascending.shuffled().sorted() == ascending)
    }
}
