import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("DocumentEncoder.encodeUpdate")
struct DocumentEncoderUpdateTests {
    @Test func withoutFields_updatesEveryEncodedTopLevelField() throws {
        let update = try DocumentEncoder().encodeUpdate(
            Profile(name: "Ana", phone: nil, address: .init(city: "CDMX", zip: nil)))

        #expect(update == [try FieldPath("name"): "Ana", try FieldPath("address"): ["city": "CDMX"]])
    }

    @Test func withoutFields_keysWithDotsStayOneSegment() throws {
        let update = try DocumentEncoder().encodeUpdate(["a.b": 1, "x`y": 2])

        #expect(update[try FieldPath(["a.b"])] == 1)
        #expect(update[try FieldPath(["x`y"])] == 2)
        #expect(update.count == 2)
    }

    @Test func withFields_takesNestedLeavesAndDeletesWhatTheModelOmits() throws {
        let model = Profile(name: "Ana", phone: nil, address: .init(city: "Puebla", zip: nil))

        let update = try DocumentEncoder().encodeUpdate(
            model,
            fields: [try FieldPath("address", "city"), try FieldPath("phone"), try FieldPath("address", "zip")]
        )

        #expect(update[try FieldPath("address", "city")] == "Puebla")
        #expect(update[try FieldPath("phone")] == FieldValue.delete())
        #expect(update[try FieldPath("address", "zip")] == FieldValue.delete())
        #expect(update.count == 3)
    }

    @Test func withFields_usesStoredFieldNamesAndKeepsSentinels() throws {
        let gymClass = Gym.WrappedGymClass(
            id: "c1", name: "Box", date: GymDates.classDay, startTime: "08:00", durationMinutes: 50, maxCapacity: 10,
            gymId: "sajarubox", description: nil, isActive: false, recurrenceGroupId: nil, createdAt: nil,
            updatedAt: nil
        )

        let update = try DocumentEncoder().encodeUpdate(
            gymClass, fields: [try FieldPath("isActive"), try FieldPath("updatedAt"), try FieldPath("nombre")])

        #expect(
            update == [
                try FieldPath("isActive"): false, try FieldPath("updatedAt"): .serverTimestamp(),
                try FieldPath("nombre"): "Box",
            ])
    }

    @Test func withFields_throughAFieldThatIsNotAMap_throws() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encodeUpdate(
                Profile(name: "Ana", phone: nil, address: .init(city: "x", zip: nil)),
                fields: [try FieldPath("name", "first")])
        }

        #expect(error?.message.contains("field name encodes as string, not a map") == true)
    }

    @Test func withTheDocumentIDPath_throws() throws {
        let error = CodableTestSupport.invalidArgument { () throws(DocumentStoreError) in
            _ = try DocumentEncoder().encodeUpdate(
                Profile(name: "Ana", phone: nil, address: .init(city: "x", zip: nil)), fields: [FieldPath.documentID])
        }

        #expect(error?.message.contains("__name__") == true)
    }

    // MARK: - Helpers

    struct Profile: Codable {
        var name: String
        var phone: String?
        var address: DocumentEncoderTests.Address
    }
}
