import HearthDomain

/// One index of a collection.
enum IndexSelector: Hashable, Sendable, CustomStringConvertible {
    /// Every document by name.
    case name
    /// Every document holding the field, by (value, name): Firestore's ascending and (read backwards)
    /// descending single-field indexes.
    case value(FieldPath)
    /// Every (element, document) of the array at the field, by (element, name): array-contains.
    case arrayContains(FieldPath)
    /// Every document holding all the fields, by (values in order, name).
    case composite(CompositeIndexDefinition)

    var description: String {
        switch self {
        case .name: "__name__"
        case .value(let path): path.canonicalString
        case .arrayContains(let path): "\(path.canonicalString) array-contains"
        case .composite(let definition): "(" + definition.fields.map(\.canonicalString).joined(separator: ", ") + ")"
        }
    }
}

/// The fields of an automatic composite index, all ascending (read backwards for descending queries),
/// followed by the document name.
struct CompositeIndexDefinition: Hashable, Sendable {
    let fields: [FieldPath]
}

/// The index entries of a document: their keys are the encoded values (``IndexKeyEncoding``), then the
/// document ID and its slot.
///
/// Like Firestore's automatic indexes, every field is indexed, recursively into maps (a map is indexed
/// as a whole and each of its fields too), and every array element for array-contains; fields inside
/// arrays are not. The name index holds every document.
enum IndexEntries {
    static func nameSuffix(documentID: String, slot: UInt32) -> [UInt8] {
        var suffix: [UInt8] = []
        IndexKeyEncoding.appendName(documentID, slot: slot, to: &suffix)
        return suffix
    }

    /// Calls `body` with every entry of a document whose name suffix is `suffix`.
    static func forEach(
        _ fields: MapValue,
        suffix: [UInt8],
        composites: [CompositeIndexDefinition],
        _ body: (IndexSelector, [UInt8]) -> Void
    ) {
        body(.name, suffix)
        forEachField(fields, prefix: [], suffix: suffix, body)
        for definition in composites {
            if let key = compositeKey(definition, fields: fields, suffix: suffix) { body(.composite(definition), key) }
        }
    }

    private static func forEachField(
        _ fields: MapValue,
        prefix: [String],
        suffix: [UInt8],
        _ body: (IndexSelector, [UInt8]) -> Void
    ) {
        for field in fields {
            let segments = prefix + [field.key]
            let path: FieldPath
            do {
                path = try FieldPath(segments)
            } catch {
                continue
            }
            var key = IndexKeyEncoding.encode(field.value)
            key.append(contentsOf: suffix)
            body(.value(path), key)
            switch field.value {
            case .array(let elements):
                for element in elements {
                    var elementKey = IndexKeyEncoding.encode(element)
                    elementKey.append(contentsOf: suffix)
                    body(.arrayContains(path), elementKey)
                }
            case .map(let nested):
                forEachField(nested, prefix: segments, suffix: suffix, body)
            default:
                break
            }
        }
    }

    /// The keys a document has in one index (none when it lacks the field).
    static func keys(in index: IndexSelector, fields: MapValue, suffix: [UInt8]) -> [[UInt8]] {
        switch index {
        case .name:
            return [suffix]
        case .value(let path):
            guard let value = fields.value(at: path) else { return [] }
            var key = IndexKeyEncoding.encode(value)
            key.append(contentsOf: suffix)
            return [key]
        case .arrayContains(let path):
            guard let elements = fields.value(at: path)?.arrayValue else { return [] }
            return elements.map { element in
                var key = IndexKeyEncoding.encode(element)
                key.append(contentsOf: suffix)
                return key
            }
        case .composite(let definition):
            return compositeKey(definition, fields: fields, suffix: suffix).map { [$0] } ?? []
        }
    }

    static func compositeKey(_ definition: CompositeIndexDefinition, fields: MapValue, suffix: [UInt8]) -> [UInt8]? {
        var key: [UInt8] = []
        for path in definition.fields {
            guard let value = fields.value(at: path) else { return nil }
            IndexKeyEncoding.append(value, to: &key)
        }
        key.append(contentsOf: suffix)
        return key
    }
}
