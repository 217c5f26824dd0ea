import HearthDomain

/// Firestore's storage size of documents and values (the "Storage size calculations" page): the 1 MiB
/// document limit is checked with it.
package enum DocumentSize {
    /// The largest document, in bytes of this measure.
    static let maximumDocumentBytes = 1_048_576

    /// The size of a document name: each path segment's UTF-8 bytes + 1, plus 16.
    static func nameSize(_ segments: [String]) -> Int {
        segments.reduce(16) { $0 + $1.utf8.count + 1 }
    }

    /// The size of a value: null and booleans 1, numbers and timestamps 8, strings UTF-8 + 1, bytes their
    /// length, references their name size, geo points 16, arrays and maps the sum of their parts.
    static func size(of value: Value) -> Int {
        switch value {
        case .null, .boolean: 1
        case .integer, .double, .timestamp: 8
        case .string(let text): text.utf8.count + 1
        case .bytes(let data): data.count
        case .reference(let name): nameSize(name.path.segments)
        case .geoPoint: 16
        case .array(let elements): elements.reduce(0) { $0 + size(of: $1) }
        case .map(let map): size(of: map)
        }
    }

    /// The size of a map's fields: each key's UTF-8 bytes + 1 plus its value's size.
    static func size(of map: MapValue) -> Int {
        map.reduce(0) { $0 + $1.key.utf8.count + 1 + size(of: $1.value) }
    }

    /// The size of a document: name + fields + 32.
    package static func size(of fields: MapValue, at path: DocumentPath) -> Int {
        nameSize(path.segments) + size(of: fields) + 32
    }

    /// Throws `invalidArgument` naming the document when its size is over ``maximumDocumentBytes``.
    static func validate(_ fields: MapValue, at path: DocumentPath) throws(DocumentStoreError) {
        let size = size(of: fields, at: path)
        if size > maximumDocumentBytes {
            throw .invalidArgument(
                "The document \(path) would be \(size) bytes, more than the maximum of \(maximumDocumentBytes).")
        }
    }
}
