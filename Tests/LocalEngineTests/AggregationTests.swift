import Foundation
import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

/// Expectations taken from the official emulator (see EMULATOR-FINDINGS.md §10).
@Suite("Queries: aggregations")
struct AggregationTests {
    private func aggregate(
        _ sut: EngineHarness,
        _ aggregations: [Aggregation],
        collection: String = "c",
        configure: (inout StructuredQuery) throws -> Void = { _ in }
    ) throws -> MapValue {
        var query = collectionQuery(collection)
        try configure(&query)
        return try sut.engine.runAggregation(
            parent: nil, query: StructuredAggregationQuery(query: query, aggregations: aggregations),
            consistency: .latest
        ).values
    }

    private func sum(_ alias: String = "s", _ path: String = "v") throws -> Aggregation {
        Aggregation(alias: alias, .sum(try field(path)))
    }
    private func average(_ alias: String = "a", _ path: String = "v") throws -> Aggregation {
        Aggregation(alias: alias, .average(try field(path)))
    }
    private func count(_ alias: String = "n", upTo: Int64? = nil) -> Aggregation {
        Aggregation(alias: alias, .count(upTo: upTo))
    }

    private func seeded(_ values: [Value?]) async throws -> EngineHarness {
        let sut = EngineHarness()
        try await sut.seed("c", values.enumerated().map { (String(format: "d%02d", $0.offset), $0.element) })
        return sut
    }

    @Test func integerSum_staysIntegerAndAverageIsADouble() async throws {
        let sut = try await seeded([1, 2, 4])

        #expect(try aggregate(sut, [try sum(), try average(), count()]) == ["s": 7, "a": .double(7.0 / 3.0), "n": 3])
    }

    @Test func sumWithADouble_isADouble() async throws {
        let sut = try await seeded([1, 2.5, "str", .null, true, [1]])

        #expect(try aggregate(sut, [try sum(), try average(), count()]) == ["s": 3.5, "a": 1.75, "n": 6])
    }

