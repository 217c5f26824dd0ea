import HearthDomain
public import HearthPort

/// Aggregation queries: count (with `upTo`), sum and average, their result kinds, and how several
/// aggregations and the query's limit, offset and cursors restrict the documents aggregated.
public enum AggregationsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("count_countsEveryDocument", count_countsEveryDocument),
        b("count_withFilter_countsMatches", count_withFilter_countsMatches),
        b("count_upTo_capsTheCount", count_upTo_capsTheCount),
        b("count_upToAboveCount_returnsCount", count_upToAboveCount_returnsCount),
        b("count_noDocuments_isZero", count_noDocuments_isZero),
        b("sum_integers_isExactInteger", sum_integers_isExactInteger),
        b("sum_overflow_becomesDouble", sum_overflow_becomesDouble),
        b("sum_negativeOverflow_becomesDouble", sum_negativeOverflow_becomesDouble),
        b("sum_overflowThenBackInRange_staysExactInteger", sum_overflowThenBackInRange_staysExactInteger),
        b("sum_withDouble_convertsIntegersFirst", sum_withDouble_convertsIntegersFirst),
        b("sum_skipsNonNumbers", sum_skipsNonNumbers),
        b("sum_withNaN_isNaN", sum_withNaN_isNaN),
        b("sum_oppositeInfinities_isNaN", sum_oppositeInfinities_isNaN),
        b("sum_noNumbers_isIntegerZero", sum_noNumbers_isIntegerZero),
        b("sum_noDocuments_isIntegerZero", sum_noDocuments_isIntegerZero),
        b("average_ofIntegers_isDouble", average_ofIntegers_isDouble),
        b("average_ofOverflowingIntegers_isDouble", average_ofOverflowingIntegers_isDouble),
        b("average_skipsNonNumbers", average_skipsNonNumbers),
        b("average_withNaN_isNaN", average_withNaN_isNaN),
        b("average_noNumbers_isNull", average_noNumbers_isNull),
        b("average_noDocuments_isNull", average_noDocuments_isNull),
        b("results_reportedUnderTheirAliases", results_reportedUnderTheirAliases),
        b("severalAggregations_onlyDocumentsHavingEveryField", severalAggregations_onlyDocumentsHavingEveryField),
        b("severalAggregations_disjointFields_aggregateNothing", severalAggregations_disjointFields_aggregateNothing),
        b("fiveAggregations_areAllowed", fiveAggregations_areAllowed),
        b("aggregation_appliesLimitFirst", aggregation_appliesLimitFirst),
        b("aggregation_appliesOffsetFirst", aggregation_appliesOffsetFirst),
        b("aggregation_appliesCursorFirst", aggregation_appliesCursorFirst),
        b("aggregation_orderByExcludesMissingField", aggregation_orderByExcludesMissingField),
        b("aggregation_readTime_isNotBeforeLastCommit", aggregation_readTime_isNotBeforeLastCommit),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .aggregations, name: name, traits: traits, run: run)
    }

    /// `ints/{a: v1, b: v2, c: v4, d: w1}` (findings §10).
    private static func seedInts(_ store: any DocumentStore) async throws {
        try await store.seed(["ints/a": ["v": 1], "ints/b": ["v": 2], "ints/c": ["v": 4], "ints/d": ["w": 1]])
    }

    /// Seeds `values` as `v` in collection `g` and aggregates it.
    private static func aggregate(
        _ store: any DocumentStore, _ values: KeyValuePairs<String, Value>, _ aggregations: [Aggregation]
    )
        async throws -> MapValue
    {
        try await ContractFixtures.seed(store, "g", values)
        return try await store.aggregate(try query("g"), aggregations)
    }

    /// `count` counts every document of the query.
    public static func count_countsEveryDocument(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(try await store.aggregate(try query("ints"), [count(as: "n")]), ["n": 4], "count")
    }

    /// `count` counts the documents matching the filter.
    public static func count_withFilter_countsMatches(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(
            try query("ints", where: try filter("v", .greaterThan, 1)), [count(as: "n")])

        try expectEqual(values, ["n": 2], "count where v > 1")
    }

    /// `count(upTo: 2)` stops at 2.
    public static func count_upTo_capsTheCount(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(
            try await store.aggregate(try query("ints"), [count(as: "n", upTo: 2)]), ["n": 2], "count upTo 2")
    }

    /// An `upTo` above the count does not change it.
    public static func count_upToAboveCount_returnsCount(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(
            try await store.aggregate(try query("ints"), [count(as: "n", upTo: 10)]), ["n": 4], "count upTo 10")
    }

    /// Counting an empty result gives the integer 0.
    public static func count_noDocuments_isZero(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(try await store.aggregate(try query("none"), [count(as: "n")]), ["n": 0], "count of nothing")
    }

    /// A sum of integers is an exact integer.
    public static func sum_integers_isExactInteger(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(try await store.aggregate(try query("ints"), [try sum("v", as: "s")]), ["s": 7], "sum v")
    }

    /// A sum that overflows Int64 becomes a double.
    public static func sum_overflow_becomesDouble(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": .integer(.max), "b": 1], [try sum("v", as: "s")])

        try expectEqual(values, ["s": .double(9.223372036854776e18)], "sum Int64.max + 1")
    }

    /// A sum that underflows Int64 becomes a double.
    public static func sum_negativeOverflow_becomesDouble(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": .integer(.min), "b": -1], [try sum("v", as: "s")])

        try expectEqual(values, ["s": .double(-9.223372036854776e18)], "sum Int64.min - 1")
    }

    /// Only the final sum decides: Int64.max + 1 - 2 is the exact integer Int64.max - 1.
    public static func sum_overflowThenBackInRange_staysExactInteger(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": .integer(.max), "b": 1, "c": -2], [try sum("v", as: "s")])

        try expectEqual(values, ["s": .integer(.max - 1)], "sum Int64.max + 1 - 2")
    }

    /// With a double present the sum is a double, integers converted first (2^53 + 1 + 1.0 = 2^53).
    public static func sum_withDouble_convertsIntegersFirst(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": .integer(twoTo53 + 1), "b": 1.0], [try sum("v", as: "s")])

        try expectEqual(values, ["s": .double(9_007_199_254_740_992.0)], "sum 2^53 + 1 + 1.0")
    }

    /// Non-numeric values are skipped by sum.
    public static func sum_skipsNonNumbers(_ store: any DocumentStore) async throws {
        let values = try await aggregate(
            store, ["a": 1, "b": 2.5, "c": "str", "d": .null, "e": true, "f": [1]], [try sum("v", as: "s")])

        try expectEqual(values, ["s": 3.5], "sum over mixed values")
    }

    /// A NaN makes the sum NaN.
    public static func sum_withNaN_isNaN(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": 1, "b": .double(.nan)], [try sum("v", as: "s")])

        try expectNaN(values["s"], "sum with NaN")
    }

    /// +Infinity plus -Infinity is NaN.
    public static func sum_oppositeInfinities_isNaN(_ store: any DocumentStore) async throws {
        let values = try await aggregate(
            store, ["a": .double(.infinity), "b": .double(-.infinity)], [try sum("v", as: "s")])

        try expectNaN(values["s"], "sum of +Infinity and -Infinity")
    }

    /// A sum over no numbers is the integer 0.
    public static func sum_noNumbers_isIntegerZero(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": "x", "b": .null], [try sum("v", as: "s")])

        try expectEqual(values, ["s": 0], "sum over strings and nulls")
    }

    /// A sum over no documents is the integer 0.
    public static func sum_noDocuments_isIntegerZero(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(
            try await store.aggregate(try query("none"), [try sum("v", as: "s")]), ["s": 0], "sum of nothing")
    }

    /// An average is always a double.
    public static func average_ofIntegers_isDouble(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(
            try await store.aggregate(try query("ints"), [try average("v", as: "a")]), ["a": 2.3333333333333335],
            "avg v")
    }

    /// The average of integers whose sum overflows is still computed (as a double).
    public static func average_ofOverflowingIntegers_isDouble(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": .integer(.max), "b": 1], [try average("v", as: "a")])

        try expectEqual(values, ["a": 4.611686018427388e18], "avg of Int64.max and 1")
    }

    /// Non-numeric values are skipped by average.
    public static func average_skipsNonNumbers(_ store: any DocumentStore) async throws {
        let values = try await aggregate(
            store, ["a": 1, "b": 2.5, "c": "str", "d": .null, "e": true, "f": [1]], [try average("v", as: "a")])

        try expectEqual(values, ["a": 1.75], "avg over mixed values")
    }

    /// A NaN makes the average NaN.
    public static func average_withNaN_isNaN(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": 1, "b": .double(.nan)], [try average("v", as: "a")])

        try expectNaN(values["a"], "avg with NaN")
    }

    /// An average over no numbers is null.
    public static func average_noNumbers_isNull(_ store: any DocumentStore) async throws {
        let values = try await aggregate(store, ["a": "x", "b": .null], [try average("v", as: "a")])

        try expectEqual(values, ["a": .null], "avg over strings and nulls")
    }

    /// An average over no documents is null.
    public static func average_noDocuments_isNull(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(
            try await store.aggregate(try query("none"), [try average("v", as: "a")]), ["a": .null], "avg of nothing")
    }

    /// Each result is reported under its alias (any non-reserved text).
    public static func results_reportedUnderTheirAliases(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(
            try query("ints", where: try filter("v", .greaterThan, 0)), [count(as: "a b"), try sum("v", as: "total")])

        try expectEqual(values, ["a b": 3, "total": 7], "aliased results")
    }

    /// With several aggregations, only documents having every aggregated field count (count included).
    public static func severalAggregations_onlyDocumentsHavingEveryField(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(
            try query("ints"), [count(as: "n"), try sum("v", as: "s"), try average("v", as: "a")])

        try expectEqual(values, ["n": 3, "s": 7, "a": 2.3333333333333335], "count, sum v, avg v")
    }

    /// Aggregating two fields no document has together aggregates nothing.
    public static func severalAggregations_disjointFields_aggregateNothing(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(
            try query("ints"), [count(as: "n"), try sum("v", as: "s"), try sum("w", as: "t")])

        try expectEqual(values, ["n": 0, "s": 0, "t": 0], "count, sum v, sum w")
    }

    /// Five aggregations in one query are allowed.
    public static func fiveAggregations_areAllowed(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(
            try query("ints"),
            [
                count(as: "a1"), try sum("v", as: "a2"), try average("v", as: "a3"), count(as: "a4"),
                try sum("v", as: "a5"),
            ]
        )

        try expectEqual(values, ["a1": 3, "a2": 7, "a3": 2.3333333333333335, "a4": 3, "a5": 7], "five aggregations")
    }

    /// The query's limit applies before aggregating.
    public static func aggregation_appliesLimitFirst(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(try query("ints", limit: 2), [count(as: "n"), try sum("v", as: "s")])

        try expectEqual(values, ["n": 2, "s": 3], "count, sum v with limit 2")
    }

    /// The query's offset applies before aggregating.
    public static func aggregation_appliesOffsetFirst(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(try query("ints", offset: 1), [count(as: "n"), try sum("v", as: "s")])

        try expectEqual(values, ["n": 2, "s": 6], "count, sum v with offset 1")
    }

    /// The query's cursors apply before aggregating.
    public static func aggregation_appliesCursorFirst(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        let values = try await store.aggregate(
            try query("ints", orderBy: [try asc("v")], startAt: startAfter(1)), [count(as: "n"), try sum("v", as: "s")])

        try expectEqual(values, ["n": 2, "s": 6], "count, sum v, orderBy v startAfter 1")
    }

    /// An order in the query excludes documents lacking its field from the count.
    public static func aggregation_orderByExcludesMissingField(_ store: any DocumentStore) async throws {
        try await seedInts(store)

        try expectEqual(
            try await store.aggregate(try query("ints", orderBy: [try asc("v")]), [count(as: "n")]), ["n": 3],
            "count orderBy v")
    }

    /// An aggregation's read time is not before the commit of the data it aggregated.
    public static func aggregation_readTime_isNotBeforeLastCommit(_ store: any DocumentStore) async throws {
        let write = try await store.seed(["ints/a": ["v": 1]])

        let response = try await store.runAggregation(
            parent: nil, query: try query("ints"), aggregations: [count(as: "n")], consistency: .latest)

        try expectTrue(
            response.readTime >= write.commitTime, "readTime \(response.readTime) >= commitTime \(write.commitTime)")
    }
}
