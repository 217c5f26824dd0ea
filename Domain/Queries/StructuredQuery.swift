/// A Firestore structured query, stage by stage: from → where → select → orderBy + cursors → offset → limit.
///
/// A plain value; ``StructuredQuery`` does not validate itself (the engine and the server answer an invalid
/// query with `invalidArgument`). The client API's query builder validates as Firebase's SDKs do.
public struct StructuredQuery: Sendable, Hashable {
    /// The collection (or collection group) queried.
    public var from: CollectionSelector
    /// The filter every result must match.
    public var filter: Filter?
    /// The fields returned (`nil`: all fields; `[FieldPath.documentID]`: names only).
    public var select: [FieldPath]?
    /// The explicit orders (the engine appends the implicit ones).
    public var orderBy: [Order]
    /// Where results start.
    public var startAt: Cursor?
    /// Where results end.
    public var endAt: Cursor?
    /// How many results to skip after cursors are applied.
    public var offset: Int
    /// The maximum number of results.
    public var limit: Int?

    /// A query of the collections `from` selects with the given stages; every stage defaults to "none" (no
    /// filter, all fields, no explicit order, no cursors, no offset, no limit).
    public init(
        from: CollectionSelector,
        filter: Filter? = nil,
        select: [FieldPath]? = nil,
        orderBy: [Order] = [],
        startAt: Cursor? = nil,
        endAt: Cursor? = nil,
        offset: Int = 0,
        limit: Int? = nil
    ) {
        self.from = from
        self.filter = filter
        self.select = select
        self.orderBy = orderBy
        self.startAt = startAt
        self.endAt = endAt
        self.offset = offset
        self.limit = limit
    }
}

/// Which collections a query reads: the collection `collectionID` directly under the query's parent, or
/// with `allDescendants`, every collection with that ID at any depth under the parent (a collection group).
public struct CollectionSelector: Sendable, Hashable {
    /// The collection ID (the last segment of the collections read), for example `posts`.
    public var collectionID: String
    /// Whether collections with that ID at any depth under the parent are read (a collection group query),
    /// not only the one directly under it.
    public var allDescendants: Bool

    /// Selects `collectionID` under the query's parent, or at any depth when `allDescendants` is `true`.
    public init(collectionID: String, allDescendants: Bool = false) {
        self.collectionID = collectionID
        self.allDescendants = allDescendants
    }
}

extension StructuredQuery {
    /// A filter: on one field with an operand, on one field without operand, or a composite of filters.
    /// (Nested so that the client API can offer Firebase's user-facing `Filter` builder.)
    public indirect enum Filter: Sendable, Hashable {
        /// A condition on one field against an operand, such as `age >= 18` (Firestore's `FieldFilter`).
        case field(FieldPath, FieldOperator, Value)
        /// A condition on one field without an operand: is (not) null, is (not) NaN (Firestore's `UnaryFilter`).
        case unary(FieldPath, UnaryOperator)
        /// All (`and`) or any (`or`) of several filters (Firestore's `CompositeFilter`).
        case composite(CompositeOperator, [Filter])
    }
}

/// The binary field operators (their wire names belong to the REST codec).
public enum FieldOperator: Sendable, Hashable, CaseIterable {
    /// `<`: the field holds a value of the same type ordered before the operand.
    case lessThan
    /// `<=`: the field holds a value of the same type ordered before or equal to the operand.
    case lessThanOrEqual
    /// `>`: the field holds a value of the same type ordered after the operand.
    case greaterThan
    /// `>=`: the field holds a value of the same type ordered after or equal to the operand.
    case greaterThanOrEqual
    /// `==`: the field holds a value equal to the operand in Firestore's sense (`1 == 1.0`).
    case equal
    /// `!=`: the field exists, is not null, and differs from the operand.
    case notEqual
    /// `array-contains`: the field is an array with an element equal to the operand.
    case arrayContains
    /// `in`: the field equals one of the operand array's elements (at most 30).
    case `in`
    /// `array-contains-any`: the field is an array sharing an element with the operand array.
    case arrayContainsAny
    /// `not-in`: the field exists, is not null, and equals none of the operand array's elements.
    case notIn

    /// Whether the operator is an inequality (implies an order on its field): `<`, `<=`, `>`, `>=`, `!=`, `not-in`.
    public var isInequality: Bool {
        switch self {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn: true
        default: false
        }
    }
}

/// The unary field operators (their wire names belong to the REST codec).
public enum UnaryOperator: Sendable, Hashable, CaseIterable {
    /// The field is NaN.
    case isNaN
    /// The field is null.
    case isNull
    /// The field exists and is not NaN.
    case isNotNaN
    /// The field exists and is not null.
    case isNotNull
}

/// How a composite filter combines its filters (its wire names belong to the REST codec).
public enum CompositeOperator: Sendable, Hashable, CaseIterable {
    /// Every filter holds.
    case and
    /// At least one filter holds.
    case or
}

/// One order of a query.
public struct Order: Sendable, Hashable {
    /// Which way an order sorts (the wire names belong to the REST codec).
    public enum Direction: Sendable, Hashable, CaseIterable {
        /// Smallest first, in Firestore's value order.
        case ascending
        /// Largest first, in Firestore's value order.
        case descending

        /// The other direction.
        public var reversed: Direction { self == .ascending ? .descending : .ascending }
    }

    /// The field ordered by (`__name__`, ``FieldPath/documentID``, for the document name).
    public var field: FieldPath
    /// Ascending (the default) or descending.
    public var direction: Direction

    /// An order by `field`, ascending unless `direction` says otherwise.
    public init(_ field: FieldPath, _ direction: Direction = .ascending) {
        self.field = field
        self.direction = direction
    }
}

/// A position in a query's order: values for a prefix of the (normalized) orders, and whether the position
/// is just before (`before == true`) or just after those values.
public struct Cursor: Sendable, Hashable {
    /// The values of the position, one per order, for a prefix of the query's orders (implicit orders
    /// included).
    public var values: [Value]
    /// Whether the position is just before `values` in the query's order (`true`: `startAt` and
    /// `endBefore`) or just after them (`false`: `startAfter` and `endAt`).
    public var before: Bool

    /// A position at `values`, just before or just after them.
    public init(values: [Value], before: Bool) {
        self.values = values
        self.before = before
    }
}
