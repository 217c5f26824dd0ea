import Foundation
import Hearth
import Testing

/// The ported seeds run, with assertions, on the in-memory, file and Firestore (emulator) stores.
@Suite("Seed ports run on every adapter")
struct SeedScenarioTests {
    static let day = Date(timeIntervalSince1970: 1_768_000_000)  // 2026-01-09T23:06:40Z, whole seconds

    static func member(
        _ id: String, _ first: String, _ last: String, active: Bool = true, phone: String? = nil
    ) -> Member {
        Member(
            id: id, firstName: first, paternalLastName: last, maternalLastName: nil, phone: phone,
            emergencyPhone: nil, diseases: "No", injuries: "No", otherNotes: nil, birthDate: nil, guardianInfo: nil,
            membershipPlanId: "plan-1", membershipStatus: "active", registrationDate: day,
            membershipStartDate: day, membershipEndDate: nil, familyGroupId: nil, isActive: active,
            createdAt: day, updatedAt: day
        )
    }

    // MARK: Seed 000

    @Test(arguments: SeedStore.allCases)
    func seed000_membersRepository(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            let members = FirestoreMemberRepository(db: db)
            let users = FirestoreMemberRepository(collection: "users", db: db)
            let ana = Self.member("m1", "Ana", "Zapata", phone: "5512345678")
            let beto = Self.member("m2", "Beto", "Garcia")
            let user = AppUser(
                id: "u1", email: "admin@sajarubox.com", fullName: "Francisco Saldivar", phone: nil, role: "admin",
                isActive: true, photoURL: nil, createdAt: Self.day, updatedAt: Self.day
            )

            // Both creation forms; the second (Firebase's synchronous setData(from:)) is visible to the
            // next read through the same database.
            try await members.createBothForms(member: ana, user: user)
            #expect(try await members.getMember(byId: "m1") == ana)
            let storedUser = try await db.collection("members").document("u1").getDocument()
            #expect(storedUser.data()?["email"] as? String == "admin@sajarubox.com")
            try await members.hardDelete(userId: "u1")

            try await members.updateMerging(member: beto)
            #expect(try await members.getAllMembers().map(\.id) == ["m2", "m1"])  // Garcia < Zapata
            #expect(try await members.getActiveMembers().map(\.id) == ["m2", "m1"])
            #expect(try await members.searchMembers(query: "551").map(\.id) == ["m1"])
            #expect(try await members.searchMembers(query: "bet").map(\.id) == ["m2"])

            try await members.deleteMember("m2")
            #expect(try await members.getActiveMembers().map(\.id) == ["m1"])
            let softDeleted = try await db.collection("members").document("m2").getDocument()
            #expect(softDeleted.data()?["isActive"] as? Bool == false)
            #expect(softDeleted.data()?["updatedAt"] is Timestamp)
            await #expect(throws: MemberError.memberNotFound) { try await members.deleteMember("nobody") }

            try await members.updateFields(memberId: "m1")
            #expect(try await members.getMember(byId: "m1")?.isActive == false)
            #expect(try await members.getMember(byId: "missing") == nil)

            try await members.registerEmailIndex(email: "  Admin@SajaruBox.com \n", userId: "u1")
            #expect(try await members.resolveUserIdByEmail("ADMIN@sajarubox.com") == "u1")
            #expect(try await members.resolveUserIdByEmail("other@sajarubox.com") == nil)

            #expect(try await members.isAdminSetupComplete() == false)
            try await members.markAdminSetupComplete(adminUserId: "u1")
            #expect(try await members.isAdminSetupComplete())

            #expect(try await members.getUserCount() == 2)
            #expect(try await users.getUserCount() == 0)
        }
    }

    // MARK: Seed 002

    @Test(arguments: SeedStore.allCases)
    func seed002_productRepository(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            let products = db.collection("products")
            try await products.document("p1").setData([
                "name": "Cafe", "price": 49.5, "currency": "MXN", "image_url": "https://example.com/cafe.png",
            ])
            try await products.document("p2").setData([
                "name": "Te", "price": 30, "currency": "MXN", "image_url": "https://example.com/te.png",
            ])
            let repository = FirestoreProductRepository(db: db)
            let loaded = try await repository.loadAll()
            #expect(loaded.map(\.id) == ["p1", "p2"])
            #expect(
                loaded.map(\.price) == [
                    Price(amount: Decimal(string: "49.5") ?? 0, currency: "MXN"), Price(amount: 30, currency: "MXN"),
                ])
            #expect(loaded.first?.imageURL == URL(string: "https://example.com/cafe.png"))

            // A document the mapper cannot read is the seed's `invalidData`, not a crash or a silent nil.
            try await products.document("p3").setData(["name": "Sin precio", "currency": "MXN", "image_url": "x"])
            await #expect(throws: CatalogError.invalidData) { try await repository.loadAll() }
        }
    }

    // MARK: Seed 003

    @Test(arguments: SeedStore.allCases)
    func seed003_gymClassesWithBatchWrites(_ store: SeedStore) async throws {
        try await withSeedDatabase(store) { db in
            let repository = FirestoreGymClassRepository(db: db)
            let classes = (0..<3).map { index in
                GymClass(
                    id: "c\(index)", name: "Box \(index)", date: Self.day.addingTimeInterval(Double(index) * 86_400),
                    startTime: "07:00", durationMinutes: 60, maxCapacity: 12, gymId: "sajarubox",
                    description: index == 0 ? "Principiantes" : nil, isActive: true,
                    recurrenceGroupId: "g1", createdAt: Self.day, updatedAt: Self.day
                )
            }
            try await repository.createClasses(classes)

            let stored = try await db.collection("classes").document("c0").getDocument()
            #expect(stored.data()?["nombre"] as? String == "Box 0")
            #expect(stored.data()?["duracionMin"] as? Int == 60)
            #expect((stored.data()?["fecha"] as? Timestamp)?.dateValue() == Self.day)
            #expect(stored.data()?["description"] as? String == "Principiantes")
            #expect(try await db.collection("classes").document("c1").getDocument().data()?["description"] == nil)

            #expect(try await repository.getClass(byId: "c1") == classes[1])
            let inRange = try await repository.getClassesInRange(
                from: Self.day, to: Self.day.addingTimeInterval(2 * 86_400))
            #expect(inRange.map(\.id) == ["c0", "c1"])

            // A document written by the Android app, without isActive: it defaults to true.
            try await db.collection("classes").document("android").setData([
                "nombre": "Yoga", "fecha": Timestamp(date: Self.day), "horaInicio": "08:00", "duracionMin": 45,
                "capacidadMax": 10,
            ])
            #expect(try await repository.getClass(byId: "android")?.isActive == true)

            try await repository.deleteRecurrenceGroup("g1")
            #expect(
                try await repository.getClassesInRange(from: Self.day, to: Self.day.addingTimeInterval(3 * 86_400)).map(
                    \.id) == ["android"])
        }
    }
}
