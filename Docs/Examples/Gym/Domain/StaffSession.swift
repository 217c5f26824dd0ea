/// A staff member signed in to the gym's app (the front desk, a coach, the admin): who they are, and
/// nothing that proves it. The tokens that prove it stay in Infrastructure, behind the
/// `StaffAuthenticator` port; the gym's domain never holds a token, so it can never print one.
public struct StaffSession: Hashable, Sendable, CustomStringConvertible {
    /// The staff member's account ID, as the authentication service issued it (Firebase's `uid`).
    public let userID: String
    /// The address the staff member signed in with.
    public let email: Email

    /// A session for the account `userID` signed in as `email`.
    public init(userID: String, email: Email) {
        self.userID = userID
        self.email = email
    }

    /// `email (userID)`: an email and an ID, never a secret.
    public var description: String { "\(email) (\(userID))" }
}
