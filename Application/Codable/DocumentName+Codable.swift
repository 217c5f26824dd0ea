public import HearthDomain

/// `DocumentName` is a reference value under ``DocumentEncoder``/``DocumentDecoder``. With other coders
/// it is its resource name string, `projects/{p}/databases/{d}/documents/{path}`, validated when decoded.
extension DocumentName: Codable {
    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder {
            self = try fieldDecoder.decode(DocumentName.self)
            return
        }
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try DocumentName(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if let fieldEncoder = encoder as? FieldEncoder {
            try fieldEncoder.encode(self)
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(resourceName)
    }
}
