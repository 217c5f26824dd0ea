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
        guard case .map(let fields) = try FieldValue.map(UserFields(converting: data)).plainValue(at: []) else {
            throw .invalidArgument("Cannot decode \(T.self): the data is not a map.")
        }
        return try decode(type, from: fields)
    }
}
