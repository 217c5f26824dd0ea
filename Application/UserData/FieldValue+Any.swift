import Foundation
import HearthDomain

/// Firebase's `Any` route into user data: what `setData(_: [String: Any])`, `whereField(_:isEqualTo: Any)`
/// and the other `Any` forms accept, checked at run time.
extension FieldValue {
    /// The user data for a value of any type, as Firebase's SDK reads it: every ``FieldValueConvertible``
    /// as that protocol says; `NSNumber` by what it holds (a boolean, an integer — refused above
    /// `Int64.max` — or a double); `NSNull` and `nil` as null; `[Any]` (`NSArray`) as an array and
    /// `[String: Any]` (`NSDictionary`) as a map, converted element by element. Anything else — a class
    /// instance, a struct that does not conform, a dictionary with a key that is not a `String` —
    /// converts into user data that the write or query refuses with `invalidArgument`, naming the field.
    init(converting value: Any) {
        // A real NSNumber first: on Linux `NSNumber as? Bool` succeeds for any number, and bridged
        // Swift numbers are not NSNumber instances (their metatype is not NSNumber's).
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            self = Self.number(number)
        } else if let convertible = value as? any FieldValueConvertible {
            self = convertible.fieldValue
        } else if let optional = value as? any OptionalBox {
            self = optional.unwrapped.map(FieldValue.init(converting:)) ?? .value(.null)
        } else if value is NSNull {
            self = .value(.null)
        } else if let array = value as? [Any] {
            self = .array(array.map(FieldValue.init(converting:)))
        } else if let map = value as? [String: Any] {
            self = .map(UserFields(map.mapValues(FieldValue.init(converting:))))
        } else if let map = value as? [AnyHashable: Any] {
            self = Self.anyKeyedMap(map)
        } else if let text = value as? String {
            // Bridged Foundation objects (`NSString`, `NSData`, `NSDate`) that are not Swift values yet.
            self = text.fieldValue
        } else if let data = value as? Data {
            self = data.fieldValue
        } else if let date = value as? Date {
            self = date.fieldValue
        } else {
            self = FieldValue(.invalid("unsupported type \(type(of: value)); Firestore takes \(Self.supportedTypes)"))
        }
    }

    static let supportedTypes =
        "String, integers, Double, Float, Bool, Date, Timestamp, Data, GeoPoint, DocumentReference, arrays, [String: …] maps, nil, NSNull, NSNumber and FieldValue"

    /// The value an `NSNumber` holds. A boolean is told apart by its class (Core Foundation's shared
    /// boolean on both platforms) or its `B` type encoding, not by its `c` encoding, which `Int8` shares on
    /// Apple platforms; unsigned 64-bit numbers above `Int64.max` are refused.
    private static func number(_ number: NSNumber) -> FieldValue {
        if ObjectIdentifier(type(of: number)) == booleanClass { return .value(.boolean(number.boolValue)) }
        switch number.objCType.pointee {
        case CChar(UInt8(ascii: "B")):
            return .value(.boolean(number.boolValue))
        case CChar(UInt8(ascii: "f")), CChar(UInt8(ascii: "d")):
            return .value(.double(number.doubleValue))
        case CChar(UInt8(ascii: "Q")), CChar(UInt8(ascii: "L")):
            return integer(converting: number.uint64Value)
        default:
            return .value(.integer(number.int64Value))
        }
    }

    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// A map from a dictionary whose keys are not typed `String`: refused unless every key is a string.
    private static func anyKeyedMap(_ dictionary: [AnyHashable: Any]) -> FieldValue {
        var fields: [String: FieldValue] = [:]
        fields.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            guard let name = key.base as? String else {
                return FieldValue(
                    .invalid(
                        "a map key must be a String, but the key \(Excerpt.quoted(String(describing: key.base), limit: 120)) is of type \(type(of: key.base))"
                    ))
            }
            fields[name] = FieldValue(converting: value)
        }
        return .map(UserFields(fields))
    }
}

extension UserFields {
    /// The fields of a Firebase-shaped dictionary, each value converted as ``FieldValue/init(converting:)``
    /// says (an unsupported value is refused when the write is built, naming its field).
    init(converting dictionary: [String: Any]) {
        self.init(dictionary.mapValues(FieldValue.init(converting:)))
    }

    /// The fields of a typed dictionary.
    init(converting dictionary: [String: any FieldValueConvertible]) {
        self.init(dictionary.mapValues(\.fieldValue))
    }
}

/// An `Optional` of any wrapped type, so that a `nil` hidden in an `Any` is found.
protocol OptionalBox {
    var unwrapped: Any? { get }
}

extension Optional: OptionalBox {
    var unwrapped: Any? { self.map { $0 as Any } }
}
