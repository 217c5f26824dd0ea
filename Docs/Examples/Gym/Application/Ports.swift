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

/// How staff members (the front desk, coaches, the admin) sign in to the gym's app with an email and a
/// password. The use cases only know this protocol; Infrastructure implements it on Hearth's
/// authentication and translates its errors, so no use case ever sees the service behind it (seed 002).
/// A password is handed over, never kept, printed or put in an error.
public protocol StaffAuthenticator: Sendable {
    /// Signs `email` in and makes them the signed-in staff member. Throws ``GymError/invalidCredentials``
    /// for an unknown email and a wrong password alike, ``GymError/accountDisabled``,
    /// ``GymError/tooManyAttempts``, ``GymError/invalidEmail(_:)`` when the service refuses the address,
    /// ``GymError/connectivity``. A failure leaves whoever was signed in signed in.
    func signIn(email: Email, password: String) async throws(GymError) -> StaffSession
    /// Signs the staff member out, at once here, then on the service. Nothing happens when nobody is
    /// signed in; ``GymError/connectivity`` when the service could not be told (the member is signed out
    /// here all the same).
    func signOut() async throws(GymError)
    /// The signed-in staff member as the service knows them now, or `nil` when nobody is signed in.
    /// Throws ``GymError/sessionExpired`` when the session ended (deleted account, changed password) and
    /// ``GymError/accountDisabled`` — both sign the member out — or ``GymError/connectivity``.
    func currentStaff() async throws(GymError) -> StaffSession?
}
