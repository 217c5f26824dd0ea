import HearthDomain

/// A REST answer type ``FirestoreJSONDecoder`` reads from a JSON tree (the wrapper types). `prefix` is the
/// JSON path of `json` within the decoded text, for error messages.
protocol FirestoreRESTMessage {
    init(
        restJSON json: JSON, at prefix: [RESTDecodingError.PathComponent], decoder: FirestoreJSONDecoder)
        throws(DocumentStoreError)
}

extension FirestoreJSONDecoder {
    /// The `Decodable` route of the wrapper types under any other decoder (`JSONDecoder`): the value is
    /// read as a ``JSON`` tree, then decoded as ``FirestoreJSONDecoder`` would, its JSON path starting at
    /// the decoder's coding path. A failure is a `DecodingError.dataCorrupted` at that coding path whose
    /// description is the ``DocumentStoreError``'s message (naming the JSON path), kept as `underlyingError`.
    static func decodeForeign<Message: FirestoreRESTMessage>(
        _ type: Message.Type, from decoder: any Decoder
    ) throws -> Message {
        let json = try decoder.singleValueContainer().decode(JSON.self)
        let prefix: [RESTDecodingError.PathComponent] = decoder.codingPath.map { key in
            if let index = key.intValue { return .index(index) }
            return .key(key.stringValue)
        }
        do {
            return try Message(restJSON: json, at: prefix, decoder: FirestoreJSONDecoder())
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error))
        }
    }
}
