public import HearthDomain

/// Encodes `Encodable` models as document fields: user data (``FieldValue``) ready for `setData`,
/// `create` or an update, sentinels included.
///
/// Mapping (Swift type → stored kind):
/// - `Bool` → boolean; `String` → string; `URL` → string (its absolute string);
/// - every integer type → integer (a value outside `Int64`, such as a `UInt64` above `Int64.max`, throws);
/// - `Double`, `Float` → double;
/// - `Date` → timestamp (as Firebase's `Timestamp(date:)` rounds, via `Timestamp(validating:)`: outside Firestore's range it is an error); `Timestamp` → timestamp;
/// - `Data` → bytes; `GeoPoint` → geo point; `DocumentName` → reference; `DocumentPath` → string;
/// - a nested model or `[String: T]` → map; an array or other sequence → array;
/// - `Value` and `MapValue` → themselves; `FieldValue` → itself, so a model may carry sentinels such
///   as `FieldValue.serverTimestamp()` or `FieldValue.increment(1)`.
///
/// `nil` optionals are omitted (Swift's synthesized `encodeIfPresent`); ``ExplicitNull`` writes null,
/// ``ServerTimestamp`` writes the server-timestamp sentinel while `nil`, ``DocumentID`` is never written.
///
/// Errors: `DocumentStoreError` with code `invalidArgument` whose message names the field path
/// (`address.city`, `tags[2]`) and the reason, keeping Swift's `EncodingError` as `underlying`, for: a
/// top-level value that does not encode as a map; an integer outside `Int64`; a `Date` outside
/// 0001...9999; an array directly inside an array (Firestore cannot store one). Where sentinels may
/// appear is checked later, when the write is built.
public struct DocumentEncoder: Sendable {
    /// Values handed to models through `Encoder.userInfo`. Empty by default.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// An encoder with empty `userInfo`.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// Encodes a model as a document's fields. The model must encode as a map (a struct or class with
    /// keyed fields, a `[String: T]`, a `MapValue`); anything else throws `invalidArgument`, and so do two
    /// field names that are equal as Swift strings but differ in bytes (a `MapValue` can hold both, the
    /// returned dictionary cannot), naming both.
    public func encode(_ value: some Encodable) throws(DocumentStoreError) -> [String: FieldValue] {
        let encoded = try encodeValue(value)
        switch encoded.storage {
        case .map(let fields):
            return try fields.dictionary()
        case .value(.map(let map)):
            return try UserFields(map.map { ($0.key, FieldValue.value($0.value)) }).dictionary()
        default:
            throw DocumentStoreError(
                .invalidArgument,
                "Cannot encode \(type(of: value)) as a document: a document needs a value that encodes as a map "
                    + "(a struct or class with keyed fields), but it encoded as \(encoded.encodedKindName)."
            )
        }
    }

    /// Encodes any value as user data, for example a field's new value or a query operand
    /// (`encodeValue(Plan.Tier.gold)` → `"gold"`). Nothing encoded at all becomes an empty map.
    /// Throws `invalidArgument` as described on the type.
    public func encodeValue(_ value: some Encodable) throws(DocumentStoreError) -> FieldValue {
        let encoder = FieldEncoder(node: .root, userInfo: userInfo.isEmpty ? [:] : userInfo.mapValues { $0 as Any })
        do {
            try encoder.encode(value)
            return try encoder.finish() ?? .map([:])
        } catch {
            throw .encodingFailed(error, type: type(of: value))
        }
    }
}

extension FieldValue {
    /// A short name of what this user data is, for messages.
    var encodedKindName: String {
        switch storage {
        case .value(let value): ValueReader.name(of: value.kind)
        case .array: "array"
        case .map: "map"
        case .serverTimestamp: "server timestamp sentinel"
        case .delete: "delete sentinel"
        case .arrayUnion: "array union sentinel"
        case .arrayRemove: "array remove sentinel"
        case .increment: "increment sentinel"
        case .maximum: "maximum sentinel"
        case .minimum: "minimum sentinel"
        case .invalid: "unsupported value"
        }
    }
}
