import Foundation
import HearthDomain

/// The `Encoder` behind ``DocumentEncoder``: builds ``FieldValue`` user data.
///
/// Each nested value gets its own small encoder whose result is collected as soon as the value's
/// `encode(to:)` returns; only `nestedContainer`/`superEncoder` leave a reference to fill in later.
/// Leaves (`String`, integers, `Date`, `Data`, `URL`, domain values, `FieldValue`) are written
/// directly, recognised by metatype comparison.
final class FieldEncoder: Encoder, SingleValueEncodingContainer {
    enum Storage {
        case empty
        case value(FieldValue)
        case map(MapBuffer)
        case array(ArrayBuffer)
    }

    var storage = Storage.empty
    let node: CodingPathNode
    let userInfo: [CodingUserInfoKey: Any]
    /// Set by ``DocumentID``: the field this encoder stands for is not written at all.
    var omitsField = false

    init(node: CodingPathNode, userInfo: [CodingUserInfoKey: Any]) {
        self.node = node
        self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] { node.codingPath }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let buffer = self.buffer(
            existing: { if case .map(let buffer) = $0 { buffer } else { nil } }, store: Storage.map)
        return KeyedEncodingContainer(KeyedFieldEncodingContainer<Key>(encoder: self, buffer: buffer, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let buffer = self.buffer(
            existing: { if case .array(let buffer) = $0 { buffer } else { nil } }, store: Storage.array)
        return UnkeyedFieldEncodingContainer(encoder: self, buffer: buffer, node: node)
    }

    /// The buffer ``storage`` already holds (found by `existing`), so that asking twice for the same kind
    /// of container fills one value; else a new buffer, put in ``storage`` by `store`.
    @inline(__always)
    private func buffer<Buffer: EncodingBuffer>(
        existing: (Storage) -> Buffer?, store: (Buffer) -> Storage
    ) -> Buffer {
        if let buffer = existing(storage) { return buffer }
        let buffer = Buffer()
        storage = store(buffer)
        return buffer
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: Results

    /// What was encoded here, or `nil` when nothing was.
    func finish() throws -> FieldValue? {
        switch storage {
        case .empty: return nil
        case .value(let value): return value
        case .map(let buffer): return try buffer.finish(at: node)
        case .array(let buffer): return try buffer.finish(at: node)
        }
    }

    /// Encodes `value` found at `node`: a leaf directly, anything else through its own `encode(to:)`.
    /// Returns `nil` when the value asked not to be written (``DocumentID``).
    func encodeChild<T: Encodable>(_ value: T, at node: @autoclosure () -> CodingPathNode) throws -> FieldValue? {
        if let leaf = try FieldEncoder.leaf(value, at: node) { return leaf }
        let child = FieldEncoder(node: node(), userInfo: userInfo)
        try value.encode(to: child)
        if child.omitsField { return nil }
        return try child.finish() ?? .map([:])
    }

    @inline(__always)
    static func leaf<T: Encodable>(_ value: T, at node: () -> CodingPathNode) throws -> FieldValue? {
        if T.self == String.self, let text = value as? String { return .value(.string(text)) }
        if T.self == Int.self, let number = value as? Int { return .value(.integer(Int64(number))) }
        if T.self == Double.self, let number = value as? Double { return .value(.double(number)) }
        if T.self == Bool.self, let flag = value as? Bool { return .value(.boolean(flag)) }
        if T.self == Date.self, let date = value as? Date { return try timestamp(date, at: node) }
        if T.self == Timestamp.self, let timestamp = value as? Timestamp { return .value(.timestamp(timestamp)) }
        if T.self == Int64.self, let number = value as? Int64 { return .value(.integer(number)) }
        if T.self == Data.self, let data = value as? Data { return .value(.bytes(data)) }
        if T.self == URL.self, let url = value as? URL { return .value(.string(url.absoluteString)) }
        if T.self == GeoPoint.self, let point = value as? GeoPoint { return .value(.geoPoint(point)) }
        if T.self == DocumentName.self, let name = value as? DocumentName { return .value(.reference(name)) }
        if T.self == DocumentPath.self, let path = value as? DocumentPath { return .value(.string(path.path)) }
        if T.self == FieldValue.self, let fieldValue = value as? FieldValue { return fieldValue }
        if T.self == Value.self, let plain = value as? Value { return .value(plain) }
        if T.self == MapValue.self, let map = value as? MapValue { return .value(.map(map)) }
        if T.self == Float.self, let number = value as? Float { return .value(.double(Double(number))) }
        if T.self == UInt64.self, let number = value as? UInt64 { return try integer(number, at: node) }
        // Arrays of common leaves, built as `Array.encode(to:)` would build them through a container.
        if T.self == [String].self, let texts = value as? [String] { return .array(texts.map { .value(.string($0)) }) }
        if T.self == [Int].self, let numbers = value as? [Int] {
            return .array(numbers.map { .value(.integer(Int64($0))) })
        }
        if T.self == [Double].self, let numbers = value as? [Double] {
            return .array(numbers.map { .value(.double($0)) })
        }
        if T.self == [Int64].self, let numbers = value as? [Int64] {
            return .array(numbers.map { .value(.integer($0)) })
        }
        if T.self == [Bool].self, let flags = value as? [Bool] { return .array(flags.map { .value(.boolean($0)) }) }
        return nil
    }

    static func timestamp(_ date: Date, at node: () -> CodingPathNode) throws -> FieldValue {
        do {
            return .value(.timestamp(try Timestamp(validating: date)))
        } catch {
            throw EncodingError.invalidValue(
                date,
                EncodingError.Context(
                    codingPath: node().codingPath,
                    debugDescription: "date \(date) is outside Firestore's timestamp range 0001-01-01...9999-12-31",
                    underlyingError: error
                )
            )
        }
    }

    static func integer<Integer: BinaryInteger>(_ number: Integer, at node: () -> CodingPathNode) throws -> FieldValue {
        guard let exact = Int64(exactly: number) else {
            throw EncodingError.invalidValue(
                number,
                EncodingError.Context(
                    codingPath: node().codingPath,
                    debugDescription:
                        "\(Integer.self) \(number) does not fit in Firestore's 64-bit signed integer (\(Int64.min)...\(Int64.max))"
                )
            )
        }
        return .value(.integer(exact))
    }

    static func nestedArrayError(_ value: FieldValue, at node: CodingPathNode) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: node.codingPath,
                debugDescription:
                    "an array cannot directly contain an array in Firestore (wrap the inner array in a map)"
            )
        )
    }

    // MARK: SingleValueEncodingContainer

    private func set(_ value: FieldValue) { storage = .value(value) }
    private var here: () -> CodingPathNode { { [node] in node } }

    func encodeNil() { set(.value(.null)) }
    func encode(_ value: Bool) { set(.value(.boolean(value))) }
    func encode(_ value: String) { set(.value(.string(value))) }
    func encode(_ value: Double) { set(.value(.double(value))) }
    func encode(_ value: Float) { set(.value(.double(Double(value)))) }
    func encode(_ value: Int) { set(.value(.integer(Int64(value)))) }
    func encode(_ value: Int8) { set(.value(.integer(Int64(value)))) }
    func encode(_ value: Int16) { set(.value(.integer(Int64(value)))) }
    func encode(_ value: Int32) { set(.value(.integer(Int64(value)))) }
    func encode(_ value: Int64) { set(.value(.integer(value))) }
    func encode(_ value: UInt) throws { set(try FieldEncoder.integer(value, at: here)) }
    func encode(_ value: UInt8) { set(.value(.integer(Int64(value)))) }
    func encode(_ value: UInt16) { set(.value(.integer(Int64(value)))) }
    func encode(_ value: UInt32) { set(.value(.integer(Int64(value)))) }
    func encode(_ value: UInt64) throws { set(try FieldEncoder.integer(value, at: here)) }
    @available(macOS 15.0, *)
    func encode(_ value: Int128) throws { set(try FieldEncoder.integer(value, at: here)) }
    @available(macOS 15.0, *)
    func encode(_ value: UInt128) throws { set(try FieldEncoder.integer(value, at: here)) }

    func encode<T: Encodable>(_ value: T) throws {
        if let leaf = try FieldEncoder.leaf(value, at: here) {
            set(leaf)
            return
        }
        try value.encode(to: self)
    }
}

