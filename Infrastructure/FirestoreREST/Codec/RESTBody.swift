/// The bytes of a REST body, parsed into a ``JSON`` tree or written from one. The byte-level entry points
/// of the codecs (`decode…(bytes:)`, `encode…Bytes`) go through here, so that a faster path can later
/// decode straight from bytes without changing their callers.
enum RESTBody {
    /// Parses a body; text that is not JSON throws a ``RESTDecodingError`` at the root naming the offset.
    static func parse(_ bytes: some Collection<UInt8>) throws(RESTDecodingError) -> JSON {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw RESTDecodingError(error)
        }
    }

    static func serialize(_ json: JSON) -> [UInt8] {
        JSONWriter.serialize(json)
    }
}
