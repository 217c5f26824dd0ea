import Foundation
public import HearthDomain
import HearthPort

/// A document as read: its reference, whether it exists, and its fields and times when it does.
public struct DocumentSnapshot: Sendable, Hashable {
    /// Where the document lives.
    public let reference: DocumentReference
    /// The stored document, or `nil` when it does not exist.
    public let document: Document?
    /// When the document was read, when the store reports it.
    public let readTime: Timestamp?
    /// Whether the snapshot came from a cache and shows unacknowledged local writes (``SnapshotMetadata/server``
    /// on a store without a cache).
    public let metadata: SnapshotMetadata
    /// The fields holding a pending server timestamp, each with the value it had before the write (`nil`:
    /// none): ``document`` holds the local estimate there; the Firebase-shaped and Codable reads follow a
    /// ``ServerTimestampBehavior``. Empty on a store without a cache.
    public let pendingServerTimestamps: [FieldPath: Value?]

    /// A snapshot of the document at `reference`: `document` as read (`nil` when missing) at `readTime`,
    /// with its `metadata` and its `pendingServerTimestamps` (see the properties).
    public init(
        reference: DocumentReference, document: Document?, readTime: Timestamp?,
        metadata: SnapshotMetadata = .server, pendingServerTimestamps: [FieldPath: Value?] = [:]
    ) {
        self.reference = reference
        self.document = document
        self.readTime = readTime
        self.metadata = metadata
        self.pendingServerTimestamps = pendingServerTimestamps
    }

    /// A snapshot of a cache's read: its metadata and pending server timestamps from `cache`.
    init(reference: DocumentReference, document: Document?, readTime: Timestamp?, cache: CacheMetadata) {
        self.init(
            reference: reference, document: document, readTime: readTime,
            metadata: SnapshotMetadata(cache, document: reference.path),
            pendingServerTimestamps: cache.pending[reference.path]?.serverTimestamps ?? [:])
    }

    /// ``document`` with its pending server timestamps read as `behavior` says.
    public func document(with behavior: ServerTimestampBehavior) -> Document? {
        document?.reading(pendingServerTimestamps, as: behavior)
    }

    /// Whether the document exists.
    public var exists: Bool { document != nil }
    /// The document's ID.
    public var documentID: String { reference.documentID }
    /// When the document was created, if it exists.
    public var createTime: Timestamp? { document?.createTime }
    /// When the document last changed, if it exists.
    public var updateTime: Timestamp? { document?.updateTime }

    // MARK: Firebase's shape

    /// The document's fields in Firebase's shape, or `nil` when it does not exist, so that
    /// `snapshot.data()?["name"] as? String` works as in Firebase. Each value is: integers and doubles an
    /// `NSNumber` (`as? Int`, `as? Int64`, `as? Double`, `as? NSNumber` all work, exactly as with
    /// Firebase's `NSNumber`), booleans `Bool`, strings `String`, timestamps `Timestamp`, bytes `Data`,
    /// geo points `GeoPoint`, references ``DocumentReference`` (in this snapshot's database), arrays
    /// `[Any]`, maps `[String: Any]`, null `NSNull()`.
    ///
    /// A Swift `Dictionary` merges keys that are canonically equal (`"é"` and `"e\u{301}"`), which
    /// Firestore keeps apart; of such keys the one last in UTF-8 byte order wins. ``fields`` keeps them all.
    ///
    /// A pending server timestamp reads as null (``ServerTimestampBehavior/none``, Firebase's default).
    public func data() -> [String: Any]? {
        data(with: .none)
    }

    /// ``data()`` with pending server timestamps read as `serverTimestampBehavior` says.
    public func data(with serverTimestampBehavior: ServerTimestampBehavior) -> [String: Any]? {
        document(with: serverTimestampBehavior).map {
            FirebaseShape.dictionary($0.fields, database: reference.database)
        }
    }

    /// The value at a dotted field path (`"address.city"`) in Firebase's shape (see ``data()``), or `nil`
    /// when it is missing, the document does not exist or the path is invalid. `"__name__"` gives the
    /// document's ``DocumentReference``. A pending server timestamp reads as null.
    public func get(_ field: String) -> Any? {
        get(field, serverTimestampBehavior: .none)
    }

    /// The value at a field path in Firebase's shape (see ``data()``), or `nil` when missing.
    /// `FieldPath.documentID` gives the document's ``DocumentReference``. A pending server timestamp reads
    /// as null.
    public func get(_ field: FieldPath) -> Any? {
        get(field, serverTimestampBehavior: .none)
    }

    /// ``get(_:)-(String)`` with a pending server timestamp read as `serverTimestampBehavior` says.
    public func get(_ field: String, serverTimestampBehavior: ServerTimestampBehavior) -> Any? {
        guard let path = try? FieldPath(dotted: field) else { return nil }
        return get(path, serverTimestampBehavior: serverTimestampBehavior)
    }

