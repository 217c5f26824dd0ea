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
        switch decodingError {
        case .keyNotFound(let key, let context):
            return coding(
                "decode", subject, path: context.codingPath + [key], reason: context.debugDescription,
                underlying: decodingError)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return coding(
                "decode", subject, path: context.codingPath, reason: context.debugDescription, underlying: decodingError
            )
        @unknown default:
            return coding("decode", subject, path: [], reason: "\(decodingError)", underlying: decodingError)
        }
    }

    /// The `invalidArgument` error for a failed encode: the message names the field path and the reason;
    /// the Swift `EncodingError` is kept as `underlying`. A ``DocumentStoreError`` thrown by a model's
    /// own `encode(to:)` passes through unchanged.
    static func encodingFailed(_ error: any Error, type: Any.Type) -> DocumentStoreError {
        if let error = error as? DocumentStoreError { return error }
        guard let encodingError = error as? EncodingError else {
            return DocumentStoreError(.invalidArgument, "Cannot encode \(type): \(error).")
        }
        switch encodingError {
        case .invalidValue(_, let context):
            return coding(
                "encode", "\(type)", path: context.codingPath, reason: context.debugDescription,
                underlying: encodingError)
        @unknown default:
            return coding("encode", "\(type)", path: [], reason: "\(encodingError)", underlying: encodingError)
        }
    }

    /// "Cannot <verb> <subject>: field <path>: <reason>." (or "the top level" for an empty path).
    private static func coding(
        _ verb: String, _ subject: String, path: [any CodingKey], reason: String, underlying: any Error
    ) -> DocumentStoreError {
        let location = FieldPathText.render(path)
        let field = location.isEmpty ? "the top level" : "field \(location)"
        return DocumentStoreError(
            .invalidArgument, "Cannot \(verb) \(subject): \(field): \(reason).", underlying: underlying)
    }
}
