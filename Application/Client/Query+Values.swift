public import HearthDomain

// Swift values in filters and cursors (``FieldValueConvertible``, and Firebase's `Any`): the
// ``QueryBuilder`` forms (QueryBuilder+Values.swift) on ``Query`` and ``CollectionReference``. A value
// Firestore cannot store makes the query fail when it runs, with `invalidArgument` naming the field.

extension QueryConvertible {
    // MARK: String fields

    /// Adds `field op value` for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, _ op: FilterOperator, _ value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, op, value.fieldValue) }
    }
    /// Adds `field op value` for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, _ op: FilterOperator, _ value: Any) -> Query {
        with { $0.whereField(field, op, FieldValue(converting: value)) }
    }
    /// Adds `field == value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .equal, value.fieldValue) }
    }
    /// Adds `field == value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isEqualTo value: Any) -> Query {
        with { $0.whereField(field, .equal, FieldValue(converting: value)) }
    }
    /// Adds `field != value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isNotEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .notEqual, value.fieldValue) }
    }
    /// Adds `field != value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isNotEqualTo value: Any) -> Query {
        with { $0.whereField(field, .notEqual, FieldValue(converting: value)) }
    }
    /// Adds `field < value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThan value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .lessThan, value.fieldValue) }
    }
    /// Adds `field < value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThan value: Any) -> Query {
        with { $0.whereField(field, .lessThan, FieldValue(converting: value)) }
    }
    /// Adds `field <= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThanOrEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .lessThanOrEqual, value.fieldValue) }
    }
    /// Adds `field <= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isLessThanOrEqualTo value: Any) -> Query {
        with { $0.whereField(field, .lessThanOrEqual, FieldValue(converting: value)) }
    }
    /// Adds `field > value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThan value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .greaterThan, value.fieldValue) }
    }
    /// Adds `field > value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThan value: Any) -> Query {
        with { $0.whereField(field, .greaterThan, FieldValue(converting: value)) }
    }
    /// Adds `field >= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThanOrEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .greaterThanOrEqual, value.fieldValue) }
    }
    /// Adds `field >= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, isGreaterThanOrEqualTo value: Any) -> Query {
        with { $0.whereField(field, .greaterThanOrEqual, FieldValue(converting: value)) }
    }
    /// Adds the array `field` contains `value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContains value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .arrayContains, value.fieldValue) }
    }
    /// Adds the array `field` contains `value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContains value: Any) -> Query {
        with { $0.whereField(field, .arrayContains, FieldValue(converting: value)) }
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContainsAny values: [any FieldValueConvertible]) -> Query {
        with { $0.whereField(field, .arrayContainsAny, .array(values.map(\.fieldValue))) }
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: String, arrayContainsAny values: [Any]) -> Query {
        with { $0.whereField(field, .arrayContainsAny, .array(values.map(FieldValue.init(converting:)))) }
    }
    /// Adds `field` equals one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, in values: [any FieldValueConvertible]) -> Query {
        with { $0.whereField(field, .in, .array(values.map(\.fieldValue))) }
    }
    /// Adds `field` equals one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: String, in values: [Any]) -> Query {
        with { $0.whereField(field, .in, .array(values.map(FieldValue.init(converting:)))) }
    }
    /// Adds `field` equals none of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: String, notIn values: [any FieldValueConvertible]) -> Query {
        with { $0.whereField(field, .notIn, .array(values.map(\.fieldValue))) }
    }
    /// Adds `field` equals none of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: String, notIn values: [Any]) -> Query {
        with { $0.whereField(field, .notIn, .array(values.map(FieldValue.init(converting:)))) }
    }

    // MARK: FieldPath fields

    /// Adds `field op value` for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, _ op: FilterOperator, _ value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, op, value.fieldValue) }
    }
    /// Adds `field op value` for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, _ op: FilterOperator, _ value: Any) -> Query {
        with { $0.whereField(field, op, FieldValue(converting: value)) }
    }
    /// Adds `field == value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .equal, value.fieldValue) }
    }
    /// Adds `field == value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isEqualTo value: Any) -> Query {
        with { $0.whereField(field, .equal, FieldValue(converting: value)) }
    }
    /// Adds `field != value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isNotEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .notEqual, value.fieldValue) }
    }
    /// Adds `field != value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isNotEqualTo value: Any) -> Query {
        with { $0.whereField(field, .notEqual, FieldValue(converting: value)) }
    }
    /// Adds `field < value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThan value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .lessThan, value.fieldValue) }
    }
    /// Adds `field < value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThan value: Any) -> Query {
        with { $0.whereField(field, .lessThan, FieldValue(converting: value)) }
    }
    /// Adds `field <= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThanOrEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .lessThanOrEqual, value.fieldValue) }
    }
    /// Adds `field <= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isLessThanOrEqualTo value: Any) -> Query {
        with { $0.whereField(field, .lessThanOrEqual, FieldValue(converting: value)) }
    }
    /// Adds `field > value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThan value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .greaterThan, value.fieldValue) }
    }
    /// Adds `field > value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThan value: Any) -> Query {
        with { $0.whereField(field, .greaterThan, FieldValue(converting: value)) }
    }
    /// Adds `field >= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThanOrEqualTo value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .greaterThanOrEqual, value.fieldValue) }
    }
    /// Adds `field >= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, isGreaterThanOrEqualTo value: Any) -> Query {
        with { $0.whereField(field, .greaterThanOrEqual, FieldValue(converting: value)) }
    }
    /// Adds the array `field` contains `value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContains value: some FieldValueConvertible) -> Query {
        with { $0.whereField(field, .arrayContains, value.fieldValue) }
    }
    /// Adds the array `field` contains `value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContains value: Any) -> Query {
        with { $0.whereField(field, .arrayContains, FieldValue(converting: value)) }
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContainsAny values: [any FieldValueConvertible]) -> Query {
        with { $0.whereField(field, .arrayContainsAny, .array(values.map(\.fieldValue))) }
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, arrayContainsAny values: [Any]) -> Query {
        with { $0.whereField(field, .arrayContainsAny, .array(values.map(FieldValue.init(converting:)))) }
    }
    /// Adds `field` equals one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, in values: [any FieldValueConvertible]) -> Query {
        with { $0.whereField(field, .in, .array(values.map(\.fieldValue))) }
    }
    /// Adds `field` equals one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, in values: [Any]) -> Query {
        with { $0.whereField(field, .in, .array(values.map(FieldValue.init(converting:)))) }
    }
    /// Adds `field` equals none of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, notIn values: [any FieldValueConvertible]) -> Query {
        with { $0.whereField(field, .notIn, .array(values.map(\.fieldValue))) }
    }
    /// Adds `field` equals none of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: FieldPath, notIn values: [Any]) -> Query {
        with { $0.whereField(field, .notIn, .array(values.map(FieldValue.init(converting:)))) }
    }
    // MARK: Cursors

    /// Starts at the position of these values of the orders (inclusive), for typed Swift values.
    @_disfavoredOverload
    public func start(at values: [any FieldValueConvertible]) -> Query { with { $0.start(at: values) } }
    /// Starts at the position of these values of the orders (inclusive), for values of any type.
    @_disfavoredOverload
    public func start(at values: [Any]) -> Query { with { $0.start(at: values) } }
    /// Starts just after the position of these values of the orders, for typed Swift values.
    @_disfavoredOverload
    public func start(after values: [any FieldValueConvertible]) -> Query { with { $0.start(after: values) } }
    /// Starts just after the position of these values of the orders, for values of any type.
    @_disfavoredOverload
    public func start(after values: [Any]) -> Query { with { $0.start(after: values) } }
    /// Ends at the position of these values of the orders (inclusive), for typed Swift values.
    @_disfavoredOverload
    public func end(at values: [any FieldValueConvertible]) -> Query { with { $0.end(at: values) } }
    /// Ends at the position of these values of the orders (inclusive), for values of any type.
    @_disfavoredOverload
    public func end(at values: [Any]) -> Query { with { $0.end(at: values) } }
    /// Ends just before the position of these values of the orders, for typed Swift values.
    @_disfavoredOverload
    public func end(before values: [any FieldValueConvertible]) -> Query { with { $0.end(before: values) } }
    /// Ends just before the position of these values of the orders, for values of any type.
    @_disfavoredOverload
    public func end(before values: [Any]) -> Query { with { $0.end(before: values) } }
}
