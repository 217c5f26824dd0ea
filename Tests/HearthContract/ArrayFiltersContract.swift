import HearthApplication
import HearthDomain
public import HearthPort

/// `array-contains` and `array-contains-any`.
public enum ArrayFiltersContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("arrayContains_matchesNumbersOfEitherKindOnce", arrayContains_matchesNumbersOfEitherKindOnce),
        b("arrayContains_NaN_matchesNothing", arrayContains_NaN_matchesNothing),
        b("arrayContains_null_matchesNothing", arrayContains_null_matchesNothing),
        b("arrayContains_map_comparesByValue", arrayContains_map_comparesByValue),
        b("arrayContains_arrayOperand_matchesNothing", arrayContains_arrayOperand_matchesNothing),
        b("arrayContains_string_ignoresEqualScalarFields", arrayContains_string_ignoresEqualScalarFields),
        b("arrayContains_nestedField_matches", arrayContains_nestedField_matches),
        b("arrayContainsAny_matchesAnyValueOnce", arrayContainsAny_matchesAnyValueOnce),
        b("arrayContainsAny_NaNAndNull_matchNothing", arrayContainsAny_NaNAndNull_matchNothing),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .arrayFilters, name: name, traits: traits, run: run)
    }

    private static func values(_ store: any DocumentStore, _ filter: Filter) async throws -> [String] {
        try await ContractFixtures.seedValues(store)
        return try await store.ids(try query("e", where: filter))
    }

    private static let holdingOne = ["arr1", "arr11", "arr12", "arr12d", "arr1d", "arr21"]

    /// `array-contains 1` matches arrays holding 1 or 1.0, each document once, by name.
    public static func arrayContains_matchesNumbersOfEitherKindOnce(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .arrayContains, 1.0)), holdingOne, "v array-contains 1.0")
    }

    /// `array-contains NaN` matches nothing, not even `[NaN]`.
    public static func arrayContains_NaN_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .arrayContains, .double(.nan))), [], "v array-contains NaN")
    }

    /// `array-contains null` matches nothing, not even `[null]`.
    public static func arrayContains_null_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .arrayContains, .null)), [], "v array-contains null")
    }

    /// A map operand matches an equal map element (numeric equality inside).
    public static func arrayContains_map_comparesByValue(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .arrayContains, ["a": 1.0])), ["arrmap"],
            "v array-contains {a: 1.0}")
    }

    /// An array operand matches nothing (arrays never directly contain arrays).
    public static func arrayContains_arrayOperand_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .arrayContains, [1])), [], "v array-contains [1]")
    }

    /// `array-contains` only looks inside arrays: a field equal to the operand does not match.
    public static func arrayContains_string_ignoresEqualScalarFields(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "x", ["scalar": "gym", "list": ["yoga", "gym"], "other": ["yoga"]])

        let ids = try await store.ids(try query("x", where: try filter("v", .arrayContains, "gym")))

        try expectEqual(ids, ["list"], "v array-contains 'gym'")
    }

    /// `array-contains` works on a nested field path.
    public static func arrayContains_nestedField_matches(_ store: any DocumentStore) async throws {
        try await store.seed([
            "x/a": ["m": ["tags": ["x", "y"]]], "x/b": ["m": ["tags": ["y"]]], "x/c": ["tags": ["x"]],
        ])

        let ids = try await store.ids(try query("x", where: try filter("m.tags", .arrayContains, "x")))

        try expectEqual(ids, ["a"], "m.tags array-contains 'x'")
    }

    /// `array-contains-any` matches arrays sharing any value, each document once, by name.
    public static func arrayContainsAny_matchesAnyValueOnce(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .arrayContainsAny, [2, 1])), holdingOne,
            "v array-contains-any [2, 1]")
    }

    /// NaN and null operands of `array-contains-any` match nothing.
    public static func arrayContainsAny_NaNAndNull_matchNothing(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .arrayContainsAny, [.double(.nan), .null])),
            [],
            "v array-contains-any [NaN, null]"
        )
    }
}
