import Foundation
import HearthDomain

/// One field per value kind and edge case, as Firestore stores and returns them.
enum ValueSamples {
    static func everyKind(database: DatabaseID) throws -> MapValue {
        [
            "null": .null,
            "true": .boolean(true),
            "false": .boolean(false),
            "int": .integer(42),
            "intMin": .integer(.min),
            "intMax": .integer(.max),
            "double": .double(3.25),
            "wholeDouble": .double(2),
            "nan": .double(.nan),
            "inf": .double(.infinity),
            "negInf": .double(-.infinity),
            "time": .timestamp(try Timestamp(rfc3339: "2024-05-01T12:34:56.123456Z")),
            "timeSeconds": .timestamp(try Timestamp(rfc3339: "1900-01-01T00:00:00Z")),
            "string": .string("héllo \"quoted\" \\ \n tab\t 😀"),
            "emptyString": .string(""),
            "bytes": .bytes(Data([0, 1, 2, 254, 255])),
            "emptyBytes": .bytes(Data()),
            "reference": .reference(DocumentName(database: database, path: try DocumentPath("users/alice"))),
            "geo": .geoPoint(try GeoPoint(latitude: 48.8584, longitude: 2.2945)),
            "geoZero": .geoPoint(try GeoPoint(latitude: 0, longitude: 0)),
            "array": .array([.integer(1), .string("two"), .null, .map(["k": .boolean(true)])]),
            "emptyArray": .array([]),
            "map": .map(["nested": .map(["deep": .integer(1)]), "with space": .string("x"), "a.b": .integer(2)]),
            "emptyMap": .map([:]),
        ]
    }
}
