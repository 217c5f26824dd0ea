import HearthTestSupport
import HearthDomain
import Testing

@Suite("Map values")
struct MapValueTests {
    // MARK: Keys

    @Test func keys_areSortedByUTF8Bytes() {
        let keys = ["b", "a", precomposedE, decomposedE, "Z", "\u{FFFD}", "😀", "_", "", "a\u{0}", "10", "9"]
        var map = MapValue()
        for (index, key) in keys.enumerated() { map[key] = .integer(Int64(index)) }

        #expect(map.keys.map(utf8Bytes) == keys.sorted(by: utf8Precedes).map(utf8Bytes))
        #expect(map.fields.map(\.key).map(utf8Bytes) == map.keys.map(utf8Bytes))
        #expect(map.map(\.key).map(utf8Bytes) == map.keys.map(utf8Bytes), "iteration is in key order")
        #expect(map.count == keys.count)
    }

    @Test func precomposedAndDecomposedKeys_areDistinct() {
        var map: MapValue = [precomposedE: 1, decomposedE: 2]

        #expect(map.count == 2)
        #expect(map[precomposedE] == 1)
        #expect(map[decomposedE] == 2)
        map[decomposedE] = nil
        #expect(map.count == 1)
        #expect(map[precomposedE] == 1)
        #expect(map[decomposedE] == nil)
    }

    @Test func initializers_agree() {
        let fromPairs = MapValue([("b", 2), ("a", 1), ("b", 3)])
        let fromDictionary = MapValue(["a": Value.integer(1), "b": 3])
        let fromLiteral: MapValue = ["b": 3, "a": 1]
        let fromSorted = MapValue(sortedUniqueFields: [.init(key: "a", value: 1), .init(key: "b", value: 3)])

        #expect(fromPairs == fromDictionary)
        #expect(fromPairs == fromLiteral)
        #expect(fromPairs == fromSorted)
        #expect(fromPairs["b"] == 3, "a later pair replaces an earlier one")
        #expect(fromPairs.hashValue == fromDictionary.hashValue)
        #expect(MapValue().isEmpty)
        #expect(!fromPairs.isEmpty)
    }

    @Test func subscript_setsReplacesAndRemoves() {
        var map: MapValue = ["a": 1]

        map["a"] = 2
        map["b"] = "x"
        map["missing"] = nil
        #expect(map == ["a": 2, "b": "x"])

        map["a"] = nil
        #expect(map == ["b": "x"])
        #expect(map["a"] == nil)
    }

    @Test func randomEdits_keepKeysSortedUniqueAndFindable() {
        var generator = SplitMix64(seed: 21)
        let alphabet = ["a", "b", "Z", "_", precomposedE, decomposedE, "😀", "\u{FFFD}"]
        var map = MapValue()
        var model: [(key: [UInt8], value: Value)] = []
        for step in 0..<3_000 {
            let key = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? "a"
            }.joined()
            let bytes = utf8Bytes(key)
            if Bool.random(using: &generator) {
                map[key] = .integer(Int64(step))
                model.removeAll { $0.key == bytes }
                model.append((bytes, .integer(Int64(step))))
            } else {
                map[key] = nil
                model.removeAll { $0.key == bytes }
            }
        }

        let expected = model.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        #expect(map.keys.map(utf8Bytes) == expected.map(\.key))
        #expect(map.fields.map(\.value) == expected.map(\.value))
    }

    // MARK: Nested paths

    @Test func valueAt_readsNestedFields() throws {
        let map: MapValue = ["a": ["b": ["c": 1]], "x": 5, "list": [["c": 1]]]

        #expect(map.value(at: try FieldPath("a", "b", "c")) == 1)
        #expect(map.value(at: try FieldPath("a", "b")) == ["c": 1])
        #expect(map.value(at: try FieldPath("x")) == 5)
        #expect(map.value(at: try FieldPath("a", "missing")) == nil)
        #expect(map.value(at: try FieldPath("missing", "b")) == nil)
        #expect(map.value(at: try FieldPath("x", "y")) == nil, "a non-map on the way")
        #expect(map.value(at: try FieldPath("list", "c")) == nil, "arrays are not traversed")
        #expect(map.value(at: try FieldPath("a.b")) == nil, "a dotted segment is one key")
    }

    @Test func setValue_createsIntermediateMaps() throws {
        var map = MapValue()

        map.setValue(1, at: try FieldPath("a", "b", "c"))

        #expect(map == ["a": ["b": ["c": 1]]])
    }

    @Test func setValue_replacesNonMapIntermediatesAndKeepsSiblings() throws {
        var map: MapValue = ["a": 5, "keep": true, "m": ["x": 1]]

        map.setValue(1, at: try FieldPath("a", "b"))
        map.setValue(2, at: try FieldPath("m", "y"))
        map.setValue("leaf", at: try FieldPath("keep"))

        #expect(map == ["a": ["b": 1], "keep": "leaf", "m": ["x": 1, "y": 2]])
    }

    @Test func setValue_replacesAWholeMapAtALeaf() throws {
        var map: MapValue = ["m": ["x": 1]]

        map.setValue(3, at: try FieldPath("m"))

        #expect(map == ["m": 3])
    }

    @Test func setValue_keepsKeysSortedAtEveryDepth() throws {
        var map = MapValue()
        for key in ["b", precomposedE, "a", decomposedE] {
            map.setValue(1, at: try FieldPath("outer", key))
            map.setValue(1, at: try FieldPath(key))
        }
        let inner = try #require(map["outer"]?.mapValue)

        #expect(inner.keys.map(utf8Bytes) == ["a", "b", decomposedE, precomposedE].map(utf8Bytes))
        #expect(map.keys.map(utf8Bytes) == ["a", "b", decomposedE, "outer", precomposedE].map(utf8Bytes))
    }

    @Test func removeValue_removesNestedFieldsAndLeavesEmptyParents() throws {
        var map: MapValue = ["a": ["b": ["c": 1]], "x": 5]

        let removed = map.removeValue(at: try FieldPath("a", "b", "c"))

        #expect(removed == 1)
        #expect(map == ["a": ["b": [:]], "x": 5])
    }

    @Test func removeValue_ofMissingOrBlockedPaths_changesNothing() throws {
        let original: MapValue = ["a": ["b": 1], "x": 5]
        var map = original

        #expect(map.removeValue(at: try FieldPath("a", "missing")) == nil)
        #expect(map.removeValue(at: try FieldPath("missing")) == nil)
        #expect(map.removeValue(at: try FieldPath("missing", "deeper")) == nil)
        #expect(map.removeValue(at: try FieldPath("x", "y")) == nil)
        #expect(map == original)
        #expect(map.removeValue(at: try FieldPath("x")) == 5)
        #expect(map == ["a": ["b": 1]])
    }

    // MARK: Vectors and documents

    @Test func isVector_needsTheVectorTypeMarker() {
        #expect(MapValue(["__type__": "__vector__", "value": [1.0]]).isVector)
        #expect(!MapValue(["__type__": "__VECTOR__", "value": [1.0]]).isVector)
        #expect(!MapValue(["value": [1.0]]).isVector)
        #expect(!MapValue().isVector)
    }

    @Test func document_readsFieldsByPath() throws {
        let document = Document(
            path: try DocumentPath("users/alice"), fields: ["address": ["city": "Lyon"]], createTime: .min,
            updateTime: .max
        )

        #expect(document.value(at: try FieldPath("address", "city")) == "Lyon")
        #expect(document.value(at: .documentID) == nil, "__name__ is not a stored field")
    }
}
