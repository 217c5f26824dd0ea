import HearthDomain

/// The unkeyed container of ``FieldEncoder``: appends elements to an ``ArrayBuffer``, rejecting an
/// array directly inside an array (Firestore cannot store one) with the element's path.
struct UnkeyedFieldEncodingContainer: UnkeyedEncodingContainer {
    let encoder: FieldEncoder
    let buffer: ArrayBuffer
    let node: CodingPathNode

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { buffer.elements.count }

    private func append(_ value: FieldValue) { buffer.elements.append(value) }
    private var nextNode: () -> CodingPathNode { { [node, buffer] in node.appending(index: buffer.elements.count) } }

    mutating func encodeNil() { append(.value(.null)) }
    mutating func encode(_ value: Bool) { append(.value(.boolean(value))) }
    mutating func encode(_ value: String) { append(.value(.string(value))) }
    mutating func encode(_ value: Double) { append(.value(.double(value))) }
    mutating func encode(_ value: Float) { append(.value(.double(Double(value)))) }
    mutating func encode(_ value: Int) { append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int8) { append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int16) { append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int32) { append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: Int64) { append(.value(.integer(value))) }
    mutating func encode(_ value: UInt) throws { append(try FieldEncoder.integer(value, at: nextNode)) }
    mutating func encode(_ value: UInt8) { append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt16) { append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt32) { append(.value(.integer(Int64(value)))) }
    mutating func encode(_ value: UInt64) throws { append(try FieldEncoder.integer(value, at: nextNode)) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: Int128) throws { append(try FieldEncoder.integer(value, at: nextNode)) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: UInt128) throws { append(try FieldEncoder.integer(value, at: nextNode)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let elementNode = node.appending(index: buffer.elements.count)
        guard let encoded = try encoder.encodeChild(value, at: elementNode) else { return }
        if FieldEncoder.isArray(encoded) { throw FieldEncoder.nestedArrayError(encoded, at: elementNode) }
        append(encoded)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = MapBuffer()
        let elementNode = node.appending(index: buffer.elements.count)
        buffer.pending.append((buffer.elements.count, .map(nested)))
        append(.value(.null))
        return KeyedEncodingContainer(
            KeyedFieldEncodingContainer<NestedKey>(encoder: encoder, buffer: nested, node: elementNode))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayBuffer()
        let elementNode = node.appending(index: buffer.elements.count)
        buffer.pending.append((buffer.elements.count, .array(nested)))
        append(.value(.null))
        return UnkeyedFieldEncodingContainer(encoder: encoder, buffer: nested, node: elementNode)
    }

    mutating func superEncoder() -> any Encoder {
        let child = FieldEncoder(node: node.appending(index: buffer.elements.count), userInfo: encoder.userInfo)
        buffer.pending.append((buffer.elements.count, .encoder(child)))
        append(.value(.null))
        return child
    }
}
