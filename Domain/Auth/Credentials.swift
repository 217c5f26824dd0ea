/// What a user signs in with: an ``Email`` and a ``Password`` (seed 002's `Credentials`).
///
/// Its description shows the email and redacts the password, as ``Password`` does.
public struct Credentials: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The account's email, normalised.
    public let email: Email
    /// The account's password.
    public let password: Password

    /// Credentials from validated parts.
    public init(email: Email, password: Password) {
        self.email = email
        self.password = password
    }

    /// Credentials from what a user typed: validates `email` (throws `invalidEmail`) and then
    /// `password` (throws `weakPassword`), each error naming its field.
    public init(email: String, password: String) throws(AuthError) {
        self.init(email: try Email(email), password: try Password(password))
    }

    /// `Credentials(email: …, password: redacted)`.
    public var description: String { "Credentials(email: \(email), password: redacted)" }
    /// The same as ``description``: the password never shows.
    public var debugDescription: String { description }
    /// Children `email` and `password`, the latter `<redacted>`.
    public var customMirror: Mirror { Mirror(self, children: ["email": email.value, "password": "<redacted>"]) }
}
