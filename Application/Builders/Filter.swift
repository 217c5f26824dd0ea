public import HearthDomain

/// A user-facing query filter (Firebase's `Filter`): a condition on one field, or an AND / OR of filters.
/// Pass it to ``QueryBuilder/whereFilter(_:)``.
///
/// ```swift
/// query.whereFilter(.orFilter([
///     .whereField("plan", isEqualTo: "gold"),
///     .andFilter([.whereField("visits", isGreaterThan: 10), .whereField("active", isEqualTo: true)]),
/// ]))
/// ```
///
/// Making a filter never fails: an invalid field path or value is reported by
/// ``QueryBuilder/build()`` (rules there). Empty composites are ignored; a composite of one filter is
/// that filter.
public struct Filter: Sendable {
    enum Storage: Sendable {
        case field(FieldReference, FilterOperator, FieldValue)
        case composite(CompositeOperator, [Filter])
    }

    let storage: Storage

    /// A condition on `field`: a dotted path such as `"address.city"` (or `"__name__"`), or a `FieldPath`.
    public static func whereField(
        _ field: some FieldPathConvertible, _ op: FilterOperator, _ value: FieldValue
    )
        -> Filter
    {
        Filter(storage: .field(FieldReference(field), op, value))
    }

    /// Documents matching every filter.
    public static func andFilter(_ filters: [Filter]) -> Filter { Filter(storage: .composite(.and, filters)) }

    /// Documents matching at least one filter.
    public static func orFilter(_ filters: [Filter]) -> Filter { Filter(storage: .composite(.or, filters)) }
}

extension Filter {
    /// `field == value` (`== null` / `== NaN` become `IS_NULL` / `IS_NAN`).
    public static func whereField(_ field: some FieldPathConvertible, isEqualTo value: FieldValue) -> Filter {
        whereField(field, .equal, value)
    }
    /// `field != value` (`!= null` / `!= NaN` become `IS_NOT_NULL` / `IS_NOT_NAN`).
    public static func whereField(_ field: some FieldPathConvertible, isNotEqualTo value: FieldValue) -> Filter {
        whereField(field, .notEqual, value)
    }
    /// `field < value`.
    public static func whereField(_ field: some FieldPathConvertible, isLessThan value: FieldValue) -> Filter {
        whereField(field, .lessThan, value)
    }
    /// `field <= value`.
    public static func whereField(_ field: some FieldPathConvertible, isLessThanOrEqualTo value: FieldValue) -> Filter {
        whereField(field, .lessThanOrEqual, value)
    }
    /// `field > value`.
    public static func whereField(_ field: some FieldPathConvertible, isGreaterThan value: FieldValue) -> Filter {
        whereField(field, .greaterThan, value)
    }
    /// `field >= value`.
    public static func whereField(
        _ field: some FieldPathConvertible, isGreaterThanOrEqualTo value: FieldValue
    ) -> Filter {
        whereField(field, .greaterThanOrEqual, value)
    }
    /// The array `field` contains `value`.
    public static func whereField(_ field: some FieldPathConvertible, arrayContains value: FieldValue) -> Filter {
        whereField(field, .arrayContains, value)
    }
    /// The array `field` contains at least one of `values` (a non-empty list).
    public static func whereField(_ field: some FieldPathConvertible, arrayContainsAny values: [FieldValue]) -> Filter {
        whereField(field, .arrayContainsAny, .array(values))
    }
    /// `field` equals one of `values` (a non-empty list).
    public static func whereField(_ field: some FieldPathConvertible, in values: [FieldValue]) -> Filter {
        whereField(field, .in, .array(values))
    }
    /// `field` equals none of `values` (a non-empty list).
    public static func whereField(_ field: some FieldPathConvertible, notIn values: [FieldValue]) -> Filter {
        whereField(field, .notIn, .array(values))
    }
}

/// A field named by the user: a parsed path, or the text that failed to parse (reported by `build()`).
struct FieldReference: Sendable {
    let text: String
    let path: Result<FieldPath, DocumentStoreError>

    init(_ field: some FieldPathConvertible) {
        text = field.fieldPathText
        do {
            path = .success(try field.fieldPath())
        } catch {
            path = .failure(error)
        }
    }
}
