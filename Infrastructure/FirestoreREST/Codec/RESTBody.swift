/// The bytes of a REST body parsed into a ``JSON`` tree: the tree path of the byte entry points
/// (`decode…(bytes:)`), taken when the byte decoder (`RESTByteDecoder`) declines a body.
enum RESTBody {
    /// Parses a body; text that is not JSON throws a ``RESTDecodingError`` at the root naming the offset.
    static func parse(_ bytes: some Collection<UInt8>) throws(RESTDecodingError) -> JSON {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw RESTDecodingError(error)
        }
    }
}
