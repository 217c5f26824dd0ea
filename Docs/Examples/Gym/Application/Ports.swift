import Foundation
import GymDomain

/// Where members live. The use cases only know this protocol; Infrastructure implements it on Hearth.
public protocol MemberRepository: Sendable {
    func save(_ member: Member) async throws(GymError)
    func member(id: String) async throws(GymError) -> Member?
    /// Active members ordered by paternal last name.
    func activeMembers() async throws(GymError) -> [Member]
    /// Every member ordered by paternal last name.
    func allMembers() async throws(GymError) -> [Member]
    func deactivate(id: String) async throws(GymError)
    func countActive() async throws(GymError) -> Int
}

/// The unique index from a normalised email address to the member who registered it.
public protocol EmailIndex: Sendable {
    /// Records `email → memberID`; throws ``GymError/emailAlreadyRegistered(_:)`` if the address is taken.
    func register(_ email: Email, memberID: String) async throws(GymError)
    func memberID(for email: Email) async throws(GymError) -> String?
}

/// Registers a member and claims their email in the index as one atomic step, so a crash between the two
/// can never leave a member without index entry or an index entry without member.
public protocol MemberRegistrar: Sendable {
    func register(_ member: Member, email: Email) async throws(GymError)
}

public protocol MembershipPlanRepository: Sendable {
    func save(_ plans: [MembershipPlan]) async throws(GymError)
    /// Active plans by `sortOrder`.
    func activePlans() async throws(GymError) -> [MembershipPlan]
}

public protocol ClassRepository: Sendable {
    /// Saves every class in one atomic batch.
    func saveAll(_ classes: [GymClass]) async throws(GymError)
    /// Active classes with `from <= date < to`, by date.
    func activeClasses(from: Date, to: Date) async throws(GymError) -> [GymClass]
    /// Cancels every class of a recurrence group in one batch; returns how many were cancelled.
    func cancelRecurrenceGroup(_ groupID: String) async throws(GymError) -> Int
}

public protocol AttendanceRepository: Sendable {
    func record(_ attendance: ClassAttendance) async throws(GymError)
    /// A member's attendance with `from <= timestamp < to`, by time.
    func attendance(memberID: String, from: Date, to: Date) async throws(GymError) -> [ClassAttendance]
}

/// The one-time admin setup of the app (seed 000, `app_config/setup`).
public protocol AppSetup: Sendable {
    func isComplete() async throws(GymError) -> Bool
    /// Marks setup complete; throws ``GymError/adminAlreadySetUp`` if it already is.
    func complete(adminUserID: String) async throws(GymError)
}

/// Makes identifiers (injected so tests are reproducible).
public protocol IdentifierSource: Sendable {
    func next() -> String
}
