import Foundation
public import HearthDomain

/// A document as read: its reference, whether it exists, and its fields and times when it does.
public struct DocumentSnapshot: Sendable, Hashable {
    /// Where the document lives.
    public let reference: DocumentReference
    /// The stored document, or `nil` when it does not exist.
    public let document: Document?
    /// When the document was read, when the store reports it.
    public let readTime: Timestamp?

    /// A snapshot of the document at `reference`: `document` as read (`nil` when missing) at `readTime`.
    public init(reference: DocumentReference, document: Document?, readTime: Timestamp?) {
        self.reference = reference
        self.document = document
        self.readTime = readTime
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
    public func data() -> [String: Any]? {
        document.map { FirebaseShape.dictionary($0.fields, database: reference.database) }
    }

    /// The value at a dotted field path (`"address.city"`) in Firebase's shape (see ``data()``), or `nil`
    /// when it is missing, the document does not exist or the path is invalid. `"__name__"` gives the
    /// document's ``DocumentReference``.
    public func get(_ field: String) -> Any? {
        value(at: field).map { FirebaseShape.any($0, database: reference.database) }
    }

    /// The value at a field path in Firebase's shape (see ``data()``), or `nil` when missing.
    /// `FieldPath.documentID` gives the document's ``DocumentReference``.
    public func get(_ field: FieldPath) -> Any? {
        value(at: field).map { FirebaseShape.any($0, database: reference.database) }
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
    /// document's reference value.
    public func value(at field: FieldPath) -> Value? {
        if field.isDocumentID { return exists ? .reference(reference.name) : nil }
        return document?.fields.value(at: field)
    }

    /// Decodes the value at a dotted field path (`"address.city"`) into `T`, or returns `nil` when the
    /// field is missing or the document does not exist. Throws `invalidArgument` when `field` is not a
    /// valid field path, and `invalidArgument` naming the document and the field (`field address.city:
    /// expected string, found integer`) when the stored value does not fit `T`; a stored null is such a
    /// mismatch unless `T` accepts null (an `Optional`).
    public func get<T: Decodable>(
        _ field: String, as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()
    )
        throws(DocumentStoreError) -> T?
    {
        let path = try FieldPath(dotted: field)
        guard let value = value(at: path) else { return nil }
        return try decoder.decodeField(type, from: value, at: path, documentPath: reference.path)
    }

    /// Decodes the document into `T`. Throws `notFound` naming the path when the document does not exist,
    /// and `invalidArgument` naming the field when the data does not fit `T`.
    public func data<T: Decodable>(
        as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()
    ) throws(DocumentStoreError) -> T {
        guard let document else {
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

    /// Query results, as a read or a listener reports them.
    public init(documents: [QueryDocumentSnapshot], readTime: Timestamp?, documentChanges: [DocumentChange] = []) {
        self.documents = documents
        self.readTime = readTime
        self.documentChanges = documentChanges
    }

    /// The number of documents.
    public var count: Int { documents.count }
    /// Whether there are no documents.
    public var isEmpty: Bool { documents.isEmpty }

    /// Decodes every document into `T`, in order; throws on the first that does not fit, naming it.
    public func documents<T: Decodable>(
        as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()
    ) throws(DocumentStoreError) -> [T] {
        var models: [T] = []
        models.reserveCapacity(documents.count)
        for document in documents { models.append(try document.data(as: type, decoder: decoder)) }
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

    /// A result of a query: `document`, at `reference`, read at `readTime`.
    public init(reference: DocumentReference, document: Document, readTime: Timestamp?) {
        self.reference = reference
        self.document = document
        self.readTime = readTime
    }

    /// The document's ID, the last segment of its path.
    public var documentID: String { reference.documentID }
    /// When the document was created.
    public var createTime: Timestamp { document.createTime }
    /// When the document last changed.
    public var updateTime: Timestamp { document.updateTime }

    /// The document's fields in Firebase's shape (see ``DocumentSnapshot/data()``):
    /// `document.data()["name"] as? String`.
    public func data() -> [String: Any] { FirebaseShape.dictionary(document.fields, database: reference.database) }
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
    /// throws as ``DocumentSnapshot/get(_:as:decoder:)`` does (an invalid path, or a value that does not
    /// fit `T`, naming the field).
    public func get<T: Decodable>(
        _ field: String, as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()
    )
        throws(DocumentStoreError) -> T?
    {
        try snapshot.get(field, as: type, decoder: decoder)
    }

    /// Decodes the document into `T`; throws `invalidArgument` naming the field when it does not fit.
    public func data<T: Decodable>(
        as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()
    ) throws(DocumentStoreError) -> T {
        try decoder.decode(type, from: document)
    }

    /// The same document as a ``DocumentSnapshot``.
    public var snapshot: DocumentSnapshot {
        DocumentSnapshot(reference: reference, document: document, readTime: readTime)
    }
}
