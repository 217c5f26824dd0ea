public import HearthDomain

/// Firestore REST (protobuf JSON) form of `Value` and of field maps, both directions, as compact UTF-8
/// JSON bytes.
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
/// Kind names may also be given in snake_case (`integer_value`), as protobuf's JSON parsers accept.
/// Decoding is strict inside a value: an object with zero or several kind members, an unknown member,
/// a wrong JSON type, a non-integral or out-of-range integer, a double outside the finite range, an
/// invalid timestamp, base64 text or reference name, or a geo point out of range throws
/// ``RESTDecodingError`` naming the JSON path (`$.age.integerValue`); so does text that is not JSON.
public enum RESTValueCodec {
    /// The compact REST JSON of `value`.
    public static func encode(_ value: Value) -> [UInt8] {
        RESTEncoder.encode(capacity: 64) { $0.value(value) }
    }

    /// The compact JSON object of a field map, `{"name": Value, ...}`, keys in the map's (UTF-8) order.
    public static func encodeFields(_ fields: MapValue) -> [UInt8] {
        RESTEncoder.encode(capacity: 64 + 32 * fields.count) { $0.fields(fields) }
    }

    /// The value of the bytes of a REST `Value` object.
    public static func decode(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> Value {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in try decoder.value() }
    }

    /// The field map of the bytes of a JSON object of `Value`s (`{"name": Value, ...}`); keys are taken
    /// verbatim.
    public static func decodeFields(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> MapValue {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in try decoder.fields() }
    }

    /// The `ArrayValue` message of `values`: `{"values": [...]}`, or `{}` when empty.
    package static func encodeArrayValue(_ values: [Value]) -> [UInt8] {
        RESTEncoder.encode(capacity: 64) { $0.arrayValue(values) }
    }

    /// The elements of the bytes of an `ArrayValue` message (`{"values": [...]}`; `{}` is empty).
    package static func decodeArrayValue(bytes: some Collection<UInt8>) throws(RESTDecodingError) -> [Value] {
        try RESTDecoder.decode(bytes, database: nil) { (decoder) throws(RESTDecodingError) in try decoder.arrayValue() }
    }
}
