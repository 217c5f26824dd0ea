public import HearthDomain

extension RESTValueCodec {
    /// ``decode(_:)`` from the bytes of a `Value` object: decoded straight from the bytes in the canonical
    /// form, through the ``JSON`` tree otherwise, so the result or the error (path and reason) is that of
    /// ``decode(_:)``; text that is not JSON throws at the root.
    public static func decode(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> Value {
        if let value = RESTByteDecoder.value(bytes) { return value }
        return try decode(RESTBody.parse(bytes))
    }
}
