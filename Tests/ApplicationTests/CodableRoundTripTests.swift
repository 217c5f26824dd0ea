import Foundation
import HearthApplication
import HearthDomain
import HearthPort
import Testing

@Suite("Codable round trips of the gym models (seeds 000 and 003)")
struct CodableRoundTripTests {
    @Test func member_withEveryField_roundTripsAndStoresDatesAsTimestamps() throws {
        let member = fullMember()

        let encoded = try DocumentEncoder().encode(member)
        let fields = try CodableTestSupport.stored(encoded)
        let decoded = try DocumentDecoder().decode(Gym.Member.self, from: fields)

        #expect(decoded == member)
        #expect(fields["birthDate"] == .timestamp(try Timestamp(rfc3339: "1990-05-20T00:00:00Z")))
        #expect(fields["membershipStatus"] == "active")
        #expect(fields["isActive"] == true)
        #expect(fields.count == 20)
    }

    @Test func member_withNilOptionals_omitsThemAndDecodesThemAsNil() throws {
        var member = fullMember()
        member.maternalLastName = nil
        member.otherNotes = nil
        member.birthDate = nil
        member.familyGroupId = nil

        let fields = try CodableTestSupport.roundTripFields(member)
        let decoded = try DocumentDecoder().decode(Gym.Member.self, from: fields)

        #expect(decoded == member)
        #expect(fields["maternalLastName"] == nil)
        #expect(fields["birthDate"] == nil)
        #expect(fields.count == 16)
    }

    @Test func member_seedDocumentWithExplicitNulls_decodesNullsAsNil() throws {
        let fields: MapValue = [
            "id": "uuid-1234", "firstName": "Juan", "paternalLastName": "Garcia", "maternalLastName": "Lopez",
            "phone": "5512345678", "emergencyPhone": "5587654321", "diseases": "No", "injuries": "No",
            "otherNotes": .null, "birthDate": .timestamp(try Timestamp(rfc3339: "1990-05-20T00:00:00Z")),
            "guardianInfo": .null, "membershipPlanId": "plan-uuid", "membershipStatus": "active",
            "registrationDate": .timestamp(try Timestamp(rfc3339: "2026-01-10T00:00:00Z")),
            "membershipStartDate": .timestamp(try Timestamp(rfc3339: "2026-01-10T00:00:00Z")),
            "membershipEndDate": .timestamp(try Timestamp(rfc3339: "2026-02-09T00:00:00Z")),
            "familyGroupId": .null, "isActive": true,
            "createdAt": .timestamp(try Timestamp(rfc3339: "2026-01-10T12:00:00Z")),
            "updatedAt": .timestamp(try Timestamp(rfc3339: "2026-01-10T12:00:00Z")),
        ]

        let member = try DocumentDecoder().decode(Gym.Member.self, from: fields)

        #expect(member.otherNotes == nil)
        #expect(member.guardianInfo == nil)
        #expect(member.familyGroupId == nil)
        #expect(member.maternalLastName == "Lopez")
        #expect(member.membershipEndDate == GymDates.at("2026-02-09T00:00:00Z"))
    }

    @Test func membershipPlan_storesPriceAsDoubleAndDurationAsInteger() throws {
        let plan = Gym.MembershipPlan(
            id: "plan-uuid", name: "Mensualidad", price: 350.0, currency: "MXN", durationInDays: 30,
            description: "Acceso ilimitado por 1 mes", isActive: true, sortOrder: 1,
            createdAt: GymDates.created, updatedAt: GymDates.updated
        )

        let fields = try CodableTestSupport.roundTripFields(plan)
        let decoded = try DocumentDecoder().decode(Gym.MembershipPlan.self, from: fields)

        #expect(decoded == plan)
        #expect(fields["price"] == .double(350.0))
        #expect(fields["durationInDays"] == .integer(30))
    }

    @Test func membershipPlan_priceStoredAsInteger_decodesIntoDouble() throws {
        var fields = try CodableTestSupport.roundTripFields(anyPlan())
        fields["price"] = .integer(350)

        let decoded = try DocumentDecoder().decode(Gym.MembershipPlan.self, from: fields)

        #expect(decoded.price == 350.0)
    }

