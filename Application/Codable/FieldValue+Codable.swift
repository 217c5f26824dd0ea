import HearthDomain

/// `FieldValue` encodes as itself under ``DocumentEncoder``, sentinels included, so a model can carry
/// `FieldValue.serverTimestamp()` or `FieldValue.increment(1)`. With other encoders a plain value
/// encodes as its ``HearthDomain/Value`` and a sentinel throws `EncodingError.invalidValue`.
/// Decoding always gives a plain value.
extension FieldValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let fieldDecoder = decoder as? FieldDecoder {
            self = try fieldDecoder.decode(FieldValue.self)
            return
        }
        self = .value(try HearthDomain.Value(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        if let fieldEncoder = encoder as? FieldEncoder {
            try fieldEncoder.encode(self)
            return
        }
        guard let plain = plainValue else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "a \(encodedKindName) can only be encoded by DocumentEncoder"
                )
            )
        }
        try plain.encode(to: encoder)
    }
}
