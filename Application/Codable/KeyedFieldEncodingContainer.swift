import HearthDomain

/// The keyed container of ``FieldEncoder``: writes fields into a ``MapBuffer``.
struct KeyedFieldEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FieldEncoder
    let buffer: MapBuffer
    let node: CodingPathNode

    var codingPath: [any CodingKey] { node.codingPath }

    private func set(_ value: FieldValue, _ key: Key) { buffer.set(value, forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) { set(.value(.null), key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.value(.boolean(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(.value(.string(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) { set(.value(.double(value)), key) }
    mutating func encode(_ value: Float, forKey key: Key) { set(.value(.double(Double(value))), key) }
    mutating func encode(_ value: Int, forKey key: Key) { set(.value(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { set(.value(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { set(.value(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { set(.value(.integer(Int64(value))), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { set(.value(.integer(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        set(try FieldEncoder.integer(value, at: { node.appending(key) }), key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) { set(.value(.integer(Int64(value))), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { set(.value(.integer(Int64(value))), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { set(.value(.integer(Int64(value))), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        set(try FieldEncoder.integer(value, at: { node.appending(key) }), key)
    }
    @available(macOS 15.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        set(try FieldEncoder.integer(value, at: { node.appending(key) }), key)
    }
    @available(macOS 15.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        set(try FieldEncoder.integer(value, at: { node.appending(key) }), key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let encoded = try encoder.encodeChild(value, at: node.appending(key)) else {
            buffer.remove(forKey: key.stringValue)
            return
        }
        set(encoded, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = MapBuffer()
        buffer.setPending(.map(nested), forKey: key.stringValue)
        return KeyedEncodingContainer(
            KeyedFieldEncodingContainer<NestedKey>(encoder: encoder, buffer: nested, node: node.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayBuffer()
        buffer.setPending(.array(nested), forKey: key.stringValue)
        return UnkeyedFieldEncodingContainer(encoder: encoder, buffer: nested, node: node.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        let child = FieldEncoder(node: node.appending(StringCodingKey.super), userInfo: encoder.userInfo)
        buffer.setPending(.encoder(child), forKey: StringCodingKey.super.stringValue)
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = FieldEncoder(node: node.appending(key), userInfo: encoder.userInfo)
        buffer.setPending(.encoder(child), forKey: key.stringValue)
        return child
    }
}
