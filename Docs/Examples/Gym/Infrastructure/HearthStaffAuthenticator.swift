import GymApplication
import GymDomain
import HearthApplication
import HearthDomain
import HearthPort

/// Staff sign-in on Hearth's authentication: an `AuthSession` holds the signed-in staff member's session
/// over whichever `AuthGateway` the composition root chose (in memory, the file gateway, Firebase
/// Authentication over REST). The same `AuthSession` can be a Firestore store's token provider, so that
/// the gym's repositories then read and write as the signed-in staff member, under security rules.
///
/// Every `AuthError` is translated here, at the edge (seed 002's `mapAuthError`), so that no use case
/// ever sees one:
///
/// | `AuthError.Code` | `GymError` | why |
/// |---|---|---|
/// | `invalidCredentials` | `.invalidCredentials` | an unknown email and a wrong password are one answer |
/// | `weakPassword` | `.invalidCredentials` | a password outside the service's rules belongs to no account |
/// | `invalidEmail` | `.invalidEmail(email)` | the service's rules are stricter than the gym's `Email` |
/// | `emailAlreadyInUse` | `.emailAlreadyRegistered(email)` | (only when accounts are created) |
/// | `userDisabled` | `.accountDisabled` | |
/// | `tooManyRequests` | `.tooManyAttempts` | |
/// | `sessionExpired`, `requiresRecentLogin` | `.sessionExpired` | either way: sign in again |
/// | `connectivity`, `internal`, a code added later | `.connectivity` | try again later |
public struct HearthStaffAuthenticator: StaffAuthenticator {
    private let session: AuthSession

    /// Staff sign-in held by `session` (which may also serve a Firestore store its tokens).
    public init(session: AuthSession) { self.session = session }

    /// Staff sign-in through `gateway`, in a session holder of its own.
    public init(gateway: any AuthGateway) { self.init(session: AuthSession(gateway: gateway)) }

    /// Hearth's `Credentials` are built from what the gym checked, then `AuthSession.signIn(_:)`.
    public func signIn(email: Email, password: String) async throws(GymError) -> StaffSession {
        let signedIn: Session
        do {
            signedIn = try await session.signIn(try Credentials(email: email.value, password: password))
        } catch {
            throw Self.translate(error, email: email)
        }
        return StaffSession(userID: signedIn.userID.rawValue, email: email)
    }

    /// `AuthSession.signOut()`.
    public func signOut() async throws(GymError) {
        do {
            try await session.signOut()
        } catch {
            throw Self.translate(error, email: nil)
        }
    }

    /// `AuthSession.currentUser()`: the account looked up with the service (refreshing the ID token first
    /// when it is about to expire). An account whose email the gym's `Email` refuses is
    /// `.invalidData`.
    public func currentStaff() async throws(GymError) -> StaffSession? {
        let user: AuthUser?
        do {
            user = try await session.currentUser()
        } catch {
            throw Self.translate(error, email: nil)
        }
        guard let user else { return nil }
        do {
            return StaffSession(userID: user.uid.rawValue, email: try Email(user.email.value))
        } catch {
            throw .invalidData("the signed-in account's email is not one the gym accepts")
        }
    }

    /// The table above. `email` is what the staff member typed, when there is one.
    static func translate(_ error: AuthError, email: Email?) -> GymError {
        switch error.code {
        case .invalidCredentials, .weakPassword: .invalidCredentials
        case .invalidEmail: .invalidEmail(email?.value ?? "")
        case .emailAlreadyInUse: .emailAlreadyRegistered(email?.value ?? "")
        case .userDisabled: .accountDisabled
        case .tooManyRequests: .tooManyAttempts
        case .sessionExpired, .requiresRecentLogin: .sessionExpired
        default: .connectivity  // connectivity, internal, and any code Hearth adds later
        }
    }
}
