import Foundation
import GymDomain

/// Registers a new member with a unique email address.
public struct RegisterMember: Sendable {
    let registrar: any MemberRegistrar
    let ids: any IdentifierSource

    public init(registrar: any MemberRegistrar, ids: any IdentifierSource) {
        self.registrar = registrar
        self.ids = ids
    }

    public func callAsFunction(firstName: String, paternalLastName: String, maternalLastName: String? = nil, email rawEmail: String, at time: Date)
        async throws(GymError) -> Member
    {
        let email = try Email(rawEmail)
        let member = Member(
            id: ids.next(), firstName: firstName, paternalLastName: paternalLastName, maternalLastName: maternalLastName, email: email,
            registeredAt: time
        )
        try await registrar.register(member, email: email)
        return member
    }
}

/// Lists members by paternal last name: active ones only, or everyone.
public struct ListMembers: Sendable {
    let members: any MemberRepository

    public init(members: any MemberRepository) { self.members = members }

    public func callAsFunction(includeInactive: Bool = false) async throws(GymError) -> [Member] {
        includeInactive ? try await members.allMembers() : try await members.activeMembers()
    }
}

/// Text search over active members. Firestore has no full-text search, so the gym filters locally (seed 000).
public struct SearchMembers: Sendable {
    let members: any MemberRepository

    public init(members: any MemberRepository) { self.members = members }

    public func callAsFunction(_ text: String) async throws(GymError) -> [Member] {
        try await members.activeMembers().filter { $0.matches(text) }
    }
}

/// Soft-deletes a member: marks them inactive, keeping their history.
public struct SoftDeleteMember: Sendable {
    let members: any MemberRepository

    public init(members: any MemberRepository) { self.members = members }

    public func callAsFunction(id: String) async throws(GymError) {
        guard try await members.member(id: id) != nil else { throw .memberNotFound(id) }
        try await members.deactivate(id: id)
    }
}

/// How many active members the gym has, counted by the database without downloading them.
public struct CountActiveMembers: Sendable {
    let members: any MemberRepository

    public init(members: any MemberRepository) { self.members = members }

    public func callAsFunction() async throws(GymError) -> Int { try await members.countActive() }
}

/// Creates a weekly schedule: one class per chosen weekday between two dates, written in one batch and
/// sharing one recurrence group.
public struct ScheduleRecurringClasses: Sendable {
    let classes: any ClassRepository
    let ids: any IdentifierSource

    public init(classes: any ClassRepository, ids: any IdentifierSource) {
        self.classes = classes
        self.ids = ids
    }

    /// - Parameters:
    ///   - weekdays: 1 = Sunday ... 7 = Saturday (Gregorian, UTC).
    ///   - startTime: "HH:mm" in UTC.
    public func callAsFunction(
        name: String,
        weekdays: Set<Int>,
        startTime: String,
        durationMinutes: Int,
        maxCapacity: Int,
        from firstDay: Date,
        through lastDay: Date
    ) async throws(GymError) -> [GymClass] {
        let parts = startTime.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else {
            throw .invalidSchedule("start time \(startTime) is not HH:mm")
        }
        guard !weekdays.isEmpty, weekdays.allSatisfy((1...7).contains), firstDay <= lastDay, durationMinutes > 0, maxCapacity > 0 else {
            throw .invalidSchedule("choose at least one weekday, a date range in order, a duration and a capacity")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let group = ids.next()
        var scheduled: [GymClass] = []
        var day = calendar.startOfDay(for: firstDay)
        while day <= lastDay {
            if weekdays.contains(calendar.component(.weekday, from: day)),
                let start = calendar.date(bySettingHour: parts[0], minute: parts[1], second: 0, of: day)
            {
                scheduled.append(
                    GymClass(
                        id: ids.next(), name: name, date: start, startTime: startTime, durationMinutes: durationMinutes,
                        maxCapacity: maxCapacity, recurrenceGroupID: group
                    )
                )
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        try await classes.saveAll(scheduled)
        return scheduled
    }
}

/// Cancels every class of a recurring schedule at once.
public struct CancelRecurringClasses: Sendable {
    let classes: any ClassRepository

    public init(classes: any ClassRepository) { self.classes = classes }

    public func callAsFunction(groupID: String) async throws(GymError) -> Int {
        try await classes.cancelRecurrenceGroup(groupID)
    }
}

/// A member's attendance over a date range.
public struct AttendanceReport: Sendable {
    let attendance: any AttendanceRepository

    public init(attendance: any AttendanceRepository) { self.attendance = attendance }

    public func callAsFunction(memberID: String, from: Date, to: Date) async throws(GymError) -> [ClassAttendance] {
        try await attendance.attendance(memberID: memberID, from: from, to: to)
    }
}

/// The one-time admin setup: only the first admin can complete it.
public struct CompleteAdminSetup: Sendable {
    let setup: any AppSetup

    public init(setup: any AppSetup) { self.setup = setup }

    public func callAsFunction(adminUserID: String) async throws(GymError) {
        try await setup.complete(adminUserID: adminUserID)
    }
}

/// Signs a staff member in. What was typed is checked first, so that a malformed address or an empty
/// password never reaches the authentication service: ``GymError/invalidEmail(_:)``, then
/// ``GymError/missingPassword``. Then the port's errors, in the gym's words (``StaffAuthenticator``).
public struct LogIn: Sendable {
    let authenticator: any StaffAuthenticator

    public init(authenticator: any StaffAuthenticator) { self.authenticator = authenticator }

    public func callAsFunction(email rawEmail: String, password: String) async throws(GymError) -> StaffSession {
        let email = try Email(rawEmail)
        guard !password.isEmpty else { throw .missingPassword }
        return try await authenticator.signIn(email: email, password: password)
    }
}

/// Signs the staff member out (nothing happens when nobody is signed in).
public struct LogOut: Sendable {
    let authenticator: any StaffAuthenticator

    public init(authenticator: any StaffAuthenticator) { self.authenticator = authenticator }

    public func callAsFunction() async throws(GymError) { try await authenticator.signOut() }
}

/// Who is at the desk: the signed-in staff member, checked with the authentication service, or `nil`.
/// ``GymError/sessionExpired`` means "sign in again".
public struct CurrentStaff: Sendable {
    let authenticator: any StaffAuthenticator

    public init(authenticator: any StaffAuthenticator) { self.authenticator = authenticator }

    public func callAsFunction() async throws(GymError) -> StaffSession? { try await authenticator.currentStaff() }
}
