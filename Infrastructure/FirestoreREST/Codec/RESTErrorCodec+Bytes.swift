extension RESTErrorCodec {
    /// ``decodeErrorBody(_:)`` from the bytes of a body: `nil` when it is JSON but not an error body; throws
    /// when it is not JSON at all (an HTML error page from a proxy, a truncated body).
    public static func decodeErrorBody(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> RESTErrorBody? {
        try decodeErrorBody(RESTBody.parse(bytes))
    }
}
