public import HearthDomain

/// A query under construction, as a value: every method returns a new builder (Firebase's `Query`
/// methods), and ``build()`` turns it into the `StructuredQuery` to run.
///
/// Methods never throw: the first invalid call is recorded (later calls are then ignored) and ``build()``
/// throws it as `invalidArgument`, naming the call. So a fluent chain needs one `try`:
///
/// ```swift
/// let built = try QueryBuilder(database: db, collection: members)
///     .whereField("active", isEqualTo: true)
///     .order(by: "lastName")
///     .limit(to: 20)
///     .build()
/// ```
///
/// The rules are those of Firebase's SDKs:
/// - `== null` / `== NaN` become the unary filters `IS_NULL` / `IS_NAN` (`!=`: `IS_NOT_NULL` / `IS_NOT_NAN`);
///   null or NaN with any other operator is invalid. `in`, `not-in` and `array-contains-any` need a
///   non-empty list. Sentinels (`FieldValue.serverTimestamp()`, ...) are invalid in filters and cursors.
/// - On `__name__` (`FieldPath.documentID`) values must be references to documents of the query, or
///   strings: a document ID (querying a collection) or a path relative to the parent (a collection group);
///   `array-contains` and `array-contains-any` are invalid.
/// - Cursors from values follow the explicit orders and may not have more values than there are orders.
///   Cursors from a document use the normalized orders (the explicit ones, then every inequality field
///   not yet ordered, sorted, then `__name__`, all in the direction of the last explicit order), which
///   become the query's orders. No `whereField`/`order(by:)` after a cursor.
/// - The last `limit(to:)`/`limit(toLast:)`, `offset`, `select` and start/end cursor wins.
/// - `limit(toLast:)` needs at least one order; the built query has every order reversed and the start and
///   end cursors swapped with their `before` flags flipped, and ``BuiltQuery/reversesResults`` set.
public struct QueryBuilder: Sendable {
    /// The database queried.
    public let database: DatabaseID
    /// The document the query runs under (`nil`: the database root).
    public let parent: DocumentPath?
    /// The collection, or the collection group, queried.
    public let collection: CollectionSelector

    private enum Limit: Sendable {
        case first(Int)
        case last(Int)
    }

    private var filters: [StructuredQuery.Filter] = []
    private var orders: [Order] = []
    private var limitClause: Limit?
    private var offsetCount: Int?
    private var projection: [FieldPath]?
    private var startCursor: Cursor?
    private var endCursor: Cursor?
    private var problem: DocumentStoreError?

    /// A query over the documents of `collection`.
    public init(database: DatabaseID, collection: CollectionPath) {
        self.database = database
        self.parent = collection.parent
        self.collection = CollectionSelector(collectionID: collection.collectionID)
    }

    /// A query over every collection named `collectionID` (a collection group), anywhere under `parent`
    /// (`nil`: the whole database). Throws `invalidArgument` when `collectionID` is not a valid collection ID.
    public init(
        database: DatabaseID, collectionGroup collectionID: String, parent: DocumentPath? = nil
    ) throws(DocumentStoreError) {
        let id = try CollectionID(collectionID)
        self.database = database
        self.parent = parent
        self.collection = CollectionSelector(collectionID: id.rawValue, allDescendants: true)
    }

    // MARK: - Filters

