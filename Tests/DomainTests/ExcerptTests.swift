import HearthDomain
import Testing

/// Error messages quote user input through ``Excerpt``: bounded in bytes, cut on a UTF-8 boundary, with the
/// full size named.
@Suite struct ExcerptTests {
    @Test func shortText_isShownWhole() {
        #expect(Excerpt.of("members/ana") == "members/ana")
        #expect(Excerpt.quoted("a.b") == "\"a.b\"")
        let exactly = String(repeating: "x", count: Excerpt.limit)
        #expect(Excerpt.of(exactly) == exactly)
    }

    @Test func longText_isCutAtTheLimitAndNamesItsSize() {
        let text = String(repeating: "x", count: 1_000_000)
        #expect(Excerpt.of(text) == String(repeating: "x", count: 200) + "… (1000000 bytes)")
        #expect(Excerpt.quoted(text) == "\"" + String(repeating: "x", count: 200) + "\"… (1000000 bytes)")
    }

    @Test func theCut_fallsOnAScalarBoundary() {
        // 199 ASCII bytes then "é" (2 bytes): the limit falls inside "é", which is left out whole.
        let text = String(repeating: "a", count: 199) + "é" + String(repeating: "b", count: 50)
        let shown = Excerpt.of(text)
        #expect(shown == String(repeating: "a", count: 199) + "… (251 bytes)")
        #expect(!shown.unicodeScalars.contains("\u{FFFD}"))
    }

    /// One grapheme cluster of a megabyte: cutting by `Character`s would show all of it.
    @Test func oneHugeGraphemeCluster_isStillCut() {
        let text = "e" + String(repeating: "\u{301}", count: 500_000)
        #expect(text.count == 1)
        #expect(Excerpt.of(text).utf8.count < 260)
    }

    /// The value objects quote invalid input through the excerpt: an error never grows with its input.
    @Test func invalidInputOfAMegabyte_givesABoundedError() {
        let cluster = "e" + String(repeating: "\u{301}", count: 500_000) + "~"
        expectBounded(#expect(throws: DocumentStoreError.self) { try FieldPath(dotted: cluster) })
        expectBounded(
            #expect(throws: DocumentStoreError.self) { try FieldPath(canonical: "`" + cluster) }, size: 1_000_003)
        expectBounded(#expect(throws: DocumentStoreError.self) { try Timestamp(rfc3339: cluster) })
        expectBounded(#expect(throws: DocumentStoreError.self) { try DocumentName(parsing: cluster) })
    }

    private func expectBounded(
        _ error: DocumentStoreError?, size: Int = 1_000_002, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            (error?.message.utf8.count ?? .max) < 500, "\(error?.message.utf8.count ?? 0) bytes",
            sourceLocation: sourceLocation)
        #expect(error?.message.contains("(\(size) bytes)") == true, sourceLocation: sourceLocation)
    }
}
