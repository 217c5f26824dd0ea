import Foundation
import GymApplication
import GymDomain
import GymInfrastructure
import HearthApplication
import Testing

/// The gym's use cases (written once, below), each run on every store Hearth offers: the in-memory store,
/// the file store and Firestore through the REST adapter (Google's emulator). Each run gets a fresh,
/// empty store (see `GymStores`). Without the emulator, the Firestore runs are skipped, saying why.
@Suite("Gym use cases")
struct GymUseCaseTests {
    @Test("on the in-memory store", arguments: GymUseCase.all)
    func onMemoryStore(_ useCase: GymUseCase) async throws {
        try await GymStores.withGym(on: .memory, useCase.run)
    }

    @Test("on the file store", arguments: GymUseCase.all)
    func onFileStore(_ useCase: GymUseCase) async throws {
        try await GymStores.withGym(on: .file, useCase.run)
    }

    @Test(
        "on Firestore (REST adapter, emulator)",
        .enabled(
            if: GymStores.emulatorIsAvailable,
            "\(GymUseCase.all.count) use cases not run on Firestore (emulator unavailable: \(GymStores.emulatorUnavailableReason))"
        ),
        arguments: GymUseCase.all
    )
    func onFirestoreEmulator(_ useCase: GymUseCase) async throws {
        try await GymStores.withGym(on: .firestoreEmulator, useCase.run)
    }
}

extension GymUseCase {
    /// Every use case of the gym.
    static let all: [GymUseCase] = [
        GymUseCase("registerMember_listsThemAndClaimsTheirEmail", registerMember_listsThemAndClaimsTheirEmail),
        GymUseCase("registerMember_withATakenEmail_failsAndWritesNothing", registerMember_withATakenEmail_failsAndWritesNothing),
        GymUseCase("registerMember_withAnInvalidEmail_isRejectedBeforeStorage", registerMember_withAnInvalidEmail_isRejectedBeforeStorage),
        GymUseCase("members_areListedByLastName_searched_softDeleted_andCounted", members_areListedByLastName_searched_softDeleted_andCounted),
        GymUseCase("softDelete_ofAnUnknownMember_isMemberNotFound", softDelete_ofAnUnknownMember_isMemberNotFound),
        GymUseCase(
            "recurringSchedule_isWrittenInOneBatch_listedByDateRange_andCancelledByGroup",
            recurringSchedule_isWrittenInOneBatch_listedByDateRange_andCancelledByGroup
        ),
        GymUseCase("attendanceReport_returnsOneMembersVisitsInTheRange_inOrder", attendanceReport_returnsOneMembersVisitsInTheRange_inOrder),
        GymUseCase("adminSetup_canOnlyBeCompletedOnce", adminSetup_canOnlyBeCompletedOnce),
        GymUseCase("plans_areListedActiveBySortOrder", plans_areListedActiveBySortOrder),
    ]

    static func registerMember_listsThemAndClaimsTheirEmail(gym: HearthGymStorage) async throws {
        let register = RegisterMember(registrar: gym.members, ids: SequentialIDs(prefix: "m"))

        let ana = try await register(firstName: "Ana", paternalLastName: "Zamora", email: "  Ana@Gym.MX ", at: day(1))

        #expect(try await ListMembers(members: gym.members)().map(\.id) == [ana.id])
        #expect(try await gym.members.memberID(for: Email("ana@gym.mx")) == ana.id)
    }

    static func registerMember_withATakenEmail_failsAndWritesNothing(gym: HearthGymStorage) async throws {
        let register = RegisterMember(registrar: gym.members, ids: SequentialIDs(prefix: "m"))
        _ = try await register(firstName: "Ana", paternalLastName: "Zamora", email: "ana@gym.mx", at: day(1))

        await #expect(throws: GymError.emailAlreadyRegistered("ana@gym.mx")) {
            _ = try await register(firstName: "Other", paternalLastName: "Person", email: "ANA@gym.mx", at: day(2))
        }
        #expect(try await ListMembers(members: gym.members)(includeInactive: true).count == 1)
    }

    static func registerMember_withAnInvalidEmail_isRejectedBeforeStorage(gym: HearthGymStorage) async throws {
        await #expect(throws: GymError.invalidEmail("not-an-email")) {
            _ = try await RegisterMember(registrar: gym.members, ids: SequentialIDs(prefix: "m"))(
                firstName: "A", paternalLastName: "B", email: "not-an-email", at: day(1)
            )
        }
    }

    static func members_areListedByLastName_searched_softDeleted_andCounted(gym: HearthGymStorage) async throws {
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

    static func softDelete_ofAnUnknownMember_isMemberNotFound(gym: HearthGymStorage) async throws {
        await #expect(throws: GymError.memberNotFound("ghost")) { try await SoftDeleteMember(members: gym.members)(id: "ghost") }
    }

    static func recurringSchedule_isWrittenInOneBatch_listedByDateRange_andCancelledByGroup(gym: HearthGymStorage) async throws {
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

    static func attendanceReport_returnsOneMembersVisitsInTheRange_inOrder(gym: HearthGymStorage) async throws {
        for (id, member, dayOfMonth) in [("a1", "ana", 3), ("a2", "ana", 10), ("a3", "juan", 4), ("a4", "ana", 5), ("a5", "ana", 20)] {
            try await gym.attendance.record(ClassAttendance(id: id, classID: "c1", memberID: member, attended: true, timestamp: day(dayOfMonth)))
        }

        let report = try await AttendanceReport(attendance: gym.attendance)(memberID: "ana", from: day(1), to: day(15))

        #expect(report.map(\.id) == ["a1", "a4", "a2"])
    }

    static func adminSetup_canOnlyBeCompletedOnce(gym: HearthGymStorage) async throws {
        let setup = CompleteAdminSetup(setup: gym.setup)

        try await setup(adminUserID: "uid-1")

        await #expect(throws: GymError.adminAlreadySetUp) { try await setup(adminUserID: "uid-2") }
        #expect(try await gym.setup.isComplete())
    }

    static func plans_areListedActiveBySortOrder(gym: HearthGymStorage) async throws {
        try await gym.plans.save([
            MembershipPlan(id: "year", name: "Anualidad", price: 3_500, currency: "MXN", durationInDays: 365, sortOrder: 3),
            MembershipPlan(id: "month", name: "Mensualidad", price: 350, currency: "MXN", durationInDays: 30, sortOrder: 1),
            MembershipPlan(id: "old", name: "Promo", price: 100, currency: "MXN", durationInDays: 7, isActive: false, sortOrder: 0),
        ])

        #expect(try await gym.plans.activePlans().map(\.id) == ["month", "year"])
    }

    private static func day(_ dayOfMonth: Int, hour: Int = 0, minute: Int = 0) -> Date {
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
