import Foundation
import HearthApplication
import HearthDomain
public import HearthPort

/// `==`, `in` and the unary filters (`IS_NULL`, `IS_NAN`, `IS_NOT_NULL`, `IS_NOT_NAN`), with Firestore's
/// server-side equality: numeric and kind-blind (1 == 1.0, 0 == -0.0), NaN equal to nothing.
public enum EqualityFiltersContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("equal_integer_matchesEqualDouble", equal_integer_matchesEqualDouble),
        b("equal_double_matchesEqualInteger", equal_double_matchesEqualInteger),
        b("equal_zero_matchesNegativeZero", equal_zero_matchesNegativeZero),
        b("equal_negativeZero_matchesEveryZero", equal_negativeZero_matchesEveryZero),
        b("equal_largeIntegers_comparedExactly", equal_largeIntegers_comparedExactly),
        b("equal_int64Minimum_matchesEqualDouble", equal_int64Minimum_matchesEqualDouble),
        b("equal_array_comparesElementsNumerically", equal_array_comparesElementsNumerically),
        b("equal_map_comparesValuesNumerically", equal_map_comparesValuesNumerically),
        b("equal_emptyArray_matchesOnlyEmptyArray", equal_emptyArray_matchesOnlyEmptyArray),
        b("equal_emptyMap_matchesOnlyEmptyMap", equal_emptyMap_matchesOnlyEmptyMap),
        b("equal_NaN_matchesNothing", equal_NaN_matchesNothing),
        b("equal_nullFieldFilter_matchesNothing", equal_nullFieldFilter_matchesNothing),
        b("equal_string_comparesExactBytes", equal_string_comparesExactBytes),
        b("equal_timestamp_comparesMicroseconds", equal_timestamp_comparesMicroseconds),
        b("equal_vector_matchesSameVector", equal_vector_matchesSameVector),
        b("equal_nestedField_matches", equal_nestedField_matches),
        b("in_matchesNumbersOfEitherKind", in_matchesNumbersOfEitherKind),
        b("in_NaN_matchesNothing", in_NaN_matchesNothing),
        b("in_onlyNull_matchesNothing", in_onlyNull_matchesNothing),
        b("in_withNull_ignoresNull", in_withNull_ignoresNull),
        b("in_arrayOperand_matchesWholeArray", in_arrayOperand_matchesWholeArray),
        b("in_duplicateValues_eachDocumentOnce", in_duplicateValues_eachDocumentOnce),
        b("in_resultsInNameOrder", in_resultsInNameOrder),
        b("isNull_matchesNullNotMissing", isNull_matchesNullNotMissing),
        b("isNaN_matchesOnlyNaN", isNaN_matchesOnlyNaN),
        b("isNaN_onNonNumbers_matchesNothing", isNaN_onNonNumbers_matchesNothing),
        b("isNotNull_includesNaN_excludesNullAndMissing", isNotNull_includesNaN_excludesNullAndMissing),
        b("isNotNaN_excludesNaNNullAndMissing", isNotNaN_excludesNaNNullAndMissing),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .equalityFilters, name: name, traits: traits, run: run)
    }

    /// Seeds ``ContractFixtures/seedValues(_:)`` and returns the IDs matching `filter`.
    private static func values(_ store: any DocumentStore, _ filter: Filter) async throws -> [String] {
        try await ContractFixtures.seedValues(store)
        return try await store.ids(try query("e", where: filter))
    }

    /// `v == 1` matches the integer 1 and the double 1.0.
    public static func equal_integer_matchesEqualDouble(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .equal, 1)), ["d1", "i1"], "v == 1")
    }

    /// `v == 1.0` matches the double 1.0 and the integer 1.
    public static func equal_double_matchesEqualInteger(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .equal, 1.0)), ["d1", "i1"], "v == 1.0")
    }

    /// `v == 0` matches 0, 0.0 and -0.0.
    public static func equal_zero_matchesNegativeZero(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .equal, 0)), ["nz", "z", "zd"], "v == 0")
    }

    /// `v == -0.0` matches every zero.
    public static func equal_negativeZero_matchesEveryZero(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .equal, .double(-0.0))), ["nz", "z", "zd"], "v == -0.0")
    }

    /// Integers and doubles are compared exactly: 2^53 + 1 (integer) equals no double, 2^53 equals both.
    public static func equal_largeIntegers_comparedExactly(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(
            store, "n",
            [
                "int2p53": .integer(twoTo53), "dbl2p53": .double(9_007_199_254_740_992.0),
                "int2p53p1": .integer(twoTo53 + 1), "dbl2p53p2": .double(9_007_199_254_740_994.0),
            ])

        let plusOne = try await store.ids(try query("n", where: try filter("v", .equal, .integer(twoTo53 + 1))))
        let power = try await store.ids(
            try query("n", where: try filter("v", .equal, .double(9_007_199_254_740_992.0))))

        try expectEqual(plusOne, ["int2p53p1"], "v == 2^53 + 1")
        try expectEqual(power, ["dbl2p53", "int2p53"], "v == 2^53 (double)")
    }

    /// Int64.min equals the double -2^63 exactly.
    public static func equal_int64Minimum_matchesEqualDouble(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(
            store, "n", ["i64min": .integer(.min), "dneg2p63": .double(-9.223372036854776e18), "im1": -1])

        let ids = try await store.ids(try query("n", where: try filter("v", .equal, .integer(.min))))

        try expectEqual(ids, ["dneg2p63", "i64min"], "v == Int64.min")
    }

    /// Arrays are equal element by element, with numeric element equality.
    public static func equal_array_comparesElementsNumerically(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .equal, [1.0, 2])), ["arr12", "arr12d"], "v == [1.0, 2]")
    }

    /// Maps are equal key by key, with numeric value equality.
    public static func equal_map_comparesValuesNumerically(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .equal, ["a": 1.0])), ["map1", "map1d"], "v == {a: 1.0}")
    }

    /// `v == []` matches only the empty array.
    public static func equal_emptyArray_matchesOnlyEmptyArray(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .equal, [])), ["arrempty"], "v == []")
    }

    /// `v == {}` matches only the empty map.
    public static func equal_emptyMap_matchesOnlyEmptyMap(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .equal, .map([:]))), ["mapempty"], "v == {}")
    }

    /// NaN equals nothing, not even NaN: `v == NaN` as a field filter matches nothing (use `IS_NAN`).
    public static func equal_NaN_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .equal, .double(.nan))), [], "v == NaN")
    }

    /// `v == null` as a field filter matches nothing (the SDKs send `IS_NULL`, which does match).
    public static func equal_nullFieldFilter_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .equal, .null)), [], "v == null")
    }

    /// Strings are equal only byte for byte: no Unicode normalization.
    public static func equal_string_comparesExactBytes(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "s", ["pre": "\u{E9}", "dec": "e\u{301}"])

        let decomposed = try await store.ids(try query("s", where: try filter("v", .equal, "e\u{301}")))
        let precomposed = try await store.ids(try query("s", where: try filter("v", .equal, "\u{E9}")))

        try expectEqual(decomposed, ["dec"], "v == e + combining accent")
        try expectEqual(precomposed, ["pre"], "v == precomposed é")
    }

    /// Timestamps are equal only to the microsecond: `.123` does not match `.123456`.
    public static func equal_timestamp_comparesMicroseconds(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(
            store, "t",
            [
                "ms": .timestamp(try timestamp("2024-01-01T00:00:00.123Z")),
                "us": .timestamp(try timestamp("2024-01-01T00:00:00.123456Z")),
            ])

        let ids = try await store.ids(
            try query("t", where: try filter("v", .equal, .timestamp(try timestamp("2024-01-01T00:00:00.123000Z")))))

        try expectEqual(ids, ["ms"], "v == .123000")
    }

    /// A vector equals the same vector only.
    public static func equal_vector_matchesSameVector(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "v", ["two": vector(1, 2), "one": vector(5), "array": [1.0, 2.0]])

        let ids = try await store.ids(try query("v", where: try filter("v", .equal, vector(1, 2))))

        try expectEqual(ids, ["two"], "v == vector[1, 2]")
    }

    /// A nested field path filters on the value inside the map.
    public static func equal_nestedField_matches(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPartial(store)

        let ids = try await store.ids(try query("c", where: try filter("m.v", .equal, 1)))

        try expectEqual(ids, ["hasmapv"], "m.v == 1")
    }

    /// `in [1]` matches 1 and 1.0.
    public static func in_matchesNumbersOfEitherKind(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .in, [1])), ["d1", "i1"], "v in [1]")
    }

    /// `in [NaN]` matches nothing.
    public static func in_NaN_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .in, [.double(.nan)])), [], "v in [NaN]")
    }

    /// `in [null]` matches nothing, not even a null field.
    public static func in_onlyNull_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .in, [.null])), [], "v in [null]")
    }

    /// A null in an `in` list matches nothing; the other values still match.
    public static func in_withNull_ignoresNull(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .in, [1, "a", .null])), ["d1", "i1", "sa"], "v in [1, 'a', null]")
    }

    /// An array in an `in` list matches an equal array, not arrays containing it.
    public static func in_arrayOperand_matchesWholeArray(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .in, [[1, 2]])), ["arr12", "arr12d"], "v in [[1, 2]]")
    }

    /// A document matching several values of an `in` list is returned once.
    public static func in_duplicateValues_eachDocumentOnce(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .in, [1, 1.0, 1])), ["d1", "i1"], "v in [1, 1.0, 1]")
    }

    /// `in` implies no order on its field: results come back by name.
    public static func in_resultsInNameOrder(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", where: try filter("a", .in, [5, 3, 2])))

        try expectEqual(ids, ["d1", "d2", "d3", "d4", "d7", "d8"], "a in [5, 3, 2]")
    }

    /// `IS_NULL` matches a field set to null, never a missing field.
    public static func isNull_matchesNullNotMissing(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPartial(store)

        let ids = try await store.ids(try query("c", where: try unary("v", .isNull)))

        try expectEqual(ids, ["hasnull"], "IS_NULL v")
    }

    /// `IS_NAN` matches NaN and nothing else.
    public static func isNaN_matchesOnlyNaN(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try unary("v", .isNaN)), ["nan"], "IS_NAN v")
    }

    /// `IS_NAN` on values that are not numbers matches nothing (no error).
    public static func isNaN_onNonNumbers_matchesNothing(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "x", ["s": "NaN", "n": .null, "a": [.double(.nan)]])

        let ids = try await store.ids(try query("x", where: try unary("v", .isNaN)))

        try expectEqual(ids, [], "IS_NAN v")
    }

    /// `IS_NOT_NULL` keeps every present non-null value, NaN included, and orders by the field.
    public static func isNotNull_includesNaN_excludesNullAndMissing(_ store: any DocumentStore) async throws {
        let expected = ContractFixtures.valuesInOrder.filter { $0 != "null" }

        try expectEqual(try await values(store, try unary("v", .isNotNull)), expected, "IS_NOT_NULL v")
    }

    /// `IS_NOT_NAN` excludes NaN, null and missing, and orders by the field.
    public static func isNotNaN_excludesNaNNullAndMissing(_ store: any DocumentStore) async throws {
        let expected = ContractFixtures.valuesInOrder.filter { $0 != "null" && $0 != "nan" }

        try expectEqual(try await values(store, try unary("v", .isNotNaN)), expected, "IS_NOT_NAN v")
    }
}
