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
    public var collectionID: String
    public var allDescendants: Bool

    public init(collectionID: String, allDescendants: Bool = false) {
        self.collectionID = collectionID
        self.allDescendants = allDescendants
    }
}

extension StructuredQuery {
    /// A filter: on one field with an operand, on one field without operand, or a composite of filters.
    /// (Nested so that the client API can offer Firebase's user-facing `Filter` builder.)
    public indirect enum Filter: Sendable, Hashable {
        case field(FieldPath, FieldOperator, Value)
        case unary(FieldPath, UnaryOperator)
        case composite(CompositeOperator, [Filter])
    }
}

/// The binary field operators (their wire names belong to the REST codec).
public enum FieldOperator: Sendable, Hashable, CaseIterable {
    case lessThan
    case lessThanOrEqual
    case greaterThan
    case greaterThanOrEqual
    case equal
    case notEqual
    case arrayContains
    case `in`
    case arrayContainsAny
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
    case isNaN
    case isNull
    case isNotNaN
    case isNotNull
}

/// How a composite filter combines its filters (its wire names belong to the REST codec).
public enum CompositeOperator: Sendable, Hashable, CaseIterable {
    case and
    case or
}

/// One order of a query.
public struct Order: Sendable, Hashable {
    /// Ascending or descending (the wire names belong to the REST codec).
    public enum Direction: Sendable, Hashable, CaseIterable {
        case ascending
        case descending

        /// The other direction.
        public var reversed: Direction { self == .ascending ? .descending : .ascending }
    }

    public var field: FieldPath
    public var direction: Direction

    public init(_ field: FieldPath, _ direction: Direction = .ascending) {
        self.field = field
        self.direction = direction
    }
}

/// A position in a query's order: values for a prefix of the (normalized) orders, and whether the position
/// is just before (`before == true`) or just after those values.
public struct Cursor: Sendable, Hashable {
    public var values: [Value]
    public var before: Bool

    public init(values: [Value], before: Bool) {
        self.values = values
        self.before = before
    }
}
