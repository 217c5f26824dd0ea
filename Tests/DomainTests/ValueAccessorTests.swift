import Foundation
import HearthDomain
import Testing

@Suite("Value's typed accessors and Timestamp.dateValue()")
struct ValueAccessorTests {
    /// One value of every kind; the test below checks that it covers every kind.
    private static func samples() throws -> [Value] {
        let time = try Timestamp(seconds: 1_714_566_896, nanoseconds: 123_456_789)
        let name = DocumentName(database: try DatabaseID(projectID: "accessors"), path: try DocumentPath("members/ana"))
        let point = try GeoPoint(latitude: 51.5, longitude: -0.25)
        return [
            .null, .boolean(true), .integer(42), .double(2.5), .timestamp(time), .string("ana"),
            .bytes(Data([0, 1, 0xFF])), .reference(name), .geoPoint(point), .array([1, "a"]), .map(["a": 1]),
        ]
    }

    @Test func samples_coverEveryKind() throws {
        let kinds = try Self.samples().map(\.kind)
        #expect(kinds.count == Value.Kind.allCases.count)
        #expect(Set(kinds) == Set(Value.Kind.allCases))
    }

    @Test func eachAccessor_returnsThePayloadOfItsKind_andNilForEveryOtherKind() throws {
        let time = try Timestamp(seconds: 1_714_566_896, nanoseconds: 123_456_789)
        let name = DocumentName(database: try DatabaseID(projectID: "accessors"), path: try DocumentPath("members/ana"))
        let point = try GeoPoint(latitude: 51.5, longitude: -0.25)
        let elements: [Value] = [1, "a"]
        let fields: MapValue = ["a": 1]

        for sample in try Self.samples() {
            let kind = sample.kind
            #expect(sample.booleanValue == (kind == .boolean ? true : nil), "booleanValue of \(sample)")
            #expect(sample.integerValue == (kind == .integer ? 42 : nil), "integerValue of \(sample)")
            #expect(sample.doubleValue == (kind == .double ? 2.5 : nil), "doubleValue of \(sample)")
            #expect(
                sample.numberValue == (kind == .integer ? 42.0 : kind == .double ? 2.5 : nil),
                "numberValue of \(sample)")
            #expect(sample.timestampValue == (kind == .timestamp ? time : nil), "timestampValue of \(sample)")
            #expect(sample.stringValue == (kind == .string ? "ana" : nil), "stringValue of \(sample)")
            #expect(sample.bytesValue == (kind == .bytes ? Data([0, 1, 0xFF]) : nil), "bytesValue of \(sample)")
            #expect(sample.referenceValue == (kind == .reference ? name : nil), "referenceValue of \(sample)")
            #expect(sample.geoPointValue == (kind == .geoPoint ? point : nil), "geoPointValue of \(sample)")
            #expect(sample.arrayValue == (kind == .array ? elements : nil), "arrayValue of \(sample)")
            #expect(sample.mapValue == (kind == .map ? fields : nil), "mapValue of \(sample)")
            #expect(sample.isNull == (kind == .null), "isNull of \(sample)")
        }
    }

    @Test func numericAccessors_keepIntegerAndDoubleApart() {
        #expect(Value.double(1).integerValue == nil)
        #expect(Value.double(1).numberValue == 1)
        #expect(Value.integer(1).doubleValue == nil)
        #expect(Value.integer(Int64.min).numberValue == -9_223_372_036_854_775_808.0)
        #expect(Value.integer(Int64.min).integerValue == Int64.min)
        #expect(Value.double(.nan).doubleValue?.isNaN == true)
        #expect(Value.double(.nan).numberValue?.isNaN == true)
        #expect(Value.double(-0.0).doubleValue?.sign == .minus)
        #expect(Value.boolean(false).booleanValue == false)
    }

    @Test func dateValue_isTheDateProperty_andRoundTrips() throws {
        let time = try Timestamp(seconds: 1_714_566_896, nanoseconds: 500_000_000)

        #expect(time.dateValue() == time.date)
        #expect(time.dateValue().timeIntervalSince1970 == 1_714_566_896.5)
        #expect(Timestamp(date: time.dateValue()) == time)
        #expect(Timestamp(date: Timestamp.min.dateValue()) == .min)
        let precise = try Timestamp(seconds: -1, nanoseconds: 123_456_789)
        #expect(precise.dateValue() == precise.date)
    }
}
