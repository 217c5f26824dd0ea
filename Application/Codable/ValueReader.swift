import Foundation
import HearthDomain

/// Why a stored value cannot become the requested Swift type: what was expected and what was found.
struct ValueMismatch: Error {
    let expected: String
    let found: Value.Kind
    let detail: String?

    init(expected: String, found: Value, detail: String? = nil) {
        self.expected = expected
        self.found = found.kind
        self.detail = detail
    }

    /// `expected string, found integer` (plus a detail such as `1.5 (not a whole number)`).
    var description: String {
        var text = "expected \(expected), found \(ValueReader.name(of: found))"
        if let detail { text += " \(detail)" }
        return text
    }

    /// The `DecodingError` Swift code expects: `valueNotFound` for a null, `typeMismatch` otherwise.
    func decodingError(_ type: Any.Type, at node: CodingPathNode) -> DecodingError {
        let context = DecodingError.Context(codingPath: node.codingPath, debugDescription: description)
        return found == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }
}

/// Reads stored ``Value``s as Swift types, without allocating: the leaves of ``DocumentDecoder``.
///
/// Numbers: an integer reads as any integer type it fits in and as `Double`/`Float`; a double reads as
/// an integer type only when it is a whole number in range. Timestamps read as `Timestamp` and `Date`;
/// references as `DocumentName` and `DocumentPath` (which also reads a path string).
enum ValueReader {
    static func name(of kind: Value.Kind) -> String {
        switch kind {
        case .geoPoint: "geo point"
        default: kind.rawValue
        }
    }

    /// The payload of `value` read through one of its accessors (`nil` for a value of another kind), or
    /// a mismatch that expects a value of `kind`.
    @inline(__always)
    static func payload<T>(_ payload: T?, of kind: Value.Kind, in value: Value) throws(ValueMismatch) -> T {
        guard let payload else { throw ValueMismatch(expected: name(of: kind), found: value) }
        return payload
    }

    static func bool(_ value: Value) throws(ValueMismatch) -> Bool {
        try payload(value.booleanValue, of: .boolean, in: value)
    }
    static func string(_ value: Value) throws(ValueMismatch) -> String {
        try payload(value.stringValue, of: .string, in: value)
    }

    /// `value` as the integer type the caller asks for (the result's type): an integer in range, or a
    /// double that is a whole number in range.
    static func integer<Integer: FixedWidthInteger>(_ value: Value) throws(ValueMismatch) -> Integer {
        switch value {
        case .integer(let number):
            guard let result = Integer(exactly: number) else {
                throw ValueMismatch(expected: "\(Integer.self)", found: value, detail: "\(number) (out of range)")
            }
            return result
        case .double(let number):
            guard number.rounded(.towardZero) == number else {
                throw ValueMismatch(expected: "integer", found: value, detail: "\(number) (not a whole number)")
            }
            guard let result = Integer(exactly: number) else {
                throw ValueMismatch(expected: "\(Integer.self)", found: value, detail: "\(number) (out of range)")
            }
            return result
        default:
            throw ValueMismatch(expected: "integer", found: value)
        }
    }

