import Foundation
import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

/// Every limit the official emulator enforces is `invalidArgument` (see EMULATOR-FINDINGS.md §3–§4).
@Suite("Queries: limits and validation")
struct QueryValidationTests {
    private func code(_ query: StructuredQuery, parent: String? = nil) -> DocumentStoreError.Code? {
        let sut = EngineHarness()
        return errorCode {
            _ = try sut.engine.runQuery(parent: try parent.map(doc), query: query, consistency: .latest)
        }
    }

    private func code(where filter: StructuredQuery.Filter) -> DocumentStoreError.Code? {
        var query = collectionQuery("c")
        query.filter = filter
        return code(query)
    }

    private func integers(_ count: Int) -> Value { .array((0..<count).map { .integer(Int64($0)) }) }

    @Test func inAndArrayContainsAny_acceptUpTo30Values() throws {
        #expect(code(where: try filter("v", .in, integers(30))) == nil)
        #expect(code(where: try filter("v", .in, integers(31))) == .invalidArgument)
        #expect(code(where: try filter("v", .arrayContainsAny, integers(30))) == nil)
        #expect(code(where: try filter("v", .arrayContainsAny, integers(31))) == .invalidArgument)
    }

    @Test func notIn_acceptsUpTo10Values() throws {
        #expect(code(where: try filter("v", .notIn, integers(10))) == nil)
        #expect(code(where: try filter("v", .notIn, integers(11))) == .invalidArgument)
    }

    @Test func listOperators_needANonEmptyArray() throws {
        for op in [FieldOperator.in, .notIn, .arrayContainsAny] {
            #expect(code(where: try filter("v", op, [])) == .invalidArgument)
            #expect(code(where: try filter("v", op, 1)) == .invalidArgument)
        }
    }

    @Test func twoArrayContainsInOneDisjunction_isInvalid() throws {
        let twoContains = StructuredQuery.Filter.composite(
            .and, [try filter("a", .arrayContains, 1), try filter("a", .arrayContains, 2)])
        let containsAndAny = StructuredQuery.Filter.composite(
            .and, [try filter("a", .arrayContains, 1), try filter("a", .arrayContainsAny, [2])])
        let separateBranches = StructuredQuery.Filter.composite(
            .or, [try filter("a", .arrayContains, 1), try filter("a", .arrayContains, 2)])

        #expect(code(where: twoContains) == .invalidArgument)
        #expect(code(where: containsAndAny) == .invalidArgument)
        #expect(code(where: separateBranches) == nil)
    }

    @Test func onlyOneNegationPerQuery() throws {
        let pairs: [(StructuredQuery.Filter, StructuredQuery.Filter)] = [
            (try filter("a", .notIn, [1]), try filter("b", .notEqual, 2)),
            (try filter("a", .notEqual, 1), try filter("b", .notEqual, 2)),
            (try filter("a", .notEqual, 1), try filter("a", .notEqual, 2)),
            (try filter("a", .notEqual, 1), try unary("b", .isNotNull)),
            (try unary("a", .isNotNaN), try unary("b", .isNotNull)),
        ]
        for (first, second) in pairs {
            #expect(code(where: .composite(.and, [first, second])) == .invalidArgument)
        }
        let acrossBranches = StructuredQuery.Filter.composite(
            .or, [try filter("a", .notEqual, 1), try filter("b", .notEqual, 2)])
        #expect(code(where: acrossBranches) == .invalidArgument)
        #expect(code(where: .composite(.or, [try filter("a", .notEqual, 1), try filter("b", .equal, 2)])) == nil)
    }

    @Test func notIn_cannotBeCombinedWithInArrayContainsAnyOrOr() throws {
        let notIn = try filter("a", .notIn, [1])
        #expect(code(where: .composite(.and, [notIn, try filter("b", .in, [2])])) == .invalidArgument)
        #expect(code(where: .composite(.and, [notIn, try filter("b", .arrayContainsAny, [2])])) == .invalidArgument)
        #expect(code(where: .composite(.or, [notIn, try filter("b", .equal, 2)])) == .invalidArgument)
        #expect(code(where: .composite(.and, [notIn, try filter("b", .arrayContains, 2)])) == nil)
    }

