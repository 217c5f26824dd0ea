import HearthDomain
import HearthLocalEngine
import HearthPort
import Testing

/// Expectations taken from the official emulator (see /work/findings/EMULATOR-FINDINGS.md §2).
@Suite("Queries: filters")
struct QueryFilterTests {
    private static let values: [(String, Value?)] = [
        ("null", .null), ("f", false), ("t", true), ("nan", .double(.nan)), ("ninf", .double(-.infinity)),
        ("m1", -1), ("z", 0), ("dz", 0.0), ("i1", 1), ("d1", 1.0), ("d15", 1.5), ("i2", 2), ("inf", .double(.infinity)),
        ("sa", "a"), ("sB", "B"), ("arr1", [1]), ("arr1d", [1.0]), ("arrnull", [.null]), ("arrnan", [.double(.nan)]),
        ("arr12", [1, 2]), ("map1", ["a": 1]), ("map1d", ["a": 1.0]), ("missing", nil),
    ]

    private func sut() async throws -> EngineHarness {
        let sut = EngineHarness()
        try await sut.seed("c", Self.values)
        return sut
    }

    private func matching(_ filter: StructuredQuery.Filter) async throws -> Set<String> {
        Set(try await sut().ids("c", where: filter))
    }

    @Test func equal_matchesEquivalentNumbersOfBothKinds() async throws {
        #expect(try await matching(try filter("v", .equal, 1)) == ["i1", "d1"])
        #expect(try await matching(try filter("v", .equal, .double(-0.0))) == ["z", "dz"])
    }

    @Test func equal_comparesArraysAndMapsElementWise() async throws {
        #expect(try await matching(try filter("v", .equal, [1.0])) == ["arr1", "arr1d"])
        #expect(try await matching(try filter("v", .equal, ["a": 1.0])) == ["map1", "map1d"])
        #expect(try await matching(try filter("v", .equal, [.null])) == ["arrnull"])
        #expect(try await matching(try filter("v", .equal, [.double(.nan)])) == ["arrnan"])
    }

    @Test func equalToNullOrNaN_matchesNothing() async throws {
        #expect(try await matching(try filter("v", .equal, .null)).isEmpty)
        #expect(try await matching(try filter("v", .equal, .double(.nan))).isEmpty)
    }

    @Test func isNullAndIsNaN_matchOnlyThoseValues() async throws {
        #expect(try await matching(try unary("v", .isNull)) == ["null"])
        #expect(try await matching(try unary("v", .isNaN)) == ["nan"])
    }

    @Test func isNotNull_excludesNullAndMissing() async throws {
        let all = Set(Self.values.map(\.0))
        #expect(try await matching(try unary("v", .isNotNull)) == all.subtracting(["null", "missing"]))
    }

    @Test func isNotNaN_excludesNaNNullAndMissing() async throws {
        let all = Set(Self.values.map(\.0))
        #expect(try await matching(try unary("v", .isNotNaN)) == all.subtracting(["nan", "null", "missing"]))
    }

    @Test func notEqual_excludesEquivalentValuesNullAndMissingButKeepsNaN() async throws {
        let all = Set(Self.values.map(\.0))
        #expect(try await matching(try filter("v", .notEqual, 1)) == all.subtracting(["i1", "d1", "null", "missing"]))
        #expect(try await matching(try filter("v", .notEqual, .double(.nan))) == all.subtracting(["null", "missing"]))
    }

    @Test func notEqualNull_matchesNothing() async throws {
        #expect(try await matching(try filter("v", .notEqual, .null)).isEmpty)
    }

