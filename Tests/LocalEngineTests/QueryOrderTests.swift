import Foundation
import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

/// Expectations taken from the official emulator (see /work/findings/EMULATOR-FINDINGS.md §1, §5–§9).
@Suite("Queries: orders, cursors, offsets, projection")
struct QueryOrderTests {
    @Test func orderBy_followsFirestoresCrossTypeOrderWithNameTieBreaks() async throws {
        let sut = EngineHarness()
        try await sut.seed(
            "c",
            [
                ("map", ["a": 1]), ("arr", [1]), ("geo", .geoPoint(try GeoPoint(latitude: 1, longitude: 2))),
                ("ref", try reference("x/y")), ("bytes", .bytes(.init([1]))), ("str", "a"),
                ("ts", .timestamp(try Timestamp(seconds: 0))), ("one", 1), ("oned", 1.0), ("nan", .double(.nan)),
                ("ninf", .double(-.infinity)), ("t", true), ("f", false), ("null", .null), ("missing", nil),
            ])

        let ascending = try sut.ids("c", orderBy: [try order("v")])
        let descending = try sut.ids("c", orderBy: [try order("v", .descending)])

        let expected = [
            "null", "f", "t", "nan", "ninf", "one", "oned", "ts", "str", "bytes", "ref", "geo", "arr", "map",
        ]
        #expect(ascending == expected)
        #expect(descending == expected.reversed())
    }

