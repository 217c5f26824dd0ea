import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

/// The lines users port from Firebase, as they write them (see the seeds), on the in-memory store.
@Suite("Values in: seed lines")
struct SeedLinesTests {
    @Test func seedLines_compileAndStoreTheirValues() async throws {
        let db = try makeValuesDatabase()
        let collection = db.collection("classes")

        let userId = "u1"; let normalized = "a@b.c"; let memberId = "m1"; let ids: [String] = ["a", "b"]
        try await db.collection("user_emails").document(normalized).setData([
            "primaryUserId": userId,
            "email": normalized,
            "createdAt": FieldValue.serverTimestamp(),
        ])
        _ = collection.whereField("memberId", isEqualTo: memberId).whereField("id", in: ids).whereField(
            "date", isGreaterThan: Date())
        var data: [String: Any] = [
            "nombre": "x", "fecha": Timestamp(date: Date()), "duracionMin": 60, "isActive": true,
        ]
        if let desc = Optional("d") { data["description"] = desc }
        let batch = db.batch(); batch.setData(data, forDocument: collection.document("c1")); try await batch.commit()

        let email = try await storedFields(db, "user_emails/a@b.c")
        #expect(email["primaryUserId"] == .string("u1"))
        #expect(email["email"] == .string("a@b.c"))
        #expect(email["createdAt"]?.timestampValue != nil)
        let gymClass = try await storedFields(db, "classes/c1")
        #expect(gymClass["nombre"] == .string("x"))
        #expect(gymClass["fecha"]?.timestampValue != nil)
        #expect(gymClass["duracionMin"] == .integer(60))
        #expect(gymClass["isActive"] == .boolean(true))
        #expect(gymClass["description"] == .string("d"))
        #expect(gymClass.count == 5)
    }

    @Test func seedQuery_withVariables_findsTheMatchingDocuments() async throws {
        let db = try makeValuesDatabase()
        let collection = db.collection("attendance")
        let memberId = "m1"; let ids: [String] = ["a", "b"]
        let past = Date(timeIntervalSince1970: 1_700_000_000)
        try await collection.document("a").setData([
            "memberId": memberId, "id": "a", "date": Date(timeIntervalSince1970: 1_800_000_000),
        ])
        try await collection.document("b").setData([
            "memberId": memberId, "id": "b", "date": Date(timeIntervalSince1970: 1_600_000_000),
        ])
        try await collection.document("c").setData([
            "memberId": "m2", "id": "a", "date": Date(timeIntervalSince1970: 1_800_000_000),
        ])
        try await collection.document("d").setData([
            "memberId": memberId, "id": "d", "date": Date(timeIntervalSince1970: 1_800_000_000),
        ])

        let found = try await collection.whereField("memberId", isEqualTo: memberId).whereField("id", in: ids)
            .whereField("date", isGreaterThan: past).getDocuments()

        #expect(found.documents.map(\.documentID) == ["a"])
    }

    /// Seed 003's encoder, as written (a `[String: Any]` built up with optionals), through a batch.
    @Test func seed003Encoder_batchOfAnyDictionaries_commitsEveryClass() async throws {
        struct GymClass {
            var id: String
            var name: String
            var date: Date
            var startTime: String
            var durationMinutes: Int
            var maxCapacity: Int
            var gymId: String
            var isActive: Bool
            var description: String?
            var recurrenceGroupId: String?
        }
        func encode(_ gymClass: GymClass) throws -> [String: Any] {
            var data: [String: Any] = [
                "nombre": gymClass.name,
                "fecha": Timestamp(date: gymClass.date),
                "horaInicio": gymClass.startTime,
                "duracionMin": gymClass.durationMinutes,
                "capacidadMax": gymClass.maxCapacity,
                "gymId": gymClass.gymId,
                "isActive": gymClass.isActive,
            ]
            if let desc = gymClass.description { data["description"] = desc }
            if let groupId = gymClass.recurrenceGroupId { data["recurrenceGroupId"] = groupId }
            return data
        }
        let db = try makeValuesDatabase()
        let collection = db.collection("gym_classes")
        let date = Date(timeIntervalSince1970: 1_714_566_896.25)
        let classes = [
            GymClass(
                id: "c1", name: "Yoga", date: date, startTime: "07:00", durationMinutes: 60, maxCapacity: 12,
                gymId: "g1", isActive: true,
                description: "Hatha", recurrenceGroupId: "r1"),
            GymClass(
                id: "c2", name: "Spin", date: date, startTime: "08:00", durationMinutes: 45, maxCapacity: 20,
                gymId: "g1", isActive: false,
                description: nil, recurrenceGroupId: "r1"),
        ]

        let batch = db.batch()
        for gymClass in classes {
            let ref = collection.document(gymClass.id)
            batch.setData(try encode(gymClass), forDocument: ref)
        }
        try await batch.commit()

        let yoga = try await storedFields(db, "gym_classes/c1")
        #expect(yoga["fecha"] == .timestamp(try Timestamp(seconds: 1_714_566_896, nanoseconds: 250_000_000)))
        #expect(yoga["capacidadMax"] == .integer(12))
        #expect(yoga["description"] == .string("Hatha"))
        let spin = try await storedFields(db, "gym_classes/c2")
        #expect(spin["isActive"] == .boolean(false))
        #expect(spin["description"] == nil)
        #expect(spin["recurrenceGroupId"] == .string("r1"))
    }
}
