public import HearthDomain

/// Turns user data into Domain `Write`s exactly as Firebase's SDKs do (Google's cross-language
/// conformance vectors are the specification).
///
/// - Sentinels are removed from the written fields: `serverTimestamp()`, `arrayUnion()`, `arrayRemove()`,
///   `increment()`, `maximum()` and `minimum()` become the write's `updateTransforms` (sorted by field
///   path); `delete()` becomes a masked path with no value. A map left empty only because its sentinels
///   were removed is dropped; a map that was empty in the data is written as an empty map.
/// - Masks are sorted by field path.
/// - Field names are compared by exact UTF-8 bytes (``UserFields``): `"é"` and `"e\u{301}"` are two fields;
///   the same bytes twice in one map is refused.
/// - Sentinels may not appear inside arrays (nor inside the elements of `arrayUnion()`/`arrayRemove()`),
///   arrays may not directly contain arrays, field names may not be empty nor reserved (`__.*__`), and the operand of
///   `increment()`/`maximum()`/`minimum()` must be an integer or a double.
///
/// Every violation throws `DocumentStoreError` with code `invalidArgument` and a message naming the
/// operation and the offending field path. The builder only builds: nothing is sent anywhere.
public enum WriteBuilder {
    /// Creates the document: fails at commit with `alreadyExists` if it exists (precondition `exists: false`).
    /// `FieldValue.delete()` is not allowed.
    public static func create(_ path: DocumentPath, data: UserFields) throws(DocumentStoreError) -> Write {
        var parser = UserDataParser(mode: .overwrite, operation: "create")
        let fields = try parser.parseDocument(data)
        return .update(
            path, fields: fields, mask: nil, transforms: parser.sortedTransforms, precondition: .exists(false))
    }

    /// Writes the document, creating it if missing, as `options` says (see ``SetOptions``).
    ///
    /// - `.overwrite`: replaces the document (no mask); `FieldValue.delete()` is not allowed.
    /// - `.merge`: the mask is every leaf path of the data (plain values, arrays, empty maps, deletes),
    ///   transforms excluded.
    /// - `.mergeFields(paths)`: the mask is `paths` minus those whose value is a transform. Throws when a
    ///   path is duplicated, is a prefix of another, or is missing from the data, and when a
    ///   `FieldValue.delete()` is not exactly at one of the paths.
    public static func set(
        _ path: DocumentPath,
        data: UserFields,
        options: SetOptions = .overwrite
    ) throws(DocumentStoreError) -> Write {
        switch options {
        case .overwrite:
            var parser = UserDataParser(mode: .overwrite, operation: "setData")
            let fields = try parser.parseDocument(data)
            return .update(path, fields: fields, mask: nil, transforms: parser.sortedTransforms)
        case .merge:
            var parser = UserDataParser(mode: .mergeAll, operation: "setData")
            let fields = try parser.parseDocument(data)
            return .update(path, fields: fields, mask: parser.leaves.sorted(), transforms: parser.sortedTransforms)
        case .mergeFields(let mergeFields):
            return try setMergingFields(path, data: data, mergeFields: mergeFields)
        }
    }

    /// Updates fields of an existing document. The keys of `data` are dotted field paths (`"address.city"`,
    /// split on `.`; nested map keys are literal). See ``update(_:fields:precondition:)`` for the rules.
    /// Throws `invalidArgument` naming a key that is not a valid dotted path (empty, empty segment,
    /// `~ * / [ ]`).
    public static func update(
        _ path: DocumentPath,
        data: UserFields,
        precondition: Precondition? = nil
    ) throws(DocumentStoreError) -> Write {
        var fields: [(FieldPath, FieldValue)] = []
        fields.reserveCapacity(data.count)
        for (key, value) in data.sortedByKey.map({ ($0.key, $0.value) }) {
            do {
                fields.append((try FieldPath(dotted: key), value))
            } catch {
                throw .invalidArgument("Invalid field path in updateData(): \(error.message)")
            }
        }
        return try update(path, fields: fields, precondition: precondition)
    }

    /// Updates the given field paths of an existing document.
    ///
    /// The mask is every given path whose value is not a transform (a `FieldValue.delete()` path included),
    /// sorted. `FieldValue.delete()` may only be a path's value itself, not nested in it. Throws
    /// `invalidArgument` when there is no field, when a path is given twice or is a prefix of another, or
    /// when `precondition` is `.exists` (an update always requires the document to exist).
    ///
    /// - Parameters:
    ///   - path: the document to update.
    ///   - fields: the paths to change and their values, in the caller's order.
    ///   - precondition: `nil` (the default) means `exists: true` (the commit fails with `notFound`
    ///     when the document is missing); `.updateTime(t)` replaces it.
    public static func update(
        _ path: DocumentPath,
        fields: [(FieldPath, FieldValue)],
        precondition: Precondition? = nil
    ) throws(DocumentStoreError) -> Write {
        let effectivePrecondition: Precondition
        switch precondition {
        case nil: effectivePrecondition = .exists(true)
        case .updateTime(let time): effectivePrecondition = .updateTime(time)
        case .exists(let exists):
            throw .invalidArgument(
                "updateData() does not accept an exists precondition (exists: \(exists)); an update always requires the document to exist. Use an updateTime precondition or set with merge."
            )
        }
        if fields.isEmpty { throw .invalidArgument("updateData() needs at least one field to update.") }
        try checkNoConflicts(fields.map(\.0), operation: "updateData", what: "Field")
        for (fieldPath, _) in fields {
            for segment in fieldPath.segments {
                try UserDataParser.checkFieldName(segment, at: fieldPath.segments, operation: "updateData")
            }
        }

        var parser = UserDataParser(mode: .update, operation: "updateData")
        var written = MapValue()
        var mask: [FieldPath] = []
        for (fieldPath, value) in fields {
            if let parsed = try parser.parseUpdateValue(value, at: fieldPath) {
                written.setValue(parsed, at: fieldPath)
            }
            if !value.isTransform { mask.append(fieldPath) }
        }
        return .update(
            path, fields: written, mask: mask.sorted(), transforms: parser.sortedTransforms,
            precondition: effectivePrecondition)
    }

