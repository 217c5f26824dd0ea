import Foundation
import GymApplication
import GymDomain
import GymInfrastructure
import HearthApplication
import Testing

/// The gym's use cases, run against every store the example supports (see `GymStores`).
@Suite("Gym use cases")
struct GymUseCaseTests {
    @Test(arguments: GymStores.available)
    func registerMember_listsThemAndClaimsTheirEmail(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)
        let register = RegisterMember(registrar: gym.members, ids: SequentialIDs(prefix: "m"))

        let ana = try await register(firstName: "Ana", paternalLastName: "Zamora", email: "  Ana@Gym.MX ", at: day(1))

        #expect(try await ListMembers(members: gym.members)().map(\.id) == [ana.id])
        #expect(try await gym.members.memberID(for: Email("ana@gym.mx")) == ana.id)
    }

    @Test(arguments: GymStores.available)
    func registerMember_withATakenEmail_failsAndWritesNothing(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)
        let register = RegisterMember(registrar: gym.members, ids: SequentialIDs(prefix: "m"))
        _ = try await register(firstName: "Ana", paternalLastName: "Zamora", email: "ana@gym.mx", at: day(1))

        await #expect(throws: GymError.emailAlreadyRegistered("ana@gym.mx")) {
            _ = try await register(firstName: "Other", paternalLastName: "Person", email: "ANA@gym.mx", at: day(2))
        }
        #expect(try await ListMembers(members: gym.members)(includeInactive: true).count == 1)
    }

    @Test(arguments: GymStores.available)
    func registerMember_withAnInvalidEmail_isRejectedBeforeStorage(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)

        await #expect(throws: GymError.invalidEmail("not-an-email")) {
            _ = try await RegisterMember(registrar: gym.members, ids: SequentialIDs(prefix: "m"))(
                firstName: "A", paternalLastName: "B", email: "not-an-email", at: day(1)
            )
        }
    }

    @Test(arguments: GymStores.available)
    func members_areListedByLastName_searched_softDeleted_andCounted(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)
        let register = RegisterMember(registrar: gym.members, ids: SequentialIDs(prefix: "m"))
        let juan = try await register(firstName: "Juan", paternalLastName: "García", email: "juan@gym.mx", at: day(1))
        _ = try await register(firstName: "Juana", paternalLastName: "López", email: "juana@gym.mx", at: day(1))
        _ = try await register(firstName: "Ana", paternalLastName: "Benítez", email: "ana@gym.mx", at: day(1))

        #expect(try await ListMembers(members: gym.members)().map(\.paternalLastName) == ["Benítez", "García", "López"])
        #expect(try await SearchMembers(members: gym.members)("juan").map(\.firstName) == ["Juan", "Juana"])
        try await SoftDeleteMember(members: gym.members)(id: juan.id)
        #expect(try await ListMembers(members: gym.members)().map(\.firstName) == ["Ana", "Juana"])
        #expect(try await ListMembers(members: gym.members)(includeInactive: true).count == 3)
        #expect(try await CountActiveMembers(members: gym.members)() == 2)
    }

    @Test(arguments: GymStores.available)
    func softDelete_ofAnUnknownMember_isMemberNotFound(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)

        await #expect(throws: GymError.memberNotFound("ghost")) { try await SoftDeleteMember(members: gym.members)(id: "ghost") }
    }

    @Test(arguments: GymStores.available)
    func recurringSchedule_isWrittenInOneBatch_listedByDateRange_andCancelledByGroup(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)
        let schedule = ScheduleRecurringClasses(classes: gym.classes, ids: SequentialIDs(prefix: "c"))

        // 2026-03-02 is a Monday; Mondays (2) and Wednesdays (4) for two weeks.
        let created = try await schedule(
            name: "Yoga", weekdays: [2, 4], startTime: "07:30", durationMinutes: 60, maxCapacity: 12, from: day(2), through: day(15)
        )
        let firstWeek = try await gym.classes.activeClasses(from: day(2), to: day(9))
        let cancelled = try await CancelRecurringClasses(classes: gym.classes)(groupID: try #require(created.first?.recurrenceGroupID))

        #expect(created.count == 4)
        #expect(firstWeek.map(\.date) == [day(2, hour: 7, minute: 30), day(4, hour: 7, minute: 30)])
        #expect(cancelled == 4)
        #expect(try await gym.classes.activeClasses(from: day(1), to: day(30)).isEmpty)
    }

    @Test(arguments: GymStores.available)
    func attendanceReport_returnsOneMembersVisitsInTheRange_inOrder(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)
        for (id, member, dayOfMonth) in [("a1", "ana", 3), ("a2", "ana", 10), ("a3", "juan", 4), ("a4", "ana", 5), ("a5", "ana", 20)] {
            try await gym.attendance.record(ClassAttendance(id: id, classID: "c1", memberID: member, attended: true, timestamp: day(dayOfMonth)))
        }

        let report = try await AttendanceReport(attendance: gym.attendance)(memberID: "ana", from: day(1), to: day(15))

        #expect(report.map(\.id) == ["a1", "a4", "a2"])
    }

    @Test(arguments: GymStores.available)
    func adminSetup_canOnlyBeCompletedOnce(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)
        let setup = CompleteAdminSetup(setup: gym.setup)

        try await setup(adminUserID: "uid-1")

        await #expect(throws: GymError.adminAlreadySetUp) { try await setup(adminUserID: "uid-2") }
        #expect(try await gym.setup.isComplete())
    }

    @Test(arguments: GymStores.available)
    func plans_areListedActiveBySortOrder(store: GymStores.Kind) async throws {
        let gym = try await GymStores.make(store)
        try await gym.plans.save([
            MembershipPlan(id: "year", name: "Anualidad", price: 3_500, currency: "MXN", durationInDays: 365, sortOrder: 3),
            MembershipPlan(id: "month", name: "Mensualidad", price: 350, currency: "MXN", durationInDays: 30, sortOrder: 1),
            MembershipPlan(id: "old", name: "Promo", price: 100, currency: "MXN", durationInDays: 7, isActive: false, sortOrder: 0),
        ])

        #expect(try await gym.plans.activePlans().map(\.id) == ["month", "year"])
    }

    private func day(_ dayOfMonth: Int, hour: Int = 0, minute: Int = 0) -> Date {
        let seconds: Int = (dayOfMonth - 1) * 86_400 + hour * 3_600 + minute * 60
        return Date(timeIntervalSince1970: 1_772_323_200 + Double(seconds))
    }
}

/// Identifiers `prefix-1`, `prefix-2`, ... so test expectations are stable.
final class SequentialIDs: IdentifierSource {
    private let prefix: String
    private let counter = Counter()

    init(prefix: String) { self.prefix = prefix }

    func next() -> String { "\(prefix)-\(counter.increment())" }
}