    /// Adds a filter (ANDed with the others).
    public func whereFilter(_ filter: Filter) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            if query.startCursor != nil || query.endCursor != nil {
                throw .invalidArgument(
                    "Invalid query: whereField()/whereFilter() cannot come after a start or end cursor.")
            }
            if let resolved = try query.resolve(filter) { query.filters.append(resolved) }
        }
    }

    // MARK: - Orders, limits, projection

    /// Orders the results by `field` (a dotted path, `"__name__"`, or a `FieldPath`), after the orders
    /// already given.
    public func order(by field: some FieldPathConvertible, descending: Bool = false) -> QueryBuilder {
        order(by: FieldReference(field), descending: descending)
    }

    private func order(by field: FieldReference, descending: Bool) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            let path = try Self.path(of: field, call: "order(by: \"\(field.text)\")")
            if query.startCursor != nil || query.endCursor != nil {
                throw .invalidArgument(
                    "Invalid query: order(by: \"\(field.text)\") cannot come after a start or end cursor.")
            }
            query.orders.append(Order(path, descending ? .descending : .ascending))
        }
    }

    /// Returns at most the first `count` results (replacing any earlier limit). `count` must not be negative.
    public func limit(to count: Int) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            if count < 0 { throw .invalidArgument("Invalid query: limit(to: \(count)) must not be negative.") }
            query.limitClause = .first(count)
        }
    }

    /// Returns at most the last `count` results (replacing any earlier limit). `count` must not be
    /// negative, and ``build()`` requires at least one order.
    public func limit(toLast count: Int) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            if count < 0 { throw .invalidArgument("Invalid query: limit(toLast: \(count)) must not be negative.") }
            query.limitClause = .last(count)
        }
    }

    /// Skips the first `count` results (replacing any earlier offset). `count` must not be negative.
    public func offset(_ count: Int) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            if count < 0 { throw .invalidArgument("Invalid query: offset(\(count)) must not be negative.") }
            query.offsetCount = count
        }
    }

    /// Returns only these fields (dotted paths or `FieldPath`s) of each result, replacing an earlier
    /// `select`; an empty list returns only the documents' names.
    public func select(_ fields: [some FieldPathConvertible]) -> QueryBuilder {
        select(fields.map(FieldReference.init))
    }

    private func select(_ fields: [FieldReference]) -> QueryBuilder {
        with { query throws(DocumentStoreError) in
            var paths: [FieldPath] = []
            for field in fields { paths.append(try Self.path(of: field, call: "select([\"\(field.text)\"])")) }
            query.projection = paths.isEmpty ? [FieldPath.documentID] : paths
        }
    }

    // MARK: - Building

    /// The structured query, or the first invalid call as `invalidArgument`. See the type's documentation
    /// for the rules; `limit(toLast:)` without an order also throws here.
    public func build() throws(DocumentStoreError) -> BuiltQuery {
        if let problem { throw problem }
        var query = StructuredQuery(from: collection)
        query.filter = combinedFilter
        query.select = projection
        query.offset = offsetCount ?? 0
        switch limitClause {
        case .last(let count):
            guard !orders.isEmpty else {
                throw .invalidArgument("Invalid query: limit(toLast:) requires at least one order(by:).")
            }
            query.orderBy = orders.map { Order($0.field, $0.direction.reversed) }
            query.startAt = endCursor.map { Cursor(values: $0.values, before: !$0.before) }
            query.endAt = startCursor.map { Cursor(values: $0.values, before: !$0.before) }
            query.limit = count
            return BuiltQuery(parent: parent, query: query, reversesResults: true)
        case .first(let count):
            query.limit = count
        case nil:
            break
        }
        query.orderBy = orders
        query.startAt = startCursor
        query.endAt = endCursor
        return BuiltQuery(parent: parent, query: query, reversesResults: false)
    }

    /// The filters ANDed into one (`nil`: none; one filter: itself; nested ANDs flattened).
    var combinedFilter: StructuredQuery.Filter? {
        switch filters.count {
        case 0: return nil
        case 1: return filters[0]
        default:
            return .composite(
                .and,
                filters.flatMap { filter -> [StructuredQuery.Filter] in
                    if case .composite(.and, let children) = filter { return children }
                    return [filter]
                })
        }
    }

    // MARK: - Helpers shared with the extensions

    /// Applies `change` to a copy, or records its error; once an error is recorded, calls are ignored.
    func with(_ change: (inout QueryBuilder) throws(DocumentStoreError) -> Void) -> QueryBuilder {
        guard problem == nil else { return self }
        var copy = self
        do {
            try change(&copy)
            return copy
        } catch {
            var failed = self
            failed.problem = error
            return failed
        }
    }

    var explicitOrders: [Order] { orders }

    mutating func setOrders(_ newOrders: [Order]) { orders = newOrders }

    mutating func setStart(_ cursor: Cursor) { startCursor = cursor }

    mutating func setEnd(_ cursor: Cursor) { endCursor = cursor }

    static func path(of field: FieldReference, call: String) throws(DocumentStoreError) -> FieldPath {
        switch field.path {
        case .success(let path): return path
        case .failure(let error): throw .invalidArgument("Invalid query: \(call): \(error.message)")
        }
    }
}
