extension KeyedDecodingContainer {
    // Synthesized `init(from:)` calls `decode(_:forKey:)` for a wrapper property (the wrapper type is
    // not optional), which throws `keyNotFound` for a missing field in every decoder. These more
    // specific overloads are chosen instead at compile time, so a missing field decodes as the
    // wrapper's empty value, with `DocumentDecoder`, `JSONDecoder` or any other decoder.

    /// Decodes a ``DocumentID``: from the document path under ``DocumentDecoder``; a missing field is `nil`.
    public func decode<Wrapped>(_ type: DocumentID<Wrapped>.Type, forKey key: Key) throws -> DocumentID<Wrapped> {
        // DocumentDecoder's (and Foundation's) superDecoder(forKey:) reads a missing field as null.
        let decoder: any Decoder
        do {
            decoder = try superDecoder(forKey: key)
        } catch {
            return DocumentID(wrappedValue: nil)
        }
        return try DocumentID(from: decoder)
    }

    /// Decodes a ``ServerTimestamp``; a missing field or a null is `nil`.
    public func decode<Wrapped>(
        _ type: ServerTimestamp<Wrapped>.Type, forKey key: Key
    ) throws -> ServerTimestamp<Wrapped> {
        try decodeIfPresent(type, forKey: key) ?? ServerTimestamp(wrappedValue: nil)
    }

    /// Decodes an ``ExplicitNull``; a missing field or a null is `nil`.
    public func decode<Wrapped: Decodable>(
        _ type: ExplicitNull<Wrapped>.Type, forKey key: Key
    ) throws -> ExplicitNull<Wrapped> {
        try decodeIfPresent(type, forKey: key) ?? ExplicitNull(wrappedValue: nil)
    }

    /// Decodes a ``DefaultValue``; a missing field or a null is the provider's default.
    public func decode<Provider>(_ type: DefaultValue<Provider>.Type, forKey key: Key) throws -> DefaultValue<Provider>
    {
        try decodeIfPresent(type, forKey: key) ?? .providerDefault
    }
}
