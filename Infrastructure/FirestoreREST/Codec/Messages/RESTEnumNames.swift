public import HearthDomain

/// An enum with a protobuf enum name per case, written and read by the codec. The wire names of the
/// Domain's query enums are the codec's (Firestore's `google.firestore.v1.StructuredQuery` names), given
/// here by exhaustive switches, so that a new case cannot be sent without a name; the Domain's enums
/// carry no wire strings.
package protocol RESTWireNamed: CaseIterable {
    /// The protobuf enum name of this case.
    var wireName: String { get }
}

extension RESTWireNamed {
    /// The case a wire name denotes (compared by exact bytes), or `nil` for another name.
    package init?(wireName: String) {
        guard let found = Self.allCases.first(where: { UTF8Order.equal($0.wireName, wireName) }) else { return nil }
        self = found
    }

    /// Every case with its wire name, in declaration order (for decoders and their error messages).
    package static var wireCases: [(name: String, value: Self)] { allCases.map { ($0.wireName, $0) } }
}

extension FieldOperator: RESTWireNamed {
    /// The `StructuredQuery.FieldFilter.Operator` name (`LESS_THAN`, `ARRAY_CONTAINS`, …).
    package var wireName: String {
        switch self {
        case .lessThan: "LESS_THAN"
        case .lessThanOrEqual: "LESS_THAN_OR_EQUAL"
        case .greaterThan: "GREATER_THAN"
        case .greaterThanOrEqual: "GREATER_THAN_OR_EQUAL"
        case .equal: "EQUAL"
        case .notEqual: "NOT_EQUAL"
        case .arrayContains: "ARRAY_CONTAINS"
        case .in: "IN"
        case .arrayContainsAny: "ARRAY_CONTAINS_ANY"
        case .notIn: "NOT_IN"
        }
    }
}

extension UnaryOperator: RESTWireNamed {
    /// The `StructuredQuery.UnaryFilter.Operator` name (`IS_NAN`, `IS_NULL`, …).
    package var wireName: String {
        switch self {
        case .isNaN: "IS_NAN"
        case .isNull: "IS_NULL"
        case .isNotNaN: "IS_NOT_NAN"
        case .isNotNull: "IS_NOT_NULL"
        }
    }
}

extension CompositeOperator: RESTWireNamed {
    /// The `StructuredQuery.CompositeFilter.Operator` name (`AND`, `OR`).
    package var wireName: String {
        switch self {
        case .and: "AND"
        case .or: "OR"
        }
    }
}

extension Order.Direction: RESTWireNamed {
    /// The `StructuredQuery.Direction` name (`ASCENDING`, `DESCENDING`).
    package var wireName: String {
        switch self {
        case .ascending: "ASCENDING"
        case .descending: "DESCENDING"
        }
    }
}