    @Test func notIn_excludesListedNullAndMissing() async throws {
        let all = Set(Self.values.map(\.0))
        #expect(
            try await matching(try filter("v", .notIn, [1.0, "a"]))
                == all.subtracting(["i1", "d1", "sa", "null", "missing"]))
    }

    @Test func notInWithNull_matchesNothing() async throws {
        #expect(try await matching(try filter("v", .notIn, [1, .null])).isEmpty)
    }

    @Test func notInWithNaN_excludesNothingForTheNaN() async throws {
        let all = Set(Self.values.map(\.0))
        #expect(
            try await matching(try filter("v", .notIn, [.double(.nan), 1]))
                == all.subtracting(["i1", "d1", "null", "missing"]))
    }

    @Test func in_matchesAnyEquivalentValueButNeverNullOrNaN() async throws {
        #expect(try await matching(try filter("v", .in, [1, "a", .null])) == ["i1", "d1", "sa"])
        #expect(try await matching(try filter("v", .in, [.double(.nan)])).isEmpty)
        #expect(try await matching(try filter("v", .in, [[1]])) == ["arr1", "arr1d"])
    }

    @Test func arrayContains_matchesArraysHoldingAnEquivalentElement() async throws {
        #expect(try await matching(try filter("v", .arrayContains, 1.0)) == ["arr1", "arr1d", "arr12"])
        #expect(try await matching(try filter("v", .arrayContains, .null)).isEmpty)
        #expect(try await matching(try filter("v", .arrayContains, .double(.nan))).isEmpty)
    }

    @Test func arrayContainsAny_matchesArraysSharingAValueEachOnce() async throws {
        let sut = try await sut()
        let ids = try sut.ids("c", where: try filter("v", .arrayContainsAny, [2, 1, .null]))
        #expect(ids == ["arr1", "arr12", "arr1d"])
    }

    @Test func range_matchesOnlyTheOperandsTypeClassAndNeverNaN() async throws {
        #expect(try await matching(try filter("v", .lessThan, 1)) == ["ninf", "m1", "z", "dz"])
        #expect(
            try await matching(try filter("v", .greaterThan, .double(-.infinity))) == [
                "m1", "z", "dz", "i1", "d1", "d15", "i2", "inf",
            ])
        #expect(try await matching(try filter("v", .greaterThan, false)) == ["t"])
        #expect(try await matching(try filter("v", .greaterThanOrEqual, "B")) == ["sa", "sB"])
        #expect(
            try await matching(try filter("v", .greaterThan, [])) == ["arr1", "arr1d", "arrnull", "arrnan", "arr12"])
    }

    @Test func rangeWithNullOrNaNOperand_matchesNothing() async throws {
        for op in [FieldOperator.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual] {
            #expect(try await matching(try filter("v", op, .null)).isEmpty)
            #expect(try await matching(try filter("v", op, .double(.nan))).isEmpty)
        }
    }

    @Test func filterOnMissingField_neverMatches() async throws {
        #expect(try await matching(try filter("absent", .notEqual, 1)).isEmpty)
        #expect(try await matching(try unary("absent", .isNull)).isEmpty)
    }

    @Test func orComposite_matchesEitherSideAndAndComposite_both() async throws {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("c/a"), fields: ["x": 1, "y": 1]),
            Write.update(try doc("c/b"), fields: ["x": 1, "y": 2]),
            Write.update(try doc("c/c"), fields: ["x": 2]),
        ])

        let or = try sut.ids("c", where: .composite(.or, [try filter("y", .equal, 2), try filter("x", .equal, 2)]))
        let and = try sut.ids("c", where: .composite(.and, [try filter("x", .equal, 1), try filter("y", .equal, 1)]))

        #expect(or == ["b", "c"])
        #expect(and == ["a"])
    }

    @Test func orWithInequality_excludesDocumentsLackingTheInequalityField() async throws {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("c/has"), fields: ["v": 2]),
            Write.update(try doc("c/missing"), fields: ["w": 1]),
        ])

        let ids = try sut.ids(
            "c", where: .composite(.or, [try filter("v", .greaterThan, 1), try filter("w", .equal, 1)]))

        #expect(ids == ["has"])
    }

    @Test func nameFilters_compareReferences() async throws {
        let sut = EngineHarness()
        try await sut.seed("n", [("a", 1), ("b", 1), ("c", 1)])

        #expect(try sut.ids("n", where: try filter("__name__", .equal, try reference("n/b"))) == ["b"])
        #expect(try sut.ids("n", where: try filter("__name__", .greaterThan, try reference("n/a"))) == ["b", "c"])
        #expect(
            try sut.ids("n", where: try filter("__name__", .in, [try reference("n/c"), try reference("n/a")])) == [
                "a", "c",
            ])
        #expect(try sut.ids("n", where: try filter("__name__", .notEqual, try reference("n/b"))) == ["a", "c"])
        #expect(try sut.ids("n", where: try filter("__name__", .equal, try reference("m/b"))) == [])
        #expect(try sut.ids("n", where: try filter("__name__", .lessThan, try reference("z/z"))) == ["a", "b", "c"])
    }

    @Test func stringsCompareByUTF8Bytes() async throws {
        let sut = EngineHarness()
        try await sut.seed("s", [("decomposed", "e\u{301}"), ("precomposed", "\u{e9}"), ("upper", "Z")])

        #expect(try sut.ids("s", where: try filter("v", .equal, "e\u{301}")) == ["decomposed"])
        #expect(try sut.ids("s", orderBy: [try order("v")]) == ["upper", "decomposed", "precomposed"])
    }
}