    @Test func atMost30DisjunctionsInNormalForm() throws {
        let thirtySix = StructuredQuery.Filter.composite(
            .and, [try filter("a", .in, integers(6)), try filter("b", .in, integers(6))])
        let thirty = StructuredQuery.Filter.composite(
            .and, [try filter("a", .in, integers(5)), try filter("b", .in, integers(6))])
        let thirtyOneEqualities = StructuredQuery.Filter.composite(
            .or, try (0..<31).map { try filter("a", .equal, .integer(Int64($0))) })
        let inPlusOne = StructuredQuery.Filter.composite(
            .or, [try filter("a", .in, integers(30)), try filter("b", .equal, 1)])
        let inTimesAny = StructuredQuery.Filter.composite(
            .and, [try filter("a", .in, integers(15)), try filter("b", .arrayContainsAny, integers(2))])

        #expect(code(where: thirtySix) == .invalidArgument)
        #expect(code(where: thirty) == nil)
        #expect(code(where: thirtyOneEqualities) == .invalidArgument)
        #expect(code(where: inPlusOne) == .invalidArgument)
        #expect(code(where: inTimesAny) == nil)
    }

    @Test func inequalitiesOnAtMost10Fields() throws {
        let ten = StructuredQuery.Filter.composite(.and, try (0..<10).map { try filter("f\($0)", .greaterThan, 0) })
        let eleven = StructuredQuery.Filter.composite(.and, try (0..<11).map { try filter("f\($0)", .greaterThan, 0) })

        #expect(code(where: ten) == nil)
        #expect(code(where: eleven) == .invalidArgument)
    }

    @Test func atMost100FiltersOrdersAndAncestor() throws {
        func equalities(_ count: Int) throws -> StructuredQuery.Filter {
            .composite(.and, try (0..<count).map { try filter("f\($0)", .equal, 1) })
        }
        var ordered = collectionQuery("c")
        ordered.filter = try equalities(99)
        ordered.orderBy = [try order("x"), try order("y")]
        var underParent = collectionQuery("s")
        underParent.filter = try equalities(100)

        #expect(code(where: try equalities(100)) == nil)
        #expect(code(where: try equalities(101)) == .invalidArgument)
        #expect(code(ordered) == .invalidArgument)
        #expect(code(underParent, parent: "c/a") == .invalidArgument)
        #expect(code(where: .composite(.or, [try equalities(100), try equalities(100)])) == nil)
    }

    @Test func emptyCompositeFilter_isInvalid() {
        #expect(code(where: .composite(.or, [])) == .invalidArgument)
        #expect(code(where: .composite(.and, [])) == .invalidArgument)
    }

    @Test func nameFilters_needReferencesOfThisDatabase() throws {
        let other = Value.reference(DocumentName(database: try DatabaseID(projectID: "other"), path: try doc("c/a")))
        #expect(code(where: try filter("__name__", .equal, "c/a")) == .invalidArgument)
        #expect(code(where: try filter("__name__", .equal, 1)) == .invalidArgument)
        #expect(code(where: try filter("__name__", .in, [try reference("c/a"), "x"])) == .invalidArgument)
        #expect(code(where: try filter("__name__", .equal, other)) == .invalidArgument)
        #expect(code(where: try filter("__name__", .arrayContains, try reference("c/a"))) == .invalidArgument)
        #expect(code(where: try unary("__name__", .isNull)) == .invalidArgument)
        #expect(code(where: try filter("__name__", .in, [try reference("c/a")])) == nil)
    }

