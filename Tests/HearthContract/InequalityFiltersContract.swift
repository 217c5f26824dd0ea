import HearthApplication
import HearthDomain
public import HearthPort

/// `!=` and `not-in`: they exclude null and missing fields, keep NaN unless asked, and order by their field.
public enum InequalityFiltersContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("notEqual_excludesNullAndMissing", notEqual_excludesNullAndMissing),
        b("notEqual_matchesEveryOtherValueOrderedByField", notEqual_matchesEveryOtherValueOrderedByField),
        b("notEqual_NaN_keepsNaN", notEqual_NaN_keepsNaN),
        b("notEqual_nullFieldFilter_matchesNothing", notEqual_nullFieldFilter_matchesNothing),
        b("notEqual_zero_excludesEveryZero", notEqual_zero_excludesEveryZero),
        b("notEqual_impliesOrderByField", notEqual_impliesOrderByField),
        b("notIn_excludesListedNumbersOfEitherKind", notIn_excludesListedNumbersOfEitherKind),
        b("notIn_excludesNullAndMissing", notIn_excludesNullAndMissing),
        b("notIn_withNull_matchesNothing", notIn_withNull_matchesNothing),
        b("notIn_NaN_keepsNaN", notIn_NaN_keepsNaN),
        b("notIn_impliesOrderByField", notIn_impliesOrderByField),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .inequalityFilters, name: name, traits: traits, run: run)
    }

    private static func values(_ store: any DocumentStore, _ filter: Filter) async throws -> [String] {
        try await ContractFixtures.seedValues(store)
        return try await store.ids(try query("e", where: filter))
    }

    private static func everyValue(except excluded: Set<String>) -> [String] {
        ContractFixtures.valuesInOrder.filter { !excluded.contains($0) }
    }

    /// `v != 1` skips documents whose `v` is null or missing.
    public static func notEqual_excludesNullAndMissing(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPartial(store)

        let ids = try await store.ids(try query("c", where: try filter("v", .notEqual, 1)))

        try expectEqual(ids, ["has2", "hasstr"], "v != 1")
    }

    /// `v != 1` matches values of every other kind (and NaN), ordered by `v` then name.
    public static func notEqual_matchesEveryOtherValueOrderedByField(_ store: any DocumentStore) async throws {
        let ids = try await values(store, try filter("v", .notEqual, 1))

        try expectEqual(ids, everyValue(except: ["null", "d1", "i1"]), "v != 1")
    }

    /// NaN equals nothing, so `v != NaN` keeps NaN (and excludes only null).
    public static func notEqual_NaN_keepsNaN(_ store: any DocumentStore) async throws {
        let ids = try await values(store, try filter("v", .notEqual, .double(.nan)))

        try expectEqual(ids, everyValue(except: ["null"]), "v != NaN")
    }

    /// `v != null` as a field filter matches nothing (the SDKs send `IS_NOT_NULL`).
    public static func notEqual_nullFieldFilter_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .notEqual, .null)), [], "v != null")
    }

    /// `v != -0.0` excludes 0, 0.0 and -0.0.
    public static func notEqual_zero_excludesEveryZero(_ store: any DocumentStore) async throws {
        let ids = try await values(store, try filter("v", .notEqual, .double(-0.0)))

        try expectEqual(ids, everyValue(except: ["null", "nz", "z", "zd"]), "v != -0.0")
    }

    /// `!=` orders by its field, then by name.
    public static func notEqual_impliesOrderByField(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", where: try filter("a", .notEqual, 2)))

        try expectEqual(ids, ["d1", "d3", "d5"], "a != 2")
    }

    /// `not-in [1.0]` excludes 1 and 1.0.
    public static func notIn_excludesListedNumbersOfEitherKind(_ store: any DocumentStore) async throws {
        let ids = try await values(store, try filter("v", .notIn, [1.0]))

        try expectEqual(ids, everyValue(except: ["null", "d1", "i1"]), "v not-in [1.0]")
    }

    /// `not-in` skips documents whose field is null or missing.
    public static func notIn_excludesNullAndMissing(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPartial(store)

        let ids = try await store.ids(try query("c", where: try filter("v", .notIn, [1])))

        try expectEqual(ids, ["has2", "hasstr"], "v not-in [1]")
    }

    /// A null in a `not-in` list makes the filter match nothing.
    public static func notIn_withNull_matchesNothing(_ store: any DocumentStore) async throws {
        try expectEqual(try await values(store, try filter("v", .notIn, [1, .null])), [], "v not-in [1, null]")
    }

    /// `not-in [NaN]` keeps NaN.
    public static func notIn_NaN_keepsNaN(_ store: any DocumentStore) async throws {
        let ids = try await values(store, try filter("v", .notIn, [.double(.nan)]))

        try expectEqual(ids, everyValue(except: ["null"]), "v not-in [NaN]")
    }

    /// `not-in` orders by its field, then by name.
    public static func notIn_impliesOrderByField(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(try query("c", where: try filter("a", .notIn, [3])))

        try expectEqual(ids, ["d2", "d4", "d7", "d8", "d3", "d5"], "a not-in [3]")
    }
}
