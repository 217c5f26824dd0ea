public import HearthDomain

/// A document as read: its reference, whether it exists, and its fields and times when it does.
public struct DocumentSnapshot: Sendable, Hashable {
    /// Where the document lives.
    public let reference: DocumentReference
    /// The stored document, or `nil` when it does not exist.
    public let document: Document?
    /// When the document was read, when the store reports it.
    public let readTime: Timestamp?

    public init(reference: DocumentReference, document: Document?, readTime: Timestamp?) {
        self.reference = reference
        self.document = document
        self.readTime = readTime
    }

    /// Whether the document exists.
    public var exists: Bool { document != nil }
    /// The document's ID.
    public var documentID: String { reference.documentID }
    /// The document's fields, or `nil` when it does not exist.
    public func data() -> MapValue? { document?.fields }
    /// When the document was created, if it exists.
    public var createTime: Timestamp? { document?.createTime }
    /// When the document last changed, if it exists.
    public var updateTime: Timestamp? { document?.updateTime }

    /// The value at a dotted field path (`"address.city"`), or `nil` when missing or the path is invalid.
    public func get(_ field: String) -> Value? {
        guard let path = try? FieldPath(dotted: field) else { return nil }
        return get(path)
    }

    /// The value at a field path, or `nil` when missing. `FieldPath.documentID` gives the reference.
    public func get(_ field: FieldPath) -> Value? {
        if field.isDocumentID { return exists ? .reference(reference.name) : nil }
        return document?.fields.value(at: field)
    }

    /// Decodes the value at a dotted field path (`"address.city"`) into `T`, or returns `nil` when the
    /// field is missing or the document does not exist. Throws `invalidArgument` when `field` is not a
    /// valid field path, and `invalidArgument` naming the document and the field (`field address.city:
    /// expected string, found integer`) when the stored value does not fit `T`; a stored null is such a
    /// mismatch unless `T` accepts null (an `Optional`).
    public func get<T: Decodable>(_ field: String, as type: T.Type, decoder: DocumentDecoder = DocumentDecoder())
        throws(DocumentStoreError) -> T?
    {
        let path = try FieldPath(dotted: field)
        guard let value = get(path) else { return nil }
        return try decoder.decodeField(type, from: value, at: path, documentPath: reference.path)
    }

    /// Decodes the document into `T`. Throws `notFound` naming the path when the document does not exist,
    /// and `invalidArgument` naming the field when the data does not fit `T`.
    public func data<T: Decodable>(as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()) throws(DocumentStoreError) -> T {
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
    /// From a listener (``QueryConvertible/snapshots(includeMetadataChanges:)``): the changes since the
    /// previous snapshot, removals first, then additions, then modifications (every document `added` in
    /// the first snapshot). Empty for a one-time read and for a metadata-only snapshot.
    public let documentChanges: [DocumentChange]

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
    public func documents<T: Decodable>(as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()) throws(DocumentStoreError) -> [T] {
        var models: [T] = []
        models.reserveCapacity(documents.count)
        for document in documents { models.append(try document.data(as: type, decoder: decoder)) }
        return models
    }
}

/// A document returned by a query: it always exists.
public struct QueryDocumentSnapshot: Sendable, Hashable {
    public let reference: DocumentReference
    public let document: Document
    public let readTime: Timestamp?

    public init(reference: DocumentReference, document: Document, readTime: Timestamp?) {
        self.reference = reference
        self.document = document
        self.readTime = readTime
    }

    public var documentID: String { reference.documentID }
    public func data() -> MapValue { document.fields }
    public var createTime: Timestamp { document.createTime }
    public var updateTime: Timestamp { document.updateTime }

    /// The value at a dotted field path, or `nil` when missing or the path is invalid.
    public func get(_ field: String) -> Value? { snapshot.get(field) }
    /// The value at a field path, or `nil` when missing.
    public func get(_ field: FieldPath) -> Value? { snapshot.get(field) }
    /// Decodes the value at a dotted field path into `T`, or returns `nil` when the field is missing;
    /// throws as ``DocumentSnapshot/get(_:as:decoder:)`` does (an invalid path, or a value that does not
    /// fit `T`, naming the field).
    public func get<T: Decodable>(_ field: String, as type: T.Type, decoder: DocumentDecoder = DocumentDecoder())
        throws(DocumentStoreError) -> T?
    {
        try snapshot.get(field, as: type, decoder: decoder)
    }

    /// Decodes the document into `T`; throws `invalidArgument` naming the field when it does not fit.
    public func data<T: Decodable>(as type: T.Type, decoder: DocumentDecoder = DocumentDecoder()) throws(DocumentStoreError) -> T {
        try decoder.decode(type, from: document)
    }

    /// The same document as a ``DocumentSnapshot``.
    public var snapshot: DocumentSnapshot { DocumentSnapshot(reference: reference, document: document, readTime: readTime) }
}
