import HearthDomain

extension DocumentStoreError {
    /// The `invalidArgument` error for a failed decode: the message names the document (when known),
    /// the field path (`address.city`, `tags[2]`) and what was expected and found; the Swift
    /// `DecodingError` is kept as `underlying`. A ``DocumentStoreError`` thrown by a model's own
    /// `init(from:)` passes through unchanged.
    static func decodingFailed(_ error: any Error, type: Any.Type, documentPath: DocumentPath?) -> DocumentStoreError {
        if let error = error as? DocumentStoreError { return error }
        let subject = documentPath.map { "\(type) from document \($0.path)" } ?? "\(type)"
        guard let decodingError = error as? DecodingError else {
            return DocumentStoreError(.invalidArgument, "Cannot decode \(subject): \(error).")
        }
        let location: String
        let reason: String
        switch decodingError {
        case .keyNotFound(let key, let context):
            location = FieldPathText.render(context.codingPath + [key])
            reason = context.debugDescription
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            location = FieldPathText.render(context.codingPath)
            reason = context.debugDescription
        @unknown default:
            location = ""
            reason = "\(decodingError)"
        }
        let field = location.isEmpty ? "the top level" : "field \(location)"
        return DocumentStoreError(.invalidArgument, "Cannot decode \(subject): \(field): \(reason).", underlying: decodingError)
    }

    /// The `invalidArgument` error for a failed encode: the message names the field path and the reason;
    /// the Swift `EncodingError` is kept as `underlying`. A ``DocumentStoreError`` thrown by a model's
    /// own `encode(to:)` passes through unchanged.
    static func encodingFailed(_ error: any Error, type: Any.Type) -> DocumentStoreError {
        if let error = error as? DocumentStoreError { return error }
        guard let encodingError = error as? EncodingError else {
            return DocumentStoreError(.invalidArgument, "Cannot encode \(type): \(error).")
        }
        let location: String
        let reason: String
        switch encodingError {
        case .invalidValue(_, let context):
            location = FieldPathText.render(context.codingPath)
            reason = context.debugDescription
        @unknown default:
            location = ""
            reason = "\(encodingError)"
        }
        let field = location.isEmpty ? "the top level" : "field \(location)"
        return DocumentStoreError(.invalidArgument, "Cannot encode \(type): \(field): \(reason).", underlying: encodingError)
    }
}
