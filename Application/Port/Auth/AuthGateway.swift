public import HearthDomain

/// The port through which the application authenticates users with email and password: Firebase
/// Authentication's account operations, in Domain types.
///
/// A gateway is stateless from the caller's side: every operation on a signed-in user takes that user's
/// `Session` and, where the backend issues new tokens, returns the new one. Holding the current session,
/// refreshing it before it expires and serving its ID token to a Firestore store is the job of a session
/// holder (HearthApplication's `AuthSession`), not of the gateway.
///
/// Every requirement throws only `AuthError` (typed), and documents which code each failure becomes.
/// Messages never hold a password or a token. The codes every gateway must answer alike (an unknown email
/// and a wrong password are both `invalidCredentials`, …) are the executable contract `AuthContract`.
public protocol AuthGateway: Sendable {
    /// Creates an account with `email` and `password` and signs it in (Firebase's
    /// `createUser(withEmail:password:)`, Identity Toolkit's `accounts:signUp`).
    ///
    /// Throws `emailAlreadyInUse` when an account has the email, `weakPassword` when the backend's
    /// password rules are stricter than `Password`'s, `tooManyRequests`, `connectivity`, `internal`.
    func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session

    /// Signs in with `email` and `password` (Firebase's `signIn(withEmail:password:)`, Identity
    /// Toolkit's `accounts:signInWithPassword`).
    ///
    /// Throws `invalidCredentials` for an unknown email and for a wrong password alike, `userDisabled`,
    /// `tooManyRequests` (past a limit of failed attempts), `connectivity`, `internal`.
    func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session

    /// A session for the same user with a fresh ID token and expiry, from `session`'s refresh token
    /// (the Secure Token API's `grant_type=refresh_token`); the refresh token may rotate. Works whether
    /// or not the ID token has expired.
    ///
    /// Throws `sessionExpired` when the refresh token was revoked (a password change, a sign-out on
    /// a gateway that revokes, a deleted user), `userDisabled`, `connectivity`, `internal`.
    func refresh(_ session: Session) async throws(AuthError) -> Session

    /// Ends `session` on the backend's side, where the backend can: local gateways revoke its refresh
    /// token (a later ``refresh(_:)`` throws `sessionExpired`); Firebase's REST API has no sign-out,
    /// so the REST gateway forgets nothing server-side (Firebase's `signOut()` is local too).
    /// Signing out a session that is already over succeeds. Throws `connectivity`, `internal`.
    func signOut(_ session: Session) async throws(AuthError)

    /// Sets the password of `session`'s user to `newPassword` and returns the user's new session
    /// (Firebase's `updatePassword(to:)`, Identity Toolkit's `accounts:update`). The old password no
    /// longer signs in, and every earlier refresh token of the user is revoked.
    ///
    /// Throws `sessionExpired` when `session`'s ID token expired or was revoked, `requiresRecentLogin`
    /// when the sign-in is too old, `weakPassword`, `userDisabled`, `connectivity`, `internal`.
    func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session

    /// Deletes `session`'s user (Firebase's `delete()`, Identity Toolkit's `accounts:delete`): the email
    /// no longer signs in and may be used again, and the user's sessions can no longer be refreshed.
    ///
    /// Throws `sessionExpired`, `requiresRecentLogin`, `userDisabled`, `connectivity`, `internal`.
    func deleteUser(_ session: Session) async throws(AuthError)

    /// The account `session` belongs to (Identity Toolkit's `accounts:lookup`; what Firebase's
    /// `currentUser` shows).
    ///
    /// Throws `sessionExpired` when the ID token expired or was revoked or the user was deleted,
    /// `userDisabled`, `connectivity`, `internal`.
    func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser
}
