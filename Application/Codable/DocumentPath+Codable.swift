public import HearthDomain

/// `DocumentPath` encodes as its slash-separated path string (`users/alice`), with every coder.
/// ``DocumentDecoder`` also reads it from a reference value; a string is validated when decoded.
extension DocumentPath: Codable {
    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder {
            self = try fieldDecoder.decode(DocumentPath.self)
            return
        }
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try DocumentPath(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(path)
    }
}
