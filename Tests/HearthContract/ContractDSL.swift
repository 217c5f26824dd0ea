import HearthApplication
import HearthDomain
import HearthPort

// The internal vocabulary the behaviours are written in: paths, field paths, filters, orders, cursors and
// queries from short literals. Everything throws (no traps), so a typo fails one behaviour, not the run.

typealias Filter = StructuredQuery.Filter

/// A document path from `"c/a"`.
func path(_ text: String) throws -> DocumentPath { try DocumentPath(text) }

/// A field path from its dotted form (`"a.b"`, `"__name__"`).
func field(_ dotted: String) throws -> FieldPath { try FieldPath(dotted: dotted) }

/// Field paths from their dotted forms.
func fields(_ dotted: [String]) throws -> [FieldPath] { try dotted.map(field) }

/// A field filter `field op value`.
func filter(_ fieldPath: String, _ op: FieldOperator, _ value: Value) throws -> Filter {
    .field(try field(fieldPath), op, value)
}

/// A unary filter `op(field)`.
func unary(_ fieldPath: String, _ op: UnaryOperator) throws -> Filter {
    .unary(try field(fieldPath), op)
}

/// A conjunction.
func and(_ filters: Filter...) -> Filter { .composite(.and, filters) }

/// A disjunction.
func or(_ filters: Filter...) -> Filter { .composite(.or, filters) }

/// An ascending order on `fieldPath`.
func asc(_ fieldPath: String) throws -> Order { Order(try field(fieldPath), .ascending) }

/// A descending order on `fieldPath`.
func desc(_ fieldPath: String) throws -> Order { Order(try field(fieldPath), .descending) }

/// `startAt` (inclusive): `before == true`.
func startAt(_ values: Value...) -> Cursor { Cursor(values: values, before: true) }

/// `startAfter` (exclusive): `before == false` on a start cursor.
func startAfter(_ values: Value...) -> Cursor { Cursor(values: values, before: false) }

/// `endAt` (inclusive): `before == false` on an end cursor.
func endAt(_ values: Value...) -> Cursor { Cursor(values: values, before: false) }

/// `endBefore` (exclusive): `before == true` on an end cursor.
func endBefore(_ values: Value...) -> Cursor { Cursor(values: values, before: true) }

/// A query on the collection (or, with `group: true`, the collection group) `collectionID`.
func query(
    _ collectionID: String,
    group: Bool = false,
    where filter: Filter? = nil,
    select: [String]? = nil,
    orderBy: [Order] = [],
    startAt: Cursor? = nil,
    endAt: Cursor? = nil,
    offset: Int = 0,
    limit: Int? = nil
) throws -> StructuredQuery {
    StructuredQuery(
        from: CollectionSelector(collectionID: collectionID, allDescendants: group),
        filter: filter,
        select: try select.map(fields),
        orderBy: orderBy,
        startAt: startAt,
        endAt: endAt,
        offset: offset,
        limit: limit
    )
}

/// A timestamp from RFC 3339 text.
func timestamp(_ text: String) throws -> Timestamp { try Timestamp(rfc3339: text) }

/// A geo point value.
func geo(_ latitude: Double, _ longitude: Double) throws -> Value {
    .geoPoint(try GeoPoint(latitude: latitude, longitude: longitude))
}

/// A string of `count` bytes of `"x"`.
func longString(_ count: Int) -> String { String(repeating: "x", count: count) }

/// A vector value (Firestore's `{"__type__": "__vector__", "value": [...]}` map).
func vector(_ components: Double...) -> Value {
    .map(["__type__": "__vector__", "value": .array(components.map(Value.double))])
}

/// `2^53` as an integer.
let twoTo53: Int64 = 9_007_199_254_740_992