    @Test func integerSumThatOverflows_becomesADouble() async throws {
        #expect(
            try aggregate(try await seeded([.integer(Int64.max), 1]), [try sum()]) == [
                "s": .double(9.223372036854776e18)
            ])
        #expect(
            try aggregate(try await seeded([.integer(Int64.min), -1]), [try sum()]) == [
                "s": .double(-9.223372036854776e18)
            ])
    }

    @Test func integerSumIsExactEvenWhenAPartialSumOverflows() async throws {
        let sut = try await seeded([.integer(Int64.max), 1, -2])

        #expect(try aggregate(sut, [try sum()]) == ["s": .integer(Int64.max - 1)])
    }

    @Test func integersAreConvertedBeforeAddingDoubles() async throws {
        let sut = try await seeded([.integer(9_007_199_254_740_993), 1.0])

        #expect(try aggregate(sut, [try sum()]) == ["s": .double(9_007_199_254_740_992)])
    }

    @Test func integerAndDoubleParts_areSummedSeparately() async throws {
        let sut = try await seeded([1e16, 1, -1e16, 1])

        #expect(try aggregate(sut, [try sum()]) == ["s": 2.0])
    }

    @Test func nanAndOpposingInfinities_giveNaN() async throws {
        let nan = try aggregate(try await seeded([1, .double(.nan)]), [try sum(), try average()])
        let infinities = try aggregate(try await seeded([.double(.infinity), .double(-.infinity)]), [try sum()])
        let infinity = try aggregate(try await seeded([.double(.infinity), 1]), [try sum()])

        #expect(nan["s"]?.isNaN == true)
        #expect(nan["a"]?.isNaN == true)
        #expect(infinities["s"]?.isNaN == true)
        #expect(infinity["s"] == .double(.infinity))
    }

    @Test func noNumericValues_giveZeroSumAndNullAverage() async throws {
        let sut = try await seeded(["x", .null])

        #expect(try aggregate(sut, [try sum(), try average(), count()]) == ["s": 0, "a": .null, "n": 2])
        #expect(
            try aggregate(sut, [try sum(), try average(), count()], collection: "empty") == [
                "s": 0, "a": .null, "n": 0,
            ])
    }

    @Test func aggregatedFields_excludeDocumentsLackingThemFromEveryAggregation() async throws {
        let sut = try await seeded([1, 2, nil, 4])

        #expect(try aggregate(sut, [count()]) == ["n": 4])
        #expect(try aggregate(sut, [count(), try sum()]) == ["n": 3, "s": 7])
        #expect(try aggregate(sut, [count(), try sum(), try sum("t", "other")]) == ["n": 0, "s": 0, "t": 0])
    }

    @Test func aggregatedFields_orderTheQueryForLimits() async throws {
        let sut = try await seeded([1e16, 1, -1e16, 1])

        #expect(try aggregate(sut, [try sum()]) { $0.limit = 3 } == ["s": .double(-9_999_999_999_999_998)])
    }

    @Test func countUpTo_capsTheCount() async throws {
        let sut = try await seeded([1, 2, 3])

        #expect(try aggregate(sut, [count(upTo: 2)]) == ["n": 2])
        #expect(try aggregate(sut, [count(upTo: 0)]) == ["n": 0])
        #expect(errorCode { _ = try aggregate(sut, [count(upTo: -1)]) } == .invalidArgument)
    }

    @Test func limitOffsetAndCursors_applyBeforeAggregating() async throws {
        let sut = try await seeded([1, 2, 3, 4])

        #expect(try aggregate(sut, [count(), try sum()]) { $0.limit = 2 } == ["n": 2, "s": 3])
        #expect(try aggregate(sut, [count(), try sum()]) { $0.offset = 1 } == ["n": 3, "s": 9])
        #expect(
            try aggregate(sut, [count()]) {
                $0.orderBy = [try order("v")]
                $0.startAt = Cursor(values: [2], before: false)
            } == ["n": 2]
        )
    }

    @Test func emptyAliases_getDefaultNamesInOrder() async throws {
        let sut = try await seeded([1, 2])

        #expect(
            try aggregate(
                sut,
                [Aggregation(alias: "", .count(upTo: nil)), count("x"), Aggregation(alias: "", .sum(try field("v")))])
                == ["field_1": 2, "x": 2, "field_2": 3])
    }

    @Test func aliasRules_areEnforced() async throws {
        let sut = try await seeded([1])

        #expect(errorCode { _ = try aggregate(sut, [count("a"), try sum("a")]) } == .invalidArgument)
        #expect(
            errorCode { _ = try aggregate(sut, [Aggregation(alias: "", .count(upTo: nil)), count("field_1")]) }
                == .invalidArgument)
        #expect(errorCode { _ = try aggregate(sut, [count("__x__")]) } == .invalidArgument)
        #expect(errorCode { _ = try aggregate(sut, [count("a b")]) } == nil)
    }

    @Test func oneToFiveAggregations() async throws {
        let sut = try await seeded([1])

        #expect(errorCode { _ = try aggregate(sut, []) } == .invalidArgument)
        #expect(errorCode { _ = try aggregate(sut, (1...5).map { count("c\($0)") }) } == nil)
        #expect(errorCode { _ = try aggregate(sut, (1...6).map { count("c\($0)") }) } == .invalidArgument)
    }

    @Test func aggregatingName_isInvalid() async throws {
        let sut = try await seeded([1])

        #expect(
            errorCode { _ = try aggregate(sut, [Aggregation(alias: "s", .sum(FieldPath.documentID))]) }
                == .invalidArgument)
    }

    @Test func aggregatedFieldAfterName_isInvalid() async throws {
        let sut = try await seeded([1])
        let nameFilters = [
            try filter("__name__", .equal, try reference("c/d00")),
            try filter("__name__", .in, [try reference("c/d00")]),
            try filter("__name__", .notIn, [try reference("c/d00")]),
            try filter("__name__", .greaterThan, try reference("c/d00")),
        ]
        for nameFilter in nameFilters {
            #expect(errorCode { _ = try aggregate(sut, [try sum()]) { $0.filter = nameFilter } } == .invalidArgument)
            #expect(errorCode { _ = try aggregate(sut, [count()]) { $0.filter = nameFilter } } == nil)
        }

        #expect(
            errorCode { _ = try aggregate(sut, [try sum()]) { $0.orderBy = [try order("w"), try order("__name__")] } }
                == .invalidArgument)
        #expect(
            errorCode { _ = try aggregate(sut, [try sum()]) { $0.orderBy = [try order("v"), try order("__name__")] } }
                == nil)
    }
}
