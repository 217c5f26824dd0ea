import Foundation
public import HearthDomain

/// A value as users write it: a plain `Value`, nested user data (maps and arrays that may hold
/// sentinels), or a sentinel that asks the server to compute the value (Firebase's `FieldValue`).
///
/// Literals work as in Firebase, without `Any`:
///
/// ```swift
/// try await ref.updateData([
///     "name": "Ana",
///     "visits": FieldValue.increment(1),
///     "updatedAt": FieldValue.serverTimestamp(),
///     "tags": FieldValue.arrayUnion(["gym"]),
///     "nickname": FieldValue.delete(),
/// ])
/// ```
///
/// Where a sentinel is allowed is checked when the write is built (``WriteBuilder``): for example
/// `delete()` only in `updateData` or merge sets, no sentinel inside an array, no sentinel in a query.
///
/// Inside this type's declarations the domain value type must be spelled `HearthDomain.Value`: the
/// dictionary-literal conformance declares an associated type named `Value` (= `FieldValue`).
public struct FieldValue: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case value(HearthDomain.Value)
        case array([FieldValue])
        case map(UserFields)
        case serverTimestamp
        case delete
        case arrayUnion([FieldValue])
        case arrayRemove([FieldValue])
        case increment(HearthDomain.Value)
        case maximum(HearthDomain.Value)
        case minimum(HearthDomain.Value)
        /// A Swift value with no Firestore representation (see ``FieldValueConvertible``): building a
        /// write or a query with it throws `invalidArgument` naming the field and this reason.
        case invalid(String)
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// A plain value.
    public static func value(_ value: HearthDomain.Value) -> FieldValue { FieldValue(.value(value)) }
    /// An array of user data (sentinels inside arrays are rejected when the write is built).
    public static func array(_ elements: [FieldValue]) -> FieldValue { FieldValue(.array(elements)) }
    /// A map of user data; its keys are literal field names (dots are not separators here).
    public static func map(_ fields: [String: FieldValue]) -> FieldValue { FieldValue(.map(UserFields(fields))) }
    /// A map of user data keyed by exact UTF-8 bytes (see ``UserFields``).
    public static func map(_ fields: UserFields) -> FieldValue { FieldValue(.map(fields)) }

    /// The server's commit time, with millisecond precision (`REQUEST_TIME`).
    public static func serverTimestamp() -> FieldValue { FieldValue(.serverTimestamp) }
    /// Deletes the field (in `updateData` and in merge sets only).
    public static func delete() -> FieldValue { FieldValue(.delete) }
    /// Appends each element not already present in the array field.
    public static func arrayUnion(_ elements: [FieldValue]) -> FieldValue { FieldValue(.arrayUnion(elements)) }
    /// Removes every occurrence of each element from the array field.
    public static func arrayRemove(_ elements: [FieldValue]) -> FieldValue { FieldValue(.arrayRemove(elements)) }
    /// Adds to the numeric field (integer arithmetic saturates at the Int64 bounds).
    public static func increment(_ amount: Int64) -> FieldValue { FieldValue(.increment(.integer(amount))) }
    /// Adds to the numeric field (integer arithmetic saturates at the Int64 bounds). The `Int` spelling,
    /// so that `FieldValue.increment(1)` and an `Int` variable compile (an integer literal is an `Int`).
    public static func increment(_ amount: Int) -> FieldValue { increment(Int64(amount)) }
    /// Adds to the numeric field as a double.
    public static func increment(_ amount: Double) -> FieldValue { FieldValue(.increment(.double(amount))) }
    /// Adds a numeric `Value` (an integer or a double; anything else is rejected when the write is built).
    public static func increment(_ amount: HearthDomain.Value) -> FieldValue { FieldValue(.increment(amount)) }
    /// Keeps the larger of the field and `operand`.
    public static func maximum(_ operand: HearthDomain.Value) -> FieldValue { FieldValue(.maximum(operand)) }
    /// Keeps the smaller of the field and `operand`.
    public static func minimum(_ operand: HearthDomain.Value) -> FieldValue { FieldValue(.minimum(operand)) }

    /// A timestamp value.
    public static func timestamp(_ timestamp: Timestamp) -> FieldValue { .value(.timestamp(timestamp)) }
    /// A bytes value.
    public static func bytes(_ data: Data) -> FieldValue { .value(.bytes(data)) }
    /// A geo point value.
    public static func geoPoint(_ point: GeoPoint) -> FieldValue { .value(.geoPoint(point)) }
    /// A reference value.
    public static func reference(_ name: DocumentName) -> FieldValue { .value(.reference(name)) }

    /// Whether this is a sentinel (server timestamp, delete, array union/remove, increment, max, min).
    public var isSentinel: Bool {
        switch storage {
        case .value, .array, .map, .invalid: false
        case .serverTimestamp, .delete, .arrayUnion, .arrayRemove, .increment, .maximum, .minimum: true
        }
    }
}

extension FieldValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self.init(.value(.null)) }
    public init(booleanLiteral value: Bool) { self.init(.value(.boolean(value))) }
    public init(integerLiteral value: Int64) { self.init(.value(.integer(value))) }
    public init(floatLiteral value: Double) { self.init(.value(.double(value))) }
    public init(stringLiteral value: String) { self.init(.value(.string(value))) }
    public init(arrayLiteral elements: FieldValue...) { self.init(.array(elements)) }
    /// A map keeping every pair, keyed by exact UTF-8 bytes (see ``UserFields``): `"é"` and `"e\u{301}"`
    /// are two fields, and a key given twice is refused when the write is built.
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self.init(.map(UserFields(elements)))
    }
}

extension FieldValue {
    /// The plain value this user data stands for, or `nil` when it is or contains a sentinel, a map that
    /// names one key twice, or a Swift value that Firestore cannot store (converted from an unsupported
    /// type, see ``FieldValueConvertible``). ``plainValue(at:)`` says which field and why.
    public var plainValue: HearthDomain.Value? { try? plainValue(at: []) }

    /// The plain value this user data stands for. Throws `invalidArgument` naming the field (`path` plus
    /// the keys and array indices inside this value) that is a sentinel, a key given twice, or a Swift
    /// value Firestore cannot store.
    public func plainValue(at path: [String]) throws(DocumentStoreError) -> HearthDomain.Value {
        switch storage {
        case .value(let value):
            return value
        case .array(let elements):
            var values: [HearthDomain.Value] = []
            values.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                values.append(try element.plainValue(at: path + [String(index)]))
            }
            return .array(values)
        case .map(let fields):
            var map = MapValue()
            for field in fields {
                let value = try field.value.plainValue(at: path + [field.key])
                guard map[field.key] == nil else {
                    throw Self.notPlain(at: path + [field.key], "the field name is given more than once")
                }
                map[field.key] = value
            }
            return .map(map)
        case .invalid(let reason):
            throw Self.notPlain(at: path, reason)
        case .serverTimestamp, .delete, .arrayUnion, .arrayRemove, .increment, .maximum, .minimum:
            throw Self.notPlain(at: path, "a \(encodedKindName) has no value here")
        }
    }

    private static func notPlain(at path: [String], _ reason: String) -> DocumentStoreError {
        .invalidArgument("Not a plain value at field '\(path.joined(separator: "."))': \(reason).")
    }
}
