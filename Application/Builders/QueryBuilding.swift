public import HearthDomain

/// A query under construction: ``QueryBuilder``, and ``Query`` and ``CollectionReference`` (through
/// ``QueryConvertible``). Firebase's filter methods, and the Swift-value forms of the cursor methods, are
/// written once here over ``whereFilter(_:)`` and the four `[FieldValue]` cursor methods.
///
/// Fields: every method takes a dotted `String` or a `FieldPath` (``FieldPathConvertible``).
///
/// Values: a literal takes the ``FieldValue`` forms; a variable, a `Date` or a `[String]` takes the typed
/// ones (``FieldValueConvertible``, disfavoured), and an `Any` the last (Firebase's `Any`). A value
/// Firestore cannot store is reported like any other invalid call, as `invalidArgument` naming the field:
/// thrown by ``QueryBuilder/build()``, or by a ``Query`` when it runs.
public protocol QueryBuilding: Sendable {
    /// What each method returns: ``Query`` for a query or a collection, ``QueryBuilder`` for a builder.
    associatedtype Built
    /// Adds a filter (ANDed with the others): a condition, or an OR / AND of conditions.
    func whereFilter(_ filter: Filter) -> Built
    /// Starts the results at these values of the orders (inclusive), replacing an earlier start.
    func start(at values: [FieldValue]) -> Built
    /// Starts the results just after these values of the orders, replacing an earlier start.
    func start(after values: [FieldValue]) -> Built
    /// Ends the results at these values of the orders (inclusive), replacing an earlier end.
    func end(at values: [FieldValue]) -> Built
    /// Ends the results just before these values of the orders, replacing an earlier end.
    func end(before values: [FieldValue]) -> Built
}

extension QueryBuilding {
    /// Adds the filter `field op value`; `field` is a dotted path (`"address.city"`, or `"__name__"` for the
    /// document's name) or a `FieldPath` (see ``FieldPathConvertible``), as in every `whereField`.
    public func whereField(_ field: some FieldPathConvertible, _ op: FilterOperator, _ value: FieldValue) -> Built {
        whereFilter(.whereField(field, op, value))
    }
    /// Results whose `field` equals `value` in Firestore's sense (`1` equals `1.0`). `null` and NaN become
    /// Firestore's `IS_NULL` and `IS_NAN` filters.
    public func whereField(_ field: some FieldPathConvertible, isEqualTo value: FieldValue) -> Built {
        whereField(field, .equal, value)
    }
    /// Results whose `field` exists, is not null and differs from `value`; documents without the field are
    /// never results. `null` and NaN become `IS_NOT_NULL` and `IS_NOT_NAN`. An inequality: it orders the
    /// results by `field` first unless an explicit order says otherwise.
    public func whereField(_ field: some FieldPathConvertible, isNotEqualTo value: FieldValue) -> Built {
        whereField(field, .notEqual, value)
    }
    /// Results whose `field` is less than `value` and of the same kind (numbers with numbers, strings with
    /// strings, ...), in Firestore's order. A range filter orders the results by `field`.
    public func whereField(_ field: some FieldPathConvertible, isLessThan value: FieldValue) -> Built {
        whereField(field, .lessThan, value)
    }
    /// Results whose `field` is at most `value` and of the same kind, in Firestore's order.
    public func whereField(_ field: some FieldPathConvertible, isLessThanOrEqualTo value: FieldValue) -> Built {
        whereField(field, .lessThanOrEqual, value)
    }
    /// Results whose `field` is greater than `value` and of the same kind, in Firestore's order.
    public func whereField(_ field: some FieldPathConvertible, isGreaterThan value: FieldValue) -> Built {
        whereField(field, .greaterThan, value)
    }
    /// Results whose `field` is at least `value` and of the same kind, in Firestore's order.
    public func whereField(_ field: some FieldPathConvertible, isGreaterThanOrEqualTo value: FieldValue) -> Built {
        whereField(field, .greaterThanOrEqual, value)
    }
    /// Results whose `field` is an array holding `value`. Invalid on `__name__`.
    public func whereField(_ field: some FieldPathConvertible, arrayContains value: FieldValue) -> Built {
        whereField(field, .arrayContains, value)
    }
    /// Results whose `field` is an array holding at least one of `values` (1 to 30 values; an empty list is
    /// `invalidArgument` when the query runs). Invalid on `__name__`.
    public func whereField(_ field: some FieldPathConvertible, arrayContainsAny values: [FieldValue]) -> Built {
        whereField(field, .arrayContainsAny, .array(values))
    }
    /// Results whose `field` equals one of `values` (1 to 30 values; an empty list is `invalidArgument` when
    /// the query runs).
    public func whereField(_ field: some FieldPathConvertible, in values: [FieldValue]) -> Built {
        whereField(field, .in, .array(values))
    }
    /// Results whose `field` exists, is not null and equals none of `values` (1 to 10 values). An inequality:
    /// it orders the results by `field` first unless an explicit order says otherwise.
    public func whereField(_ field: some FieldPathConvertible, notIn values: [FieldValue]) -> Built {
        whereField(field, .notIn, .array(values))
    }

    // MARK: Swift values

