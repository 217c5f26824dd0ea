import HearthDomain
import Testing

@Suite("Query and write models")
struct QueryAndWriteModelTests {
    @Test func fieldOperators_useTheWireNamesAndFlagInequalities() {
        let inequalities: Set<FieldOperator> = [
            .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn,
        ]

        for op in FieldOperator.allCases {
            #expect(op.isInequality == inequalities.contains(op), "\(op)")
        }
        #expect(
            FieldOperator.allCases.map(\.rawValue) == [
                "LESS_THAN", "LESS_THAN_OR_EQUAL", "GREATER_THAN", "GREATER_THAN_OR_EQUAL", "EQUAL", "NOT_EQUAL",
                "ARRAY_CONTAINS",
                "IN", "ARRAY_CONTAINS_ANY", "NOT_IN",
            ])
        #expect(UnaryOperator.allCases.map(\.rawValue) == ["IS_NAN", "IS_NULL", "IS_NOT_NAN", "IS_NOT_NULL"])
        #expect(CompositeOperator.allCases.map(\.rawValue) == ["AND", "OR"])
    }

    @Test func orderDirection_reversesAndDefaultsToAscending() throws {
        #expect(Order.Direction.ascending.reversed == .descending)
        #expect(Order.Direction.descending.reversed == .ascending)
        #expect(Order(try FieldPath("a")).direction == .ascending)
        #expect(Order.Direction.allCases.map(\.rawValue) == ["ASCENDING", "DESCENDING"])
    }

    @Test func structuredQuery_defaultsToNoStages() {
        let query = StructuredQuery(from: CollectionSelector(collectionID: "users"))

        #expect(query.filter == nil)
        #expect(query.select == nil)
        #expect(query.orderBy.isEmpty)
        #expect(query.startAt == nil && query.endAt == nil)
        #expect(query.offset == 0)
        #expect(query.limit == nil)
        #expect(!query.from.allDescendants)
    }

    @Test func writeFactories_buildTheMatchingOperations() throws {
        let path = try DocumentPath("users/alice")
        let mask = [try FieldPath("a")]

        let update = Write.update(path, fields: ["a": 1], mask: mask, precondition: .exists(true))
        let delete = Write.delete(path, precondition: .updateTime(.min))

        #expect(update.operation == .update(fields: ["a": 1], mask: mask))
        #expect(update.precondition == .exists(true))
        #expect(update.transforms.isEmpty)
        #expect(delete.operation == .delete)
        #expect(delete.precondition == .updateTime(.min))
        #expect(Write.update(path, fields: [:]).operation == .update(fields: [:], mask: nil))
    }
}
