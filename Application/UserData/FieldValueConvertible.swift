import Foundation
public import HearthDomain

/// A Swift value that can be written to Firestore: the typed way to pass variables where Firebase takes
/// `Any` (`setData`, `updateData`, `whereField`, cursors, `arrayUnion`, batches and transactions).
///
/// ```swift
/// let userId = "u1"
/// let ids: [String] = ["a", "b"]
/// try await ref.setData(["primaryUserId": userId, "createdAt": FieldValue.serverTimestamp()])
/// let query = members.whereField("id", in: ids).whereField("joined", isGreaterThan: Date())
/// ```
///
/// Conforming types and what they become:
///
/// | Swift | Firestore |
/// |---|---|
/// | `String` | string |
/// | `Int`, `Int8`, `Int16`, `Int32`, `Int64`, `UInt8`, `UInt16`, `UInt32` | integer |
/// | `UInt`, `UInt64` | integer; above `Int64.max` it is refused (below) |
/// | `Double`, `Float` | double (a `Float` widened exactly; NaN and infinities kept) |
/// | `Bool` | boolean |
/// | `Date` | timestamp, truncated to whole microseconds (below) |
/// | `Timestamp` | timestamp, truncated to whole microseconds |
/// | `Data` | bytes |
/// | `GeoPoint` | geo point |
/// | ``DocumentReference`` | reference |
/// | ``HearthDomain/Value``, `MapValue` | themselves |
/// | ``FieldValue`` (sentinels included), ``UserFields`` | themselves |
/// | `[Element]` where `Element` conforms | array |
/// | `[String: Value]` where `Value` conforms | map |
/// | `Optional` where `Wrapped` conforms | the wrapped value; `nil` is null |
///
/// A `Date` becomes a timestamp as Firebase's SDK makes it: whole seconds rounded down, nanoseconds
/// the fraction times 10⁹ rounded toward zero, then truncated to whole microseconds (the precision
/// Firestore stores). A `Timestamp` is truncated to whole microseconds too.
///
/// A value with no Firestore representation (an unsigned integer above `Int64.max`, a `Date` outside
/// 0001-01-01...9999-12-31 or not finite) converts without failing, into a ``FieldValue`` that the write
/// or query rejects when it is built: `invalidArgument` naming the field path (`members.0.age`) and the
/// reason. Nothing traps.
///
/// `NSNumber` and `NSNull` are not conforming types (they are Objective-C classes whose `Sendable` status
/// differs between platforms); they are accepted wherever an `Any` is (`[String: Any]`, `[Any]`).
///
/// Conform your own types by returning their user data, for example a map:
///
/// ```swift
/// extension Money: FieldValueConvertible {
///     var fieldValue: FieldValue { ["amount": amount.fieldValue, "currency": currency.fieldValue] }
/// }
/// ```
public protocol FieldValueConvertible: Sendable {
    /// This value as user data. Never fails: a value Firestore cannot store becomes user data that the
    /// write or query refuses with `invalidArgument` when it is built, naming the field.
    var fieldValue: FieldValue { get }
}

extension FieldValue: FieldValueConvertible {
    /// Itself.
    public var fieldValue: FieldValue { self }
}

extension HearthDomain.Value: FieldValueConvertible {
    /// The plain value.
    public var fieldValue: FieldValue { .value(self) }
}

extension MapValue: FieldValueConvertible {
    /// The plain map value.
    public var fieldValue: FieldValue { .value(.map(self)) }
}

extension UserFields: FieldValueConvertible {
    /// A map of these fields (every pair kept, keyed by exact UTF-8 bytes).
    public var fieldValue: FieldValue { .map(self) }
}

extension String: FieldValueConvertible {
    /// A string value.
    public var fieldValue: FieldValue { .value(.string(self)) }
}

extension Bool: FieldValueConvertible {
    /// A boolean value.
    public var fieldValue: FieldValue { .value(.boolean(self)) }
}

extension FieldValueConvertible where Self: FixedWidthInteger {
    /// An integer value; above `Int64.max` (a `UInt` or `UInt64`), user data that the write or query
    /// refuses (`invalidArgument`).
    public var fieldValue: FieldValue { FieldValue.integer(converting: self) }
}

