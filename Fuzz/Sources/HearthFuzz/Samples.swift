import Foundation
import HearthDomain

/// Documents and values for the seed corpora: every value kind, nesting, unusual names.
enum Samples {
    static let database = try! DatabaseID(projectID: "fuzz-project")
    static let time = try! Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)

    static var values: [Value] {
        let reference = DocumentName(database: database, path: try! DocumentPath("members/ana"))
        return [
            .null, .boolean(true), .boolean(false), .integer(0), .integer(-42), .integer(.max), .integer(.min),
            .double(0.5), .double(-0.0), .double(.nan), .double(.infinity), .double(1e-300), .double(6.02e23),
            .timestamp(time), .timestamp(try! Timestamp(seconds: -62_135_596_800)),
            .string(""), .string("héllo wörld"), .string("tab\tquote\"back\\slash\u{1}"), .string("😀 e\u{301}"),
            .bytes(Data([0, 1, 2, 255])), .bytes(Data()),
            .reference(reference),
            .geoPoint(try! GeoPoint(latitude: 48.85, longitude: 2.35)),
            .array([]), .array([.integer(1), .string("two"), .map(["three": .integer(3)])]),
            .map([:]), .map(["a": .map(["b": .map(["c": .boolean(true)])])]),
        ]
    }

    static var documents: [Document] {
        let paths = ["members/ana", "members/bo", "clubs/x/rooms/r-1", "a b/c.d", "members/émile", "c/_id7_"]
        return paths.enumerated().map { index, path in
            var fields: [(String, Value)] = [("n", .integer(Int64(index))), ("name", .string(path))]
            let values = Self.values
            for offset in 0..<4 {
                let value = values[(index * 4 + offset) % values.count]
                fields.append(("f\(offset)", value))
            }
            fields.append(("all", .array(values.filter { if case .array = $0 { false } else { true } })))
            fields.append(("odd name.with`tick", .integer(7)))
            return Document(path: try! DocumentPath(path), fields: MapValue(fields), createTime: time, updateTime: time)
        }
    }
}
