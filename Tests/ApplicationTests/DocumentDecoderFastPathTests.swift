import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// `[String]`, `[Int]`, `[Int64]`, `[Double]` and `[Bool]` are read straight from array values; they must
/// decode and fail exactly as the same elements read through `init(from:)` (here `ContiguousArray`, which
/// takes the general path).
@Suite struct DocumentDecoderFastPathTests {
    static let values: [Value] = [
        ["a", "b"], [1, 2], [.integer(Int64.max)], [1.5, 2], [true, false], [], [1, "a"], ["a", 1], [.null],
        [1.5], ["x", .null], "not an array", .null, 7, ["a": 1],
    ]

    @Test(arguments: values)
    func leafArrays_decodeAndFailAsThroughInitFromDecoder(value: Value) {
        expectSameOutcome(value, [String].self, ContiguousArray<String>.self)
        expectSameOutcome(value, [Int].self, ContiguousArray<Int>.self)
        expectSameOutcome(value, [Int64].self, ContiguousArray<Int64>.self)
        expectSameOutcome(value, [Double].self, ContiguousArray<Double>.self)
        expectSameOutcome(value, [Bool].self, ContiguousArray<Bool>.self)
    }

    @Test func leafArraysInAModel_nameTheElementInErrors() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentDecoder().decode(
                Tagged.self, from: ["tags": ["a", "b", 3], "scores": [1]],
                documentPath: try CodableTestSupport.path("C/d"))
        }

        #expect(
            error?.message == "Cannot decode Tagged from document C/d: field tags[2]: expected string, found integer.")
    }

    @Test func leavesOfEveryKind_decodeFromTheirStoredKinds() throws {
        let name = try DocumentName(parsing: "projects/p/databases/(default)/documents/C/d")
        let time = try Timestamp(seconds: 1_700_000_000, nanoseconds: 5_000)
        let fields: MapValue = [
            "s": "x", "i": 3, "d": 2.5, "b": true, "date": .timestamp(time), "t": .timestamp(time), "i64": 4,
            "data": .bytes(Data([1])),
            "url": "https://example.com", "g": .geoPoint(try GeoPoint(latitude: 1, longitude: 2)),
            "ref": .reference(name),
            "path": "C/e", "v": ["k": 1], "m": ["k": 1], "fv": 5, "f": 1.5, "i32": 6, "u64": 7,
        ]

        let leaves = try DocumentDecoder().decode(Leaves.self, from: fields)

        #expect(leaves.s == "x" && leaves.i == 3 && leaves.d == 2.5 && leaves.b && leaves.t == time && leaves.i64 == 4)
        #expect(
            leaves.date == time.date && leaves.data == Data([1]) && leaves.url == URL(string: "https://example.com"))
        let point = try GeoPoint(latitude: 1, longitude: 2)
        let path = try DocumentPath("C/e")
        #expect(leaves.g == point && leaves.ref == name && leaves.path == path)
        #expect(leaves.v == ["k": 1] && leaves.m == ["k": 1] && leaves.fv == FieldValue.value(5) && leaves.f == 1.5)
        #expect(leaves.i32 == 6 && leaves.u64 == 7)
    }
}

// MARK: - Helpers

private struct Box<T: Decodable>: Decodable {
    var v: T
}

private struct Tagged: Decodable {
    var tags: [String]
    var scores: [Int]
}

private struct Leaves: Decodable {
    var s: String
    var i: Int
    var d: Double
    var b: Bool
    var date: Date
    var t: Timestamp
    var i64: Int64
    var data: Data
    var url: URL
    var g: GeoPoint
    var ref: DocumentName
    var path: DocumentPath
    var v: Value
    var m: MapValue
    var fv: FieldValue
    var f: Float
    var i32: Int32
    var u64: UInt64
}

/// Both types decode `value` to the same elements, or fail with the same message (type names aside).
private func expectSameOutcome<Fast: Decodable & Sequence, General: Decodable & Sequence>(
    _ value: Value,
    _ fast: Fast.Type,
    _ general: General.Type,
    sourceLocation: SourceLocation = #_sourceLocation
) where Fast.Element == General.Element, Fast.Element: Equatable {
    func outcome<T: Decodable & Sequence>(_ type: T.Type) -> Result<[T.Element], DocumentStoreError>
    where T.Element == Fast.Element {
        Result { () throws(DocumentStoreError) in Array(try DocumentDecoder().decode(Box<T>.self, from: ["v": value]).v)
        }
    }
    switch (outcome(Fast.self), outcome(General.self)) {
    case (.success(let left), .success(let right)):
        #expect(left == right, sourceLocation: sourceLocation)
    case (.failure(let left), .failure(let right)):
        #expect(left.message.contains("field v"), sourceLocation: sourceLocation)
        #expect(
            left.message == right.message.replacingOccurrences(of: "\(Box<General>.self)", with: "\(Box<Fast>.self)"),
            sourceLocation: sourceLocation
        )
        #expect(left.code == right.code, sourceLocation: sourceLocation)
    default:
        Issue.record("\(Fast.self) and \(General.self) disagree on \(value)", sourceLocation: sourceLocation)
    }
}