    @Test func nameEqualityWithInequalitiesOnOtherFields_isInvalidUnlessNameHasAnInequality() throws {
        let nameEquals = try filter("__name__", .equal, try reference("c/a"))
        let nameIn = try filter("__name__", .in, [try reference("c/a")])
        let range = try filter("a", .greaterThan, 1)

        #expect(code(where: .composite(.and, [nameEquals, range])) == .invalidArgument)
        #expect(code(where: .composite(.and, [nameIn, range])) == .invalidArgument)
        #expect(code(where: .composite(.or, [nameEquals, try unary("b", .isNotNaN)])) == .invalidArgument)
        #expect(
            code(
                where: .composite(
                    .and, [nameEquals, range, try filter("__name__", .greaterThan, try reference("c/0"))])) == nil)
        #expect(code(where: .composite(.and, [nameEquals, try filter("a", .equal, 1)])) == nil)
    }

    @Test func reservedFieldNamesInFiltersOrdersAndProjections_areInvalid() throws {
        let reserved = try FieldPath(["__x__"])
        var ordered = collectionQuery("c")
        ordered.orderBy = [Order(reserved)]
        var selected = collectionQuery("c")
        selected.select = [reserved]

        #expect(code(where: .field(reserved, .equal, 1)) == .invalidArgument)
        #expect(code(ordered) == .invalidArgument)
        #expect(code(selected) == .invalidArgument)
    }

    @Test func duplicateOrdersAndOrdersAfterName_areInvalid() throws {
        var duplicate = collectionQuery("c")
        duplicate.orderBy = [try order("v"), try order("v", .descending)]
        var afterName = collectionQuery("c")
        afterName.orderBy = [try order("__name__"), try order("v")]
        var inequalityAfterName = collectionQuery("c")
        inequalityAfterName.filter = try filter("v", .greaterThan, 1)
        inequalityAfterName.orderBy = [try order("__name__")]

        #expect(code(duplicate) == .invalidArgument)
        #expect(code(afterName) == .invalidArgument)
        #expect(code(inequalityAfterName) == .invalidArgument)
    }

    @Test func inequalityWithOrderOnAnotherField_isAllowed() throws {
        var query = collectionQuery("c")
        query.filter = try filter("v", .greaterThan, 1)
        query.orderBy = [try order("w")]

        #expect(code(query) == nil)
    }

    @Test func cursorLongerThanTheExplicitOrders_isInvalid() throws {
        var noOrder = collectionQuery("c")
        noOrder.startAt = Cursor(values: [try reference("c/a")], before: true)
        var implicitOnly = collectionQuery("c")
        implicitOnly.orderBy = [try order("v")]
        implicitOnly.startAt = Cursor(values: [1, try reference("c/a")], before: true)
        var fits = implicitOnly
        fits.orderBy.append(try order("__name__"))
        var endTooLong = collectionQuery("c")
        endTooLong.orderBy = [try order("v")]
        endTooLong.endAt = Cursor(values: [1, 2], before: false)

        #expect(code(noOrder) == .invalidArgument)
        #expect(code(implicitOnly) == .invalidArgument)
        #expect(code(fits) == nil)
        #expect(code(endTooLong) == .invalidArgument)
    }

    @Test func nameCursorValue_mustBeAReference() throws {
        var query = collectionQuery("c")
        query.orderBy = [try order("__name__")]
        query.startAt = Cursor(values: ["c/a"], before: true)

        #expect(code(query) == .invalidArgument)
    }

    @Test func negativeOffsetOrLimit_isInvalid() {
        var negativeLimit = collectionQuery("c")
        negativeLimit.limit = -1
        var negativeOffset = collectionQuery("c")
        negativeOffset.offset = -1

        #expect(code(negativeLimit) == .invalidArgument)
        #expect(code(negativeOffset) == .invalidArgument)
    }

    @Test func invalidCollectionID_isInvalid() {
        #expect(code(collectionQuery("a/b")) == .invalidArgument)
        #expect(code(collectionQuery("__c__")) == .invalidArgument)
    }

    @Test func operandStringsOf1500BytesOrMore_areInvalid() throws {
        let fits = Value.string(String(repeating: "x", count: 1_499))
        let tooLong = Value.string(String(repeating: "x", count: 1_500))

        #expect(code(where: try filter("v", .equal, fits)) == nil)
        #expect(code(where: try filter("v", .equal, tooLong)) == .invalidArgument)
        #expect(code(where: try filter("v", .in, [tooLong])) == .invalidArgument)
        #expect(code(where: try filter("v", .equal, ["m": tooLong])) == .invalidArgument)
        #expect(code(where: try filter("v", .equal, .bytes(Data(count: 1_500)))) == nil)
        #expect(code(where: try filter("v", .equal, .bytes(Data(count: 1_501)))) == .invalidArgument)
    }

    @Test func invalidQuery_failsEvenOnAnEmptyCollection() {
        var query = collectionQuery("nothing-here")
        query.limit = -5

        #expect(code(query) == .invalidArgument)
    }
}
