import HearthApplication
import HearthDomain
public import HearthPort

/// Composite AND / OR filters, including the implied orders of inequalities inside an OR.
public enum CompositeFiltersContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("and_requiresEveryFilter", and_requiresEveryFilter),
        b("and_singleFilter_actsAsThatFilter", and_singleFilter_actsAsThatFilter),
        b("or_matchesAnyBranchInNameOrder", or_matchesAnyBranchInNameOrder),
        b("or_singleFilter_actsAsThatFilter", or_singleFilter_actsAsThatFilter),
        b("or_documentMatchingBothBranches_returnedOnce", or_documentMatchingBothBranches_returnedOnce),
        b("or_branchOnMissingField_stillMatchesOtherBranch", or_branchOnMissingField_stillMatchesOtherBranch),
        b("or_withInequality_excludesDocumentsLackingItsField", or_withInequality_excludesDocumentsLackingItsField),
        b("or_withInequality_ordersByItsField", or_withInequality_ordersByItsField),
        b("or_withOrderBy_excludesDocumentsLackingOrderField", or_withOrderBy_excludesDocumentsLackingOrderField),
        b("and_containingOr_matchesBoth", and_containingOr_matchesBoth),
        b("or_containingAnd_matchesEither", or_containingAnd_matchesEither),
        b("or_arrayContainsInEachBranch_isAllowed", or_arrayContainsInEachBranch_isAllowed),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .compositeFilters, name: name, traits: traits, run: run)
    }

    private static func pairs(_ store: any DocumentStore, _ filter: Filter) async throws -> [String] {
        try await ContractFixtures.seedPairs(store)
        return try await store.ids(try query("c", where: filter))
    }

    private static func partial(
        _ store: any DocumentStore, _ filter: Filter, orderBy: [Order] = []
    ) async throws -> [String] {
        try await ContractFixtures.seedPartial(store)
        return try await store.ids(try query("c", where: filter, orderBy: orderBy))
    }

    /// AND keeps documents matching every filter.
    public static func and_requiresEveryFilter(_ store: any DocumentStore) async throws {
        let ids = try await pairs(store, and(try filter("a", .equal, 2), try filter("b", .equal, 1)))

        try expectEqual(ids, ["d2", "d4"], "a == 2 AND b == 1")
    }

    /// An AND of one filter is that filter.
    public static func and_singleFilter_actsAsThatFilter(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await pairs(store, and(try filter("a", .equal, 2))), ["d2", "d4", "d7", "d8"], "AND(a == 2)")
    }

    /// OR keeps documents matching any branch, by name when no branch has an inequality.
    public static func or_matchesAnyBranchInNameOrder(_ store: any DocumentStore) async throws {
        let ids = try await pairs(store, or(try filter("a", .equal, 5), try filter("b", .equal, 1)))

        try expectEqual(ids, ["d1", "d2", "d3", "d4", "d6"], "a == 5 OR b == 1")
    }

    /// An OR of one filter is that filter.
    public static func or_singleFilter_actsAsThatFilter(_ store: any DocumentStore) async throws {
        try expectEqual(try await pairs(store, or(try filter("a", .equal, 2))), ["d2", "d4", "d7", "d8"], "OR(a == 2)")
    }

    /// A document matching several branches is returned once.
    public static func or_documentMatchingBothBranches_returnedOnce(_ store: any DocumentStore) async throws {
        let ids = try await pairs(store, or(try filter("a", .equal, 2), try filter("b", .equal, 1)))

        try expectEqual(ids, ["d1", "d2", "d4", "d6", "d7", "d8"], "a == 2 OR b == 1")
    }

    /// A document lacking the field of one equality branch can still match another branch.
    public static func or_branchOnMissingField_stillMatchesOtherBranch(_ store: any DocumentStore) async throws {
        let ids = try await partial(store, or(try filter("v", .equal, 1), try filter("w", .equal, 1)))

        try expectEqual(ids, ["has1", "missing"], "v == 1 OR w == 1")
    }

    /// An inequality in one branch implies an order on its field, which excludes documents lacking it,
    /// even when they match another branch.
    public static func or_withInequality_excludesDocumentsLackingItsField(_ store: any DocumentStore) async throws {
        let ids = try await partial(store, or(try filter("v", .greaterThan, 1), try filter("w", .equal, 1)))

        try expectEqual(ids, ["has2"], "v > 1 OR w == 1")
    }

    /// An inequality in one branch orders the whole result by its field.
    public static func or_withInequality_ordersByItsField(_ store: any DocumentStore) async throws {
        let ids = try await pairs(store, or(try filter("a", .greaterThan, 4), try filter("b", .equal, 1)))

        try expectEqual(ids, ["d2", "d4", "d1", "d3", "d5"], "a > 4 OR b == 1")
    }

    /// An explicit order excludes documents lacking its field from an OR's results.
    public static func or_withOrderBy_excludesDocumentsLackingOrderField(_ store: any DocumentStore) async throws {
        let ids = try await partial(
            store, or(try filter("v", .equal, 1), try filter("w", .equal, 1)), orderBy: [try asc("v")])

        try expectEqual(ids, ["has1"], "v == 1 OR w == 1, orderBy v")
    }

    /// An AND containing an OR keeps documents matching the OR and the other filters.
    public static func and_containingOr_matchesBoth(_ store: any DocumentStore) async throws {
        let ids = try await pairs(
            store, and(try filter("b", .equal, 1), or(try filter("a", .equal, 2), try filter("a", .equal, 3))))

        try expectEqual(ids, ["d1", "d2", "d4"], "b == 1 AND (a == 2 OR a == 3)")
    }

    /// An OR containing an AND keeps documents matching the AND or the other branches.
    public static func or_containingAnd_matchesEither(_ store: any DocumentStore) async throws {
        let ids = try await pairs(
            store, or(and(try filter("a", .equal, 2), try filter("b", .equal, 1)), try filter("a", .equal, 9)))

        try expectEqual(ids, ["d2", "d4", "d5"], "(a == 2 AND b == 1) OR a == 9")
    }

    /// One `array-contains` per branch is allowed in an OR.
    public static func or_arrayContainsInEachBranch_isAllowed(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seed(store, "x", ["a": ["x"], "b": ["y"], "c": ["z"], "d": ["x", "y"]])

        let ids = try await store.ids(
            try query("x", where: or(try filter("v", .arrayContains, "x"), try filter("v", .arrayContains, "y"))))

        try expectEqual(ids, ["a", "b", "d"], "v array-contains 'x' OR v array-contains 'y'")
    }
}
