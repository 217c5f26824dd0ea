import HearthFirestoreCodec
import Testing

@Suite struct JSONTreeTests {
    @Test func parse_keysThatDifferOnlyInNormalizationAreDistinct() throws {
        let json = try JSONParser.parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")

        guard case .object(let object) = json else { Issue.record("not an object"); return }
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == .number("1"))
        #expect(object["e\u{301}"] == .number("2"))
    }

    @Test func parse_exactDuplicateKeys_throw() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a": 1, "a": 2}"#) }
    }

    @Test func objectEquality_comparesKeysByBytes() {
        let precomposed: JSON = .object(["\u{E9}": .null])
        let decomposed: JSON = .object(["e\u{301}": .null])
        #expect(precomposed != decomposed)
        #expect(JSON.object(["a": .null, "b": .bool(true)]) == .object(["b": .bool(true), "a": .null]))
    }

    @Test func prettyString_indentsNestedContainers() throws {
        let json = try JSONParser.parse(#"{"a": [1, {"b": "x"}], "e": [], "o": {}}"#)

        #expect(
            JSONWriter.prettyString(json) == """
                {
                  "a": [
                    1,
                    {
                      "b": "x"
                    }
                  ],
                  "e": [],
                  "o": {}
                }
                """)
        #expect(try JSONParser.parse(JSONWriter.prettyString(json)) == json)
    }
}
