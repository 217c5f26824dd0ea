public import HearthDomain

extension RESTDocumentCodec {
    /// Reads a stored document from the bytes of a REST body (a `GetDocument` answer, an exported file),
    /// as ``decode(_:database:)`` does; text that is not JSON throws at the root.
    public static func decode(
        bytes: some Collection<UInt8>, database: DatabaseID?
    ) throws(RESTDecodingError) -> Document {
        if let document = RESTByteDecoder.document(bytes, database: database) { return document }
        return try decode(RESTBody.parse(bytes), database: database)
    }

    /// The compact UTF-8 JSON of a stored document, written straight to bytes: the same bytes as
    /// serializing ``encode(_:database:)`` with ``JSONWriter``.
    public static func encodeBytes(_ document: Document, database: DatabaseID) -> [UInt8] {
        let encoder = RESTByteEncoder(database: database, capacity: 512)
        encoder.document(document)
        return encoder.bytes
    }
}
