import Foundation
import HearthDomain
import Testing

@Suite("Value representation equality versus Firestore equivalence")
struct ValueEqualityTests {
    @Test func integerAndDouble_areEquivalentButNotEqual() {
        let integer = Value.integer(1)
        let double = Value.double(1.0)

        #expect(integer != double)
        #expect(integer.isEquivalent(to: double))
        #expect(Set([integer, double]).count == 2)
    }

    @Test func nans_areEqualWhateverTheirPayloadAndHashAlike() {
        let quiet = Value.double(.nan)
        let negative = Value.double(-.nan)
        let payload = Value.double(Double(nan: 99, signaling: false))

        #expect(quiet == negative)
        #expect(quiet == payload)
        #expect(quiet.hashValue == negative.hashValue)
        #expect(quiet.hashValue == payload.hashValue)
        #expect(Set([quiet, negative, payload]).count == 1)
        #expect(quiet.isEquivalent(to: payload))
        #expect(quiet.isNaN)
        #expect(!Value.double(1).isNaN)
        #expect(!Value.integer(0).isNaN)
    }

    @Test func zeros_areEquivalentButNotEqual() {
        let negative = Value.double(-0.0)
        let positive = Value.double(0.0)

        #expect(negative != positive)
        #expect(Set([negative, positive]).count == 2)
        #expect(negative.isEquivalent(to: positive))
        #expect(negative.isEquivalent(to: .integer(0)))
    }

    @Test func precomposedAndDecomposedStrings_areNeitherEqualNorEquivalent() {
        let precomposed = Value.string(precomposedE)
        let decomposed = Value.string(decomposedE)

        #expect(precomposed != decomposed)
        #expect(!precomposed.isEquivalent(to: decomposed))
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(Value.string(precomposedE) == .string("\u{E9}"))
    }

    @Test func containers_followTheirElements() {
        #expect(Value.array([1]) != .array([.double(1.0)]))
        #expect(Value.array([1]).isEquivalent(to: .array([.double(1.0)])))
        #expect(Value.map(["a": 1]) != .map(["a": .double(1.0)]))
        #expect(Value.map(["a": 1]).isEquivalent(to: .map(["a": .double(1.0)])))
        #expect(Value.map([precomposedE: 1]) != .map([decomposedE: 1]))
        #expect(!Value.map([precomposedE: 1]).isEquivalent(to: .map([decomposedE: 1])))
        #expect(Value.map(["b": 2, "a": 1]) == .map(["a": 1, "b": 2]), "key order of the literal does not matter")
        #expect(Value.map(["b": 2, "a": 1]).hashValue == Value.map(["a": 1, "b": 2]).hashValue)
    }

    @Test func geoPoints_distinguishSignedZeroByRepresentationOnly() throws {
        let negative = Value.geoPoint(try GeoPoint(latitude: -0.0, longitude: 0))
        let positive = Value.geoPoint(try GeoPoint(latitude: 0, longitude: 0))

        #expect(negative != positive)
        #expect(negative.isEquivalent(to: positive))
    }

    @Test func differentKinds_areNeverEqual() throws {
        let values: [Value] = [
            .null, false, 0, .double(0), .timestamp(try Timestamp(seconds: 0)), "", .bytes(Data()),
            .reference(try DocumentName(parsing: "projects/p/databases/d/documents/c/d")),
            .geoPoint(try GeoPoint(latitude: 0, longitude: 0)),
            [], [:],
        ]
        for (i, left) in values.enumerated() {
            for (j, right) in values.enumerated() {
                #expect((left == right) == (i == j), "\(left) vs \(right)")
            }
        }
        #expect(Set(values.map(\.kind)).count == Value.Kind.allCases.count)
    }

    @Test func accessors_returnPayloadsOfTheirKindOnly() {
        #expect(Value.array([1]).arrayValue == [1])
        #expect(Value.string("x").arrayValue == nil)
        #expect(Value.map(["a": 1]).mapValue == ["a": 1])
        #expect(Value.array([]).mapValue == nil)
        #expect(Value.string("x").stringValue == "x")
        #expect(Value.integer(1).stringValue == nil)
        #expect(Value.null.isNull)
        #expect(!Value.boolean(false).isNull)
        #expect(Value.integer(1).isNumber && Value.double(1).isNumber)
        #expect(!Value.string("1").isNumber)
    }

    @Test func typeOrder_separatesVectorsFromMaps() {
        #expect(Value.map(["__type__": "__vector__", "value": [1.0]]).typeOrder == .vector)
        #expect(Value.map(["__type__": "__vector__"]).typeOrder == .vector)
        #expect(Value.map(["__type__": "vector", "value": [1.0]]).typeOrder == .map)
        #expect(Value.map(["__type__": 1]).typeOrder == .map)
        #expect(Value.integer(1).typeOrder == Value.double(.nan).typeOrder)
    }

    @Test func literals_buildTheMatchingKinds() {
        let values: [Value] = [true, 7, 2.5, "s", [1], ["k": 1]]
        #expect(values.map(\.kind) == [.boolean, .integer, .double, .string, .array, .map])
    }
}
