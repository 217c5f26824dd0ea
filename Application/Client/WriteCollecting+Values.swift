import HearthDomain

// Swift values in batch and transaction writes, in Firebase's shapes: typed dictionaries
// (`[String: any FieldValueConvertible]`, a literal holding variables) and Firebase's `[String: Any]` /
// `[AnyHashable: Any]`. Like Firebase's, these forms do not throw: invalid data (a value Firestore cannot
// store, a bad field path, a document of another database) is kept by the batch or transaction, whose
// commit then throws it (`invalidArgument`, naming the field) and writes nothing. The overloads are
// disfavoured, so a literal of `FieldValue`s still takes the `UserFields` forms (which defer their errors
// to the commit the same way).

extension WriteCollecting {
    // MARK: Typed values

    /// Replaces (or, with `merge`, merges into) the document with typed Swift values. Does not throw:
    /// invalid data makes the commit fail.
    @_disfavoredOverload @discardableResult
    public func setData(
        _ data: [String: any FieldValueConvertible], forDocument document: DocumentReference, merge: Bool = false
    ) -> Self {
        setData(UserFields(converting: data), forDocument: document, merge: merge)
    }

    /// Writes only the listed fields (dotted paths) of typed Swift values into the document. Does not
    /// throw: invalid data makes the commit fail.
    @_disfavoredOverload @discardableResult
    public func setData(
        _ data: [String: any FieldValueConvertible], forDocument document: DocumentReference, mergeFields: [String]
    ) -> Self {
        setData(UserFields(converting: data), forDocument: document, mergeFields: mergeFields)
    }

    /// Creates the document from typed Swift values; the commit fails with `alreadyExists` if it exists.
    /// Does not throw: invalid data makes the commit fail.
    @_disfavoredOverload @discardableResult
    public func create(data: [String: any FieldValueConvertible], forDocument document: DocumentReference) -> Self {
        create(data: UserFields(converting: data), forDocument: document)
    }

    /// Updates fields (dotted keys) of an existing document with typed Swift values. Does not throw:
    /// invalid data makes the commit fail.
    @_disfavoredOverload @discardableResult
    public func updateData(
        _ fields: [String: any FieldValueConvertible], forDocument document: DocumentReference
    ) -> Self {
        updateData(UserFields(converting: fields), forDocument: document)
    }

    // MARK: Firebase's Any

    /// Firebase's `setData(_:forDocument:merge:)`: replaces (or, with `merge`, merges into) the document
    /// with values of any type (see ``FieldValue`` conversion in Docs/Values.md). Does not throw: an
    /// unsupported value makes the commit fail with `invalidArgument` naming its field.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, merge: Bool = false) -> Self {
        setData(UserFields(converting: data), forDocument: document, merge: merge)
    }

    /// Firebase's `setData(_:forDocument:mergeFields:)` with values of any type. Does not throw: invalid
    /// data makes the commit fail.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: Any], forDocument document: DocumentReference, mergeFields: [String]) -> Self {
        setData(UserFields(converting: data), forDocument: document, mergeFields: mergeFields)
    }

    /// Creates the document from values of any type; the commit fails with `alreadyExists` if it exists.
    /// Does not throw: invalid data makes the commit fail.
    @_disfavoredOverload @discardableResult
    public func create(data: [String: Any], forDocument document: DocumentReference) -> Self {
        create(data: UserFields(converting: data), forDocument: document)
    }

    /// Firebase's `updateData(_:forDocument:)`: updates fields of an existing document; each key is a
    /// dotted path `String` or a `FieldPath`, each value of any type. Does not throw: another kind of
    /// key, or invalid data, makes the commit fail with `invalidArgument`.
    @_disfavoredOverload @discardableResult
    public func updateData(_ fields: [AnyHashable: Any], forDocument document: DocumentReference) -> Self {
        deferringFailure { () throws(DocumentStoreError) in
            try updateData(UpdateFields.converting(fields), forDocument: document)
        }
    }

    private func deferringFailure(_ body: () throws(DocumentStoreError) -> Void) -> Self {
        do {
            try body()
        } catch {
            recordFailure(error)
        }
        return self
    }
}

/// Firebase's update dictionaries, whose keys are dotted `String`s or ``FieldPath``s.
enum UpdateFields {
    /// The fields by path. Throws `invalidArgument` for a key that is neither a `String` nor a
    /// ``FieldPath``, or a `String` that is not a valid dotted path.
    static func converting(_ fields: [AnyHashable: Any]) throws(DocumentStoreError) -> [FieldPath: FieldValue] {
        var converted: [FieldPath: FieldValue] = [:]
        converted.reserveCapacity(fields.count)
        for (key, value) in fields {
            let path: FieldPath
            if let dotted = key.base as? String {
                do {
                    path = try FieldPath(dotted: dotted)
                } catch {
                    throw .invalidArgument("Invalid field path in updateData(): \(error.message)")
                }
            } else if let fieldPath = key.base as? FieldPath {
                path = fieldPath
            } else {
                throw .invalidArgument(
                    "Invalid data in updateData(): a key must be a dotted field path String or a FieldPath, but the key \(Excerpt.quoted(String(describing: key.base), limit: 120)) is of type \(type(of: key.base))."
                )
            }
            if converted.updateValue(FieldValue(converting: value), forKey: path) != nil {
                throw .invalidArgument(
                    "Invalid data in updateData(): field '\(path.canonicalString)' is given more than once.")
            }
        }
        return converted
    }
}