/// A container's buffer in ``FieldEncoder/Storage``: ``MapBuffer`` or ``ArrayBuffer``, made empty.
protocol EncodingBuffer: AnyObject {
    init()
}

/// The fields of a map being encoded. Fields written through `nestedContainer` or `superEncoder`
/// stay `pending` until the whole value is finished.
final class MapBuffer: EncodingBuffer {
    /// Room for the fields of a typical model, so that the dictionary rarely grows while it is filled.
    var fields = [String: FieldValue](minimumCapacity: 16)
    var pending: [String: PendingValue] = [:]

    func set(_ value: FieldValue, forKey key: String) {
        fields[key] = value
        if !pending.isEmpty { pending[key] = nil }
    }

    func remove(forKey key: String) {
        fields[key] = nil
        pending[key] = nil
    }

    func setPending(_ value: PendingValue, forKey key: String) {
        fields[key] = nil
        pending[key] = value
    }

    func finish(at node: CodingPathNode) throws -> FieldValue {
        guard !pending.isEmpty else { return .map(fields) }
        var result = fields
        for (key, value) in pending {
            result[key] = try value.finish(at: node.appending(StringCodingKey(key)))
        }
        return .map(result)
    }
}

/// The elements of an array being encoded; nested containers are finished at the end.
final class ArrayBuffer: EncodingBuffer {
    var elements: [FieldValue] = []
    var pending: [(index: Int, value: PendingValue)] = []

    func finish(at node: CodingPathNode) throws -> FieldValue {
        guard !pending.isEmpty else { return .array(elements) }
        var result = elements
        var omitted: [Int] = []
        for (index, value) in pending {
            let elementNode = node.appending(index: index)
            guard let element = try value.finish(at: elementNode) else {
                omitted.append(index)
                continue
            }
            if FieldEncoder.isArray(element) { throw FieldEncoder.nestedArrayError(element, at: elementNode) }
            result[index] = element
        }
        for index in omitted.sorted(by: >) { result.remove(at: index) }
        return .array(result)
    }
}

/// A nested container or encoder whose content is collected when its parent finishes; `nil` when an
/// encoder asked not to be written, an empty map when it wrote nothing.
enum PendingValue {
    case map(MapBuffer)
    case array(ArrayBuffer)
    case encoder(FieldEncoder)

    func finish(at node: CodingPathNode) throws -> FieldValue? {
        switch self {
        case .map(let buffer): try buffer.finish(at: node)
        case .array(let buffer): try buffer.finish(at: node)
        case .encoder(let encoder): encoder.omitsField ? nil : try encoder.finish() ?? .map([:])
        }
    }
}

extension FieldEncoder {
    /// Whether `value` is an array (of user data or a plain array value).
    static func isArray(_ value: FieldValue) -> Bool {
        switch value.storage {
        case .array: true
        case .value(.array): true
        default: false
        }
    }
}
