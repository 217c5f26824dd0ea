public import HearthDomain
import HearthPort

/// A query: a ``QueryBuilder`` bound to a ``Database``, with Firebase's names.
///
/// Builder methods (`whereField`, `order(by:)`, `limit(to:)`, cursors, ...) come from
/// ``QueryConvertible`` and never throw; the first invalid call is reported as `invalidArgument` when the
/// query runs (`getDocuments()`, `count`, ...).
public struct Query: Sendable, QueryConvertible {
    /// The database the query reads.
    public let database: Database
    /// The query as a pure value.
    public let builder: QueryBuilder
    /// The error of the invalid reference or collection group this query was made from (thrown when the
    /// query runs, before any builder error), or `nil`.
    public let pathError: DocumentStoreError?

    /// A query running `builder` on `database`. Usually made by ``Database/collection(_:)-(String)`` and the builder
    /// methods rather than directly.
    public init(database: Database, builder: QueryBuilder) {
        self.init(database: database, builder: builder, pathError: nil)
    }

    init(database: Database, builder: QueryBuilder, pathError: DocumentStoreError?) {
        self.database = database
        self.builder = builder
        self.pathError = pathError
    }

    /// The query itself (``QueryConvertible``).
    public var query: Query { self }

    /// The built query; throws ``pathError`` first, then the builder's first invalid call.
    func build() throws(DocumentStoreError) -> BuiltQuery {
        if let pathError { throw pathError }
        return try builder.build()
    }
}

/// Everything that can be queried: ``Query`` and ``CollectionReference``. Supplies the query builder
/// methods and the read methods to both.
public protocol QueryConvertible: SnapshotListenable, QueryBuilding where Snapshots == QuerySnapshots, Built == Query {
    /// The query this value stands for.
    var query: Query { get }
}

extension QueryConvertible {
    func with(_ transform: (QueryBuilder) -> QueryBuilder) -> Query {
        Query(database: query.database, builder: transform(query.builder), pathError: query.pathError)
    }

    // MARK: Filters

    /// Adds a filter (ANDed with the others): a condition, or an OR / AND of conditions.
    public func whereFilter(_ filter: Filter) -> Query { with { $0.whereFilter(filter) } }

    // MARK: Orders, limits, projection, cursors

    /// Orders results by `field` (a dotted path, `"__name__"`, or a `FieldPath`), after the orders already
    /// given.
    public func order(by field: some FieldPathConvertible, descending: Bool = false) -> Query {
        with { $0.order(by: field, descending: descending) }
    }
    /// At most the first `count` results.
    public func limit(to count: Int) -> Query { with { $0.limit(to: count) } }
    /// At most the last `count` results (the orders are reversed to run it, and the results reversed back).
    public func limit(toLast count: Int) -> Query { with { $0.limit(toLast: count) } }
    /// Skips the first `count` results (they are still read: prefer cursors for paging).
    public func offset(_ count: Int) -> Query { with { $0.offset(count) } }
    /// Returns only these fields (dotted paths or `FieldPath`s); an empty list returns names only.
    public func select(_ fields: [some FieldPathConvertible]) -> Query { with { $0.select(fields) } }
    /// Starts at the position of these values of the orders (inclusive).
    public func start(at values: [FieldValue]) -> Query { with { $0.start(at: values) } }
    /// Starts just after the position of these values of the orders.
    public func start(after values: [FieldValue]) -> Query { with { $0.start(after: values) } }
    /// Ends at the position of these values of the orders (inclusive).
    public func end(at values: [FieldValue]) -> Query { with { $0.end(at: values) } }
    /// Ends just before the position of these values of the orders.
    public func end(before values: [FieldValue]) -> Query { with { $0.end(before: values) } }
    /// Starts at this document (inclusive); a missing document is invalid.
    public func start(atDocument document: DocumentSnapshot) -> Query {
        with { $0.start(atDocument: CursorDocument(document)) }
    }
    /// Starts just after this document; a missing document is invalid.
    public func start(afterDocument document: DocumentSnapshot) -> Query {
        with { $0.start(afterDocument: CursorDocument(document)) }
    }
    /// Ends at this document (inclusive); a missing document is invalid.
    public func end(atDocument document: DocumentSnapshot) -> Query {
        with { $0.end(atDocument: CursorDocument(document)) }
    }
    /// Ends just before this document; a missing document is invalid.
    public func end(beforeDocument document: DocumentSnapshot) -> Query {
        with { $0.end(beforeDocument: CursorDocument(document)) }
    }
    /// Starts at this document (inclusive).
    public func start(atDocument document: QueryDocumentSnapshot) -> Query { start(atDocument: document.snapshot) }
    /// Starts just after this document.
    public func start(afterDocument document: QueryDocumentSnapshot) -> Query {
        start(afterDocument: document.snapshot)
    }
    /// Ends at this document (inclusive).
    public func end(atDocument document: QueryDocumentSnapshot) -> Query { end(atDocument: document.snapshot) }
    /// Ends just before this document.
    public func end(beforeDocument document: QueryDocumentSnapshot) -> Query { end(beforeDocument: document.snapshot) }

