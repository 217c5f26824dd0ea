public import HearthDomain
import Foundation
public import HearthFirestoreCodec

/// Firestore REST (protobuf JSON) form of `Value` and of field maps, both directions, on `JSON` trees.
///
/// A `Value` is an object with exactly one kind member:
///
/// | Kind | Written | Also read |
/// |---|---|---|
/// | null | `{"nullValue": null}` | `{"nullValue": "NULL_VALUE"}`, `{"nullValue": 0}` |
/// | boolean | `{"booleanValue": true}` | |
/// | integer | `{"integerValue": "42"}` (decimal string) | a JSON number; integral forms such as `"1e3"` |
/// | double | `{"doubleValue": 2.5}`; `"NaN"`, `"Infinity"`, `"-Infinity"` | numeric strings such as `"2.5"` |
/// | timestamp | `{"timestampValue": "2024-05-01T12:34:56.123456Z"}` (UTC, 0/3/6/9 digits) | any RFC 3339 offset, 0-9 digits |
/// | string | `{"stringValue": "…"}` | |
/// | bytes | `{"bytesValue": "AAEC"}` (standard base64, padded) | URL-safe alphabet, padding optional |
/// | reference | `{"referenceValue": "projects/p/databases/d/documents/c/x"}` | |
/// | geo point | `{"geoPointValue": {"latitude": 1.5, "longitude": 2}}` | a missing coordinate is 0 |
/// | array | `{"arrayValue": {"values": […]}}`; empty: `{"arrayValue": {}}` | `{"values": []}` |
/// | map | `{"mapValue": {"fields": {…}}}`; empty: `{"mapValue": {"fields": {}}}` | `{"mapValue": {}}` |
///
/// Member names may also be given in snake_case (`integer_value`), as protobuf's JSON parsers accept.
/// Decoding is strict inside a value: an object with zero or several kind members, an unknown member,
/// a wrong JSON type, a non-integral or out-of-range integer, a double outside the finite range, an
/// invalid timestamp, base64 text or reference name, or a geo point out of range throws
/// `RESTDecodingError` naming the JSON path (`$.fields.age.integerValue`).
///
/// This is the test server's reference: the library's one codec (`RESTValueCodec`, the byte decoder and
/// encoder) must decode and encode exactly as these tree functions do, which the differential tests check.
public enum TreeValueCodec {
    // MARK: - Encoding

    /// The REST JSON of `value`.
    public static func encode(_ value: Value) -> JSON {
        switch value {
        case .null:
            return .object(["nullValue": .null])
        case .boolean(let flag):
            return .object(["booleanValue": .bool(flag)])
        case .integer(let number):
            return .object(["integerValue": .string(String(number))])
        case .double(let number):
            return .object(["doubleValue": encodeDouble(number)])
        case .timestamp(let timestamp):
            return .object(["timestampValue": .string(timestamp.rfc3339)])
        case .string(let text):
            return .object(["stringValue": .string(text)])
        case .bytes(let data):
            return .object(["bytesValue": .string(Base64.encode(data))])
        case .reference(let name):
            return .object(["referenceValue": .string(name.resourceName)])
        case .geoPoint(let point):
            return .object([
                "geoPointValue": .object([
                    "latitude": .number(JSONNumberText.text(point.latitude)),
                    "longitude": .number(JSONNumberText.text(point.longitude)),
                ])
            ])
        case .array(let elements):
            return .object(["arrayValue": encodeArrayValue(elements)])
        case .map(let fields):
            return .object(["mapValue": .object(["fields": encodeFields(fields)])])
        }
    }

    /// The JSON object of a field map, `{"name": Value, ...}`, keys in the map's (UTF-8) order.
    public static func encodeFields(_ fields: MapValue) -> JSON {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(fields.count)
        for field in fields {
            members.append(JSONObject.Member(key: field.key, value: encode(field.value)))
        }
        return .object(JSONObject(members: members))
    }

    /// An `ArrayValue` message: `{"values": [...]}`, or `{}` when empty.
    public static func encodeArrayValue(_ elements: [Value]) -> JSON {
        if elements.isEmpty { return .object([:]) }
        return .object(["values": .array(elements.map(encode))])
    }

    static func encodeDouble(_ number: Double) -> JSON {
        if number.isNaN { return .string("NaN") }
        if number.isInfinite { return .string(number < 0 ? "-Infinity" : "Infinity") }
        return .number(JSONNumberText.text(number))
    }

    // MARK: - Decoding

    /// The value a REST `Value` object denotes. Throws `RESTDecodingError` (path relative to `json`)
    /// for anything but exactly one well-formed kind member.
    public static func decode(_ json: JSON) throws(RESTDecodingError) -> Value {
        guard case .object(let object) = json else {
            throw Wire.mismatch("a Value object", json)
        }
        guard object.count == 1, let member = object.members.first else {
            if object.isEmpty {
                throw RESTDecodingError(
                    reason: "a Value needs exactly one kind member (such as \"stringValue\"); found none")
            }
            throw RESTDecodingError(reason: "a Value needs exactly one kind member; found \(Wire.list(object.keys))")
        }
        return try RESTDecodingError.within(key: member.key) { () throws(RESTDecodingError) in
            try decodeKind(member.key, member.value)
        }
    }

