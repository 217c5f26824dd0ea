import HearthDomain

/// The `Decoder` behind ``DocumentDecoder``: reads Swift values straight out of a ``Value`` tree.
///
/// Design for speed (the same shape as Foundation's `JSONDecoder`):
/// - one decoder object per top-level decode; descending into a nested value swaps `value` and `node`
///   in place and restores them afterwards, instead of allocating a decoder per nested value;
/// - containers are concrete structs holding the `MapValue` or `[Value]` they read (a reference-counted
///   copy, never a deep copy); keyed lookups are binary searches by UTF-8 key in the sorted `MapValue`;
/// - leaves (`String`, integers, `Date`, ...) are read directly from the ``Value`` by ``ValueReader``,
///   with metatype comparisons instead of protocol casts, and the coding path is materialised only when
///   an error is thrown;
/// - nothing is cached globally; no intermediate dictionaries, no `Any` values.
final class FieldDecoder: Decoder, SingleValueDecodingContainer {
    private(set) var value: Value
    private(set) var node: CodingPathNode
    /// The path of the document being decoded, for ``DocumentID``.
    let documentPath: DocumentPath?
    let userInfo: [CodingUserInfoKey: Any]

    init(value: Value, node: CodingPathNode = .root, documentPath: DocumentPath?, userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.node = node
        self.documentPath = documentPath
        self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] { node.codingPath }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let fields) = value else {
            throw ValueMismatch(expected: "map", found: value).decodingError([String: Value].self, at: node)
        }
        return KeyedDecodingContainer(KeyedFieldDecodingContainer<Key>(decoder: self, fields: fields, node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw ValueMismatch(expected: "array", found: value).decodingError([Value].self, at: node)
        }
        return UnkeyedFieldDecodingContainer(decoder: self, elements: elements, node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Descending

    /// Decodes `value` (found at `node`) as `T`: a leaf directly, anything else through its `init(from:)`
    /// with this decoder temporarily pointed at `value`.
    @inline(__always)
    func decode<T: Decodable>(_ type: T.Type, from value: Value, at node: @autoclosure () -> CodingPathNode) throws -> T
    {
        if let leaf = ValueReader.leaf(T.self) {
            do {
                return try ValueReader.read(leaf, value, as: T.self)
            } catch {
                throw error.decodingError(T.self, at: node())
            }
        }
        if let element = ValueReader.arrayLeaf(T.self) {
            return try decodeLeafArray(element, from: value, at: node(), as: T.self)
        }
        return try decodeNested(T.self, from: value, at: node())
    }

    /// An array of leaves read straight from an array value, with the errors `Array.init(from:)` would
    /// meet through ``unkeyedContainer()`` (not an array; element `i` of the wrong kind).
    private func decodeLeafArray<T: Decodable>(
        _ element: ValueReader.Leaf, from value: Value, at node: CodingPathNode, as type: T.Type
    ) throws -> T {
        guard case .array(let elements) = value else {
            throw ValueMismatch(expected: "array", found: value).decodingError([Value].self, at: node)
        }
        switch element {
        case .string: return ValueReader.identity(try read(elements, at: node, ValueReader.string), as: T.self)
        case .int: return ValueReader.identity(try read(elements, at: node, ValueReader.integer) as [Int], as: T.self)
        case .double: return ValueReader.identity(try read(elements, at: node, ValueReader.double), as: T.self)
        case .int64:
            return ValueReader.identity(try read(elements, at: node, ValueReader.integer) as [Int64], as: T.self)
        case .bool: return ValueReader.identity(try read(elements, at: node, ValueReader.bool), as: T.self)
        default: return try decodeNested(T.self, from: value, at: node)
        }
    }

    private func read<Element>(
        _ elements: [Value], at node: CodingPathNode, _ reader: (Value) throws(ValueMismatch) -> Element
    ) throws -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for index in elements.indices {
            do {
                result.append(try reader(elements[index]))
            } catch {
                throw error.decodingError(Element.self, at: node.appending(index: index))
            }
        }
        return result
    }

    func decodeNested<T: Decodable>(_ type: T.Type, from value: Value, at node: CodingPathNode) throws -> T {
        let savedValue = self.value
        let savedNode = self.node
        self.value = value
        self.node = node
        defer {
            self.value = savedValue
            self.node = savedNode
        }
        try refuseMergedKeys(T.self)
        return try T(from: self)
    }

    /// Throws when `T` is a `[String: _]` and the map being decoded has two keys that differ in bytes but
    /// are equal as Swift strings (`"é"`, `"e\u{301}"`): the dictionary would keep only one of them.
    private func refuseMergedKeys<T>(_ type: T.Type) throws {
        guard T.self is any StringKeyedDictionary.Type, case .map(let fields) = value, fields.count > 1 else { return }
        var seen: [String: String] = [:]
        seen.reserveCapacity(fields.count)
        for key in fields.keys {
            if let other = seen.updateValue(key, forKey: key) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: node.codingPath,
                        debugDescription:
                            "the map has the keys \(UserFields.describe(other)) and \(UserFields.describe(key)), which differ in their bytes but are equal as Swift strings, so \(T.self) cannot hold both; decode it as MapValue"
                    )
                )
            }
        }
    }

    /// A separate decoder for `value`, for `superDecoder()`: it may outlive the current decode step.
    func detached(value: Value, at node: CodingPathNode) -> FieldDecoder {
        FieldDecoder(value: value, node: node, documentPath: documentPath, userInfo: userInfo)
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { value.isNull }

    private func read<T>(_ type: T.Type, _ reader: (Value) throws(ValueMismatch) -> T) throws -> T {
        do {
            return try reader(value)
        } catch {
            throw error.decodingError(T.self, at: node)
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try read(type, ValueReader.bool) }
    func decode(_ type: String.Type) throws -> String { try read(type, ValueReader.string) }
    func decode(_ type: Double.Type) throws -> Double { try read(type, ValueReader.double) }
    func decode(_ type: Float.Type) throws -> Float { try read(type, ValueReader.float) }
    func decode(_ type: Int.Type) throws -> Int { try read(type, ValueReader.integer) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(type, ValueReader.integer) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(type, ValueReader.integer) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(type, ValueReader.integer) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(type, ValueReader.integer) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(type, ValueReader.integer) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type, ValueReader.integer) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type, ValueReader.integer) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type, ValueReader.integer) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type, ValueReader.integer) }
    @available(macOS 15.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try read(type, ValueReader.integer) }
    @available(macOS 15.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try read(type, ValueReader.integer) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let leaf = ValueReader.leaf(T.self) {
            do {
                return try ValueReader.read(leaf, value, as: T.self)
            } catch {
                throw error.decodingError(T.self, at: node)
            }
        }
        try refuseMergedKeys(T.self)
        return try T(from: self)
    }
}

/// `Dictionary<String, _>`, recognised at run time by ``FieldDecoder`` to refuse maps it would merge.
private protocol StringKeyedDictionary {}
extension Dictionary: StringKeyedDictionary where Key == String {}
