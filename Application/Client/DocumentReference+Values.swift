public import HearthDomain

// Swift values in document writes: typed dictionaries (`[String: any FieldValueConvertible]`, what a
// literal holding variables becomes) and Firebase's `[String: Any]` / `[AnyHashable: Any]`. Both are
// disfavoured overloads, so a literal of `FieldValue`s (numbers, strings, sentinels) still takes the
// `UserFields` forms, which keep every key. A value Firestore cannot store fails the write with
// `invalidArgument` naming its field path (`members.0.age`); nothing is written then.

extension DocumentReference {
    // MARK: Typed dictionaries of one value type

    // Besides taking a `[String: String]` (or any `[String: V]`) variable without boxing its values, these
    // generic forms keep all-literal calls such as `setData(["é": 1, "e\u{301}": 2], merge: true)` on the
    // `UserFields` form: Swift's overload optimizer would otherwise favour the `Dictionary` forms for a
    // dictionary literal when every argument is a literal, and skip `UserFields` (tested in
    // OverloadResolutionTests).

    /// Writes the document from a dictionary of typed Swift values, replacing it; with `merge`, only the
    /// given fields are written and the others kept.
    @_disfavoredOverload @discardableResult
    public func setData<V: FieldValueConvertible>(_ data: [String: V], merge: Bool = false) async throws -> WriteResult
    {
        try await setData(UserFields(data.mapValues(\.fieldValue)), merge: merge)
    }

    /// Writes only the listed fields (dotted paths) of a dictionary of typed Swift values, keeping the others.
    @_disfavoredOverload @discardableResult
    public func setData<V: FieldValueConvertible>(
        _ data: [String: V], mergeFields: [String]
    ) async throws -> WriteResult {
        try await setData(UserFields(data.mapValues(\.fieldValue)), mergeFields: mergeFields)
    }

    /// Writes only the listed fields of a dictionary of typed Swift values, keeping the others.
    @_disfavoredOverload @discardableResult
    public func setData<V: FieldValueConvertible>(
        _ data: [String: V], mergeFields: [FieldPath]
    ) async throws -> WriteResult {
        try await setData(UserFields(data.mapValues(\.fieldValue)), mergeFields: mergeFields)
    }

    /// Creates the document from a dictionary of typed Swift values; fails with `alreadyExists` if it exists.
    @_disfavoredOverload @discardableResult
    public func create<V: FieldValueConvertible>(data: [String: V]) async throws -> WriteResult {
        try await create(data: UserFields(data.mapValues(\.fieldValue)))
    }

    /// Updates fields (dotted keys) of an existing document from a dictionary of typed Swift values.
    @_disfavoredOverload @discardableResult
    public func updateData<V: FieldValueConvertible>(_ fields: [String: V]) async throws -> WriteResult {
        try await updateData(UserFields(fields.mapValues(\.fieldValue)))
    }

    // MARK: Typed values

    /// Writes the document from typed Swift values (see ``FieldValueConvertible``), replacing it; with
    /// `merge`, only the given fields are written and the others kept.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: any FieldValueConvertible], merge: Bool = false) async throws -> WriteResult {
        try await setData(UserFields(converting: data), merge: merge)
    }

    /// Writes only the listed fields (dotted paths) of typed Swift values, keeping the others.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: any FieldValueConvertible], mergeFields: [String]) async throws -> WriteResult
    {
        try await setData(UserFields(converting: data), mergeFields: mergeFields)
    }

    /// Writes only the listed fields of typed Swift values, keeping the others.
    @_disfavoredOverload @discardableResult
    public func setData(
        _ data: [String: any FieldValueConvertible], mergeFields: [FieldPath]
    ) async throws -> WriteResult {
        try await setData(UserFields(converting: data), mergeFields: mergeFields)
    }

    /// Creates the document from typed Swift values; fails with `alreadyExists` if it exists.
    @_disfavoredOverload @discardableResult
    public func create(data: [String: any FieldValueConvertible]) async throws -> WriteResult {
        try await create(data: UserFields(converting: data))
    }

    /// Updates fields (dotted keys) of an existing document with typed Swift values; fails with `notFound`
    /// if it does not exist.
    @_disfavoredOverload @discardableResult
    public func updateData(_ fields: [String: any FieldValueConvertible]) async throws -> WriteResult {
        try await updateData(UserFields(converting: fields))
    }

    // MARK: Firebase's Any

    /// Firebase's `setData(_:merge:)`: writes the document from values of any type, checked at run time
    /// (Docs/Values.md lists what each type becomes); an unsupported value is `invalidArgument` naming
    /// its field.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: Any], merge: Bool = false) async throws -> WriteResult {
        try await setData(UserFields(converting: data), merge: merge)
    }

    /// Firebase's `setData(_:mergeFields:)` with values of any type: writes only the listed fields
    /// (dotted paths), keeping the others.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: Any], mergeFields: [String]) async throws -> WriteResult {
        try await setData(UserFields(converting: data), mergeFields: mergeFields)
    }

    /// `setData(_:mergeFields:)` with values of any type and `FieldPath`s.
    @_disfavoredOverload @discardableResult
    public func setData(_ data: [String: Any], mergeFields: [FieldPath]) async throws -> WriteResult {
        try await setData(UserFields(converting: data), mergeFields: mergeFields)
    }

    /// Creates the document from values of any type; fails with `alreadyExists` if it exists.
    @_disfavoredOverload @discardableResult
    public func create(data: [String: Any]) async throws -> WriteResult {
        try await create(data: UserFields(converting: data))
    }

    /// Firebase's `updateData(_:)`: updates fields of an existing document; each key is a dotted path
    /// `String` or a `FieldPath`, each value of any type. Throws `invalidArgument` for another kind of
    /// key or an unsupported value (naming its field), `notFound` if the document does not exist.
    @_disfavoredOverload @discardableResult
    public func updateData(_ fields: [AnyHashable: Any]) async throws -> WriteResult {
        try await updateData(UpdateFields.converting(fields))
    }
}

extension CollectionReference {
    /// Creates a document with a new random ID from a dictionary of typed Swift values, and returns its
    /// reference (see the generic forms on ``DocumentReference`` for why this form exists).
    @_disfavoredOverload @discardableResult
    public func addDocument<V: FieldValueConvertible>(data: [String: V]) async throws -> DocumentReference {
        try await addDocument(data: UserFields(data.mapValues(\.fieldValue)))
    }

    /// Creates a document with a new random ID from typed Swift values, and returns its reference.
    @_disfavoredOverload @discardableResult
    public func addDocument(data: [String: any FieldValueConvertible]) async throws -> DocumentReference {
        try await addDocument(data: UserFields(converting: data))
    }

    /// Firebase's `addDocument(data:)`: creates a document with a new random ID from values of any type,
    /// and returns its reference; an unsupported value is `invalidArgument` naming its field.
    @_disfavoredOverload @discardableResult
    public func addDocument(data: [String: Any]) async throws -> DocumentReference {
        try await addDocument(data: UserFields(converting: data))
    }
}