    /// ``get(_:)-(FieldPath)`` with a pending server timestamp read as `serverTimestampBehavior` says.
    public func get(_ field: FieldPath, serverTimestampBehavior: ServerTimestampBehavior) -> Any? {
        value(at: field, serverTimestampBehavior).map { FirebaseShape.any($0, database: reference.database) }
    }

    /// `get(_:)` as a subscript: `snapshot["address.city"] as? String`.
    public subscript(field: String) -> Any? { self.get(field) }

    /// `get(_:)` as a subscript, by field path.
    public subscript(field: FieldPath) -> Any? { self.get(field) }

    // MARK: Typed

    /// The document's fields as typed `Value`s (keys by exact UTF-8 bytes), or `nil` when it does not exist.
    public var fields: MapValue? { document?.fields }

    /// The typed value at a dotted field path (`"address.city"`), or `nil` when missing or the path is invalid.
    public func value(at field: String) -> Value? {
        guard let path = try? FieldPath(dotted: field) else { return nil }
        return value(at: path)
    }

    /// The typed value at a field path, or `nil` when missing. `FieldPath.documentID` gives the
    /// document's reference value. A pending server timestamp reads as its local estimate (see
    /// ``pendingServerTimestamps``).
    public func value(at field: FieldPath) -> Value? {
        value(at: field, .estimate)
    }

    private func value(at field: FieldPath, _ behavior: ServerTimestampBehavior) -> Value? {
        if field.isDocumentID { return exists ? .reference(reference.name) : nil }
        return document(with: behavior)?.fields.value(at: field)
    }

    /// Decodes the value at a dotted field path (`"address.city"`) into `T`, or returns `nil` when the
    /// field is missing or the document does not exist. Throws `invalidArgument` when `field` is not a
    /// valid field path, and `invalidArgument` naming the document and the field (`field address.city:
    /// expected string, found integer`) when the stored value does not fit `T`; a stored null is such a
    /// mismatch unless `T` accepts null (an `Optional`). A pending server timestamp reads as
    /// `serverTimestampBehavior` says (default null, as in Firebase).
    public func get<T: Decodable>(
        _ field: String, as type: T.Type, serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    )
        throws(DocumentStoreError) -> T?
    {
        let path = try FieldPath(dotted: field)
        guard let value = value(at: path, serverTimestampBehavior) else { return nil }
        return try decoder.decodeField(type, from: value, at: path, documentPath: reference.path)
    }

    /// Decodes the document into `T` (Firebase's `data(as:with:decoder:)`), pending server timestamps read
    /// as `serverTimestampBehavior` says (default null, as in Firebase: decode them into optionals, or
    /// ask for `.estimate`). Throws `notFound` naming the path when the document does not exist, and
    /// `invalidArgument` naming the field when the data does not fit `T`.
    public func data<T: Decodable>(
        as type: T.Type, with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    ) throws(DocumentStoreError) -> T {
        guard let document = document(with: serverTimestampBehavior) else {
            throw DocumentStoreError(.notFound, "Cannot decode \(T.self): no document at \(reference.path).")
        }
        return try decoder.decode(type, from: document)
    }
}

/// The results of a query: documents in query order, and the read time; from a listener, also how the
/// documents changed since the listener's previous snapshot.
public struct QuerySnapshot: Sendable, Hashable {
    /// The results, in query order.
    public let documents: [QueryDocumentSnapshot]
    /// When the results were read (the latest read time the store reported).
    public let readTime: Timestamp?
    /// From a listener (`snapshots(includeMetadataChanges:)`): the changes since the
    /// previous snapshot, removals first, then additions, then modifications (every document `added` in
    /// the first snapshot). Empty for a one-time read and for a metadata-only snapshot.
    public let documentChanges: [DocumentChange]
    /// Whether the results came from a cache, and whether any of them shows unacknowledged local writes
    /// (``SnapshotMetadata/server`` on a store without a cache).
    public let metadata: SnapshotMetadata

    /// Query results, as a read or a listener reports them.
    public init(
        documents: [QueryDocumentSnapshot], readTime: Timestamp?, documentChanges: [DocumentChange] = [],
        metadata: SnapshotMetadata = .server
    ) {
        self.documents = documents
        self.readTime = readTime
        self.documentChanges = documentChanges
        self.metadata = metadata
    }

    /// The number of documents.
    public var count: Int { documents.count }
    /// Whether there are no documents.
    public var isEmpty: Bool { documents.isEmpty }

    /// Decodes every document into `T`, in order, pending server timestamps read as
    /// `serverTimestampBehavior` says; throws on the first that does not fit, naming it.
    public func documents<T: Decodable>(
        as type: T.Type, with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    ) throws(DocumentStoreError) -> [T] {
        var models: [T] = []
        models.reserveCapacity(documents.count)
        for document in documents {
            models.append(try document.data(as: type, with: serverTimestampBehavior, decoder: decoder))
        }
        return models
    }
}

