public import HearthDomain

/// `Timestamp` is stored natively by ``DocumentEncoder``/``DocumentDecoder``. With other coders
/// (`JSONEncoder`) it is `{"seconds": Int64, "nanoseconds": Int32}`, validated when decoded.
extension Timestamp: Codable {
    private enum CodingKeys: String, CodingKey {
        case seconds, nanoseconds
    }

    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder {
            self = try fieldDecoder.decode(Timestamp.self)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seconds = try container.decode(Int64.self, forKey: .seconds)
        let nanoseconds = try container.decode(Int32.self, forKey: .nanoseconds)
        do {
            self = try Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error)
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if let fieldEncoder = encoder as? FieldEncoder {
            try fieldEncoder.encode(self)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nanoseconds, forKey: .nanoseconds)
    }
}
