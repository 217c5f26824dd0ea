import HearthDomain

/// The one shape of a Domain value type's `Codable` conformance: ``DocumentEncoder`` and
/// ``DocumentDecoder`` store the value natively (a timestamp stays a timestamp, a reference a reference);
/// every other coder (`JSONEncoder`, a property list…) uses a plain form, which is validated by the
/// type's own throwing initializer when decoded. A value the initializer refuses is a
/// `DecodingError.dataCorrupted` at the coding path, carrying the ``DocumentStoreError`` as its
/// underlying error.
enum NativeOrPlainCoding {
    /// Decodes natively from a ``FieldDecoder``, else through `Plain` and `validate`.
    static func decode<Native, Plain: Decodable>(
        _ decoder: any Decoder,
        native: (FieldDecoder) throws -> Native,
        plain: Plain.Type,
        validate: (Plain) throws(DocumentStoreError) -> Native
    ) throws -> Native {
        if let fieldDecoder = decoder as? FieldDecoder { return try native(fieldDecoder) }
        let form = try Plain(from: decoder)
        do {
            return try validate(form)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error)
            )
        }
    }

    /// Encodes natively to a ``FieldEncoder`` when `native` is given, else as `plain`.
    static func encode(_ encoder: any Encoder, native: ((FieldEncoder) throws -> Void)?, plain: some Encodable) throws {
        if let native, let fieldEncoder = encoder as? FieldEncoder {
            try native(fieldEncoder)
            return
        }
        try plain.encode(to: encoder)
    }
}
