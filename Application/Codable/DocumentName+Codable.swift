public import HearthDomain

/// `DocumentName` is a reference value under ``DocumentEncoder``/``DocumentDecoder``. With other coders
/// it is its resource name string, `projects/{p}/databases/{d}/documents/{path}`, validated when decoded.
extension DocumentName: Codable {
    public init(from decoder: any Decoder) throws {
        self = try NativeOrPlainCoding.decode(decoder, native: { try $0.decode(DocumentName.self) }, plain: String.self)
        {
            (text) throws(DocumentStoreError) in try DocumentName(parsing: text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try NativeOrPlainCoding.encode(encoder, native: { try $0.encode(self) }, plain: resourceName)
    }
}
