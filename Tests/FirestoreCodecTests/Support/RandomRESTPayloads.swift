import HearthTestSupport
import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort

// Random REST payloads for the byte codec tests: documents, values of every kind (including NaN, -0.0,
// the int64 extremes, keys and IDs that need escaping or are not ASCII), answers and writes.

func randomRunQueryElements(_ random: inout SplitMix64) throws -> [RESTRunQueryResponseElement] {
    var elements: [RESTRunQueryResponseElement] = []
    if Bool.random(using: &random) {
        elements.append(
            RESTRunQueryResponseElement(document: nil, transaction: TransactionID(bytes: [1, 2, 3, 4]), readTime: nil))
    }
    for _ in 0..<Int.random(in: 0...5, using: &random) {
        elements.append(
            RESTRunQueryResponseElement(document: try randomDocument(&random), readTime: randomTimestamp(&random)))
    }
    elements.append(
        RESTRunQueryResponseElement(
            document: nil,
            readTime: randomTimestamp(&random),
            skippedResults: Int.random(in: 0...3, using: &random),
            done: Bool.random(using: &random)
        )
    )
    return elements
}

func randomDocument(_ random: inout SplitMix64) throws -> Document {
    var fields = MapValue()
    for _ in 0..<Int.random(in: 0...8, using: &random) {
        fields[randomKey(&random)] = randomValue(&random, depth: 0)
    }
    let created = randomTimestamp(&random)
    return Document(
        path: try randomPath(&random), fields: fields, createTime: created,
        updateTime: max(created, randomTimestamp(&random)))
}

func randomPath(_ random: inout SplitMix64) throws -> DocumentPath {
    let ids = ["a", "users", "Zz9", "x-y_z", "id with space", "é", "e\u{301}", "🔥", "%2F", "a.b", "0"]
    var segments: [String] = []
    for _ in 0..<(2 * Int.random(in: 1...3, using: &random)) {
        segments.append(ids[Int.random(in: 0..<ids.count, using: &random)])
    }
    return try DocumentPath(segments: segments)
}

func randomKey(_ random: inout SplitMix64) -> String {
    let keys = [
        "a", "b", "name", "createdAt", "", "a.b", "`x`", "é", "e\u{301}", "quote\"d", "back\\slash", "tab\t",
        "nul\u{0}", "ctl\u{1}\u{0C}", "🔥", "__x__", "z",
    ]
    return keys[Int.random(in: 0..<keys.count, using: &random)]
}

func randomTimestamp(_ random: inout SplitMix64) -> Timestamp {
    let seconds = Int64.random(in: Timestamp.min.seconds...Timestamp.max.seconds, using: &random)
    let nanos: Int32 = [0, 1_000_000, 123_456_000, 999_999_999, Int32.random(in: 0..<1_000_000_000, using: &random)][
        Int.random(in: 0..<5, using: &random)]
    return (try? Timestamp(seconds: seconds, nanoseconds: nanos)) ?? Timestamp.min
}

func randomValue(_ random: inout SplitMix64, depth: Int, inArray: Bool = false) -> Value {
    let kinds = depth >= 3 ? 9 : 11
    switch Int.random(in: 0..<kinds, using: &random) {
    case 0: return .null
    case 1: return .boolean(Bool.random(using: &random))
    case 2:
        return .integer(
            [0, 1, -1, Int64.min, Int64.max, Int64.random(in: Int64.min...Int64.max, using: &random)][
                Int.random(in: 0..<6, using: &random)])
    case 3:
        let doubles: [Double] = [
            0, -0.0, .nan, .infinity, -.infinity, 1e-300, .greatestFiniteMagnitude, 0.1,
            Double.random(in: -1e9...1e9, using: &random),
        ]
        return .double(doubles[Int.random(in: 0..<doubles.count, using: &random)])
    case 4: return .timestamp(randomTimestamp(&random))
    case 5:
        let strings = [
            "", "hello", "héllo", "e\u{301}", "quote \" and \\ backslash", "line\nbreak\t\u{0}\u{1F}",
            "form\u{0C}feed\u{08}back\r\u{7F}/", "🔥 emoji", String(repeating: "x", count: 40), "</script>&",
        ]
        return .string(strings[Int.random(in: 0..<strings.count, using: &random)])
    case 6:
        return .bytes(
            Data((0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }))
    case 7:
        let name =
            (try? DocumentName(
                parsing: [
                    "projects/p/databases/(default)/documents/C/d", "projects/other/databases/named/documents/a/b/c/é",
                ][Int.random(in: 0..<2, using: &random)]))
        return name.map(Value.reference) ?? .null
    case 8:
        return
            (try? GeoPoint(
                latitude: Double.random(in: -90...90, using: &random),
                longitude: Double.random(in: -180...180, using: &random))).map(Value.geoPoint) ?? .null
    case 9 where !inArray:
        return .array(
            (0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(&random, depth: depth + 1, inArray: true)
            })
    default:
        var fields = MapValue()
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            fields[randomKey(&random)] = randomValue(&random, depth: depth + 1)
        }
        return .map(fields)
    }
}

func randomWrite(_ random: inout SplitMix64) throws -> Write {
    let path = try randomPath(&random)
    let transforms = (0..<Int.random(in: 0...2, using: &random)).map { _ in randomFieldTransform(&random) }
    let preconditions: [Precondition?] = [nil, .exists(true), .exists(false), .updateTime(randomTimestamp(&random))]
    let precondition = preconditions[Int.random(in: 0..<preconditions.count, using: &random)]
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return .delete(path, precondition: precondition)
    case 1:
        let transforms = transforms.isEmpty ? [randomFieldTransform(&random)] : transforms
        return Write(path: path, operation: .transform, transforms: transforms, precondition: precondition)
    default:
        var fields = MapValue()
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            fields[randomKey(&random)] = randomValue(&random, depth: 0)
        }
        let masks: [[FieldPath]?] = [
            nil, [], [randomFieldPath(&random)], [randomFieldPath(&random), randomFieldPath(&random)],
        ]
        return .update(
            path, fields: fields, mask: masks[Int.random(in: 0..<masks.count, using: &random)], transforms: transforms,
            precondition: precondition)
    }
}

func randomFieldPath(_ random: inout SplitMix64) -> FieldPath {
    let segments = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        ["a", "b c", "`x`", "é", "back\\slash", "__n__", "1"][Int.random(in: 0..<7, using: &random)]
    }
    return (try? FieldPath(segments)) ?? FieldPath.documentID
}

func randomFieldTransform(_ random: inout SplitMix64) -> FieldTransform {
    let path = randomFieldPath(&random)
    let elements = (0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(&random, depth: 1, inArray: true)
    }
    let operations: [FieldTransform.Operation] = [
        .serverTimestamp, .increment(randomValue(&random, depth: 3)), .maximum(.double(2.5)), .minimum(.integer(-3)),
        .appendMissingElements(elements), .removeAllFromArray(elements),
    ]
    return FieldTransform(fieldPath: path, operation: operations[Int.random(in: 0..<operations.count, using: &random)])
}
