import Foundation
public import HearthDomain

extension DocumentDecoder {
    /// Firebase's `Firestore.Decoder().decode(_:from:)`: decodes `T` from a Firebase-shaped dictionary —
    /// what ``DocumentSnapshot/data()`` returns, or values as Firebase code builds them (`String`,
    /// `NSNumber`, `Bool`, `Timestamp`, `Date`, `Data`, `GeoPoint`, `DocumentReference`, `[Any]`,
    /// `[String: Any]`, `NSNull`, …; see Docs/Values.md for each conversion). Throws `invalidArgument`
    /// naming the field for a value Firestore cannot hold or a sentinel such as
    /// `FieldValue.serverTimestamp()` (it has no value to decode), and as ``decode(_:from:documentPath:)``
    /// when the data does not fit `T`.
    ///
    /// ```swift
    /// let member = try Firestore.Decoder().decode(Member.self, from: snapshot.data() ?? [:])
    /// ```
    public func decode<T: Decodable>(_ type: T.Type, from data: [String: Any]) throws(DocumentStoreError) -> T {
        let fields = try Self.plainMap(UserFields(converting: data), at: [])
        return try decode(type, from: fields)
    }

    private static func plainMap(_ fields: UserFields, at path: [String]) throws(DocumentStoreError) -> MapValue {
        var pairs: [(String, HearthDomain.Value)] = []
        pairs.reserveCapacity(fields.count)
        for field in fields {
            pairs.append((field.key, try plain(field.value, at: path + [field.key])))
        }
        return MapValue(pairs)
    }

    private static func plain(_ value: FieldValue, at path: [String]) throws(DocumentStoreError) -> HearthDomain.Value {
        switch value.storage {
        case .value(let plain):
            return plain
        case .array(let elements):
            var values: [HearthDomain.Value] = []
            values.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                values.append(try plain(element, at: path + [String(index)]))
            }
            return .array(values)
        case .map(let fields):
            return .map(try plainMap(fields, at: path))
        case .invalid(let reason):
            throw .invalidArgument("Cannot decode from data: field '\(path.joined(separator: "."))': \(reason).")
        case .serverTimestamp, .delete, .arrayUnion, .arrayRemove, .increment, .maximum, .minimum:
            throw .invalidArgument(
                "Cannot decode from data: field '\(path.joined(separator: "."))' holds a \(value.encodedKindName), which has no value to decode."
            )
        }
    }
}
