public import HearthDomain

// Swift values in filters and cursors (``FieldValueConvertible``, and Firebase's `Any`). A literal still
// takes the ``FieldValue`` overloads (these are disfavoured); a variable, a `Date` or a `[String]` takes the
// typed ones, and an `Any` the last. A value Firestore cannot store is recorded like any other invalid
// call and thrown by ``QueryBuilder/build()`` as `invalidArgument`, naming the field.

extension QueryBuilder {
    // MARK: String fields

    /// Adds `field op value` for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, _ op: FilterOperator, _ value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, op, value.fieldValue)
    }
    /// Adds `field op value` for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, _ op: FilterOperator, _ value: Any) -> QueryBuilder {
        whereField(field, op, FieldValue(converting: value))
    }
    /// Adds `field == value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isEqualTo value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .equal, value.fieldValue)
    }
    /// Adds `field == value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isEqualTo value: Any) -> QueryBuilder {
        whereField(field, .equal, FieldValue(converting: value))
    }
    /// Adds `field != value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isNotEqualTo value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .notEqual, value.fieldValue)
    }
    /// Adds `field != value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isNotEqualTo value: Any) -> QueryBuilder {
        whereField(field, .notEqual, FieldValue(converting: value))
    }
    /// Adds `field < value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThan value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .lessThan, value.fieldValue)
    }
    /// Adds `field < value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThan value: Any) -> QueryBuilder {
        whereField(field, .lessThan, FieldValue(converting: value))
    }
    /// Adds `field <= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThanOrEqualTo value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .lessThanOrEqual, value.fieldValue)
    }
    /// Adds `field <= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> QueryBuilder {
        whereField(field, .lessThanOrEqual, FieldValue(converting: value))
    }
    /// Adds `field > value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThan value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .greaterThan, value.fieldValue)
    }
    /// Adds `field > value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThan value: Any) -> QueryBuilder {
        whereField(field, .greaterThan, FieldValue(converting: value))
    }
    /// Adds `field >= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThanOrEqualTo value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .greaterThanOrEqual, value.fieldValue)
    }
    /// Adds `field >= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> QueryBuilder {
        whereField(field, .greaterThanOrEqual, FieldValue(converting: value))
    }
    /// Adds the array `field` contains `value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContains value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .arrayContains, value.fieldValue)
    }
    /// Adds the array `field` contains `value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContains value: Any) -> QueryBuilder {
        whereField(field, .arrayContains, FieldValue(converting: value))
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContainsAny values: [any FieldValueConvertible]) -> QueryBuilder {
        whereField(field, .arrayContainsAny, .array(values.map(\.fieldValue)))
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContainsAny values: [Any]) -> QueryBuilder {
        whereField(field, .arrayContainsAny, .array(values.map(FieldValue.init(converting:))))
    }
    /// Adds `field` equals one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, in values: [any FieldValueConvertible]) -> QueryBuilder {
        whereField(field, .in, .array(values.map(\.fieldValue)))
    }
    /// Adds `field` equals one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: String, in values: [Any]) -> QueryBuilder {
        whereField(field, .in, .array(values.map(FieldValue.init(converting:))))
    }
    /// Adds `field` equals none of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, notIn values: [any FieldValueConvertible]) -> QueryBuilder {
        whereField(field, .notIn, .array(values.map(\.fieldValue)))
    }
    /// Adds `field` equals none of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: String, notIn values: [Any]) -> QueryBuilder {
        whereField(field, .notIn, .array(values.map(FieldValue.init(converting:))))
    }

    // MARK: FieldPath fields

    /// Adds `field op value` for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(
        _ field: FieldPath, _ op: FilterOperator, _ value: some FieldValueConvertible
    ) -> QueryBuilder {
        whereField(field, op, value.fieldValue)
    }
    /// Adds `field op value` for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, _ op: FilterOperator, _ value: Any) -> QueryBuilder {
        whereField(field, op, FieldValue(converting: value))
    }
    /// Adds `field == value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isEqualTo value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .equal, value.fieldValue)
    }
    /// Adds `field == value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isEqualTo value: Any) -> QueryBuilder {
        whereField(field, .equal, FieldValue(converting: value))
    }
    /// Adds `field != value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isNotEqualTo value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .notEqual, value.fieldValue)
    }
    /// Adds `field != value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isNotEqualTo value: Any) -> QueryBuilder {
        whereField(field, .notEqual, FieldValue(converting: value))
    }
    /// Adds `field < value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThan value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .lessThan, value.fieldValue)
    }
    /// Adds `field < value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThan value: Any) -> QueryBuilder {
        whereField(field, .lessThan, FieldValue(converting: value))
    }
    /// Adds `field <= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThanOrEqualTo value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .lessThanOrEqual, value.fieldValue)
    }
    /// Adds `field <= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThanOrEqualTo value: Any) -> QueryBuilder {
        whereField(field, .lessThanOrEqual, FieldValue(converting: value))
    }
    /// Adds `field > value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThan value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .greaterThan, value.fieldValue)
    }
    /// Adds `field > value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThan value: Any) -> QueryBuilder {
        whereField(field, .greaterThan, FieldValue(converting: value))
    }
    /// Adds `field >= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThanOrEqualTo value: some FieldValueConvertible) -> QueryBuilder
    {
        whereField(field, .greaterThanOrEqual, value.fieldValue)
    }
    /// Adds `field >= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThanOrEqualTo value: Any) -> QueryBuilder {
        whereField(field, .greaterThanOrEqual, FieldValue(converting: value))
    }
    /// Adds the array `field` contains `value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContains value: some FieldValueConvertible) -> QueryBuilder {
        whereField(field, .arrayContains, value.fieldValue)
    }
    /// Adds the array `field` contains `value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContains value: Any) -> QueryBuilder {
        whereField(field, .arrayContains, FieldValue(converting: value))
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContainsAny values: [any FieldValueConvertible]) -> QueryBuilder {
        whereField(field, .arrayContainsAny, .array(values.map(\.fieldValue)))
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContainsAny values: [Any]) -> QueryBuilder {
        whereField(field, .arrayContainsAny, .array(values.map(FieldValue.init(converting:))))
    }
    /// Adds `field` equals one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, in values: [any FieldValueConvertible]) -> QueryBuilder {
        whereField(field, .in, .array(values.map(\.fieldValue)))
    }
    /// Adds `field` equals one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, in values: [Any]) -> QueryBuilder {
        whereField(field, .in, .array(values.map(FieldValue.init(converting:))))
    }
    /// Adds `field` equals none of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, notIn values: [any FieldValueConvertible]) -> QueryBuilder {
        whereField(field, .notIn, .array(values.map(\.fieldValue)))
    }
    /// Adds `field` equals none of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, notIn values: [Any]) -> QueryBuilder {
        whereField(field, .notIn, .array(values.map(FieldValue.init(converting:))))
    }
    // MARK: Cursors

    /// Starts the results at these values of the explicit orders (inclusive), for typed Swift values.
    @_disfavoredOverload
    public func start(at values: [any FieldValueConvertible]) -> QueryBuilder { start(at: values.map(\.fieldValue)) }
    /// Starts the results at these values of the explicit orders (inclusive), for values of any type.
    @_disfavoredOverload
    public func start(at values: [Any]) -> QueryBuilder { start(at: values.map(FieldValue.init(converting:))) }
    /// Starts the results just after these values of the explicit orders, for typed Swift values.
    @_disfavoredOverload
    public func start(after values: [any FieldValueConvertible]) -> QueryBuilder {
        start(after: values.map(\.fieldValue))
    }
    /// Starts the results just after these values of the explicit orders, for values of any type.
    @_disfavoredOverload
    public func start(after values: [Any]) -> QueryBuilder { start(after: values.map(FieldValue.init(converting:))) }
    /// Ends the results at these values of the explicit orders (inclusive), for typed Swift values.
    @_disfavoredOverload
    public func end(at values: [any FieldValueConvertible]) -> QueryBuilder { end(at: values.map(\.fieldValue)) }
    /// Ends the results at these values of the explicit orders (inclusive), for values of any type.
    @_disfavoredOverload
    public func end(at values: [Any]) -> QueryBuilder { end(at: values.map(FieldValue.init(converting:))) }
    /// Ends the results just before these values of the explicit orders, for typed Swift values.
    @_disfavoredOverload
    public func end(before values: [any FieldValueConvertible]) -> QueryBuilder {
        end(before: values.map(\.fieldValue))
    }
    /// Ends the results just before these values of the explicit orders, for values of any type.
    @_disfavoredOverload
    public func end(before values: [Any]) -> QueryBuilder { end(before: values.map(FieldValue.init(converting:))) }
}
