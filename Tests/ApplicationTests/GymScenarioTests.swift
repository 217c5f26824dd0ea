import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Testing

/// The gym app of seeds 000 and 003, through the client API over the in-memory store.
@Suite("Gym scenarios (seeds 000 and 003)")
struct GymScenarioTests {
    // MARK: Members

    @Test func members_areListedByPaternalLastName() async throws {
        let db = makeDatabase()
        let members = db.collection("members")
        for (id, lastName) in [("m1", "Zamora"), ("m2", "García"), ("m3", "Álvarez"), ("m4", "Benítez")] {
            try await members.document(id).setData(DocumentEncoder().encode(member(id, lastName: lastName)))
        }

        let ordered = try await members.order(by: "paternalLastName").getDocuments(as: Gym.Member.self)

        // Firestore orders strings by UTF-8 bytes: "Á" (C3 81) sorts after every ASCII letter.
        #expect(ordered.map(\.paternalLastName) == ["Benítez", "García", "Zamora", "Álvarez"])
    }

    @Test func activeFilter_returnsOnlyActiveMembers_inLastNameOrder() async throws {
        let db = makeDatabase()
        let members = db.collection("members")
        try await members.document("m1").setData(
            DocumentEncoder().encode(member("m1", lastName: "Lopez", active: true)))
        try await members.document("m2").setData(
            DocumentEncoder().encode(member("m2", lastName: "Garcia", active: false)))
        try await members.document("m3").setData(DocumentEncoder().encode(member("m3", lastName: "Diaz", active: true)))

        let active = try await members.whereField("isActive", isEqualTo: true).order(by: "paternalLastName")
            .getDocuments()

        #expect(active.documents.map(\.documentID) == ["m3", "m1"])
    }

    @Test func softDelete_marksInactive_stampsServerTime_andKeepsTheDocument() async throws {
        let db = makeDatabase()
        let members = db.collection("members")
        try await members.document("m1").setData(DocumentEncoder().encode(member("m1", lastName: "Lopez")))

        let result = try await members.document("m1").updateData([
            "isActive": false, "updatedAt": FieldValue.serverTimestamp(),
        ])

        let snapshot = try await members.document("m1").getDocument()
        #expect(snapshot.exists)
        #expect(snapshot.value(at: "isActive") == .boolean(false))
        guard case .timestamp(let stamped)? = snapshot.value(at: "updatedAt") else {
            Issue.record("updatedAt is not a timestamp"); return
        }
        #expect(stamped.nanoseconds % 1_000_000 == 0)
        #expect(result.updateTime.map { stamped <= $0 } == true)
    }

