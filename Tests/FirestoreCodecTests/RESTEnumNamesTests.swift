import HearthDomain
@testable import HearthFirestoreCodec
import HearthPort
import Testing

/// The codec owns the wire names of the Domain's query enums: Firestore's protobuf enum names
/// (`google.firestore.v1.StructuredQuery`), one per case, read back to the same case.
@Suite struct RESTEnumNamesTests {
    @Test func queryEnums_haveFirestoresProtobufNames() {
        #expect(
            FieldOperator.allCases.map(\.wireName) == [
                "LESS_THAN", "LESS_THAN_OR_EQUAL", "GREATER_THAN", "GREATER_THAN_OR_EQUAL", "EQUAL", "NOT_EQUAL",
                "ARRAY_CONTAINS",
                "IN", "ARRAY_CONTAINS_ANY", "NOT_IN",
            ])
        #expect(UnaryOperator.allCases.map(\.wireName) == ["IS_NAN", "IS_NULL", "IS_NOT_NAN", "IS_NOT_NULL"])
        #expect(CompositeOperator.allCases.map(\.wireName) == ["AND", "OR"])
        #expect(Order.Direction.allCases.map(\.wireName) == ["ASCENDING", "DESCENDING"])
        #expect(RESTTargetChange.Kind.allCases.map(\.wireName) == ["NO_CHANGE", "ADD", "REMOVE", "CURRENT", "RESET"])
    }

    @Test func everyWireName_readsBackToItsCase_andOtherNamesToNone() {
        for op in FieldOperator.allCases { #expect(FieldOperator(wireName: op.wireName) == op) }
        for op in UnaryOperator.allCases { #expect(UnaryOperator(wireName: op.wireName) == op) }
        for op in CompositeOperator.allCases { #expect(CompositeOperator(wireName: op.wireName) == op) }
        for direction in Order.Direction.allCases {
            #expect(Order.Direction(wireName: direction.wireName) == direction)
        }
        #expect(FieldOperator(wireName: "less_than") == nil)
        #expect(FieldOperator(wireName: "OPERATOR_UNSPECIFIED") == nil)
        #expect(Order.Direction(wireName: "") == nil)
    }
}