    /// Adds `field op value` for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(
        _ field: some FieldPathConvertible, _ op: FilterOperator, _ value: some FieldValueConvertible
    ) -> Built {
        whereField(field, op, value.fieldValue)
    }
    /// Adds `field op value` for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, _ op: FilterOperator, _ value: Any) -> Built {
        whereField(field, op, FieldValue(converting: value))
    }
    /// Adds `field == value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isEqualTo value: some FieldValueConvertible) -> Built {
        whereField(field, .equal, value.fieldValue)
    }
    /// Adds `field == value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isEqualTo value: Any) -> Built {
        whereField(field, .equal, FieldValue(converting: value))
    }
    /// Adds `field != value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isNotEqualTo value: some FieldValueConvertible) -> Built
    {
        whereField(field, .notEqual, value.fieldValue)
    }
    /// Adds `field != value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isNotEqualTo value: Any) -> Built {
        whereField(field, .notEqual, FieldValue(converting: value))
    }
    /// Adds `field < value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isLessThan value: some FieldValueConvertible) -> Built {
        whereField(field, .lessThan, value.fieldValue)
    }
    /// Adds `field < value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isLessThan value: Any) -> Built {
        whereField(field, .lessThan, FieldValue(converting: value))
    }
    /// Adds `field <= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(
        _ field: some FieldPathConvertible, isLessThanOrEqualTo value: some FieldValueConvertible
    ) -> Built {
        whereField(field, .lessThanOrEqual, value.fieldValue)
    }
    /// Adds `field <= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isLessThanOrEqualTo value: Any) -> Built {
        whereField(field, .lessThanOrEqual, FieldValue(converting: value))
    }
    /// Adds `field > value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isGreaterThan value: some FieldValueConvertible) -> Built
    {
        whereField(field, .greaterThan, value.fieldValue)
    }
    /// Adds `field > value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isGreaterThan value: Any) -> Built {
        whereField(field, .greaterThan, FieldValue(converting: value))
    }
    /// Adds `field >= value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(
        _ field: some FieldPathConvertible, isGreaterThanOrEqualTo value: some FieldValueConvertible
    ) -> Built {
        whereField(field, .greaterThanOrEqual, value.fieldValue)
    }
    /// Adds `field >= value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, isGreaterThanOrEqualTo value: Any) -> Built {
        whereField(field, .greaterThanOrEqual, FieldValue(converting: value))
    }
    /// Adds the array `field` contains `value`, for a typed Swift value (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, arrayContains value: some FieldValueConvertible) -> Built
    {
        whereField(field, .arrayContains, value.fieldValue)
    }
    /// Adds the array `field` contains `value`, for a value of any type, checked when the query is built (Firebase's `Any`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, arrayContains value: Any) -> Built {
        whereField(field, .arrayContains, FieldValue(converting: value))
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(
        _ field: some FieldPathConvertible, arrayContainsAny values: [any FieldValueConvertible]
    ) -> Built {
        whereField(field, .arrayContainsAny, .array(values.map(\.fieldValue)))
    }
    /// Adds the array `field` contains at least one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, arrayContainsAny values: [Any]) -> Built {
        whereField(field, .arrayContainsAny, .array(values.map(FieldValue.init(converting:))))
    }
    /// Adds `field` equals one of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, in values: [any FieldValueConvertible]) -> Built {
        whereField(field, .in, .array(values.map(\.fieldValue)))
    }
    /// Adds `field` equals one of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, in values: [Any]) -> Built {
        whereField(field, .in, .array(values.map(FieldValue.init(converting:))))
    }
    /// Adds `field` equals none of `values` (a non-empty list), for typed Swift values such as a `[String]` (see ``FieldValueConvertible``).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, notIn values: [any FieldValueConvertible]) -> Built {
        whereField(field, .notIn, .array(values.map(\.fieldValue)))
    }
    /// Adds `field` equals none of `values` (a non-empty list), for values of any type, checked when the query is built (Firebase's `[Any]`).
    @_disfavoredOverload
    public func whereField(_ field: some FieldPathConvertible, notIn values: [Any]) -> Built {
        whereField(field, .notIn, .array(values.map(FieldValue.init(converting:))))
    }

    // MARK: Cursors

    /// Starts at the position of these values of the orders (inclusive), for typed Swift values.
    @_disfavoredOverload
    public func start(at values: [any FieldValueConvertible]) -> Built { start(at: values.map(\.fieldValue)) }
    /// Starts at the position of these values of the orders (inclusive), for values of any type.
    @_disfavoredOverload
    public func start(at values: [Any]) -> Built { start(at: values.map(FieldValue.init(converting:))) }
    /// Starts just after the position of these values of the orders, for typed Swift values.
    @_disfavoredOverload
    public func start(after values: [any FieldValueConvertible]) -> Built { start(after: values.map(\.fieldValue)) }
    /// Starts just after the position of these values of the orders, for values of any type.
    @_disfavoredOverload
    public func start(after values: [Any]) -> Built { start(after: values.map(FieldValue.init(converting:))) }
    /// Ends at the position of these values of the orders (inclusive), for typed Swift values.
    @_disfavoredOverload
    public func end(at values: [any FieldValueConvertible]) -> Built { end(at: values.map(\.fieldValue)) }
    /// Ends at the position of these values of the orders (inclusive), for values of any type.
    @_disfavoredOverload
    public func end(at values: [Any]) -> Built { end(at: values.map(FieldValue.init(converting:))) }
    /// Ends just before the position of these values of the orders, for typed Swift values.
    @_disfavoredOverload
    public func end(before values: [any FieldValueConvertible]) -> Built { end(before: values.map(\.fieldValue)) }
    /// Ends just before the position of these values of the orders, for values of any type.
    @_disfavoredOverload
    public func end(before values: [Any]) -> Built { end(before: values.map(FieldValue.init(converting:))) }
}
