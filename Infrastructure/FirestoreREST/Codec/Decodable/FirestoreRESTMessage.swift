import HearthDomain

/// A REST answer type ``FirestoreJSONDecoder`` reads (the wrapper types), from the whole of `bytes`.
/// `prefix` is the JSON path of the text within what the caller decodes, for error messages. Each is
/// `Decodable` with any other decoder through the same reading (``FirestoreJSONDecoder/decodeForeign(_:from:)``).
protocol FirestoreRESTMessage: Decodable {
    init(
        restBytes bytes: some Collection<UInt8>, at prefix: [RESTDecodingError.PathComponent],
        decoder: FirestoreJSONDecoder)
        throws(DocumentStoreError)
}

extension FirestoreRESTMessage {
    /// Reads the value as Firestore REST JSON whatever the decoder (`JSONDecoder` included, whose date and
    /// key strategies do not apply); a failure is a `DecodingError.dataCorrupted` naming the JSON path.
    public init(from decoder: any Decoder) throws {
        self = try FirestoreJSONDecoder.decodeForeign(Self.self, from: decoder)
    }
}

extension FirestoreJSONDecoder {
    /// The `Decodable` route of the wrapper types under any other decoder (`JSONDecoder`): the value is
    /// read as a ``JSON`` tree, written back as compact JSON, then decoded as ``FirestoreJSONDecoder``
    /// would, its JSON path starting at the decoder's coding path. A failure is a `DecodingError.dataCorrupted` at that coding path whose
    /// description is the `DocumentStoreError`'s message (naming the JSON path), kept as `underlyingError`.
    static func decodeForeign<Message: FirestoreRESTMessage>(
        _ type: Message.Type, from decoder: any Decoder
    ) throws -> Message {
        let json = try decoder.singleValueContainer().decode(JSON.self)
        let prefix: [RESTDecodingError.PathComponent] = decoder.codingPath.map { key in
            if let index = key.intValue { return .index(index) }
            return .key(key.stringValue)
        }
        do {
            return try Message(restBytes: JSONWriter.serialize(json), at: prefix, decoder: FirestoreJSONDecoder())
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error))
        }
    }
}