    @Test func gymClass_storesSpanishFieldNamesAndNoID() throws {
        let gymClass = anyGymClass()

        let fields = try CodableTestSupport.roundTripFields(gymClass)

        #expect(
            Set(fields.keys) == [
                "nombre", "fecha", "horaInicio", "duracionMin", "capacidadMax", "gymId", "isActive", "createdAt",
                "updatedAt",
            ])
        #expect(fields["nombre"] == "Yoga")
        #expect(fields["fecha"] == .timestamp(Timestamp(date: GymDates.classDay)))
        #expect(fields["duracionMin"] == .integer(60))
    }

    @Test func gymClass_roundTripsWithIDFromDocumentPath() throws {
        let gymClass = anyGymClass()
        let fields = try CodableTestSupport.roundTripFields(gymClass)

        let decoded = try DocumentDecoder().decode(
            Gym.GymClass.self, from: CodableTestSupport.document("classes/class-1", fields))

        #expect(decoded == gymClass)
    }

    @Test func gymClass_missingIsActive_defaultsToTrueInHandWrittenInit() throws {
        var fields = try CodableTestSupport.roundTripFields(anyGymClass())
        fields["isActive"] = nil

        let decoded = try DocumentDecoder().decode(Gym.GymClass.self, from: fields)

        #expect(decoded.isActive == true)
    }

    @Test func gymClass_storedIsActiveFalse_staysFalse() throws {
        var fields = try CodableTestSupport.roundTripFields(anyGymClass())
        fields["isActive"] = false

        let decoded = try DocumentDecoder().decode(Gym.GymClass.self, from: fields)

        #expect(decoded.isActive == false)
    }

    @Test func wrappedGymClass_missingIsActive_defaultsToTrueThroughDefaultValue() throws {
        let encoded = try DocumentEncoder().encode(anyWrappedGymClass(isActive: false))
        var fields = try CodableTestSupport.applyingServerTimestamps(
            encoded, commitTime: try Timestamp(seconds: 1_770_000_000))
        fields["isActive"] = nil

        let decoded = try DocumentDecoder().decode(Gym.WrappedGymClass.self, from: fields)

        #expect(decoded.isActive == true)
    }

    @Test func wrappedGymClass_roundTripsAfterTheServerFillsTimestamps() throws {
        let gymClass = anyWrappedGymClass(isActive: false)
        let commitTime = try Timestamp(rfc3339: "2026-02-01T08:00:00.123Z")

        let encoded = try DocumentEncoder().encode(gymClass)
        let fields = try CodableTestSupport.applyingServerTimestamps(encoded, commitTime: commitTime)
        let decoded = try DocumentDecoder().decode(
            Gym.WrappedGymClass.self, from: CodableTestSupport.document("classes/c7", fields))

        #expect(encoded["createdAt"] == FieldValue.serverTimestamp())
        #expect(encoded["id"] == nil)
        #expect(decoded.id == "c7")
        #expect(decoded.createdAt == commitTime)
        #expect(decoded.updatedAt == commitTime.date)
        #expect(decoded.isActive == false)
        #expect(decoded.name == gymClass.name)
    }

    @Test func classAttendance_storesAttendedAsAsistio() throws {
        let attendance = Gym.ClassAttendance(
            classId: "class-1", userId: nil, memberId: "uuid-1234", attended: true, timestamp: GymDates.updated)

        let fields = try CodableTestSupport.roundTripFields(attendance)
        let decoded = try DocumentDecoder().decode(
            Gym.ClassAttendance.self, from: CodableTestSupport.document("classAttendance/a1", fields))

        #expect(fields["asistio"] == true)
        #expect(fields["attended"] == nil)
        #expect(fields["userId"] == nil)
        #expect(decoded.id == "a1")
        #expect(decoded.attended == true)
        #expect(decoded.memberId == "uuid-1234")
        #expect(decoded.timestamp == GymDates.updated)
    }

    @Test func classBooking_storesStatusAsEstadoWithItsRawValue() throws {
        let booking = Gym.ClassBooking(
            id: nil, classId: "class-1", userId: "uid", gymId: "sajarubox", status: .cancelled,
            createdAt: GymDates.created)

        let fields = try CodableTestSupport.roundTripFields(booking)
        let decoded = try DocumentDecoder().decode(
            Gym.ClassBooking.self, from: CodableTestSupport.document("classBookings/b1", fields))

        #expect(fields["estado"] == "cancelada")
        #expect(decoded.status == .cancelled)
        #expect(decoded.id == "b1")
    }

    @Test func user_explicitNullsAreWrittenAndReadBackAsNil() throws {
        let user = Gym.User(
            id: "abc123", email: "admin@sajarubox.com", fullName: "Francisco Saldivar", phone: nil, role: .admin,
            isActive: true, photoURL: nil, createdAt: GymDates.created, updatedAt: GymDates.updated
        )

        let fields = try CodableTestSupport.roundTripFields(user)
        let decoded = try DocumentDecoder().decode(
            Gym.User.self, from: CodableTestSupport.document("users/abc123", fields))

        #expect(fields["phone"] == .null)
        #expect(fields["photoURL"] == .null)
        #expect(fields["id"] == nil)
        #expect(decoded == user)
    }

    @Test func user_withPhotoURL_storesItsString() throws {
        let url = try #require(URL(string: "https://example.com/p/1.png"))
        let user = Gym.User(
            id: nil, email: "a@b.c", fullName: "Ana", phone: "5512345678", role: .receptionist,
            isActive: true, photoURL: url, createdAt: GymDates.created, updatedAt: GymDates.updated
        )

        let fields = try CodableTestSupport.roundTripFields(user)
        let decoded = try DocumentDecoder().decode(Gym.User.self, from: CodableTestSupport.document("users/u9", fields))

        #expect(fields["photoURL"] == "https://example.com/p/1.png")
        #expect(decoded.photoURL == url)
        #expect(decoded.phone == "5512345678")
        #expect(decoded.id == "u9")
    }

    @Test func userEmail_createdByServer_decodesNilWhenTheFieldIsMissing() throws {
        let fields: MapValue = ["primaryUserId": "firebase-auth-uid", "email": "admin@sajarubox.com"]

        let decoded = try DocumentDecoder().decode(Gym.UserEmail.self, from: fields)

        #expect(decoded.createdAt == nil)
        #expect(decoded.primaryUserId == "firebase-auth-uid")
    }

    // MARK: - Helpers

    private func fullMember() -> Gym.Member {
        Gym.Member(
            id: "uuid-1234", firstName: "Juan", paternalLastName: "Garcia", maternalLastName: "Lopez",
            phone: "5512345678", emergencyPhone: "5587654321", diseases: "No", injuries: "No", otherNotes: "Ninguna",
            birthDate: GymDates.at("1990-05-20T00:00:00Z"), guardianInfo: "Madre", membershipPlanId: "plan-uuid",
            membershipStatus: .active, registrationDate: GymDates.at("2026-01-10T00:00:00Z"),
            membershipStartDate: GymDates.at("2026-01-10T00:00:00Z"),
            membershipEndDate: GymDates.at("2026-02-09T00:00:00Z"),
            familyGroupId: "family-1", isActive: true, createdAt: GymDates.created, updatedAt: GymDates.updated
        )
    }

    private func anyPlan() -> Gym.MembershipPlan {
        Gym.MembershipPlan(
            id: "p", name: "Semana", price: 120.5, currency: "MXN", durationInDays: 7, description: nil,
            isActive: true, sortOrder: 2, createdAt: GymDates.created, updatedAt: GymDates.updated
        )
    }

    private func anyGymClass() -> Gym.GymClass {
        Gym.GymClass(
            id: "class-1", name: "Yoga", date: GymDates.classDay, startTime: "07:30", durationMinutes: 60,
            maxCapacity: 20, createdAt: GymDates.created, updatedAt: GymDates.updated
        )
    }

    private func anyWrappedGymClass(isActive: Bool) -> Gym.WrappedGymClass {
        Gym.WrappedGymClass(
            id: nil, name: "Spinning", date: GymDates.classDay, startTime: "18:00", durationMinutes: 45,
            maxCapacity: 15, gymId: "sajarubox", description: "Alta intensidad", isActive: isActive,
            recurrenceGroupId: "group-1", createdAt: nil, updatedAt: nil
        )
    }
}
