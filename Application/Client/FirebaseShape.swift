import Foundation
import HearthDomain

/// Typed values in Firebase's untyped shape, as its `DocumentSnapshot.data()` returns them.
enum FirebaseShape {
    /// `value` as Firebase gives it: integers and doubles `NSNumber`, booleans `Bool`, strings `String`,
    /// timestamps `Timestamp`, bytes `Data`, geo points `GeoPoint`, references `DocumentReference` in
    /// `database`, arrays `[Any]`, maps `[String: Any]`, null `NSNull`.
    static func any(_ value: Value, database: Database) -> Any {
        switch value {
        case .null: NSNull()
        case .boolean(let flag): flag
        case .integer(let integer): NSNumber(value: integer)
        case .double(let double): NSNumber(value: double)
        case .timestamp(let timestamp): timestamp
        case .string(let string): string
        case .bytes(let data): data
        case .reference(let name): DocumentReference(database: database, path: name.path)
        case .geoPoint(let point): point
        case .array(let elements): elements.map { any($0, database: database) }
        case .map(let fields): dictionary(fields, database: database)
        }
    }

    /// A map's fields as a dictionary; of canonically equal keys, the last in byte order wins.
    static func dictionary(_ fields: MapValue, database: Database) -> [String: Any] {
        var dictionary: [String: Any] = Dictionary(minimumCapacity: fields.count)
        for field in fields { dictionary[field.key] = any(field.value, database: database) }
        return dictionary
    }
}
