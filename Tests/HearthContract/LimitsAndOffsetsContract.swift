import HearthDomain
public import HearthPort

/// `limit` and `offset`, and the `skippedResults` an offset reports.
public enum LimitsAndOffsetsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("limit_returnsFirstResults", limit_returnsFirstResults),
        b("limit_zero_returnsNothing", limit_zero_returnsNothing),
        b("limit_largerThanResults_returnsAll", limit_largerThanResults_returnsAll),
        b("limit_appliesAfterFilterAndOrder", limit_appliesAfterFilterAndOrder),
        b("offset_skipsFirstResults", offset_skipsFirstResults),
        b("offset_thenLimit", offset_thenLimit),
        b("offset_beyondResults_returnsNothing", offset_beyondResults_returnsNothing),
        b("offsetAndLimit_reportSkippedResults", offsetAndLimit_reportSkippedResults),
        b(
            "offsetWithoutLimit_reportsSkippedResultsOnce",
            offsetWithoutLimit_reportsSkippedResultsOnce,
            .emulatorQuirk("the emulator repeats skippedResults on every element instead of reporting it once")
        ),
        b("query_readTime_isNotBeforeLastCommit", query_readTime_isNotBeforeLastCommit),
        b("query_emptyCollection_returnsNoDocuments", query_emptyCollection_returnsNoDocuments),
        b("runQueryAll_returnsWhatRunQueryStreams", runQueryAll_returnsWhatRunQueryStreams),
        b("runQueryAll_invalidQuery_failsInvalidArgument", runQueryAll_invalidQuery_failsInvalidArgument),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .limitsAndOffsets, name: name, traits: traits, run: run)
    }

    /// Five documents `o/d0` ... `o/d4` with `v` = 0 ... 4.
    private static func seedFive(_ store: any DocumentStore) async throws {
        try await store.seed(["o/d0": ["v": 0], "o/d1": ["v": 1], "o/d2": ["v": 2], "o/d3": ["v": 3], "o/d4": ["v": 4]])
    }

    /// `limit 2` returns the first two results.
    public static func limit_returnsFirstResults(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        try expectEqual(
            try await store.ids(try query("o", orderBy: [try desc("v")], limit: 2)), ["d4", "d3"],
            "orderBy v DESC limit 2")
    }

    /// `limit 0` returns nothing (not an error).
    public static func limit_zero_returnsNothing(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        try expectEqual(try await store.ids(try query("o", limit: 0)), [], "limit 0")
    }

    /// A limit larger than the results returns them all.
    public static func limit_largerThanResults_returnsAll(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        try expectEqual(try await store.ids(try query("o", limit: 100)), ["d0", "d1", "d2", "d3", "d4"], "limit 100")
    }

    /// The limit applies to the filtered, ordered results.
    public static func limit_appliesAfterFilterAndOrder(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedPairs(store)

        let ids = try await store.ids(
            try query("c", where: try filter("a", .greaterThan, 1), orderBy: [try asc("b")], limit: 2))

        try expectEqual(ids, ["d3", "d8"], "a > 1 orderBy b limit 2")
    }

    /// `offset 2` skips the first two results.
    public static func offset_skipsFirstResults(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        try expectEqual(try await store.ids(try query("o", offset: 2)), ["d2", "d3", "d4"], "offset 2")
    }

    /// The limit applies after the offset.
    public static func offset_thenLimit(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        try expectEqual(try await store.ids(try query("o", offset: 2, limit: 2)), ["d2", "d3"], "offset 2 limit 2")
    }

    /// An offset past the results returns nothing (not an error).
    public static func offset_beyondResults_returnsNothing(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        try expectEqual(try await store.ids(try query("o", offset: 10)), [], "offset 10")
    }

    /// The stream reports how many results the offset skipped.
    public static func offsetAndLimit_reportSkippedResults(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        let elements = try await store.responses(try query("o", offset: 2, limit: 2))

        try expectEqual(elements.reduce(0) { $0 + $1.skippedResults }, 2, "total skippedResults")
    }

    /// Skipped results are reported once, not repeated on every element ("since the previous element").
    public static func offsetWithoutLimit_reportsSkippedResultsOnce(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        let elements = try await store.responses(try query("o", offset: 2))

        try expectEqual(elements.compactMap(\.document).count, 3, "documents")
        try expectEqual(elements.reduce(0) { $0 + $1.skippedResults }, 2, "total skippedResults")
    }

    /// Every element of a query's stream carries a read time not before the last commit.
    public static func query_readTime_isNotBeforeLastCommit(_ store: any DocumentStore) async throws {
        let write = try await store.seed(["o/a": ["v": 1], "o/b": ["v": 2]])

        let elements = try await store.responses(try query("o"))

        try expectTrue(!elements.isEmpty, "at least one element")
        for element in elements {
            try expectTrue(
                element.readTime >= write.commitTime, "readTime \(element.readTime) >= commitTime \(write.commitTime)")
        }
    }

    /// A query on a collection without documents returns no documents (not an error).
    public static func query_emptyCollection_returnsNoDocuments(_ store: any DocumentStore) async throws {
        try await seedFive(store)

        try expectEqual(try await store.ids(try query("nothing")), [], "query on an empty collection")
    }

    /// `runQueryAll` answers with the documents, in order, and the skip count that `runQuery` streams.
    public static func runQueryAll_returnsWhatRunQueryStreams(_ store: any DocumentStore) async throws {
        try await seedFive(store)
        let offsetQuery = try query("o", orderBy: [Order(try FieldPath(["v"]), .descending)], offset: 1, limit: 3)

        let streamed = try await store.responses(offsetQuery)
        let all = try await store.runQueryAll(parent: nil, query: offsetQuery, consistency: .latest)
        let empty = try await store.runQueryAll(parent: nil, query: try query("nothing"), consistency: .latest)

        try expectEqual(all.compactMap(\.document), streamed.compactMap(\.document), "documents")
        try expectEqual(all.compactMap(\.document?.path.documentID), ["d3", "d2", "d1"], "document order")
        try expectEqual(
            all.reduce(0) { $0 + $1.skippedResults }, streamed.reduce(0) { $0 + $1.skippedResults },
            "total skippedResults, as streamed"
        )
        try expectEqual(empty.compactMap(\.document), [], "documents of an empty collection")
    }

    /// An invalid query fails `runQueryAll` as it fails `runQuery`: `invalidArgument`.
    public static func runQueryAll_invalidQuery_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let invalid = try query("o", offset: -1)

        try await expectThrows(code: .invalidArgument, "a negative offset") {
            try await store.runQueryAll(parent: nil, query: invalid, consistency: .latest)
        }
    }
}
