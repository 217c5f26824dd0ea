/// A signed-in user's account, as a gateway looks it up (Firebase's `User`: `uid`, `email`,
/// `isEmailVerified`).
public struct AuthUser: Hashable, Sendable, CustomStringConvertible {
    /// The user's ID.
    public let uid: UserID
    /// The account's email.
    public let email: Email
    /// Whether the email was verified (local adapters never verify: `false`).
    public let isEmailVerified: Bool

    /// An account from its parts.
    public init(uid: UserID, email: Email, isEmailVerified: Bool = false) {
        self.uid = uid
        self.email = email
        self.isEmailVerified = isEmailVerified
    }

    /// `AuthUser(uid: …, email: …, verified: true|false)`.
    public var description: String { "AuthUser(uid: \(uid), email: \(email), verified: \(isEmailVerified))" }
}
