import Foundation
import HearthApplication
import HearthDomain
public import HearthPort

/// `<`, `<=`, `>`, `>=`: they match only values of the operand's kind, in Firestore's order.
public enum RangeFiltersContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("greaterThan_matchesOnlyNumbers", greaterThan_matchesOnlyNumbers),
        b("greaterThanOrEqual_includesEqualOfEitherKind", greaterThanOrEqual_includesEqualOfEitherKind),
        b("betweenBounds_matchesRange", betweenBounds_matchesRange),
        b("greaterThanMinusInfinity_excludesNaN", greaterThanMinusInfinity_excludesNaN),
        b("comparisonWithNaN_matchesNothing", comparisonWithNaN_matchesNothing),
        b("comparisonWithNull_matchesNothing", comparisonWithNull_matchesNothing),
        b("integerRange_comparesExactlyWithDoubles", integerRange_comparesExactlyWithDoubles),
        b("lessThanString_matchesOnlyStrings", lessThanString_matchesOnlyStrings),
        b("atLeastEmptyString_matchesEveryString", atLeastEmptyString_matchesEveryString),
        b("stringRange_comparesUTF8Bytes", stringRange_comparesUTF8Bytes),
        b("booleanRange_matchesOnlyBooleans", booleanRange_matchesOnlyBooleans),
        b("timestampRange_matchesOnlyTimestamps", timestampRange_matchesOnlyTimestamps),
        b("bytesRange_matchesOnlyBytes", bytesRange_matchesOnlyBytes),
        b("geoPointRange_matchesOnlyGeoPoints", geoPointRange_matchesOnlyGeoPoints),
        b("arrayRange_matchesOnlyArrays", arrayRange_matchesOnlyArrays),
        b("mapRange_matchesOnlyMaps", mapRange_matchesOnlyMaps),
        b("rangeOnNestedField_matches", rangeOnNestedField_matches),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .rangeFilters, name: name, traits: traits, run: run)
    }

    private static func values(_ store: any DocumentStore, _ filter: Filter) async throws -> [String] {
        try await ContractFixtures.seedValues(store)
        return try await store.ids(try query("e", where: filter))
    }

    /// `v > 1` matches greater numbers only, never strings, arrays or other kinds.
    public static func greaterThan_matchesOnlyNumbers(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .greaterThan, 1)), ["i2"], "v > 1")
    }

    /// `v >= 1` includes 1.0 and 1, ordered by value then name.
    public static func greaterThanOrEqual_includesEqualOfEitherKind(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .greaterThanOrEqual, 1)), ["d1", "i1", "i2"], "v >= 1")
    }

    /// Two bounds on one field select the values between them.
    public static func betweenBounds_matchesRange(_ store: any DocumentStore) async throws {
        let ids = try await values(store, and(try filter("v", .greaterThanOrEqual, 0), try filter("v", .lessThan, 2)))

        try expectEqual(ids, ["nz", "z", "zd", "d1", "i1"], "0 <= v < 2")
    }

    /// NaN is below -Infinity in the order, but no numeric range matches it.
    public static func greaterThanMinusInfinity_excludesNaN(_ store: any DocumentStore) async throws {
        let ids = try await values(store, try filter("v", .greaterThan, .double(-.infinity)))

        try expectEqual(ids, ["nz", "z", "zd", "d1", "i1", "i2"], "v > -Infinity")
    }

    /// A NaN operand makes every range filter match nothing.
    public static func comparisonWithNaN_matchesNothing(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedValues(store)
        for op in [FieldOperator.lessThan, .lessThanOrEqual, .greaterThanOrEqual] {
            let ids = try await store.ids(try query("e", where: try filter("v", op, .double(.nan))))
            try expectEqual(ids, [], "v \(op.rawValue) NaN")
        }
    }

    /// A null operand makes every range filter match nothing (not even null).
    public static func comparisonWithNull_matchesNothing(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedValues(store)
        for op in [FieldOperator.greaterThan, .greaterThanOrEqual, .lessThanOrEqual] {
            let ids = try await store.ids(try query("e", where: try filter("v", op, .null)))
            try expectEqual(ids, [], "v \(op.rawValue) null")
        }
    }

    /// Ranges compare integers and doubles exactly: 2^53 + 1 sorts between 2^53 and 2^53 + 2.
    public static func integerRange_comparesExactlyWithDoubles(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(
            store, "n",
            [
                "int2p53": .integer(twoTo53), "dbl2p53": .double(9_007_199_254_740_992.0),
                "int2p53p1": .integer(twoTo53 + 1),
                "dbl2p53p2": .double(9_007_199_254_740_994.0), "i64max": .integer(.max),
                "dbl2p63": .double(9.223372036854776e18),
                "posinf": .double(.infinity),
            ])

        let ids = try await store.ids(try query("n", where: try filter("v", .greaterThan, .integer(twoTo53))))

        try expectEqual(ids, ["int2p53p1", "dbl2p53p2", "i64max", "dbl2p63", "posinf"], "v > 2^53")
    }

    /// `v < 'a'` matches smaller strings only.
    public static func lessThanString_matchesOnlyStrings(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .lessThan, "a")), ["s1"], "v < 'a'")
    }

    /// `v >= ''` matches every string and nothing else.
    public static func atLeastEmptyString_matchesEveryString(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .greaterThanOrEqual, "")), ["s1", "sa", "sb"], "v >= ''")
    }

    /// Strings compare by UTF-8 bytes (U+E000 < U+FFFD < U+1F600), not by UTF-16 code units.
    public static func stringRange_comparesUTF8Bytes(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(
            store, "s", ["pua": "\u{E000}", "fffd": "\u{FFFD}", "emoji": "\u{1F600}", "z": "z", "accent": "\u{E9}"])

        let ids = try await store.ids(try query("s", where: try filter("v", .greaterThan, "\u{E000}")))

        try expectEqual(ids, ["fffd", "emoji"], "v > U+E000")
    }

    /// Boolean ranges match booleans only: `v > false` is true, `v < true` is false.
    public static func booleanRange_matchesOnlyBooleans(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedValues(store)

        try expectEqual(
            try await store.ids(try query("e", where: try filter("v", .greaterThan, false))), ["t"], "v > false")
        try expectEqual(try await store.ids(try query("e", where: try filter("v", .lessThan, true))), ["f"], "v < true")
    }

    /// A timestamp range matches timestamps only.
    public static func timestampRange_matchesOnlyTimestamps(_ store: any DocumentStore) async throws {
        let operand = Value.timestamp(try timestamp("1970-01-01T00:00:00Z"))

        try expectEqual(try await values(store, try filter("v", .greaterThan, operand)), ["ts"], "v > 1970")
    }

    /// A bytes range matches bytes only.
    public static func bytesRange_matchesOnlyBytes(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .greaterThanOrEqual, .bytes(Data()))), ["bytes"], "v >= bytes('')")
    }

    /// A geo point range matches geo points only.
    public static func geoPointRange_matchesOnlyGeoPoints(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await values(store, try filter("v", .greaterThanOrEqual, try geo(-90, -180))), ["geo"],
            "v >= geo(-90, -180)")
    }

    /// An array range matches arrays only, in array order.
    public static func arrayRange_matchesOnlyArrays(_ store: any DocumentStore) async throws {
        let ids = try await values(store, try filter("v", .greaterThan, []))

        try expectEqual(
            ids, ["arrnull", "arrnan", "arr1", "arr1d", "arr11", "arr12", "arr12d", "arr21", "arrmap"], "v > []")
    }

    /// A map range matches maps only: `v > {}` is the non-empty maps, `v < {}` is nothing.
    public static func mapRange_matchesOnlyMaps(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedValues(store)

        try expectEqual(
            try await store.ids(try query("e", where: try filter("v", .greaterThan, .map([:])))), ["map1", "map1d"],
            "v > {}")
        try expectEqual(try await store.ids(try query("e", where: try filter("v", .lessThan, .map([:])))), [], "v < {}")
    }

    /// A range on a nested field path compares the value inside the map.
    public static func rangeOnNestedField_matches(_ store: any DocumentStore) async throws {
        try await store.seed(["x/a": ["m": ["v": 3]], "x/b": ["m": ["v": 1]], "x/c": ["m": ["w": 9]], "x/d": ["v": 9]])

        let ids = try await store.ids(try query("x", where: try filter("m.v", .greaterThan, 0)))

        try expectEqual(ids, ["b", "a"], "m.v > 0")
    }
}