    /// Deletes the document. Deleting a missing document succeeds unless `precondition` says otherwise
    /// (`.exists(true)`: `notFound`; `.updateTime`: `failedPrecondition` when it differs).
    public static func delete(_ path: DocumentPath, precondition: Precondition? = nil) -> Write {
        .delete(path, precondition: precondition)
    }

    // MARK: - Dictionaries

    /// `create(_:data:)` (the `UserFields` form) with a `Dictionary`, whose keys Swift has already merged when
    /// canonically equal (a literal argument becomes ``UserFields`` instead, keeping every pair).
    @_disfavoredOverload
    public static func create(_ path: DocumentPath, data: [String: FieldValue]) throws(DocumentStoreError) -> Write {
        try create(path, data: UserFields(data))
    }

    /// `set(_:data:options:)` (the `UserFields` form) with a `Dictionary` (see the `Dictionary` form of `create(_:data:)`).
    @_disfavoredOverload
    public static func set(
        _ path: DocumentPath, data: [String: FieldValue], options: SetOptions = .overwrite
    ) throws(DocumentStoreError)
        -> Write
    {
        try set(path, data: UserFields(data), options: options)
    }

    /// `update(_:data:precondition:)` (the `UserFields` form) with a `Dictionary` (see the `Dictionary` form of `create(_:data:)`).
    @_disfavoredOverload
    public static func update(
        _ path: DocumentPath, data: [String: FieldValue], precondition: Precondition? = nil
    ) throws(DocumentStoreError)
        -> Write
    {
        try update(path, data: UserFields(data), precondition: precondition)
    }

    // MARK: - Merge fields

    private static func setMergingFields(
        _ path: DocumentPath,
        data: UserFields,
        mergeFields: [FieldPath]
    ) throws(DocumentStoreError) -> Write {
        try checkNoConflicts(mergeFields, operation: "setData", what: "Merge field")
        for mergeField in mergeFields where !FieldValue.map(data).contains(mergeField) {
            throw .invalidArgument(
                "Invalid data in setData(): merge field '\(mergeField.canonicalString)' is not present in the data."
            )
        }

        var parser = UserDataParser(mode: .mergeFields, operation: "setData")
        let allFields = try parser.parseDocument(data)
        for deleted in parser.deletes where !mergeFields.contains(deleted) {
            throw .invalidArgument(
                "Invalid data in setData() at field '\(deleted.canonicalString)': FieldValue.delete() can only be used at a path listed in mergeFields."
            )
        }

        var fields = MapValue()
        for mergeField in mergeFields {
            if let value = allFields.value(at: mergeField) { fields.setValue(value, at: mergeField) }
        }
        let transforms = parser.sortedTransforms.filter { transform in
            mergeFields.contains { $0.isPrefix(of: transform.fieldPath) }
        }
        let transformPaths = Set(transforms.map(\.fieldPath))
        let mask = mergeFields.filter { !transformPaths.contains($0) }.sorted()
        return .update(path, fields: fields, mask: mask, transforms: transforms)
    }

    /// Throws when a path appears twice or is a prefix of another.
    private static func checkNoConflicts(
        _ paths: [FieldPath], operation: String, what: String
    ) throws(DocumentStoreError) {
        let sorted = paths.sorted()
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.isPrefix(of: next) {
            if previous == next {
                throw .invalidArgument(
                    "Invalid data in \(operation)(): \(what.lowercased()) '\(previous.canonicalString)' is given more than once."
                )
            }
            throw .invalidArgument(
                "Invalid data in \(operation)(): \(what.lowercased()) '\(previous.canonicalString)' is a prefix of '\(next.canonicalString)'; give only one of them."
            )
        }
    }
}

extension FieldValue {
    /// Whether this sentinel becomes a field transform (every sentinel but `delete()`).
    var isTransform: Bool {
        switch storage {
        case .serverTimestamp, .arrayUnion, .arrayRemove, .increment, .maximum, .minimum: true
        case .value, .array, .map, .delete, .invalid: false
        }
    }

    /// Whether the user data has something (a value or a sentinel) at `path`, looking into maps only.
    func contains(_ path: FieldPath) -> Bool {
        var current = self
        for segment in path.segments {
            switch current.storage {
            case .map(let fields):
                guard let next = fields[segment] else { return false }
                current = next
            case .value(.map(let fields)):
                guard let next = fields[segment] else { return false }
                current = .value(next)
            default:
                return false
            }
        }
        return true
    }
}
