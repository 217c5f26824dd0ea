public import HearthDomain

/// `DocumentPath` encodes as its slash-separated path string (`users/alice`), with every coder.
/// ``DocumentDecoder`` also reads it from a reference value; a string is validated when decoded.
extension DocumentPath: Codable {
    public init(from decoder: any Decoder) throws {
        self = try NativeOrPlainCoding.decode(decoder, native: { try $0.decode(DocumentPath.self) }, plain: String.self)
        {
            (text) throws(DocumentStoreError) in try DocumentPath(text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try NativeOrPlainCoding.encode(encoder, native: nil, plain: path)
    }
}
