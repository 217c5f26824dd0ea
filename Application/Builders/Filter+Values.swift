public import HearthDomain

// Swift values in filters (``FieldValueConvertible``, and Firebase's `Any`); the query forms are in QueryBuilding.swift.
// A value Firestore cannot store is reported by ``QueryBuilder/build()``, naming the field.

extension Filter {
    /// The filter: `field op value` for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, _ op: FilterOperator, _ value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, op, value.fieldValue)
    }
    /// The filter: `field op value` for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, _ op: FilterOperator, _ value: Any) -> Filter {
        whereField(field, op, FieldValue(converting: value))
    }
    /// The filter: `field == value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, isEqualTo value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, .equal, value.fieldValue)
    }
    /// The filter: `field == value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, isEqualTo value: Any) -> Filter {
        whereField(field, .equal, FieldValue(converting: value))
    }
    /// The filter: `field != value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, isNotEqualTo value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, .notEqual, value.fieldValue)
    }
    /// The filter: `field != value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, isNotEqualTo value: Any) -> Filter {
        whereField(field, .notEqual, FieldValue(converting: value))
    }
    /// The filter: `field < value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, isLessThan value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, .lessThan, value.fieldValue)
    }
    /// The filter: `field < value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, isLessThan value: Any) -> Filter {
        whereField(field, .lessThan, FieldValue(converting: value))
    }
    /// The filter: `field <= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, isLessThanOrEqualTo value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, .lessThanOrEqual, value.fieldValue)
    }
    /// The filter: `field <= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, isLessThanOrEqualTo value: Any) -> Filter {
        whereField(field, .lessThanOrEqual, FieldValue(converting: value))
    }
    /// The filter: `field > value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, isGreaterThan value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, .greaterThan, value.fieldValue)
    }
    /// The filter: `field > value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, isGreaterThan value: Any) -> Filter {
        whereField(field, .greaterThan, FieldValue(converting: value))
    }
    /// The filter: `field >= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, isGreaterThanOrEqualTo value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, .greaterThanOrEqual, value.fieldValue)
    }
    /// The filter: `field >= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, isGreaterThanOrEqualTo value: Any) -> Filter {
        whereField(field, .greaterThanOrEqual, FieldValue(converting: value))
    }
    /// The filter: the array `field` contains `value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, arrayContains value: some FieldValueConvertible
    ) -> Filter {
        whereField(field, .arrayContains, value.fieldValue)
    }
    /// The filter: the array `field` contains `value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, arrayContains value: Any) -> Filter {
        whereField(field, .arrayContains, FieldValue(converting: value))
    }
    /// The filter: the array `field` contains at least one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, arrayContainsAny values: [any FieldValueConvertible]
    ) -> Filter {
        whereField(field, .arrayContainsAny, .array(values.map(\.fieldValue)))
    }
    /// The filter: the array `field` contains at least one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, arrayContainsAny values: [Any]) -> Filter {
        whereField(field, .arrayContainsAny, .array(values.map(FieldValue.init(converting:))))
    }
    /// The filter: `field` equals one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, in values: [any FieldValueConvertible]) -> Filter
    {
        whereField(field, .in, .array(values.map(\.fieldValue)))
    }
    /// The filter: `field` equals one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, in values: [Any]) -> Filter {
        whereField(field, .in, .array(values.map(FieldValue.init(converting:))))
    }
    /// The filter: `field` equals none of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public static func whereField(
        _ field: some FieldPathConvertible, notIn values: [any FieldValueConvertible]
    ) -> Filter {
        whereField(field, .notIn, .array(values.map(\.fieldValue)))
    }
    /// The filter: `field` equals none of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public static func whereField(_ field: some FieldPathConvertible, notIn values: [Any]) -> Filter {
        whereField(field, .notIn, .array(values.map(FieldValue.init(converting:))))
    }
}
