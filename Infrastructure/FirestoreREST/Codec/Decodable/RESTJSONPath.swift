import HearthDomain

/// Locates a model's decoding failure in the REST JSON: the coding path of the `DecodingError` is followed
/// through the document's values, and each step becomes the JSON members it is written as (`fields.price`,
/// `mapValue.fields.city`, `arrayValue.values[2]`).
enum RESTJSONPath {
    /// `error` (thrown by `DocumentDecoder` for the document at the JSON path `document`) with the JSON
    /// path of the field in front of its message; code and `underlying` are kept.
    static func locate(
        _ error: DocumentStoreError, fields: MapValue, document: [RESTDecodingError.PathComponent]
    ) -> DocumentStoreError {
        var components = document
        if let decoding = error.underlying as? DecodingError {
            components += self.components(of: decoding, in: fields)
        }
        let path = RESTDecodingError(path: components, reason: "").path
        return DocumentStoreError(
            error.code, "Firestore REST JSON at \(path): \(error.message)", underlying: error.underlying)
    }

    /// The JSON members from a document object to the value the coding path of `error` reaches (as far as
    /// the values go; a missing key stops at the map that lacks it).
    static func components(of error: DecodingError, in fields: MapValue) -> [RESTDecodingError.PathComponent] {
        let codingPath: [any CodingKey]
        var missingKey = false
        switch error {
        case .keyNotFound(_, let context):
            codingPath = context.codingPath
            missingKey = true
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            codingPath = context.codingPath
        @unknown default:
            codingPath = []
        }
        var components: [RESTDecodingError.PathComponent] = []
        var current = Value.map(fields)
        var atDocument = true
        for key in codingPath {
            switch current {
            case .map(let map):
                guard let next = map[key.stringValue] else { return components }
                components += mapMembers(atDocument: atDocument)
                components.append(.key(key.stringValue))
                current = next
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return components }
                components += [.key("arrayValue"), .key("values"), .index(index)]
                current = elements[index]
            default:
                return components
            }
            atDocument = false
        }
        if missingKey, case .map = current { components += mapMembers(atDocument: atDocument) }
        return components
    }

    private static func mapMembers(atDocument: Bool) -> [RESTDecodingError.PathComponent] {
        atDocument ? [.key("fields")] : [.key("mapValue"), .key("fields")]
    }
}