    // MARK: Reading

    /// Runs the query. Throws `invalidArgument` for an invalid query (the first invalid builder call, or
    /// one the store rejects, such as more than 30 `in` values).
    public func getDocuments() async throws -> QuerySnapshot {
        try await query.run(consistency: .latest)
    }

    /// Runs the query and decodes every result into `T`.
    public func getDocuments<T: Decodable>(
        as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()
    ) async throws -> [T] {
        try await getDocuments().documents(as: type, decoder: decoder)
    }

    /// The number of matching documents, computed by the store without reading them.
    public var count: AggregateQuery { AggregateQuery(query: query, fields: [.count()]) }

    /// The given aggregations (count, sum, average) over the matching documents.
    public func aggregate(_ fields: [AggregateField]) -> AggregateQuery { AggregateQuery(query: query, fields: fields) }

    /// Every matching document, read a page of `pageSize` at a time with cursors (never offsets), as an
    /// async sequence: use it to walk collections too large to read at once. The query's own limit, if
    /// any, still applies to the total. `limit(toLast:)` is not supported here (`invalidArgument`).
    public func documents(pageSize: Int = 300) -> AsyncThrowingStream<QueryDocumentSnapshot, any Error> {
        QueryPager.stream(query, pageSize: pageSize)
    }
}

extension Query {
    func run(consistency: ReadConsistency, source: CacheReadSource? = nil) async throws -> QuerySnapshot {
        let built = try build()
        if case .latest = consistency { await database.pipeline.drain() }
        let elements: [RunQueryResponse]
        var metadata = CacheMetadata.server
        if let cache = database.store as? any CachingDocumentStore, source != nil || consistency == .latest {
            let read = try await cache.readQuery(parent: built.parent, query: built.query, source: source ?? .default)
            elements = read.responses
            metadata = read.metadata
        } else {
            elements = try await database.store.runQueryAll(
                parent: built.parent, query: built.query, consistency: consistency)
        }
        var documents: [QueryDocumentSnapshot] = []
        documents.reserveCapacity(elements.count)
        var readTime: Timestamp?
        for element in elements {
            readTime = element.readTime
            if let document = element.document {
                documents.append(
                    QueryDocumentSnapshot(
                        reference: DocumentReference(database: database, path: document.path), document: document,
                        readTime: element.readTime, cache: metadata)
                )
            }
        }
        if built.reversesResults { documents.reverse() }
        return QuerySnapshot(documents: documents, readTime: readTime, metadata: SnapshotMetadata(metadata))
    }
}

extension CursorDocument {
    init(_ snapshot: DocumentSnapshot) {
        self.init(
            path: snapshot.reference.path, fields: snapshot.document?.fields ?? MapValue(), exists: snapshot.exists)
    }
}
