import Foundation

/// A Firestore value: one of the eleven kinds a document field can hold.
///
/// `==` and `hash(into:)` are *representation* equality: the same kind and the same content
/// (`.integer(1) != .double(1.0)`; every NaN equals every NaN; `-0.0 != 0.0`; strings and map keys by
/// exact UTF-8 bytes), so values round-trip exactly through codecs. Firestore's own *query* semantics
/// (`1 == 1.0`, the cross-kind total order) are ``Value/compare(_:_:)`` and ``Value/isEquivalent(to:)``.
public enum Value: Sendable {
    /// Null: a field that is present and holds no value (unlike a missing field).
    case null
    /// `true` or `false`.
    case boolean(Bool)
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit IEEE 754 double, including NaN, infinities and -0.0.
    case double(Double)
    /// A point in time; stores keep microseconds (finer digits are truncated when written).
    case timestamp(Timestamp)
    /// A UTF-8 string, compared and ordered by its bytes.
    case string(String)
    /// A byte string, ordered byte by byte.
    case bytes(Data)
    /// A reference to a document, by full resource name.
    indirect case reference(DocumentName)
    /// A latitude and longitude.
    case geoPoint(GeoPoint)
    /// An array. Firestore does not allow an array directly inside an array.
    case array([Value])
    /// A map of string keys to values. A map whose `__type__` is `"__vector__"` is Firestore's encoding of a
    /// vector, ordered after arrays and before other maps (see ``typeOrder``).
    case map(MapValue)
}

extension Value {
    /// The kinds of value, for messages and type checks.
    public enum Kind: String, Sendable, CaseIterable {
        /// One case per case of ``Value``, named alike (`rawValue` is that name).
        case null, boolean, integer, double, timestamp, string, bytes, reference, geoPoint, array, map
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .null: .null
        case .boolean: .boolean
        case .integer: .integer
        case .double: .double
        case .timestamp: .timestamp
        case .string: .string
        case .bytes: .bytes
        case .reference: .reference
        case .geoPoint: .geoPoint
        case .array: .array
        case .map: .map
        }
    }

    /// Whether this is an integer or a double.
    public var isNumber: Bool {
        switch self {
        case .integer, .double: true
        default: false
        }
    }

    /// Whether this is a double NaN.
    public var isNaN: Bool {
        if case .double(let value) = self { return value.isNaN }
        return false
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The elements of an array value, or `nil` for other kinds.
    public var arrayValue: [Value]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The fields of a map value, or `nil` for other kinds.
    public var mapValue: MapValue? {
        if case .map(let fields) = self { return fields }
        return nil
    }

    /// The text of a string value, or `nil` for other kinds.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The flag of a boolean value, or `nil` for other kinds.
    public var booleanValue: Bool? {
        if case .boolean(let flag) = self { return flag }
        return nil
    }

    /// The number of an integer value, or `nil` for other kinds (a double, even a whole one, is `nil`).
    public var integerValue: Int64? {
        if case .integer(let number) = self { return number }
        return nil
    }

    /// The number of a double value (NaN, infinities and -0.0 as stored), or `nil` for other kinds
    /// (an integer is `nil`; use ``numberValue`` for either).
    public var doubleValue: Double? {
        if case .double(let number) = self { return number }
        return nil
    }

    /// The number of an integer or double value as a `Double`, or `nil` for other kinds. An integer
    /// beyond 2^53 in magnitude is rounded to the nearest `Double`.
    public var numberValue: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// The time of a timestamp value, or `nil` for other kinds.
    public var timestampValue: Timestamp? {
        if case .timestamp(let time) = self { return time }
        return nil
    }

    /// The bytes of a bytes value, or `nil` for other kinds.
    public var bytesValue: Data? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// The document a reference value names, or `nil` for other kinds.
    public var referenceValue: DocumentName? {
        if case .reference(let name) = self { return name }
        return nil
    }

    /// The point of a geo point value, or `nil` for other kinds.
    public var geoPointValue: GeoPoint? {
        if case .geoPoint(let point) = self { return point }
        return nil
    }
}

// MARK: - Representation equality

extension Value: Hashable {
    /// Representation equality: the same kind and the same content. Integers and doubles never equal each
    /// other, every NaN equals every NaN, `-0.0` and `0.0` differ (by bits), strings and map keys compare by
    /// UTF-8 bytes. For Firestore's query equality (`1 == 1.0`, `-0.0 == 0.0`) use ``isEquivalent(to:)``.
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.boolean(let left), .boolean(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.double(let left), .double(let right)):
            left.bitPattern == right.bitPattern || (left.isNaN && right.isNaN)
        case (.timestamp(let left), .timestamp(let right)): left == right
        case (.string(let left), .string(let right)): UTF8Order.equal(left, right)
        case (.bytes(let left), .bytes(let right)): left == right
        case (.reference(let left), .reference(let right)): left == right
        case (.geoPoint(let left), .geoPoint(let right)):
            left.latitude.bitPattern == right.latitude.bitPattern
                && left.longitude.bitPattern == right.longitude.bitPattern
        case (.array(let left), .array(let right)): left == right
        case (.map(let left), .map(let right)): left == right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch self {
        case .null: break
        case .boolean(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
        case .timestamp(let value): hasher.combine(value)
        case .string(let value): ExactText.hash(value, into: &hasher)
        case .bytes(let value): hasher.combine(value)
        case .reference(let value): hasher.combine(value)
        case .geoPoint(let value):
            hasher.combine(value.latitude.bitPattern)
            hasher.combine(value.longitude.bitPattern)
        case .array(let values): hasher.combine(values)
        case .map(let fields): hasher.combine(fields)
        }
    }
}

// MARK: - Literals

extension Value: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) { self = .map(MapValue(elements)) }
}

extension Value: CustomStringConvertible {
    /// A compact, human-readable rendering for messages and logs: strings quoted, timestamps in RFC 3339,
    /// bytes in base64, references by path, such as `{age: 30, name: "Ana"}`. Not a wire format.
    public var description: String {
        switch self {
        case .null: "null"
        case .boolean(let value): "\(value)"
        case .integer(let value): "\(value)"
        case .double(let value): "\(value)"
        case .timestamp(let value): "Timestamp(\(value.rfc3339))"
        case .string(let value): "\"\(value)\""
        case .bytes(let value): "Bytes(\(value.base64EncodedString()))"
        case .reference(let value): "Reference(\(value.path))"
        case .geoPoint(let value): value.description
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .map(let fields): "{" + fields.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
