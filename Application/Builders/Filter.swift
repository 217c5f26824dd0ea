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

    /// A condition on `field` (a dotted path such as `"address.city"`, or `"__name__"`).
    public static func whereField(_ field: String, _ op: FilterOperator, _ value: FieldValue) -> Filter {
        Filter(storage: .field(FieldReference(dotted: field), op, value))
    }

    /// A condition on `field`.
    public static func whereField(_ field: FieldPath, _ op: FilterOperator, _ value: FieldValue) -> Filter {
        Filter(storage: .field(FieldReference(field), op, value))
    }

    /// Documents matching every filter.
    public static func andFilter(_ filters: [Filter]) -> Filter { Filter(storage: .composite(.and, filters)) }

    /// Documents matching at least one filter.
    public static func orFilter(_ filters: [Filter]) -> Filter { Filter(storage: .composite(.or, filters)) }
}

extension Filter {
    /// `field == value` (`== null` / `== NaN` become `IS_NULL` / `IS_NAN`).
    public static func whereField(_ field: String, isEqualTo value: FieldValue) -> Filter {
        whereField(field, .equal, value)
    }
    /// `field == value` (`== null` / `== NaN` become `IS_NULL` / `IS_NAN`).
    public static func whereField(_ field: FieldPath, isEqualTo value: FieldValue) -> Filter {
        whereField(field, .equal, value)
    }
    /// `field != value` (`!= null` / `!= NaN` become `IS_NOT_NULL` / `IS_NOT_NAN`).
    public static func whereField(_ field: String, isNotEqualTo value: FieldValue) -> Filter {
        whereField(field, .notEqual, value)
    }
    /// `field != value` (`!= null` / `!= NaN` become `IS_NOT_NULL` / `IS_NOT_NAN`).
    public static func whereField(_ field: FieldPath, isNotEqualTo value: FieldValue) -> Filter {
        whereField(field, .notEqual, value)
    }
    /// `field < value`.
    public static func whereField(_ field: String, isLessThan value: FieldValue) -> Filter {
        whereField(field, .lessThan, value)
    }
    /// `field < value`.
    public static func whereField(_ field: FieldPath, isLessThan value: FieldValue) -> Filter {
        whereField(field, .lessThan, value)
    }
    /// `field <= value`.
    public static func whereField(_ field: String, isLessThanOrEqualTo value: FieldValue) -> Filter {
        whereField(field, .lessThanOrEqual, value)
    }
    /// `field <= value`.
    public static func whereField(_ field: FieldPath, isLessThanOrEqualTo value: FieldValue) -> Filter {
        whereField(field, .lessThanOrEqual, value)
    }
    /// `field > value`.
    public static func whereField(_ field: String, isGreaterThan value: FieldValue) -> Filter {
        whereField(field, .greaterThan, value)
    }
    /// `field > value`.
    public static func whereField(_ field: FieldPath, isGreaterThan value: FieldValue) -> Filter {
        whereField(field, .greaterThan, value)
    }
    /// `field >= value`.
    public static func whereField(_ field: String, isGreaterThanOrEqualTo value: FieldValue) -> Filter {
        whereField(field, .greaterThanOrEqual, value)
    }
    /// `field >= value`.
    public static func whereField(_ field: FieldPath, isGreaterThanOrEqualTo value: FieldValue) -> Filter {
        whereField(field, .greaterThanOrEqual, value)
    }
    /// The array `field` contains `value`.
    public static func whereField(_ field: String, arrayContains value: FieldValue) -> Filter {
        whereField(field, .arrayContains, value)
    }
    /// The array `field` contains `value`.
    public static func whereField(_ field: FieldPath, arrayContains value: FieldValue) -> Filter {
        whereField(field, .arrayContains, value)
    }
    /// The array `field` contains at least one of `values` (a non-empty list).
    public static func whereField(_ field: String, arrayContainsAny values: [FieldValue]) -> Filter {
        whereField(field, .arrayContainsAny, .array(values))
    }
    /// The array `field` contains at least one of `values` (a non-empty list).
    public static func whereField(_ field: FieldPath, arrayContainsAny values: [FieldValue]) -> Filter {
        whereField(field, .arrayContainsAny, .array(values))
    }
    /// `field` equals one of `values` (a non-empty list).
    public static func whereField(_ field: String, in values: [FieldValue]) -> Filter {
        whereField(field, .in, .array(values))
    }
    /// `field` equals one of `values` (a non-empty list).
    public static func whereField(_ field: FieldPath, in values: [FieldValue]) -> Filter {
        whereField(field, .in, .array(values))
    }
    /// `field` equals none of `values` (a non-empty list).
    public static func whereField(_ field: String, notIn values: [FieldValue]) -> Filter {
        whereField(field, .notIn, .array(values))
    }
    /// `field` equals none of `values` (a non-empty list).
    public static func whereField(_ field: FieldPath, notIn values: [FieldValue]) -> Filter {
        whereField(field, .notIn, .array(values))
    }
}

/// A field named by the user: a parsed path, or the text that failed to parse (reported by `build()`).
struct FieldReference: Sendable {
    let text: String
    let path: Result<FieldPath, DocumentStoreError>

    init(dotted text: String) {
        self.text = text
        do {
            path = .success(try FieldPath(dotted: text))
        } catch {
            path = .failure(error)
        }
    }

    init(_ path: FieldPath) {
        text = path.canonicalString
        self.path = .success(path)
    }
}
