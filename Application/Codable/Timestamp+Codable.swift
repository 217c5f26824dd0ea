public import HearthDomain

/// `Timestamp` is stored natively by ``DocumentEncoder``/``DocumentDecoder``. With other coders
/// (`JSONEncoder`) it is `{"seconds": Int64, "nanoseconds": Int32}`, validated when decoded.
extension Timestamp: Codable {
    private struct PlainForm: Codable {
        let seconds: Int64
        let nanoseconds: Int32
    }

    public init(from decoder: any Decoder) throws {
        self = try NativeOrPlainCoding.decode(decoder, native: { try $0.decode(Timestamp.self) }, plain: PlainForm.self)
        {
            (form) throws(DocumentStoreError) in try Timestamp(seconds: form.seconds, nanoseconds: form.nanoseconds)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try NativeOrPlainCoding.encode(
            encoder, native: { try $0.encode(self) }, plain: PlainForm(seconds: seconds, nanoseconds: nanoseconds))
    }
}