extension Int: FieldValueConvertible {}
extension Int8: FieldValueConvertible {}
extension Int16: FieldValueConvertible {}
extension Int32: FieldValueConvertible {}
extension Int64: FieldValueConvertible {}
extension UInt: FieldValueConvertible {}
extension UInt8: FieldValueConvertible {}
extension UInt16: FieldValueConvertible {}
extension UInt32: FieldValueConvertible {}
extension UInt64: FieldValueConvertible {}

extension Double: FieldValueConvertible {
    /// A double value (NaN, infinities and -0.0 kept).
    public var fieldValue: FieldValue { .value(.double(self)) }
}

extension Float: FieldValueConvertible {
    /// A double value: the `Float` widened exactly (NaN, infinities and -0.0 kept).
    public var fieldValue: FieldValue { .value(.double(Double(self))) }
}

extension Date: FieldValueConvertible {
    /// A timestamp, made as Firebase's SDK makes it and truncated to whole microseconds (see
    /// ``FieldValueConvertible``); outside Firestore's range, user data that the write or query refuses.
    public var fieldValue: FieldValue { FieldValue.timestamp(convertingDate: self) }
}

extension Timestamp: FieldValueConvertible {
    /// A timestamp value truncated to whole microseconds, as Firebase's SDK truncates it.
    public var fieldValue: FieldValue { .value(.timestamp(truncatedToMicroseconds)) }
}

extension Data: FieldValueConvertible {
    /// A bytes value.
    public var fieldValue: FieldValue { .value(.bytes(self)) }
}

extension GeoPoint: FieldValueConvertible {
    /// A geo point value.
    public var fieldValue: FieldValue { .value(.geoPoint(self)) }
}

extension DocumentReference: FieldValueConvertible {
    /// A reference value: the document's full name.
    public var fieldValue: FieldValue { .value(.reference(name)) }
}

extension Array: FieldValueConvertible where Element: FieldValueConvertible {
    /// An array of the elements' user data (an array inside an array is refused when the write is built).
    public var fieldValue: FieldValue { .array(map(\.fieldValue)) }
}

extension Dictionary: FieldValueConvertible where Key == String, Value: FieldValueConvertible {
    /// A map of the entries' user data. Swift has already merged keys that are canonically equal; use a
    /// literal (``UserFields``) to keep both.
    public var fieldValue: FieldValue { .map(UserFields(mapValues(\.fieldValue))) }
}

extension Optional: FieldValueConvertible where Wrapped: FieldValueConvertible {
    /// The wrapped value's user data, or null for `nil`.
    public var fieldValue: FieldValue {
        switch self {
        case .some(let wrapped): wrapped.fieldValue
        case .none: .value(.null)
        }
    }
}

extension FieldValue {
    /// An integer, or the refusal of one outside `Int64.min...Int64.max` (of the conforming types, only a
    /// `UInt` or `UInt64` above `Int64.max` can be).
    @inline(__always)
    static func integer(converting number: some BinaryInteger) -> FieldValue {
        guard let integer = Int64(exactly: number) else {
            let bound = number < 0 ? "below \(Int64.min), the smallest" : "above \(Int64.max), the largest"
            return FieldValue(.invalid("the integer \(number) is \(bound) Firestore integer (a signed 64-bit integer)"))
        }
        return .value(.integer(integer))
    }

    /// A `Date` as a timestamp, as Firebase's `Timestamp(date:)` makes it (``Timestamp/init(validating:)``:
    /// seconds rounded down, the fraction's nanoseconds cut toward zero), truncated to whole microseconds;
    /// the refusal of one that is not finite or outside Firestore's range.
    static func timestamp(convertingDate date: Date) -> FieldValue {
        do {
            return .value(.timestamp(try Timestamp(validating: date).truncatedToMicroseconds))
        } catch {
            let interval = date.timeIntervalSince1970
            return FieldValue(
                .invalid(
                    "the date \(interval) seconds since 1970 is outside Firestore's timestamp range 0001-01-01T00:00:00Z...9999-12-31T23:59:59.999999Z"
                )
            )
        }
    }
}
