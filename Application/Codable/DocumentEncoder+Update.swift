public import HearthDomain

extension DocumentEncoder {
    /// Encodes a model as the field paths and values of a partial update (`updateData`), so a Codable
    /// model can update a document without replacing it (and, unlike a merge `set`, without creating it).
    ///
    /// - `fields == nil`: one entry per top-level field the model encodes; each key becomes a
    ///   one-segment `FieldPath` taken literally, so keys containing `.` or other special characters
    ///   are never split or misquoted. Omitted `nil` optionals are left untouched in the document.
    /// - `fields` given: one entry per listed path (stored field names, such as `nombre` for a property
    ///   renamed by `CodingKeys`), looked up in the encoded model; a nested path such as
    ///   `address.city` updates only that leaf. A listed path the model does not encode (a `nil`
    ///   optional) becomes ``FieldValue/delete()``, so the document ends up matching the model.
    ///
    /// Sentinels in the model (``ServerTimestamp`` while `nil`, `FieldValue` properties) are kept; the
    /// result can be extended with more entries (`FieldValue.increment(1)`) before building the write.
    /// Throws `invalidArgument` for the reasons ``encode(_:)`` does, for the document-ID path `__name__`,
    /// for a listed path that runs through a field that is not a map, and for an empty top-level key.
    public func encodeUpdate(
        _ value: some Encodable, fields: [FieldPath]? = nil
    ) throws(DocumentStoreError)
        -> [FieldPath: FieldValue]
    {
        let encoded = try encode(value)
        var update: [FieldPath: FieldValue] = [:]
        guard let fields else {
            update.reserveCapacity(encoded.count)
            for (key, fieldValue) in encoded {
                let path: FieldPath
                do {
                    path = try FieldPath([key])
                } catch {
                    throw DocumentStoreError(
                        .invalidArgument,
                        "Cannot update from \(type(of: value)): it encodes a field with an empty name.")
                }
                update[path] = fieldValue
            }
            return update
        }
        update.reserveCapacity(fields.count)
        for path in fields {
            if path.isDocumentID {
                throw DocumentStoreError(
                    .invalidArgument,
                    "Cannot update the document ID field path __name__ from \(type(of: value)); it is not a stored field."
                )
            }
            update[path] = try DocumentEncoder.lookUp(path, in: encoded, encoding: type(of: value))
        }
        return update
    }

    private static func lookUp(
        _ path: FieldPath, in fields: [String: FieldValue], encoding type: Any.Type
    )
        throws(DocumentStoreError) -> FieldValue
    {
        var current = FieldValue.map(fields)
        for (depth, segment) in path.segments.enumerated() {
            let next: FieldValue?
            switch current.storage {
            case .map(let children): next = children[segment]
            case .value(.map(let children)): next = children[segment].map(FieldValue.value)
            default:
                let parent = FieldPathText.render(path.segments.prefix(depth).map { StringCodingKey($0) })
                throw DocumentStoreError(
                    .invalidArgument,
                    "Cannot update \(path.canonicalString) from \(type): field \(parent) encodes as \(current.encodedKindName), not a map."
                )
            }
            guard let next else { return .delete() }
            current = next
        }
        return current
    }
}
