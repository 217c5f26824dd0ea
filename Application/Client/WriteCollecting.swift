public import HearthDomain

/// Something that collects writes to commit later: a ``WriteBatch`` or a ``Transaction``. Supplies
/// Firebase's write methods to both. As in Firebase, the data methods do not throw: each builds its
/// write at once, and invalid data, a document of another database or an invalid document reference
/// (its ``DocumentReference/pathError``) is remembered and thrown by the commit (`invalidArgument`, naming
/// the field or the path), which then writes nothing. Only the `Encodable` forms throw, for an encoding
/// failure, as Firebase's do.
public protocol WriteCollecting: Sendable {
    /// The database every written document must belong to.
    var database: Database { get }
    /// Adds a built write. Throws when the collector can no longer take writes.
    func collect(_ write: Write) throws(DocumentStoreError)
    /// Remembers an error found by a write method that cannot throw (Firebase's non-throwing
    /// `setData(_:forDocument:)` and friends with Swift values, see WriteCollecting+Values.swift): the
    /// commit then fails with the first such error and writes nothing.
    func recordFailure(_ error: DocumentStoreError)
}

extension WriteCollecting {
    /// Replaces (or, with `merge`, merges into) the document.
    @discardableResult
    public func setData(_ data: UserFields, forDocument document: DocumentReference, merge: Bool = false) -> Self {
        deferring { () throws(DocumentStoreError) in
            try WriteBuilder.set(checked(document), data: data, options: merge ? .merge : .overwrite)
        }
    }

    /// Writes only the listed fields (dotted paths) of `data` into the document.
    @discardableResult
    public func setData(_ data: UserFields, forDocument document: DocumentReference, mergeFields: [String]) -> Self {
        deferring { () throws(DocumentStoreError) in
            try WriteBuilder.set(checked(document), data: data, options: SetOptions.mergeFields(dotted: mergeFields))
        }
    }

    /// Replaces (or, with `merge`, merges into) the document with an `Encodable` model.
    @discardableResult
    public func setData<T: Encodable>(
        from value: T,
        forDocument document: DocumentReference,
        merge: Bool = false,
        encoder: DocumentEncoder = DocumentEncoder()
    ) throws(DocumentStoreError) -> Self {
        setData(try encoder.encode(value), forDocument: document, merge: merge)
    }

    /// Creates the document; the commit fails with `alreadyExists` if it exists.
    @discardableResult
    public func create(data: UserFields, forDocument document: DocumentReference) -> Self {
        deferring { () throws(DocumentStoreError) in try WriteBuilder.create(checked(document), data: data) }
    }

    /// Creates the document from an `Encodable` model; the commit fails with `alreadyExists` if it exists.
    @discardableResult
    public func create<T: Encodable>(
        from value: T, forDocument document: DocumentReference, encoder: DocumentEncoder = DocumentEncoder()
    )
        throws(DocumentStoreError) -> Self
    {
        create(data: try encoder.encode(value), forDocument: document)
    }

    /// Updates fields (dotted keys) of an existing document; the commit fails with `notFound` if it is missing.
    @discardableResult
    public func updateData(_ fields: UserFields, forDocument document: DocumentReference) -> Self {
        deferring { () throws(DocumentStoreError) in try WriteBuilder.update(checked(document), data: fields) }
    }

    /// Updates fields (by path) of an existing document; the commit fails with `notFound` if it is missing.
    @discardableResult
    public func updateData(_ fields: [FieldPath: FieldValue], forDocument document: DocumentReference) -> Self {
        let sorted = fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return deferring { () throws(DocumentStoreError) in try WriteBuilder.update(checked(document), fields: sorted) }
    }

    /// Deletes the document (a missing document is fine unless `precondition` says otherwise).
    @discardableResult
    public func deleteDocument(_ document: DocumentReference, precondition: Precondition? = nil) -> Self {
        deferring { () throws(DocumentStoreError) in
            try WriteBuilder.delete(checked(document), precondition: precondition)
        }
    }

    /// Builds a write and collects it; a failure (invalid data, another database's document, a collector
    /// that no longer takes writes) is remembered for the commit instead of thrown.
    private func deferring(_ build: () throws(DocumentStoreError) -> Write) -> Self {
        do {
            try collect(build())
        } catch {
            recordFailure(error)
        }
        return self
    }

    private func checked(_ document: DocumentReference) throws(DocumentStoreError) -> DocumentPath {
        if let error = document.pathError { throw error }
        guard document.database.databaseID == database.databaseID else {
            throw .invalidArgument(
                "Document \(document.path) belongs to \(document.database.databaseID), not to \(database.databaseID)."
            )
        }
        return document.path
    }
}

// MARK: - Dictionaries

extension WriteCollecting {
    // Firebase-shaped code passes `[String: FieldValue]` variables; Swift has already merged canonically
    // equal keys in them. A literal argument becomes `UserFields` instead, which keeps every pair.

    /// `setData(_:forDocument:merge:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func setData(
        _ data: [String: FieldValue], forDocument document: DocumentReference, merge: Bool = false
    ) -> Self {
        setData(UserFields(data), forDocument: document, merge: merge)
    }

    /// `setData(_:forDocument:mergeFields:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func setData(
        _ data: [String: FieldValue], forDocument document: DocumentReference, mergeFields: [String]
    ) -> Self {
        setData(UserFields(data), forDocument: document, mergeFields: mergeFields)
    }

    /// `create(data:forDocument:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func create(data: [String: FieldValue], forDocument document: DocumentReference) -> Self {
        create(data: UserFields(data), forDocument: document)
    }

    /// `updateData(_:forDocument:)` (the `UserFields` form) with a `Dictionary`.
    @_disfavoredOverload @discardableResult
    public func updateData(_ fields: [String: FieldValue], forDocument document: DocumentReference) -> Self {
        updateData(UserFields(fields), forDocument: document)
    }
}