    @Test func softDelete_ofAMissingMember_failsWithNotFound() async throws {
        let db = makeDatabase()

        let error = await #expect(throws: DocumentStoreError.self) {
            try await db.document("members/ghost").updateData(["isActive": false])
        }
        #expect(error?.code == .notFound)
    }

    @Test func memberCount_isComputedWithoutReadingDocuments() async throws {
        let db = makeDatabase()
        let members = db.collection("members")
        for index in 0..<7 {
            try await members.document("m\(index)").setData(
                DocumentEncoder().encode(member("m\(index)", lastName: "L\(index)", active: index % 2 == 0)))
        }

        let all = try await members.count.getAggregation().count
        let active = try await members.whereField("isActive", isEqualTo: true).count.getAggregation().count

        #expect(all == 7)
        #expect(active == 4)
    }

    // MARK: Email index and admin setup

    @Test func emailIndex_usesTheNormalisedAddressAsDocumentID() async throws {
        let db = makeDatabase()
        let emails = db.collection("user_emails")
        let normalised = normalise("  Admin@SajaruBox.com \n")

        try await emails.document(normalised).setData([
            "primaryUserId": "uid-1", "email": .value(.string(normalised)), "createdAt": FieldValue.serverTimestamp(),
        ])

        let resolved = try await emails.document(normalise("admin@sajarubox.com")).getDocument(as: Gym.UserEmail.self)
        #expect(resolved.primaryUserId == "uid-1")
        #expect(resolved.createdAt != nil)
        #expect(try await emails.document(normalise("other@sajarubox.com")).getDocument().exists == false)
    }

    @Test func adminSetup_happensOnlyOnce() async throws {
        let db = makeDatabase()
        let setup = db.document("app_config/setup")

        try await setup.create(data: ["adminUserId": "uid-1", "createdAt": FieldValue.serverTimestamp()])
        let second = await #expect(throws: DocumentStoreError.self) {
            try await setup.create(data: ["adminUserId": "uid-2", "createdAt": FieldValue.serverTimestamp()])
        }

        #expect(second?.code == .alreadyExists)
        #expect(try await setup.getDocument().value(at: "adminUserId") == .string("uid-1"))
    }

    // MARK: Classes (seed 003)

    @Test func recurringClasses_areWrittenInOneBatch_andCancelledByRecurrenceGroup() async throws {
        let db = makeDatabase()
        let classes = db.collection("classes")
        let monday = date("2026-03-02T00:00:00Z")
        let batch = db.batch()
        for week in 0..<4 {
            let day = monday.addingTimeInterval(Double(week) * 7 * 86_400)
            try batch.setData(
                from: gymClass("yoga-\(week)", on: day, group: "yoga-mondays"),
                forDocument: classes.document("yoga-\(week)"))
        }
        try batch.setData(from: gymClass("box-0", on: monday, group: nil), forDocument: classes.document("box-0"))
        let written = try await batch.commit()

        let group = try await classes.whereField("recurrenceGroupId", isEqualTo: "yoga-mondays").getDocuments()
        let cancel = db.batch()
        for document in group.documents { cancel.updateData(["isActive": false], forDocument: document.reference) }
        try await cancel.commit()

        #expect(written.count == 5)
        #expect(group.count == 4)
        let active = try await classes.whereField("isActive", isEqualTo: true).getDocuments(as: Gym.GymClass.self)
        #expect(active.map(\.id) == ["box-0"])
    }

    @Test func classesInADateRange_comeBackInDateOrder_withSpanishFieldNames() async throws {
        let db = makeDatabase()
        let classes = db.collection("classes")
        let start = date("2026-03-01T00:00:00Z")
        for day in [9, 2, 5, 14, 1] {
            try await classes.document("c\(day)").setData(
                DocumentEncoder().encode(
                    gymClass("c\(day)", on: start.addingTimeInterval(Double(day - 1) * 86_400), group: nil)))
        }

        let week =
            try await classes
            .whereField("fecha", isGreaterThanOrEqualTo: .timestamp(Timestamp(date: date("2026-03-02T00:00:00Z"))))
            .whereField("fecha", isLessThan: .timestamp(Timestamp(date: date("2026-03-09T00:00:00Z"))))
            .order(by: "fecha")
            .getDocuments(as: Gym.GymClass.self)

        #expect(week.map(\.id) == ["c2", "c5"])
    }

    @Test func classWrittenWithoutIsActive_decodesAsActive() async throws {
        let db = makeDatabase()
        let reference = db.document("classes/android-1")
        try await reference.setData([
            "nombre": "Spinning", "fecha": .timestamp(Timestamp(date: date("2026-03-02T07:00:00Z"))),
            "horaInicio": "07:00",
            "duracionMin": 45, "capacidadMax": 12, "gymId": "sajarubox",
            "createdAt": .timestamp(try Timestamp(seconds: 0)), "updatedAt": .timestamp(try Timestamp(seconds: 0)),
        ])

        let decoded = try await reference.getDocument(as: Gym.GymClass.self)

        #expect(decoded.isActive)
        #expect(decoded.name == "Spinning")
        #expect(decoded.id == "android-1")
    }

    @Test func textSearch_isDoneLocallyOverActiveMembers() async throws {
        let db = makeDatabase()
        let members = db.collection("members")
        try await members.document("m1").setData(
            DocumentEncoder().encode(member("m1", lastName: "Garcia", firstName: "Juan")))
        try await members.document("m2").setData(
            DocumentEncoder().encode(member("m2", lastName: "Lopez", firstName: "Juana")))
        try await members.document("m3").setData(
            DocumentEncoder().encode(member("m3", lastName: "Perez", firstName: "Ana")))

        let query = "juan"
        let found = try await members.whereField("isActive", isEqualTo: true).order(by: "paternalLastName")
            .getDocuments(as: Gym.Member.self)
            .filter { $0.firstName.lowercased().contains(query) || $0.paternalLastName.lowercased().contains(query) }

        #expect(found.map(\.id) == ["m1", "m2"])
    }

    @Test func pagingThroughMembers_withCursors_visitsEveryMemberOnce() async throws {
        let db = makeDatabase()
        let members = db.collection("members")
        for index in 0..<23 {
            try await members.document(String(format: "m%02d", index)).setData(
                DocumentEncoder().encode(member("m\(index)", lastName: "L\(index % 5)")))
        }

        var seen: [String] = []
        for try await document in members.order(by: "paternalLastName").documents(pageSize: 5) {
            seen.append(document.documentID)
        }

        #expect(seen.count == 23)
        #expect(Set(seen).count == 23)
    }

    @Test func recursiveDelete_removesAMemberWithItsSubcollections() async throws {
        let db = makeDatabase()
        let memberRef = db.document("members/m1")
        try await memberRef.setData(DocumentEncoder().encode(member("m1", lastName: "Lopez")))
        try await memberRef.collection("visits").document("v1").setData(["at": 1])
        try await memberRef.collection("visits/v1/notes").document("n1").setData(["text": "ok"])
        try await db.document("members/m2").setData(DocumentEncoder().encode(member("m2", lastName: "Diaz")))

        try await db.recursiveDelete(memberRef)

        #expect(try await memberRef.getDocument().exists == false)
        #expect(try await db.document("members/m1/visits/v1/notes/n1").getDocument().exists == false)
        #expect(try await db.collectionGroup("visits").getDocuments().isEmpty)
        #expect(try await db.document("members/m2").getDocument().exists)
    }

    @Test func transaction_transfersAPlanBetweenMembersAtomically() async throws {
        let db = makeDatabase()
        let seats = db.document("membership_plans/gold")
        try await seats.setData(["available": 1])

        let taken = try await db.runTransaction { transaction -> Bool in
            let snapshot = try await transaction.getDocument(seats)
            guard case .integer(let available)? = snapshot.value(at: "available"), available > 0 else { return false }
            transaction.updateData(["available": .value(.integer(available - 1))], forDocument: seats)
            transaction.setData(["plan": "gold"], forDocument: db.document("members/m1"))
            return true
        }

        #expect(taken)
        #expect(try await seats.getDocument().value(at: "available") == .integer(0))
        #expect(try await db.document("members/m1").getDocument().value(at: "plan") == .string("gold"))
    }

    // MARK: Helpers

    private func makeDatabase() -> Database {
        Database(store: InMemoryDocumentStore(database: try! DatabaseID(projectID: "demo-gym")))
    }

    private func normalise(_ email: String) -> String {
        email.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func date(_ text: String) -> Date {
        (try? Timestamp(rfc3339: text).date) ?? Date(timeIntervalSince1970: 0)
    }

    private func member(_ id: String, lastName: String, firstName: String = "Ana", active: Bool = true) -> Gym.Member {
        Gym.Member(
            id: id, firstName: firstName, paternalLastName: lastName, maternalLastName: nil, phone: nil,
            emergencyPhone: nil,
            diseases: nil, injuries: nil, otherNotes: nil, birthDate: nil, guardianInfo: nil, membershipPlanId: nil,
            membershipStatus: .active, registrationDate: date("2026-01-10T00:00:00Z"), membershipStartDate: nil,
            membershipEndDate: nil, familyGroupId: nil, isActive: active, createdAt: date("2026-01-10T12:00:00Z"),
            updatedAt: date("2026-01-10T12:00:00Z")
        )
    }

    private func gymClass(_ id: String, on day: Date, group: String?) -> Gym.GymClass {
        Gym.GymClass(
            id: id, name: "Yoga", date: day, startTime: "08:00", durationMinutes: 60, maxCapacity: 20,
            recurrenceGroupId: group, createdAt: day, updatedAt: day
        )
    }
}