    @Test func orderBy_excludesDocumentsMissingTheFieldButKeepsNull() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 2), ("b", .null), ("c", nil), ("d", 1)])

        #expect(try sut.ids("c", orderBy: [try order("v")]) == ["b", "d", "a"])
    }

    @Test func defaultOrder_isByNameAscending() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("b", 1), ("a", 2), ("c", 0)])

        #expect(try sut.ids("c") == ["a", "b", "c"])
    }

    /// Data of the emulator's implicit-order probe: d1{a:3,b:1} d2{a:2,b:1} d3{a:5,b:0} d4{a:2,b:1}
    /// d5{a:9,b:2} d6{b:1} d7{a:2} d8{a:2,b:0.5}.
    private func implicitOrderData() async throws -> EngineHarness {
        let sut = EngineHarness()
        let rows: [(String, MapValue)] = [
            ("d1", ["a": 3, "b": 1]), ("d2", ["a": 2, "b": 1]), ("d3", ["a": 5, "b": 0]), ("d4", ["a": 2, "b": 1]),
            ("d5", ["a": 9, "b": 2]), ("d6", ["b": 1]), ("d7", ["a": 2]), ("d8", ["a": 2, "b": 0.5]),
        ]
        try await sut.commit(try rows.map { Write.update(try doc("k/\($0.0)"), fields: $0.1) })
        return sut
    }

    @Test func inequality_appendsItsFieldAfterExplicitOrdersInTheLastDirection() async throws {
        let sut = try await implicitOrderData()

        let ascending = try sut.ids("k", where: try filter("a", .greaterThan, 1), orderBy: [try order("b")])
        let descending = try sut.ids(
            "k", where: try filter("a", .greaterThan, 1), orderBy: [try order("b", .descending)])

        #expect(ascending == ["d3", "d8", "d2", "d4", "d1", "d5"])
        #expect(descending == ["d5", "d1", "d4", "d2", "d8", "d3"])
    }

    @Test func severalInequalities_orderByFieldPathLexicographically() async throws {
        let sut = try await implicitOrderData()

        let ids = try sut.ids(
            "k", where: .composite(.and, [try filter("b", .greaterThan, -1), try filter("a", .greaterThan, 1)]))

        #expect(ids == ["d8", "d2", "d4", "d1", "d3", "d5"])
    }

    @Test func explicitNameDirection_isHonoured() async throws {
        let sut = try await implicitOrderData()

        let ids = try sut.ids(
            "k", where: try filter("a", .greaterThan, 1), orderBy: [try order("a"), try order("__name__", .descending)])

        #expect(ids == ["d8", "d7", "d4", "d2", "d1", "d3", "d5"])
    }

    @Test func notEqualAndNotIn_orderByTheirField() async throws {
        let sut = try await implicitOrderData()

        #expect(try sut.ids("k", where: try filter("a", .notEqual, 2)) == ["d1", "d3", "d5"])
        #expect(try sut.ids("k", where: try filter("a", .notIn, [3])) == ["d2", "d4", "d7", "d8", "d3", "d5"])
    }

    @Test func inequalitiesThatCanMatchNothing_implyNoOrder() async throws {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("c/x"), fields: ["b": 2]),
            Write.update(try doc("c/y"), fields: ["a": 5, "b": 3]),
            Write.update(try doc("c/z"), fields: ["a": 1, "b": 2]),
        ])

        for vacuous in [
            try filter("a", .greaterThan, .null), try filter("a", .lessThan, .double(.nan)),
            try filter("a", .notEqual, .null),
        ] {
            #expect(try sut.ids("c", where: .composite(.or, [vacuous, try filter("b", .equal, 2)])) == ["x", "z"])
            #expect(try sut.ids("c", where: vacuous, orderBy: [try order("__name__")]) == [])
        }
        #expect(try sut.ids("c", where: try filter("a", .notIn, [.null]), orderBy: [try order("__name__")]) == [])
        #expect(
            try sut.ids(
                "c", where: .composite(.or, [try filter("a", .notEqual, .double(.nan)), try filter("b", .equal, 2)]))
                == ["z", "y"])
        #expect(
            errorCode {
                _ = try sut.ids("c", where: try filter("a", .notIn, [1, .null]), orderBy: [try order("__name__")])
            } == .invalidArgument)
        #expect(
            errorCode {
                _ = try sut.ids(
                    "c", where: .composite(.and, [try filter("a", .notEqual, .null), try filter("b", .notEqual, 1)]))
            }
                == .invalidArgument
        )
    }

    @Test func inAndEquality_keepNameOrder() async throws {
        let sut = try await implicitOrderData()

        #expect(try sut.ids("k", where: try filter("a", .in, [5, 3, 2])) == ["d1", "d2", "d3", "d4", "d7", "d8"])
    }

    @Test func fieldPathOrder_isSegmentWiseByUTF8() async throws {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("p/x"), fields: ["B": 2, "a": 1]),
            Write.update(try doc("p/y"), fields: ["B": 1, "a": 2]),
        ])

        let ids = try sut.ids(
            "p", where: .composite(.and, [try filter("a", .greaterThan, 0), try filter("B", .greaterThan, 0)]))

        #expect(ids == ["y", "x"])
    }

    // MARK: Cursors

    /// a{v:1,w:1} b{v:2,w:1} c{v:2,w:2} d{v:3,w:1} e{v:4,w:9} f{v:"x",w:0}
    private func cursorData() async throws -> EngineHarness {
        let sut = EngineHarness()
        let rows: [(String, MapValue)] = [
            ("a", ["v": 1, "w": 1]), ("b", ["v": 2, "w": 1]), ("c", ["v": 2, "w": 2]),
            ("d", ["v": 3, "w": 1]), ("e", ["v": 4, "w": 9]), ("f", ["v": "x", "w": 0]),
        ]
        try await sut.commit(try rows.map { Write.update(try doc("k/\($0.0)"), fields: $0.1) })
        return sut
    }

    @Test func startAtAndStartAfter_areInclusiveAndExclusive() async throws {
        let sut = try await cursorData()
        let byV = [try order("v")]

        #expect(
            try sut.ids("k", orderBy: byV, startAt: Cursor(values: [2], before: true)) == ["b", "c", "d", "e", "f"])
        #expect(try sut.ids("k", orderBy: byV, startAt: Cursor(values: [2], before: false)) == ["d", "e", "f"])
    }

    @Test func endAtAndEndBefore_areInclusiveAndExclusive() async throws {
        let sut = try await cursorData()
        let byV = [try order("v")]

        #expect(try sut.ids("k", orderBy: byV, endAt: Cursor(values: [2], before: false)) == ["a", "b", "c"])
        #expect(try sut.ids("k", orderBy: byV, endAt: Cursor(values: [2], before: true)) == ["a"])
    }

    @Test func cursorsBetweenValuesAndOfOtherTypes_positionByTheTotalOrder() async throws {
        let sut = try await cursorData()
        let byV = [try order("v")]

        #expect(
            try sut.ids("k", orderBy: byV, startAt: Cursor(values: [1.5], before: true)) == ["b", "c", "d", "e", "f"])
        #expect(try sut.ids("k", orderBy: byV, startAt: Cursor(values: ["a"], before: true)) == ["f"])
        #expect(try sut.ids("k", orderBy: byV, startAt: Cursor(values: [.null], before: true)).count == 6)
        #expect(
            try sut.ids(
                "k", orderBy: byV, startAt: Cursor(values: [3], before: true), endAt: Cursor(values: [2], before: false)
            ) == [])
    }

    @Test func descendingOrder_flipsCursorComparisons() async throws {
        let sut = try await cursorData()
        let byVDescending = [try order("v", .descending)]

        #expect(
            try sut.ids("k", orderBy: byVDescending, startAt: Cursor(values: [2], before: true)) == ["c", "b", "a"])
        #expect(try sut.ids("k", orderBy: byVDescending, startAt: Cursor(values: [2], before: false)) == ["a"])
        #expect(
            try sut.ids("k", orderBy: byVDescending, endAt: Cursor(values: [2], before: false)) == [
                "f", "e", "d", "c", "b",
            ])
    }

    @Test func prefixCursor_comparesOnlyItsLeadingFields() async throws {
        let sut = try await cursorData()
        let orders = [try order("v"), try order("w", .descending)]

        #expect(try sut.ids("k", orderBy: orders, startAt: Cursor(values: [2], before: false)) == ["d", "e", "f"])
        #expect(
            try sut.ids("k", orderBy: orders, startAt: Cursor(values: [2, 1], before: true)) == ["b", "d", "e", "f"])
        #expect(
            try sut.ids("k", orderBy: orders, startAt: Cursor(values: [2, 2], before: false)) == ["b", "d", "e", "f"])
    }

    @Test func nameCursor_positionsByReferenceEvenIntoAnotherCollection() async throws {
        let sut = try await cursorData()
        let byName = [try order("__name__")]

        #expect(
            try sut.ids("k", orderBy: byName, startAt: Cursor(values: [try reference("k/b")], before: false)) == [
                "c", "d", "e", "f",
            ])
        #expect(
            try sut.ids("k", orderBy: byName, startAt: Cursor(values: [try reference("b/zzz")], before: true)).count
                == 6)
        #expect(
            try sut.ids("k", orderBy: byName, endAt: Cursor(values: [try reference("k/c")], before: true)) == [
                "a", "b",
            ])
    }

    @Test func cursorFromADocumentSnapshot_usesExplicitNameOrder() async throws {
        let sut = try await cursorData()
        let orders = [try order("v"), try order("__name__")]

        let ids = try sut.ids("k", orderBy: orders, startAt: Cursor(values: [2, try reference("k/b")], before: false))

        #expect(ids == ["c", "d", "e", "f"])
    }

    @Test func descendingNameOrder_isSupported() async throws {
        let sut = try await cursorData()

        #expect(try sut.ids("k", orderBy: [try order("__name__", .descending)], limit: 2) == ["f", "e"])
    }

    // MARK: Offset, limit, skipped results

    @Test func offsetAppliesAfterCursorsAndBeforeLimit() async throws {
        let sut = try await cursorData()

        let ids = try sut.ids(
            "k", orderBy: [try order("v")], startAt: Cursor(values: [2], before: true), offset: 1, limit: 1)

        #expect(ids == ["c"])
    }

    @Test func offset_reportsHowManyResultsItSkipped() async throws {
        let sut = try await cursorData()

        let run = try sut.engine.runQuery(
            parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "k"), offset: 2, limit: 2),
            consistency: .latest)
        let beyond = try sut.engine.runQuery(
            parent: nil, query: StructuredQuery(from: CollectionSelector(collectionID: "k"), offset: 10),
            consistency: .latest)

        #expect(run.documents.map(\.path.documentID) == ["c", "d"])
        #expect(run.skippedResults == 2)
        #expect(beyond.documents.isEmpty)
        #expect(beyond.skippedResults == 6)
    }

    @Test func limitZero_returnsNothing() async throws {
        let sut = try await cursorData()

        #expect(try sut.ids("k", limit: 0) == [])
    }

    // MARK: Projection

    private func projectionData() async throws -> EngineHarness {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("p/d1"), fields: ["a": ["b": 1, "c": 2], "d": 3, "e": .null]),
            Write.update(try doc("p/d2"), fields: ["d": 4]),
            Write.update(try doc("p/d3"), fields: ["a": 5]),
        ])
        return sut
    }

    private func project(_ sut: EngineHarness, _ select: [FieldPath]?) throws -> [MapValue] {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "p"), select: select)
        return try sut.engine.runQuery(parent: nil, query: query, consistency: .latest).documents.map(\.fields)
    }

    @Test func projection_returnsOnlySelectedPathsWithoutFilteringDocuments() async throws {
        let sut = try await projectionData()

        #expect(try project(sut, [try field("a.b"), try field("d")]) == [["a": ["b": 1], "d": 3], ["d": 4], [:]])
        #expect(try project(sut, [try field("e")]) == [["e": .null], [:], [:]])
    }

    @Test func nameOnlyProjection_returnsNoFields() async throws {
        let sut = try await projectionData()

        #expect(try project(sut, [FieldPath.documentID]) == [[:], [:], [:]])
    }

    @Test func emptyProjection_returnsAllFields() async throws {
        let sut = try await projectionData()

        #expect(try project(sut, []) == (try project(sut, nil)))
        #expect(try project(sut, nil).first == ["a": ["b": 1, "c": 2], "d": 3, "e": .null])
    }

    @Test func projectedDocuments_keepTheirTimes() async throws {
        let sut = try await projectionData()
        let query = StructuredQuery(from: CollectionSelector(collectionID: "p"), select: [FieldPath.documentID])

        let projected = try sut.engine.runQuery(parent: nil, query: query, consistency: .latest).documents.first
        let full = try sut.get("p/d1")

        #expect(projected?.updateTime == full?.updateTime)
        #expect(projected?.createTime == full?.createTime)
    }
}
