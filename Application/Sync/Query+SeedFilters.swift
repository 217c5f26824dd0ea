extension Query {
    // Seed 001's library (SwiftfulDataManagers) spells filters `where(_:isEqualTo:)`; Firebase spells them
    // `whereField(_:isEqualTo:)`. Both work on a query; these forward to `whereField`.

    /// Seed 001's `where(_:isEqualTo:)`: `whereField(_:isEqualTo:)`.
    public func `where`(_ field: String, isEqualTo value: some FieldValueConvertible) -> Query {
        whereField(field, isEqualTo: value.fieldValue)
    }
    /// Seed 001's `where(_:isNotEqualTo:)`: `whereField(_:isNotEqualTo:)`.
    public func `where`(_ field: String, isNotEqualTo value: some FieldValueConvertible) -> Query {
        whereField(field, isNotEqualTo: value.fieldValue)
    }
    /// Seed 001's `where(_:isLessThan:)`: `whereField(_:isLessThan:)`.
    public func `where`(_ field: String, isLessThan value: some FieldValueConvertible) -> Query {
        whereField(field, isLessThan: value.fieldValue)
    }
    /// Seed 001's `where(_:isLessThanOrEqualTo:)`: `whereField(_:isLessThanOrEqualTo:)`.
    public func `where`(_ field: String, isLessThanOrEqualTo value: some FieldValueConvertible) -> Query {
        whereField(field, isLessThanOrEqualTo: value.fieldValue)
    }
    /// Seed 001's `where(_:isGreaterThan:)`: `whereField(_:isGreaterThan:)`.
    public func `where`(_ field: String, isGreaterThan value: some FieldValueConvertible) -> Query {
        whereField(field, isGreaterThan: value.fieldValue)
    }
    /// Seed 001's `where(_:isGreaterThanOrEqualTo:)`: `whereField(_:isGreaterThanOrEqualTo:)`.
    public func `where`(_ field: String, isGreaterThanOrEqualTo value: some FieldValueConvertible) -> Query {
        whereField(field, isGreaterThanOrEqualTo: value.fieldValue)
    }
    /// Seed 001's `where(_:arrayContains:)`: `whereField(_:arrayContains:)`.
    public func `where`(_ field: String, arrayContains value: some FieldValueConvertible) -> Query {
        whereField(field, arrayContains: value.fieldValue)
    }
    /// Seed 001's `where(_:arrayContainsAny:)`: `whereField(_:arrayContainsAny:)`.
    public func `where`(_ field: String, arrayContainsAny values: [any FieldValueConvertible]) -> Query {
        whereField(field, arrayContainsAny: values.map(\.fieldValue))
    }
    /// Seed 001's `where(_:in:)`: `whereField(_:in:)`.
    public func `where`(_ field: String, in values: [any FieldValueConvertible]) -> Query {
        whereField(field, in: values.map(\.fieldValue))
    }
    /// Seed 001's `where(_:notIn:)`: `whereField(_:notIn:)`.
    public func `where`(_ field: String, notIn values: [any FieldValueConvertible]) -> Query {
        whereField(field, notIn: values.map(\.fieldValue))
    }
}