/// A document returned by a query: it always exists.
public struct QueryDocumentSnapshot: Sendable, Hashable {
    /// Where the document lives.
    public let reference: DocumentReference
    /// The stored document: path, fields, create and update times.
    public let document: Document
    /// When the results were read, when the store reports it.
    public let readTime: Timestamp?
    /// Whether the document came from a cache and shows unacknowledged local writes.
    public let metadata: SnapshotMetadata
    /// The fields holding a pending server timestamp, each with its previous value (see
    /// ``DocumentSnapshot/pendingServerTimestamps``).
    public let pendingServerTimestamps: [FieldPath: Value?]

    /// A result of a query: `document`, at `reference`, read at `readTime`, with its `metadata` and its
    /// `pendingServerTimestamps` (see the properties).
    public init(
        reference: DocumentReference, document: Document, readTime: Timestamp?,
        metadata: SnapshotMetadata = .server, pendingServerTimestamps: [FieldPath: Value?] = [:]
    ) {
        self.reference = reference
        self.document = document
        self.readTime = readTime
        self.metadata = metadata
        self.pendingServerTimestamps = pendingServerTimestamps
    }

    /// A result of a cache's read: its metadata and pending server timestamps from `cache`.
    init(reference: DocumentReference, document: Document, readTime: Timestamp?, cache: CacheMetadata) {
        self.init(
            reference: reference, document: document, readTime: readTime,
            metadata: SnapshotMetadata(cache, document: document.path),
            pendingServerTimestamps: cache.pending[document.path]?.serverTimestamps ?? [:])
    }

    /// The document's ID, the last segment of its path.
    public var documentID: String { reference.documentID }
    /// When the document was created.
    public var createTime: Timestamp { document.createTime }
    /// When the document last changed.
    public var updateTime: Timestamp { document.updateTime }

    /// The document's fields in Firebase's shape (see ``DocumentSnapshot/data()``):
    /// `document.data()["name"] as? String`. A pending server timestamp reads as null.
    public func data() -> [String: Any] { data(with: .none) }
    /// ``data()`` with pending server timestamps read as `serverTimestampBehavior` says.
    public func data(with serverTimestampBehavior: ServerTimestampBehavior) -> [String: Any] {
        FirebaseShape.dictionary(
            document.reading(pendingServerTimestamps, as: serverTimestampBehavior).fields, database: reference.database)
    }
    /// The value at a dotted field path in Firebase's shape, a pending server timestamp read as
    /// `serverTimestampBehavior` says.
    public func get(_ field: String, serverTimestampBehavior: ServerTimestampBehavior) -> Any? {
        snapshot.get(field, serverTimestampBehavior: serverTimestampBehavior)
    }
    /// The value at a field path in Firebase's shape, a pending server timestamp read as
    /// `serverTimestampBehavior` says.
    public func get(_ field: FieldPath, serverTimestampBehavior: ServerTimestampBehavior) -> Any? {
        snapshot.get(field, serverTimestampBehavior: serverTimestampBehavior)
    }
    /// The value at a dotted field path in Firebase's shape, or `nil` when missing or the path is invalid.
    public func get(_ field: String) -> Any? { snapshot.get(field) }
    /// The value at a field path in Firebase's shape, or `nil` when missing.
    public func get(_ field: FieldPath) -> Any? { snapshot.get(field) }
    /// `get(_:)` as a subscript: `document["address.city"] as? String`.
    public subscript(field: String) -> Any? { self.get(field) }
    /// `get(_:)` as a subscript, by field path.
    public subscript(field: FieldPath) -> Any? { self.get(field) }

    /// The document's fields as typed `Value`s (keys by exact UTF-8 bytes).
    public var fields: MapValue { document.fields }
    /// The typed value at a dotted field path, or `nil` when missing or the path is invalid.
    public func value(at field: String) -> Value? { snapshot.value(at: field) }
    /// The typed value at a field path, or `nil` when missing.
    public func value(at field: FieldPath) -> Value? { snapshot.value(at: field) }
    /// Decodes the value at a dotted field path into `T`, or returns `nil` when the field is missing;
    /// throws as ``DocumentSnapshot/get(_:as:serverTimestampBehavior:decoder:)`` does (an invalid path, or
    /// a value that does not fit `T`, naming the field).
    public func get<T: Decodable>(
        _ field: String, as type: T.Type, serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    )
        throws(DocumentStoreError) -> T?
    {
        try snapshot.get(field, as: type, serverTimestampBehavior: serverTimestampBehavior, decoder: decoder)
    }

    /// Decodes the document into `T`, pending server timestamps read as `serverTimestampBehavior` says
    /// (default null, as in Firebase); throws `invalidArgument` naming the field when it does not fit.
    public func data<T: Decodable>(
        as type: T.Type, with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: DocumentDecoder = DocumentDecoder()
    ) throws(DocumentStoreError) -> T {
        try decoder.decode(type, from: document.reading(pendingServerTimestamps, as: serverTimestampBehavior))
    }

    /// The same document as a ``DocumentSnapshot``.
    public var snapshot: DocumentSnapshot {
        DocumentSnapshot(
            reference: reference, document: document, readTime: readTime, metadata: metadata,
            pendingServerTimestamps: pendingServerTimestamps)
    }
}
