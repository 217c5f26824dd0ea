import HearthTestSupport
import Foundation
import HearthDomain
import Testing

@Suite("Firestore's value order")
struct ValueOrderingTests {
    // MARK: The table

    @Test func orderingTable_everyOrderedPairComparesByPosition() throws {
        let table = try orderingTable()
        for (i, leftGroup) in table.enumerated() {
            for left in leftGroup.values {
                for (j, rightGroup) in table.enumerated() {
                    for right in rightGroup.values {
                        let expected = i == j ? 0 : (i < j ? -1 : 1)
                        #expect(
                            Value.compare(left, right) == expected,
                            "compare(\(left) [\(leftGroup.label)], \(right) [\(rightGroup.label)])"
                        )
                    }
                }
            }
        }
    }

    @Test func orderingTable_isAntisymmetricAndTransitive() throws {
        let values = try orderingTable().flatMap(\.values)
        let order = values.map { a in values.map { b in Value.compare(a, b) } }
        let indices = values.indices
        var violations: [String] = []
        for a in indices {
            for b in indices {
                if ![-1, 0, 1].contains(order[a][b]) {
                    violations.append("compare(\(values[a]), \(values[b])) = \(order[a][b])")
                }
                if order[a][b] != -order[b][a] { violations.append("antisymmetry: \(values[a]), \(values[b])") }
                if (order[a][b] == 0) != values[a].isEquivalent(to: values[b]) {
                    violations.append("isEquivalent: \(values[a]), \(values[b])")
                }
            }
        }
        for a in indices {
            for b in indices where order[a][b] <= 0 {
                for c in indices where order[b][c] <= 0 {
                    let strict = order[a][b] < 0 || order[b][c] < 0
                    if order[a][c] > 0 || (strict && order[a][c] == 0) {
                        violations.append(
                            "transitivity: \(values[a]) <= \(values[b]) <= \(values[c]) but compare = \(order[a][c])")
                    }
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(10))")
    }

    @Test func orderingTable_representationEqualityImpliesEquivalenceAndEqualHashes() throws {
        let values = try orderingTable().flatMap(\.values)
        for a in values {
            for b in values where a == b {
                #expect(Value.compare(a, b) == 0, "\(a) == \(b) but they compare unequal")
                #expect(a.hashValue == b.hashValue, "\(a) == \(b) but hash differently")
            }
        }
    }

    @Test func orderingTable_coversEveryKindAndTypeOrder() throws {
        let table = try orderingTable()
        let values = table.flatMap(\.values)

        #expect(Set(values.map(\.kind)) == Set(Value.Kind.allCases))
        #expect(Set(values.map(\.typeOrder)).count == 11)
        let typeOrders = table.map { $0.values[0].typeOrder }
        #expect(typeOrders == typeOrders.sorted(), "the table's groups are in type order")
    }

    @Test func sortingShuffledValues_reproducesTheTable() throws {
        let table = try orderingTable()
        let rank = { (value: Value) -> Int in table.firstIndex { group in group.values.contains(value) } ?? -1 }
        var generator = SplitMix64(seed: 5)
        let values = table.flatMap(\.values)

        for _ in 0..<20 {
            let sorted = values.shuffled(using: &generator).sorted { Value.compare($0, $1) < 0 }
            #expect(sorted.map(rank) == values.map(rank))
        }
    }

    // MARK: Numbers

    @Test func nan_isFirstAmongNumbersAndEqualToItself() {
        let nan = Value.double(.nan)

        #expect(Value.compare(nan, .double(.nan)) == 0)
        #expect(Value.compare(nan, .double(Double(nan: 7, signaling: false))) == 0)
        #expect(Value.compare(nan, .double(-.nan)) == 0)
        #expect(Value.compare(nan, .double(-.infinity)) == -1)
        #expect(Value.compare(.double(-.infinity), nan) == 1)
        #expect(Value.compare(nan, .integer(.min)) == -1)
        #expect(Value.compare(.integer(.min), nan) == 1)
        #expect(Value.compare(nan, .boolean(true)) == 1, "numbers come after booleans")
    }

    @Test func zeros_areAllEquivalent() {
        for (left, right) in [
            (Value.double(-0.0), Value.double(0.0)), (.double(-0.0), .integer(0)), (.double(0.0), .integer(0)),
        ] {
            #expect(Value.compare(left, right) == 0)
            #expect(Value.compare(right, left) == 0)
            #expect(left.isEquivalent(to: right))
        }
        #expect(Value.compare(.double(-0.0), .double(-.leastNonzeroMagnitude)) == 1)
        #expect(Value.compare(.integer(0), .double(.leastNonzeroMagnitude)) == -1)
        #expect(Value.compare(.integer(0), .double(-.leastNonzeroMagnitude)) == 1)
    }

    @Test(arguments: ValueOrderingTests.integerDoubleCases)
    func integerAgainstDouble_comparesExactly(_ integer: Int64, _ double: Double, _ expected: Int) {
        #expect(Value.compare(.integer(integer), .double(double)) == expected)
        #expect(Value.compare(.double(double), .integer(integer)) == -expected)
    }

    @Test func integersAndDoublesInterleave() {
        let ascending: [Value] = [
            .integer(-2), .double(-1.5), .integer(-1), .double(0.5), .integer(1), .double(1.5), .integer(2),
        ]
        for (i, left) in ascending.enumerated() {
            for (j, right) in ascending.enumerated() {
                #expect(Value.compare(left, right) == (i == j ? 0 : (i < j ? -1 : 1)))
            }
        }
    }

    // MARK: Strings and bytes

    @Test func strings_compareByUTF8NotBySwiftOrUTF16() {
        #expect(precomposedE == decomposedE, "precondition: Swift calls them equal")
        #expect(Value.compare(.string(decomposedE), .string(precomposedE)) == -1, "65 CC 81 < C3 A9")
        #expect(!Value.string(decomposedE).isEquivalent(to: .string(precomposedE)))

        let replacement = "\u{FFFD}"
        let emoji = "😀"
        #expect(
            Array(emoji.utf16).lexicographicallyPrecedes(Array(replacement.utf16)),
            "precondition: UTF-16 puts the emoji first")
        #expect(Value.compare(.string(replacement), .string(emoji)) == -1, "EF BF BD < F0 9F 98 80")
        #expect(Value.compare(.string("\u{E000}"), .string(emoji)) == -1)
        #expect(Value.compare(.string("a"), .string("a\u{0}")) == -1, "a prefix first")
        #expect(Value.compare(.string("Z"), .string("a")) == -1)
    }

    @Test func bytes_compareUnsignedWithPrefixFirst() {
        #expect(Value.compare(.bytes(Data([0x7F])), .bytes(Data([0x80]))) == -1)
        #expect(Value.compare(.bytes(Data([0x01, 0xFF])), .bytes(Data([0xFF]))) == -1)
        #expect(Value.compare(.bytes(Data([0xFF])), .bytes(Data([0xFF, 0x00]))) == -1)
        #expect(Value.compare(.bytes(Data()), .bytes(Data([0x00]))) == -1)
        #expect(Value.compare(.bytes(Data([0xFF, 0xFF])), .bytes(Data([0xFF, 0xFF]))) == 0)
    }

    @Test func bytes_slicesCompareByContent() {
        let slice = Data([0x00, 0x01, 0xFF, 0x02])[2...]

        #expect(Value.compare(.bytes(slice), .bytes(Data([0xFF, 0x02]))) == 0)
        #expect(Value.bytes(slice) == .bytes(Data([0xFF, 0x02])))
        #expect(Value.compare(.bytes(slice), .bytes(Data([0xFF, 0x01]))) == 1)
    }

    // MARK: References, geo points, arrays, vectors, maps

    @Test func references_compareProjectDatabaseThenPathSegments() throws {
        let ascending = try [
            reference("p", "(default)", "c/d"),
            reference("p", "(default)", "c/d/e/f"),
            reference("p", "(default)", "c/d!"),
            reference("p", "other", "a/a"),
            reference("q", "(default)", "a/a"),
        ]
        for (i, left) in ascending.enumerated() {
            for (j, right) in ascending.enumerated() {
                #expect(Value.compare(left, right) == (i == j ? 0 : (i < j ? -1 : 1)), "\(left) vs \(right)")
            }
        }
    }

    @Test func geoPoints_compareLatitudeThenLongitude() throws {
        #expect(try Value.compare(geo(0, 180), geo(1, -180)) == -1)
        #expect(try Value.compare(geo(1, -1), geo(1, 0)) == -1)
        #expect(try Value.compare(geo(-0.0, -0.0), geo(0, 0)) == 0)
    }

    @Test func arrays_compareElementWiseWithPrefixFirst() {
        #expect(Value.compare([1, 2, 3], [1, 2, 3, 1]) == -1)
        #expect(Value.compare([1, 2, 3, 1], [2]) == -1)
        #expect(Value.compare([], [.null]) == -1)
        #expect(Value.compare([1], [.double(1.0)]) == 0)
        #expect(Value.compare([.double(.nan)], [.integer(.min)]) == -1)
        #expect(Value.compare(["a"], [1, 2]) == 1, "a string element sorts after a number element")
    }

    @Test func vectors_compareByLengthThenElements() {
        #expect(Value.compare(vector([9]), vector([1, 2])) == -1, "shorter first, whatever the elements")
        #expect(Value.compare(vector([1, 2]), vector([1, 3])) == -1)
        #expect(Value.compare(vector([]), vector([0])) == -1)
        #expect(Value.compare(vector([1, 2]), vector([1, 2])) == 0)
        #expect(Value.compare(vector([1, 2]), [1, 2]) == 1, "vectors sort after arrays")
        #expect(Value.compare(vector([1]), .map([:])) == -1, "vectors sort before maps")
        #expect(Value.compare(["__type__": "__vector_", "value": [1]], .map([:])) == 1, "a near-miss is a plain map")
    }

    @Test func maps_compareKeysThenValuesWithFewerEntriesFirst() {
        #expect(Value.compare([:], ["a": .null]) == -1)
        #expect(Value.compare(["a": 1], ["a": 1, "b": 0]) == -1, "fewer entries first")
        #expect(Value.compare(["a": 1, "b": 0], ["a": 2]) == -1, "the first differing value decides")
        #expect(Value.compare(["a": 9], ["b": 0]) == -1, "the first differing key decides")
        #expect(Value.compare(["b": 0, "a": 5], ["a": 5, "c": 0]) == -1, "keys are visited in sorted order")
        #expect(Value.compare(["a": 1], ["a": .double(1.0)]) == 0)
        #expect(Value.compare([decomposedE: 0], [precomposedE: 0]) == -1)
        #expect(Value.compare(["\u{FFFD}": 0], ["😀": 0]) == -1)
        #expect(Value.compare(["Z": 0], ["a": 0]) == -1)
    }

    // MARK: Helpers

    /// (integer, double, compare(integer, double))
    static let integerDoubleCases: [(Int64, Double, Int)] = [
        (Int64(1), 1.0, 0),
        (-1, -1.0, 0),
        (2, 2.5, -1),
        (3, 2.5, 1),
        (-2, -2.5, 1),
        (-3, -2.5, -1),
        (-2, -1.5, -1),
        (0, 0.5, -1),
        (0, -0.5, 1),
        (9_007_199_254_740_992, 9_007_199_254_740_992.0, 0),  // 2^53
        (9_007_199_254_740_993, 9_007_199_254_740_992.0, 1),  // 2^53 + 1 is not a double; naive conversion says 0
        (9_007_199_254_740_993, 9_007_199_254_740_994.0, -1),
        (-9_007_199_254_740_993, -9_007_199_254_740_992.0, -1),
        (.max, 9.223372036854775807e18, -1),  // the literal is 2^63, one more than Int64.max
        (.max, Double(Int64.max), -1),  // Double(Int64.max) rounds up to 2^63
        (.max, 9_223_372_036_854_774_784.0, 1),  // the largest double below 2^63
        (.max - 1_023, 9_223_372_036_854_774_784.0, 0),
        (.min, -9.223372036854775808e18, 0),  // -2^63 is exactly Int64.min
        (.min + 1, -9.223372036854775808e18, 1),
        (.min, -9_223_372_036_854_777_856.0, 1),  // the largest double below -2^63
        (.max, .infinity, -1),
        (.min, -.infinity, 1),
        (.max, .greatestFiniteMagnitude, -1),
        (.min, -.greatestFiniteMagnitude, 1),
        (0, .nan, 1),
    ]

    private struct Group {
        let label: String
        let values: [Value]
    }

    /// Values in Firestore's ascending order; values within one group are equivalent.
    private func orderingTable() throws -> [Group] {
        func group(_ label: String, _ values: Value...) -> Group { Group(label: label, values: values) }
        return try [
            group("null", .null),
            group("false", false),
            group("true", true),
            group("NaN", .double(.nan), .double(-.nan), .double(Double(nan: 42, signaling: false))),
            group("-Infinity", .double(-.infinity)),
            group("-max double", .double(-.greatestFiniteMagnitude)),
            group("below -2^63", .double(-9_223_372_036_854_777_856.0)),
            group("-2^63", .integer(.min), .double(-9_223_372_036_854_775_808.0)),
            group("Int64.min + 1", .integer(.min + 1)),
            group("above -2^63", .double(-9_223_372_036_854_774_784.0), .integer(-9_223_372_036_854_774_784)),
            group("-2^53 - 1", .integer(-9_007_199_254_740_993)),
            group("-2^53", .integer(-9_007_199_254_740_992), .double(-9_007_199_254_740_992.0)),
            group("-1.5", .double(-1.5)),
            group("-1", .integer(-1), .double(-1.0)),
            group("-tiny", .double(-.leastNonzeroMagnitude)),
            group("zero", .integer(0), .double(0.0), .double(-0.0)),
            group("tiny", .double(.leastNonzeroMagnitude)),
            group("0.5", .double(0.5)),
            group("1", .integer(1), .double(1.0)),
            group("1.5", .double(1.5)),
            group("2^53", .integer(9_007_199_254_740_992), .double(9_007_199_254_740_992.0)),
            group("2^53 + 1", .integer(9_007_199_254_740_993)),
            group("2^53 + 2", .integer(9_007_199_254_740_994), .double(9_007_199_254_740_994.0)),
            group("below 2^63", .double(9_223_372_036_854_774_784.0), .integer(9_223_372_036_854_774_784)),
            group("Int64.max", .integer(.max)),
            group("2^63", .double(9.223372036854775807e18)),
            group("max double", .double(.greatestFiniteMagnitude)),
            group("Infinity", .double(.infinity)),
            group("timestamp min", .timestamp(.min)),
            group("timestamp -1ns", .timestamp(try Timestamp(seconds: -1, nanoseconds: 999_999_999))),
            group("timestamp epoch", .timestamp(try Timestamp(seconds: 0))),
            group("timestamp +1ns", .timestamp(try Timestamp(seconds: 0, nanoseconds: 1))),
            group("timestamp +1s", .timestamp(try Timestamp(seconds: 1))),
            group("timestamp max", .timestamp(.max)),
            group("empty string", ""),
            group("NUL", "\u{0}"),
            group("A", "A"),
            group("a", "a"),
            group("a NUL", "a\u{0}"),
            group("ab", "ab"),
            group("b", "b"),
            group("decomposed é", .string(decomposedE)),
            group("precomposed é", .string(precomposedE)),
            group("U+FFFD", "\u{FFFD}"),
            group("emoji", "😀"),
            group("empty bytes", .bytes(Data())),
            group("bytes 00", .bytes(Data([0x00]))),
            group("bytes 00 00", .bytes(Data([0x00, 0x00]))),
            group("bytes 01", .bytes(Data([0x01]))),
            group("bytes 7F", .bytes(Data([0x7F]))),
            group("bytes 80", .bytes(Data([0x80]))),
            group("bytes FF", .bytes(Data([0xFF]))),
            group("bytes FF 00", .bytes(Data([0xFF, 0x00]))),
            group("ref a/(default)/c/d", reference("a", "(default)", "c/d")),
            group("ref a/(default)/c/d/e/f", reference("a", "(default)", "c/d/e/f")),
            group("ref a/(default)/c/d!", reference("a", "(default)", "c/d!")),
            group("ref a/(default)/z/z", reference("a", "(default)", "z/z")),
            group("ref a/db/a/a", reference("a", "db", "a/a")),
            group("ref b/(default)/a/a", reference("b", "(default)", "a/a")),
            group("ref decomposed project", reference(decomposedE, "(default)", "a/a")),
            group("ref precomposed project", reference(precomposedE, "(default)", "a/a")),
            group("geo -90,-180", geo(-90, -180)),
            group("geo -90,180", geo(-90, 180)),
            group("geo 0,0", geo(0, 0), geo(-0.0, -0.0)),
            group("geo 0,1", geo(0, 1)),
            group("geo 90,-180", geo(90, -180)),
            group("geo 90,180", geo(90, 180)),
            group("[]", []),
            group("[null]", [.null]),
            group("[NaN]", [.double(.nan)]),
            group("[1]", [1], [.double(1.0)]),
            group("[1, 2]", [1, 2]),
            group("[1, 2, 3]", [1, 2, 3]),
            group("[1, 3]", [1, 3]),
            group("[2]", [2]),
            group("[\"a\"]", ["a"]),
            group("[{}]", [[:]]),
            group("vector []", vector([])),
            group("vector [5]", vector([5])),
            group("vector [1, 2]", vector([1, 2])),
            group("vector [1, 3]", vector([1, 3])),
            group("{}", [:]),
            group("{__type__: x}", ["__type__": "x"]),
            group("{a: null}", ["a": .null]),
            group("{a: 1}", ["a": 1], ["a": .double(1.0)]),
            group("{a: 1, b: 0}", ["a": 1, "b": 0]),
            group("{a: 1, b: 1}", ["b": 1, "a": 1]),
            group("{a: 2}", ["a": 2]),
            group("{a: \"\"}", ["a": ""]),
            group("{b: 0}", ["b": 0]),
            group("{decomposed é: 0}", [decomposedE: 0]),
            group("{precomposed é: 0}", [precomposedE: 0]),
            group("{U+FFFD: 0}", ["\u{FFFD}": 0]),
            group("{emoji: 0}", ["😀": 0]),
        ]
    }

    private func reference(_ project: String, _ database: String, _ path: String) throws -> Value {
        .reference(
            try DocumentName(database: DatabaseID(projectID: project, databaseID: database), path: DocumentPath(path)))
    }

    private func geo(_ latitude: Double, _ longitude: Double) throws -> Value {
        .geoPoint(try GeoPoint(latitude: latitude, longitude: longitude))
    }

    private func vector(_ elements: [Double]) -> Value {
        ["__type__": "__vector__", "value": .array(elements.map(Value.double))]
    }
}