    static func double(_ value: Value) throws(ValueMismatch) -> Double {
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: throw ValueMismatch(expected: "number", found: value)
        }
    }

    static func float(_ value: Value) throws(ValueMismatch) -> Float {
        let number = try double(value)
        let result = Float(number)
        if result.isInfinite, number.isFinite {
            throw ValueMismatch(expected: "Float", found: value, detail: "\(number) (out of range)")
        }
        return result
    }

    static func url(_ value: Value) throws(ValueMismatch) -> URL {
        guard case .string(let text) = value else { throw ValueMismatch(expected: "string (URL)", found: value) }
        guard let result = URL(string: text) else {
            throw ValueMismatch(expected: "URL", found: value, detail: "\(PathText.quoted(text)) (not a valid URL)")
        }
        return result
    }

    static func documentPath(_ value: Value) throws(ValueMismatch) -> DocumentPath {
        switch value {
        case .reference(let name):
            return name.path
        case .string(let text):
            do {
                return try DocumentPath(text)
            } catch {
                throw ValueMismatch(
                    expected: "document path", found: value, detail: "\(PathText.quoted(text)) (\(error.message))")
            }
        default:
            throw ValueMismatch(expected: "reference", found: value)
        }
    }

    /// The types read straight from a ``Value`` (the scalars above, `Value`, `MapValue`, `FieldValue`);
    /// every other type decodes itself from a container.
    enum Leaf {
        case string, int, double, bool, date, timestamp, int64, data, url, geoPoint, documentName, documentPath
        case value, mapValue, fieldValue, float, int32, uint64
    }

    /// Which leaf `T` is, or `nil` when `T` must decode itself from a container.
    ///
    /// The checks compare metatypes (a pointer comparison each), so a nested model pays a few compares
    /// and no protocol-conformance lookup before its own `init(from:)` runs; the answer is a plain enum,
    /// so unspecialized generic code needs no `Optional<T>` metadata for it.
    @inline(__always)
    static func leaf<T>(_ type: T.Type) -> Leaf? {
        if T.self == String.self { return .string }
        if T.self == Int.self { return .int }
        if T.self == Double.self { return .double }
        if T.self == Bool.self { return .bool }
        if T.self == Date.self { return .date }
        if T.self == Timestamp.self { return .timestamp }
        if T.self == Int64.self { return .int64 }
        if T.self == Data.self { return .data }
        if T.self == URL.self { return .url }
        if T.self == GeoPoint.self { return .geoPoint }
        if T.self == DocumentName.self { return .documentName }
        if T.self == DocumentPath.self { return .documentPath }
        if T.self == Value.self { return .value }
        if T.self == MapValue.self { return .mapValue }
        if T.self == FieldValue.self { return .fieldValue }
        if T.self == Float.self { return .float }
        if T.self == Int32.self { return .int32 }
        if T.self == UInt64.self { return .uint64 }
        return nil
    }

    /// Reads `value` as `T`, which is the type `leaf` stands for (see ``leaf(_:)``).
    static func read<T>(_ leaf: Leaf, _ value: Value, as type: T.Type) throws(ValueMismatch) -> T {
        switch leaf {
        case .string: identity(try string(value), as: T.self)
        case .int: identity(try integer(value) as Int, as: T.self)
        case .double: identity(try double(value), as: T.self)
        case .bool: identity(try bool(value), as: T.self)
        case .date: identity(try payload(value.timestampValue, of: .timestamp, in: value).date, as: T.self)
        case .timestamp: identity(try payload(value.timestampValue, of: .timestamp, in: value), as: T.self)
        case .int64: identity(try integer(value) as Int64, as: T.self)
        case .data: identity(try payload(value.bytesValue, of: .bytes, in: value), as: T.self)
        case .url: identity(try url(value), as: T.self)
        case .geoPoint: identity(try payload(value.geoPointValue, of: .geoPoint, in: value), as: T.self)
        case .documentName: identity(try payload(value.referenceValue, of: .reference, in: value), as: T.self)
        case .documentPath: identity(try documentPath(value), as: T.self)
        case .value: identity(value, as: T.self)
        case .mapValue: identity(try payload(value.mapValue, of: .map, in: value), as: T.self)
        case .fieldValue: identity(FieldValue.value(value), as: T.self)
        case .float: identity(try float(value), as: T.self)
        case .int32: identity(try integer(value) as Int32, as: T.self)
        case .uint64: identity(try integer(value) as UInt64, as: T.self)
        }
    }

    /// Which leaf the elements of `T` are when `T` is an array of a common leaf (`[String]`, `[Int]`,
    /// `[Int64]`, `[Double]`, `[Bool]`), read without going through `Array.init(from:)`; `nil` otherwise.
    @inline(__always)
    static func arrayLeaf<T>(_ type: T.Type) -> Leaf? {
        if T.self == [String].self { return .string }
        if T.self == [Int].self { return .int }
        if T.self == [Double].self { return .double }
        if T.self == [Int64].self { return .int64 }
        if T.self == [Bool].self { return .bool }
        return nil
    }

    /// `value` as `T`, for a `T` that is `U` (the caller compared the metatypes): no conversion happens.
    @inline(__always)
    static func identity<U, T>(_ value: U, as type: T.Type) -> T {
        unsafeBitCast(value, to: T.self)
    }

    /// How a type is named in "expected ..." messages.
    static func expectedName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Bool.Type: "boolean"
        case is Double.Type, is Float.Type: "number"
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
            is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
            "integer"
        case is Date.Type, is Timestamp.Type: "timestamp"
        case is Data.Type: "bytes"
        case is URL.Type: "string (URL)"
        case is GeoPoint.Type: "geo point"
        case is DocumentName.Type, is DocumentPath.Type: "reference"
        case is MapValue.Type: "map"
        case is Value.Type, is FieldValue.Type: "value"
        default: "\(type)"
        }
    }
}

/// Quoting of user text inside messages.
enum PathText {
    static func quoted(_ text: String) -> String { Excerpt.quoted(text) }
}
