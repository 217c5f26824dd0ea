import HearthDomain

/// The property wrappers around an optional (``DocumentID``, ``ServerTimestamp``, ``ExplicitNull``): a
/// null or missing field is `nil`, and a `nil` is written as null (unless the wrapper says otherwise).
protocol OptionalWrapper: MissingFieldDecodable {
    associatedtype Wrapped
    var wrappedValue: Wrapped? { get }
    init(wrappedValue: Wrapped?)
}

extension OptionalWrapper {
    /// A missing field is `nil`.
    static func valueForMissingField(documentPath: DocumentPath?) throws -> Self { Self(wrappedValue: nil) }
}

extension OptionalWrapper where Wrapped: Decodable {
    /// Reads the wrapped value from `decoder`'s single value: a null is `nil`.
    init(decodingWrappedValueFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(Wrapped.self))
    }
}

extension OptionalWrapper where Wrapped: Encodable {
    /// Writes the wrapped value as `encoder`'s single value; a `nil` is `nilValue` under ``DocumentEncoder``
    /// when one is given, null otherwise.
    func encodeWrappedValue(to encoder: any Encoder, nilValue: FieldValue? = nil) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else if let nilValue, encoder is FieldEncoder {
            try container.encode(nilValue)
        } else {
            try container.encodeNil()
        }
    }
}
