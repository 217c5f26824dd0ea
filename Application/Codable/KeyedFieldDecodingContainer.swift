import HearthDomain

/// Implemented by the property wrappers that give a value to a field missing from the document
/// (``DocumentID``, ``ServerTimestamp``, ``ExplicitNull``, ``DefaultValue``), so that a generic
/// `decode(_:forKey:)` does not throw `keyNotFound` for them. (Synthesized code reaches the
/// `KeyedDecodingContainer` overloads instead, which work with every decoder.)
protocol MissingFieldDecodable {
    static func valueForMissingField(documentPath: DocumentPath?) throws -> Self
}

/// The keyed container of ``FieldDecoder``: reads fields of one `MapValue` by binary search.
struct KeyedFieldDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: FieldDecoder
    let fields: MapValue
    let node: CodingPathNode

    var codingPath: [any CodingKey] { node.codingPath }

    var allKeys: [Key] { fields.fields.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func missing(_ key: Key, _ type: Any.Type) -> DecodingError {
        .keyNotFound(
            key,
            DecodingError.Context(
                codingPath: node.codingPath,
                debugDescription: "expected \(ValueReader.expectedName(type)), found no value (the field is missing)"
            )
        )
    }

    /// `reader` applied to the field's `value`, its mismatch reported at `key`.
    @inline(__always)
    private func read<T>(_ value: Value, at key: Key, _ reader: (Value) throws(ValueMismatch) -> T) throws -> T {
        do {
            return try reader(value)
        } catch {
            throw error.decodingError(T.self, at: node.appending(key))
        }
    }

    @inline(__always)
    private func read<T>(_ key: Key, _ reader: (Value) throws(ValueMismatch) -> T) throws -> T {
        guard let value = fields[key.stringValue] else { throw missing(key, T.self) }
        return try read(value, at: key, reader)
    }

    @inline(__always)
    private func readIfPresent<T>(_ key: Key, _ reader: (Value) throws(ValueMismatch) -> T) throws -> T? {
        guard let value = fields[key.stringValue], !value.isNull else { return nil }
        return try read(value, at: key, reader)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = fields[key.stringValue] else { throw missing(key, Optional<Value>.self) }
        return value.isNull
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key, ValueReader.bool) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key, ValueReader.string) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key, ValueReader.double) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key, ValueReader.float) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key, ValueReader.integer) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key, ValueReader.integer) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key, ValueReader.integer) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key, ValueReader.integer) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key, ValueReader.integer) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key, ValueReader.integer) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key, ValueReader.integer) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key, ValueReader.integer) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key, ValueReader.integer) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key, ValueReader.integer) }
    @available(macOS 15.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try read(key, ValueReader.integer) }
    @available(macOS 15.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try read(key, ValueReader.integer) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = fields[key.stringValue] else {
            if let wrapper = T.self as? any MissingFieldDecodable.Type,
                let result = try wrapper.valueForMissingField(documentPath: decoder.documentPath) as? T
            {
                return result
            }
            throw missing(key, T.self)
        }
        return try decoder.decode(T.self, from: value, at: node.appending(key))
    }

    // One lookup per optional field (the protocol's defaults would look the key up three times).

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try readIfPresent(key, ValueReader.bool)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try readIfPresent(key, ValueReader.string)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try readIfPresent(key, ValueReader.double)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try readIfPresent(key, ValueReader.float)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try readIfPresent(key, ValueReader.integer)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try readIfPresent(key, ValueReader.integer)
    }
    @available(macOS 15.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try readIfPresent(key, ValueReader.integer)
    }
    @available(macOS 15.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try readIfPresent(key, ValueReader.integer)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = fields[key.stringValue], !value.isNull else { return nil }
        return try decoder.decode(T.self, from: value, at: node.appending(key))
    }

    // MARK: Nesting

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard let value = fields[key.stringValue] else { throw missing(key, MapValue.self) }
        guard case .map(let nested) = value else {
            throw ValueMismatch(expected: "map", found: value).decodingError(MapValue.self, at: node.appending(key))
        }
        return KeyedDecodingContainer(
            KeyedFieldDecodingContainer<NestedKey>(decoder: decoder, fields: nested, node: node.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let value = fields[key.stringValue] else { throw missing(key, [Value].self) }
        guard case .array(let elements) = value else {
            throw ValueMismatch(expected: "array", found: value).decodingError([Value].self, at: node.appending(key))
        }
        return UnkeyedFieldDecodingContainer(decoder: decoder, elements: elements, node: node.appending(key))
    }

    /// A decoder for the `super` field; a missing field decodes as null.
    func superDecoder() throws -> any Decoder {
        decoder.detached(value: fields["super"] ?? .null, at: node.appending(StringCodingKey.super))
    }

    /// A decoder for `key`; a missing field decodes as null (as in Foundation's decoders), which lets
    /// ``DocumentID`` find the document path for a field that is never stored.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.detached(value: fields[key.stringValue] ?? .null, at: node.appending(key))
    }
}
