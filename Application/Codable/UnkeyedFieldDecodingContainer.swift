import HearthDomain

/// The unkeyed container of ``FieldDecoder``: reads the elements of one array value in order.
struct UnkeyedFieldDecodingContainer: UnkeyedDecodingContainer {
    let decoder: FieldDecoder
    let elements: [Value]
    let node: CodingPathNode
    private(set) var currentIndex = 0

    init(decoder: FieldDecoder, elements: [Value], node: CodingPathNode) {
        self.decoder = decoder
        self.elements = elements
        self.node = node
    }

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private func atEnd(_ type: Any.Type) -> DecodingError {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: node.appending(index: currentIndex).codingPath,
                debugDescription:
                    "expected \(ValueReader.expectedName(type)), found the end of an array of \(elements.count) elements"
            )
        )
    }

    private mutating func next(_ type: Any.Type) throws -> Value {
        guard currentIndex < elements.count else { throw atEnd(type) }
        return elements[currentIndex]
    }

    private mutating func read<T>(_ reader: (Value) throws(ValueMismatch) -> T) throws -> T {
        let value = try next(T.self)
        do {
            let result = try reader(value)
            currentIndex += 1
            return result
        } catch {
            throw error.decodingError(T.self, at: node.appending(index: currentIndex))
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Optional<Value>.self).isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(ValueReader.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try read(ValueReader.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(ValueReader.double) }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(ValueReader.float) }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(ValueReader.integer) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(ValueReader.integer) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(ValueReader.integer) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(ValueReader.integer) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(ValueReader.integer) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(ValueReader.integer) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(ValueReader.integer) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(ValueReader.integer) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(ValueReader.integer) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(ValueReader.integer) }
    @available(macOS 15.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try read(ValueReader.integer) }
    @available(macOS 15.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try read(ValueReader.integer) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try next(T.self)
        let index = currentIndex
        let result = try decoder.decode(T.self, from: value, at: node.appending(index: index))
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try next(MapValue.self)
        let elementNode = node.appending(index: currentIndex)
        guard case .map(let fields) = value else {
            throw ValueMismatch(expected: "map", found: value).decodingError(MapValue.self, at: elementNode)
        }
        currentIndex += 1
        return KeyedDecodingContainer(
            KeyedFieldDecodingContainer<NestedKey>(decoder: decoder, fields: fields, node: elementNode))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try next([Value].self)
        let elementNode = node.appending(index: currentIndex)
        guard case .array(let nested) = value else {
            throw ValueMismatch(expected: "array", found: value).decodingError([Value].self, at: elementNode)
        }
        currentIndex += 1
        return UnkeyedFieldDecodingContainer(decoder: decoder, elements: nested, node: elementNode)
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try next(Value.self)
        let elementNode = node.appending(index: currentIndex)
        currentIndex += 1
        return decoder.detached(value: value, at: elementNode)
    }
}