    /// The field map of a JSON object of `Value`s (`{"name": Value, ...}`). Keys are taken verbatim.
    public static func decodeFields(_ json: JSON) throws(RESTDecodingError) -> MapValue {
        guard case .object(let object) = json else {
            throw Wire.mismatch("an object of fields", json)
        }
        var fields: [MapValue.Field] = []
        fields.reserveCapacity(object.count)
        var sorted = true
        for member in object.members {
            let value = try RESTDecodingError.within(key: member.key) { () throws(RESTDecodingError) in
                try decode(member.value)
            }
            if sorted, let last = fields.last, UTF8Order.compare(last.key, member.key) >= 0 { sorted = false }
            fields.append(MapValue.Field(key: member.key, value: value))
        }
        if !sorted {
            fields.sort { UTF8Order.compare($0.key, $1.key) < 0 }
            for index in fields.indices.dropFirst() where UTF8Order.equal(fields[index - 1].key, fields[index].key) {
                throw RESTDecodingError(reason: "the field \(Wire.quoted(fields[index].key)) appears twice")
            }
        }
        return MapValue(sortedUniqueFields: fields)
    }

    /// The elements of an `ArrayValue` message (`{"values": [...]}`; `{}` is empty).
    public static func decodeArrayValue(_ json: JSON) throws(RESTDecodingError) -> [Value] {
        guard case .object(let object) = json else { throw Wire.mismatch("an ArrayValue object", json) }
        var values: [Value] = []
        for member in object.members {
            guard member.key == "values" else {
                throw RESTDecodingError(
                    reason: "unknown member \(Wire.quoted(member.key)) in an ArrayValue (expected only \"values\")")
            }
            values = try RESTDecodingError.within(key: member.key) { () throws(RESTDecodingError) in
                try Wire.array(member.value, decode)
            }
        }
        return values
    }

    private static func decodeKind(_ key: String, _ json: JSON) throws(RESTDecodingError) -> Value {
        switch key {
        case "nullValue", "null_value":
            switch json {
            case .null, .string("NULL_VALUE"), .number("0"): return .null
            default: throw Wire.mismatch("null (or \"NULL_VALUE\")", json)
            }
        case "booleanValue", "boolean_value":
            return .boolean(try Wire.bool(json))
        case "integerValue", "integer_value":
            return .integer(try Wire.int64(json))
        case "doubleValue", "double_value":
            return .double(try decodeDouble(json))
        case "timestampValue", "timestamp_value":
            return .timestamp(try Wire.timestamp(json))
        case "stringValue", "string_value":
            return .string(try Wire.string(json))
        case "bytesValue", "bytes_value":
            return .bytes(Data(try Wire.bytes(json)))
        case "referenceValue", "reference_value":
            return .reference(try Wire.documentName(json, database: nil))
        case "geoPointValue", "geo_point_value":
            return .geoPoint(try decodeGeoPoint(json))
        case "arrayValue", "array_value":
            return .array(try decodeArrayValue(json))
        case "mapValue", "map_value":
            return .map(try decodeMapValue(json))
        default:
            throw RESTDecodingError(reason: "unknown Value kind \(Wire.quoted(key))")
        }
    }

    static func decodeDouble(_ json: JSON) throws(RESTDecodingError) -> Double {
        let text: String
        switch json {
        case .number(let lexeme):
            text = lexeme
        case .string("NaN"):
            return .nan
        case .string("Infinity"):
            return .infinity
        case .string("-Infinity"):
            return -.infinity
        case .string(let string):
            guard JSONNumberText.isValid(string) else {
                throw RESTDecodingError(
                    reason: "expected a number, \"NaN\", \"Infinity\" or \"-Infinity\", found \(Wire.quoted(string))")
            }
            text = string
        default:
            throw Wire.mismatch("a number", json)
        }
        guard let value = JSONNumberText.double(text) else {
            throw RESTDecodingError(reason: "\(text) is outside the range of a double")
        }
        return value
    }

    private static func decodeGeoPoint(_ json: JSON) throws(RESTDecodingError) -> GeoPoint {
        guard case .object(let object) = json else { throw Wire.mismatch("a LatLng object", json) }
        var latitude = 0.0
        var longitude = 0.0
        for member in object.members {
            guard member.key == "latitude" || member.key == "longitude" else {
                throw RESTDecodingError(
                    reason:
                        "unknown member \(Wire.quoted(member.key)) in a LatLng (expected \"latitude\", \"longitude\")")
            }
            let number = try RESTDecodingError.within(key: member.key) { () throws(RESTDecodingError) in
                try decodeDouble(member.value)
            }
            if member.key == "latitude" { latitude = number } else { longitude = number }
        }
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw RESTDecodingError(reason: "invalid geo point", underlying: error)
        }
    }

    private static func decodeMapValue(_ json: JSON) throws(RESTDecodingError) -> MapValue {
        guard case .object(let object) = json else { throw Wire.mismatch("a MapValue object", json) }
        var fields = MapValue()
        for member in object.members {
            guard member.key == "fields" else {
                throw RESTDecodingError(
                    reason: "unknown member \(Wire.quoted(member.key)) in a MapValue (expected only \"fields\")")
            }
            fields = try RESTDecodingError.within(key: member.key) { () throws(RESTDecodingError) in
                try decodeFields(member.value)
            }
        }
        return fields
    }
}
