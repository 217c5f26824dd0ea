import HearthApplication
import HearthDomain
public import HearthPort

/// Invalid queries and aggregations fail with `invalidArgument` (before any result), and the largest
/// valid forms are accepted.
public enum QueryValidationContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("in_thirtyValues_isAllowed", in_thirtyValues_isAllowed),
        b("in_thirtyOneValues_failsInvalidArgument", in_thirtyOneValues_failsInvalidArgument),
        b(
            "arrayContainsAny_thirtyOneValues_failsInvalidArgument",
            arrayContainsAny_thirtyOneValues_failsInvalidArgument),
        b("notIn_tenValues_isAllowed", notIn_tenValues_isAllowed),
        b("notIn_elevenValues_failsInvalidArgument", notIn_elevenValues_failsInvalidArgument),
        b("emptyValueLists_failInvalidArgument", emptyValueLists_failInvalidArgument),
        b("in_operandNotAnArray_failsInvalidArgument", in_operandNotAnArray_failsInvalidArgument),
        b("twoArrayContains_failInvalidArgument", twoArrayContains_failInvalidArgument),
        b(
            "arrayContainsWithArrayContainsAny_failsInvalidArgument",
            arrayContainsWithArrayContainsAny_failsInvalidArgument),
        b("notInWithNotEqual_failsInvalidArgument", notInWithNotEqual_failsInvalidArgument),
        b("twoNotEqual_failInvalidArgument", twoNotEqual_failInvalidArgument),
        b("notEqualWithIsNotNull_failsInvalidArgument", notEqualWithIsNotNull_failsInvalidArgument),
        b("isNotNaNWithIsNotNull_failsInvalidArgument", isNotNaNWithIsNotNull_failsInvalidArgument),
        b("notEqualInTwoOrBranches_failsInvalidArgument", notEqualInTwoOrBranches_failsInvalidArgument),
        b("notInInsideOr_failsInvalidArgument", notInInsideOr_failsInvalidArgument),
        b("notInWithIn_failsInvalidArgument", notInWithIn_failsInvalidArgument),
        b("notInWithArrayContainsAny_failsInvalidArgument", notInWithArrayContainsAny_failsInvalidArgument),
        b("thirtyDisjunctions_areAllowed", thirtyDisjunctions_areAllowed),
        b("thirtySixDisjunctions_failInvalidArgument", thirtySixDisjunctions_failInvalidArgument),
        b("orOfThirtyOneEqualities_failsInvalidArgument", orOfThirtyOneEqualities_failsInvalidArgument),
        b("tenInequalityFields_areAllowed", tenInequalityFields_areAllowed),
        b("elevenInequalityFields_failInvalidArgument", elevenInequalityFields_failInvalidArgument),
        b("inequalityWithOrderByNameOnly_failsInvalidArgument", inequalityWithOrderByNameOnly_failsInvalidArgument),
        b("orderBySameFieldTwice_failsInvalidArgument", orderBySameFieldTwice_failsInvalidArgument),
        b("orderByFieldAfterName_failsInvalidArgument", orderByFieldAfterName_failsInvalidArgument),
        b("cursorLongerThanExplicitOrders_failsInvalidArgument", cursorLongerThanExplicitOrders_failsInvalidArgument),
        b("cursorWithoutOrders_failsInvalidArgument", cursorWithoutOrders_failsInvalidArgument),
        b("nameCursorNotAReference_failsInvalidArgument", nameCursorNotAReference_failsInvalidArgument),
        b("negativeLimit_failsInvalidArgument", negativeLimit_failsInvalidArgument),
        b("negativeOffset_failsInvalidArgument", negativeOffset_failsInvalidArgument),
        b("stringOperandOf1499Bytes_isAllowed", stringOperandOf1499Bytes_isAllowed),
        b("stringOperandOf1500Bytes_failsInvalidArgument", stringOperandOf1500Bytes_failsInvalidArgument),
        b(
            "multibyteStringOperandOf1500Bytes_failsInvalidArgument",
            multibyteStringOperandOf1500Bytes_failsInvalidArgument),
        b("longStringNestedInOperand_failsInvalidArgument", longStringNestedInOperand_failsInvalidArgument),
        b("nameFilterWithNonReference_failsInvalidArgument", nameFilterWithNonReference_failsInvalidArgument),
        b("nameFilterIntoOtherDatabase_failsInvalidArgument", nameFilterIntoOtherDatabase_failsInvalidArgument),
        b("nameUnaryAndArrayFilters_failInvalidArgument", nameUnaryAndArrayFilters_failInvalidArgument),
        b("filterOnReservedField_failsInvalidArgument", filterOnReservedField_failsInvalidArgument),
        b("emptyOr_failsInvalidArgument", emptyOr_failsInvalidArgument),
        b("collectionIDWithSlash_failsInvalidArgument", collectionIDWithSlash_failsInvalidArgument),
        b("noAggregations_failInvalidArgument", noAggregations_failInvalidArgument),
        b(
            "sixAggregations_failInvalidArgument",
            sixAggregations_failInvalidArgument,
            .emulatorQuirk("the emulator answers six aggregations with 500 UNKNOWN")
        ),
        b("duplicateAggregationAlias_failsInvalidArgument", duplicateAggregationAlias_failsInvalidArgument),
        b("reservedAggregationAlias_failsInvalidArgument", reservedAggregationAlias_failsInvalidArgument),
        b("negativeCountUpTo_failsInvalidArgument", negativeCountUpTo_failsInvalidArgument),
        b("sumOfName_failsInvalidArgument", sumOfName_failsInvalidArgument),
        b("aggregationOfInvalidQuery_failsInvalidArgument", aggregationOfInvalidQuery_failsInvalidArgument),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .queryValidation, name: name, traits: traits, run: run)
    }

    private static func seed(_ store: any DocumentStore) async throws {
        try await store.seed(["q/d1": ["a": 1, "v": 1, "tags": ["x"]], "q/d2": ["a": 2, "v": 2, "tags": ["y"]]])
    }

    private static func numbers(_ count: Int, from start: Int = 0) -> Value {
        .array((start..<(start + count)).map { .integer(Int64($0)) })
    }

    /// Fails unless running `query` on collection `q` fails with `invalidArgument`.
    private static func expectInvalid(
        _ store: any DocumentStore, _ query: StructuredQuery, _ what: String, line: Int = #line
    ) async throws {
        try await seed(store)
        try await expectThrows(code: .invalidArgument, what, line: line) {
            try await store.documents(query)
        }
    }

    private static func expectInvalid(
        _ store: any DocumentStore, where filter: Filter, _ what: String, line: Int = #line
    ) async throws {
        try await expectInvalid(store, try query("q", where: filter), what, line: line)
    }

    /// Fails unless the aggregations fail with `invalidArgument`.
    private static func expectInvalid(
        _ store: any DocumentStore, aggregations: [Aggregation], _ what: String, line: Int = #line
    ) async throws {
        try await seed(store)
        try await expectThrows(code: .invalidArgument, what, line: line) {
            try await store.aggregate(try query("q"), aggregations)
        }
    }

    /// `in` takes up to 30 values.
    public static func in_thirtyValues_isAllowed(_ store: any DocumentStore) async throws {
        try await seed(store)

        try expectEqual(
            try await store.ids(try query("q", where: try filter("a", .in, numbers(30)))), ["d1", "d2"], "a in [0...29]"
        )
    }

    /// `in` with 31 values is invalid.
    public static func in_thirtyOneValues_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: try filter("a", .in, numbers(31)), "a in 31 values")
    }

    /// `array-contains-any` with 31 values is invalid.
    public static func arrayContainsAny_thirtyOneValues_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: try filter("tags", .arrayContainsAny, numbers(31)), "tags array-contains-any 31 values")
    }

    /// `not-in` takes up to 10 values.
    public static func notIn_tenValues_isAllowed(_ store: any DocumentStore) async throws {
        try await seed(store)

        try expectEqual(
            try await store.ids(try query("q", where: try filter("a", .notIn, numbers(10, from: 2)))), ["d1"],
            "a not-in [2...11]")
    }

    /// `not-in` with 11 values is invalid.
    public static func notIn_elevenValues_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: try filter("a", .notIn, numbers(11)), "a not-in 11 values")
    }

    /// `in`, `not-in` and `array-contains-any` need a non-empty list.
    public static func emptyValueLists_failInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: try filter("a", .in, []), "a in []")
        try await expectInvalid(store, where: try filter("a", .notIn, []), "a not-in []")
        try await expectInvalid(store, where: try filter("tags", .arrayContainsAny, []), "tags array-contains-any []")
    }

    /// `in` needs an array operand.
    public static func in_operandNotAnArray_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: try filter("a", .in, 1), "a in 1")
    }

    /// At most one `array-contains` per disjunction.
    public static func twoArrayContains_failInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try filter("tags", .arrayContains, "x"), try filter("tags", .arrayContains, "y")),
            "two array-contains")
    }

    /// `array-contains` and `array-contains-any` count together: one per disjunction.
    public static func arrayContainsWithArrayContainsAny_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store,
            where: and(try filter("tags", .arrayContains, "x"), try filter("tags", .arrayContainsAny, ["y"])),
            "array-contains with array-contains-any"
        )
    }

    /// `not-in` and `!=` cannot be combined.
    public static func notInWithNotEqual_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try filter("a", .notIn, [1]), try filter("v", .notEqual, 3)), "not-in with !=")
    }

    /// At most one `!=` per query.
    public static func twoNotEqual_failInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try filter("a", .notEqual, 1), try filter("v", .notEqual, 3)), "two !=")
    }

    /// `!=` and `IS_NOT_NULL` cannot be combined.
    public static func notEqualWithIsNotNull_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try filter("a", .notEqual, 1), try unary("v", .isNotNull)), "!= with IS_NOT_NULL")
    }

    /// `IS_NOT_NAN` and `IS_NOT_NULL` cannot be combined.
    public static func isNotNaNWithIsNotNull_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try unary("a", .isNotNaN), try unary("v", .isNotNull)), "IS_NOT_NAN with IS_NOT_NULL")
    }

    /// The single-`!=` rule counts across OR branches.
    public static func notEqualInTwoOrBranches_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: or(try filter("a", .notEqual, 1), try filter("v", .notEqual, 3)), "!= in two OR branches")
    }

    /// `not-in` cannot be used inside an OR.
    public static func notInInsideOr_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: or(try filter("a", .notIn, [1]), try filter("v", .equal, 3)), "not-in inside OR")
    }

    /// `not-in` cannot be combined with `in`.
    public static func notInWithIn_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try filter("a", .notIn, [1]), try filter("v", .in, [1, 2])), "not-in with in")
    }

    /// `not-in` cannot be combined with `array-contains-any`.
    public static func notInWithArrayContainsAny_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try filter("a", .notIn, [1]), try filter("tags", .arrayContainsAny, ["x"])),
            "not-in with array-contains-any")
    }

    /// `in(5) AND in(6)` is 30 disjunctions: allowed.
    public static func thirtyDisjunctions_areAllowed(_ store: any DocumentStore) async throws {
        try await seed(store)

        let ids = try await store.ids(
            try query("q", where: and(try filter("a", .in, numbers(5)), try filter("v", .in, numbers(6)))))

        try expectEqual(ids, ["d1", "d2"], "a in 5 values AND v in 6 values")
    }

    /// `in(6) AND in(6)` is 36 disjunctions: invalid.
    public static func thirtySixDisjunctions_failInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: and(try filter("a", .in, numbers(6)), try filter("v", .in, numbers(6))), "36 disjunctions")
    }

    /// An OR of 31 equalities is 31 disjunctions: invalid.
    public static func orOfThirtyOneEqualities_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let branches = try (0..<31).map { try filter("a", .equal, .integer(Int64($0))) }

        try await expectInvalid(store, where: .composite(.or, branches), "OR of 31 equalities")
    }

    /// Range filters on 10 different fields are allowed.
    public static func tenInequalityFields_areAllowed(_ store: any DocumentStore) async throws {
        try await store.set("q/all", MapValue((0..<10).map { ("f\($0)", Value.integer(1)) }))
        let filters = try (0..<10).map { try filter("f\($0)", .greaterThan, 0) }

        try expectEqual(
            try await store.ids(try query("q", where: .composite(.and, filters))), ["all"], "10 inequality fields")
    }

    /// Range filters on 11 different fields are invalid.
    public static func elevenInequalityFields_failInvalidArgument(_ store: any DocumentStore) async throws {
        let filters = try (0..<11).map { try filter("f\($0)", .greaterThan, 0) }

        try await expectInvalid(store, where: .composite(.and, filters), "11 inequality fields")
    }

    /// An inequality cannot come after an explicit `orderBy __name__` (its field would follow the key).
    public static func inequalityWithOrderByNameOnly_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, try query("q", where: try filter("a", .greaterThan, 1), orderBy: [try asc("__name__")]),
            "a > 1 orderBy __name__")
    }

    /// The same field cannot be ordered twice.
    public static func orderBySameFieldTwice_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, try query("q", orderBy: [try asc("a"), try desc("a")]), "orderBy a, a DESC")
    }

    /// Nothing can be ordered after `__name__`.
    public static func orderByFieldAfterName_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, try query("q", orderBy: [try asc("__name__"), try asc("a")]), "orderBy __name__, a")
    }

    /// A cursor may have at most as many values as the explicit orders (implied orders do not count).
    public static func cursorLongerThanExplicitOrders_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let cursor = startAt(1, try store.reference("q/d1"))

        try await expectInvalid(
            store, try query("q", orderBy: [try asc("a")], startAt: cursor), "orderBy a startAt [1, q/d1]")
    }

    /// A cursor needs explicit orders.
    public static func cursorWithoutOrders_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, try query("q", startAt: startAfter(try store.reference("q/d1"))), "startAfter without orderBy")
    }

    /// A cursor value for `__name__` must be a reference.
    public static func nameCursorNotAReference_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, try query("q", orderBy: [try asc("__name__")], startAt: startAt("d1")),
            "orderBy __name__ startAt 'd1'")
    }

    /// A negative limit is invalid.
    public static func negativeLimit_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, try query("q", limit: -1), "limit -1")
    }

    /// A negative offset is invalid.
    public static func negativeOffset_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, try query("q", offset: -1), "offset -1")
    }

    /// A string operand of 1,499 UTF-8 bytes is allowed.
    public static func stringOperandOf1499Bytes_isAllowed(_ store: any DocumentStore) async throws {
        try await store.set("q/long", ["s": .string(longString(1_499))])

        try expectEqual(
            try await store.ids(try query("q", where: try filter("s", .equal, .string(longString(1_499))))), ["long"],
            "s == 1,499 bytes")
    }

    /// A string operand of 1,500 bytes or more is too large to be used in a query.
    public static func stringOperandOf1500Bytes_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: try filter("s", .equal, .string(longString(1_500))), "s == 1,500 bytes")
    }

    /// The limit counts UTF-8 bytes, not characters: 750 × "é" is 1,500 bytes.
    public static func multibyteStringOperandOf1500Bytes_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(
            store, where: try filter("s", .equal, .string(String(repeating: "\u{E9}", count: 750))), "s == 750 × é")
    }

    /// The limit applies to strings nested in `in` lists, arrays and maps too.
    public static func longStringNestedInOperand_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let long = Value.string(longString(1_500))
        try await expectInvalid(store, where: try filter("s", .in, [long]), "s in [1,500 bytes]")
        try await expectInvalid(store, where: try filter("s", .equal, [long]), "s == [1,500 bytes]")
        try await expectInvalid(store, where: try filter("s", .equal, .map(["k": long])), "s == {k: 1,500 bytes}")
    }

    /// `__name__` operands must be references (not strings or numbers).
    public static func nameFilterWithNonReference_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: try filter("__name__", .equal, "d1"), "__name__ == 'd1'")
        try await expectInvalid(store, where: try filter("__name__", .equal, 1), "__name__ == 1")
    }

    /// `__name__` operands must be documents of this database.
    public static func nameFilterIntoOtherDatabase_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let elsewhere = Value.reference(
            DocumentName(database: try DatabaseID(projectID: "demo-other-project"), path: try path("q/d1")))

        try await expectInvalid(
            store, where: try filter("__name__", .equal, elsewhere), "__name__ == another project's q/d1")
    }

    /// `IS_NULL` and `array-contains` do not apply to `__name__`.
    public static func nameUnaryAndArrayFilters_failInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: try unary("__name__", .isNull), "IS_NULL __name__")
        try await expectInvalid(
            store, where: try filter("__name__", .arrayContains, try store.reference("q/d1")), "__name__ array-contains"
        )
    }

    /// A filter may not name a reserved field (`__x__`).
    public static func filterOnReservedField_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: .field(try FieldPath(["__x__"]), .equal, 1), "__x__ == 1")
    }

    /// An OR needs at least one filter.
    public static func emptyOr_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, where: .composite(.or, []), "OR()")
    }

    /// A collection ID may not contain `/`.
    public static func collectionIDWithSlash_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, try query("q/d1/sub"), "from q/d1/sub")
    }

    /// An aggregation query needs at least one aggregation.
    public static func noAggregations_failInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, aggregations: [], "no aggregations")
    }

    /// An aggregation query takes at most five aggregations.
    public static func sixAggregations_failInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, aggregations: (0..<6).map { count(as: "c\($0)") }, "six aggregations")
    }

    /// Aliases must be unique.
    public static func duplicateAggregationAlias_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, aggregations: [count(as: "x"), try sum("v", as: "x")], "alias x twice")
    }

    /// Aliases may not be reserved names.
    public static func reservedAggregationAlias_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, aggregations: [count(as: "__x__")], "alias __x__")
    }

    /// `count(upTo:)` may not be negative.
    public static func negativeCountUpTo_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, aggregations: [count(as: "n", upTo: -1)], "count upTo -1")
    }

    /// `__name__` cannot be summed.
    public static func sumOfName_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectInvalid(store, aggregations: [try sum("__name__", as: "s")], "sum __name__")
    }

    /// An aggregation over an invalid query is invalid too.
    public static func aggregationOfInvalidQuery_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await seed(store)

        try await expectThrows(code: .invalidArgument, "count over a in 31 values") {
            try await store.aggregate(try query("q", where: try filter("a", .in, numbers(31))), [count(as: "n")])
        }
    }
}
