import HearthDomain
import HearthPort

/// Where a one-time read is served from (Firebase's `FirestoreSource`): `getDocument(source:)`,
/// `getDocuments(source:)`, `getAggregation(source:)`.
///
/// On a store that keeps an offline cache (a `CachingDocumentStore`: the offline cache adapter), document
/// and query reads follow the source as in Firebase (see `Docs/Offline.md`). Every other Hearth store is
/// itself the source of truth (the memory and file stores hold the data, the REST store asks Firestore), so:
/// - ``default`` and ``server`` read from the store, exactly as the reads without `source:`;
/// - ``cache`` fails with `unavailable`, as Firebase's does when what is asked for is not in its cache.
///   Nothing is read then. Aggregations are server-only on every store, as in Firebase.
public enum FirestoreSource: Sendable, Hashable, CaseIterable {
    /// The store (Firebase: the server, falling back to the cache when offline).
    case `default`
    /// The store (Firebase: the server only).
    case server
    /// A local cache: `unavailable` on every Hearth store (none keeps one).
    case cache

    /// The port's form of the source.
    var cacheReadSource: CacheReadSource {
        switch self {
        case .default: .default
        case .server: .server
        case .cache: .cache
        }
    }

    /// Throws `unavailable` for ``cache``, naming what was read.
    func check(_ what: @autoclosure () -> String) throws(DocumentStoreError) {
        guard self == .cache else { return }
        throw DocumentStoreError(
            .unavailable,
            "Cannot read \(what()) from the cache: this store keeps no offline cache (source: .cache); read with .default or .server."
        )
    }
}

/// Firebase's name for the source of an aggregation (its only case there is `.server`).
public typealias AggregateSource = FirestoreSource

extension DocumentReference {
    /// Reads the document from `source` (see ``FirestoreSource``): on a `CachingDocumentStore`, as its
    /// cache reads; elsewhere `.default` and `.server` as ``getDocument(fieldMask:)`` and `.cache` throws
    /// `unavailable`. An invalid reference throws its ``pathError`` first.
    public func getDocument(source: FirestoreSource) async throws -> DocumentSnapshot {
        if let pathError { throw pathError }
        if let cache = database.store as? any CachingDocumentStore {
            await database.pipeline.drain()
            let read = try await cache.readDocument(try checkedPath(), source: source.cacheReadSource)
            return DocumentSnapshot(reference: self, document: read.document, readTime: nil, cache: read.metadata)
        }
        try source.check("document \(path)")
        return try await getDocument()
    }

    /// Reads the document from `source` and decodes it (see ``getDocument(as:with:decoder:)``), pending
    /// server timestamps read as `serverTimestampBehavior` says.
    public func getDocument<T: Decodable>(
        source: FirestoreSource, as type: T.Type, with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    )
        async throws -> T
    {
        try await getDocument(source: source).data(as: type, with: serverTimestampBehavior, decoder: decoder)
    }
}

extension QueryConvertible {
    /// Runs the query against `source` (see ``FirestoreSource``): on a `CachingDocumentStore`, as its
    /// cache reads; elsewhere `.default` and `.server` as ``getDocuments()`` and `.cache` throws
    /// `unavailable`. An invalid query throws its own error first.
    public func getDocuments(source: FirestoreSource) async throws -> QuerySnapshot {
        _ = try query.build()
        if query.database.store is any CachingDocumentStore {
            return try await query.run(consistency: .latest, source: source.cacheReadSource)
        }
        try source.check("the query")
        return try await getDocuments()
    }
}

extension AggregateQuery {
    /// Computes the aggregations against `source` (see ``FirestoreSource``): `.default` and `.server` as
    /// ``getAggregation()``; `.cache` throws `unavailable`. An invalid query throws its own error first.
    public func getAggregation(source: AggregateSource) async throws -> AggregateQuerySnapshot {
        _ = try query.build()
        try source.check("the aggregation")
        return try await getAggregation()
    }
}
