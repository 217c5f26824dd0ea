/// A signed-in user's session: who signed in, the tokens that prove it, and when the ID token expires.
///
/// The ID token is what a Firestore request carries (`Authorization: Bearer`); the refresh token
/// obtains a new ID token when this one expires (`AuthGateway.refresh(_:)`). Both are secrets:
/// ``description``, ``debugDescription`` and ``customMirror`` show the user, the email and the expiry,
/// never a token. Both must be non-empty printable ASCII without spaces (JWTs and Firebase refresh
/// tokens are), so a token can never smuggle a line break into an HTTP header; a token breaking that
/// rule throws `internal` naming the field (an auth backend's answer is broken), without quoting it.
public struct Session: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The signed-in user.
    public let userID: UserID
    /// The account's email.
    public let email: Email
    /// The ID token: a JWT naming ``userID`` in its `sub` claim.
    public let idToken: String
    /// The long-lived token that obtains new ID tokens.
    public let refreshToken: String
    /// When ``idToken`` stops being accepted.
    public let expiresAt: Timestamp

    /// A session from its parts; throws `internal` naming `idToken` or `refreshToken` when one is empty
    /// or holds anything but printable ASCII without spaces.
    public init(
        userID: UserID, email: Email, idToken: String, refreshToken: String, expiresAt: Timestamp
    )
        throws(AuthError)
    {
        try Self.validate(idToken, field: "idToken")
        try Self.validate(refreshToken, field: "refreshToken")
        self.userID = userID
        self.email = email
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Seed 002's name for ``idToken``.
    public var token: String { idToken }
    /// Seed 002's name for the user ID, as text.
    public var userId: String { userID.rawValue }

    /// Whether the ID token has expired at `now`, or will within `margin` of it (a holder refreshes
    /// then, before a request could carry an expired token). A negative margin counts as zero; margins
    /// beyond 10^12 seconds count as 10^12 seconds.
    public func expires(within margin: Duration = .zero, of now: Timestamp) -> Bool {
        let parts = margin.components
        let marginSeconds = min(max(parts.seconds, 0), 1_000_000_000_000)
        let marginNanos = parts.seconds < 0 ? 0 : max(parts.attoseconds, 0) / 1_000_000_000
        // Timestamps hold at most about 2.6 * 10^11 seconds either side of 1970: the sum cannot overflow.
        var seconds = now.seconds + marginSeconds
        var nanos = Int64(now.nanoseconds) + marginNanos
        if nanos >= 1_000_000_000 {
            seconds += 1
            nanos -= 1_000_000_000
        }
        return (expiresAt.seconds, Int64(expiresAt.nanoseconds)) <= (seconds, nanos)
    }

    /// `Session(user: …, email: …, expiresAt: RFC 3339, tokens redacted)`: never a token.
    public var description: String {
        "Session(user: \(userID), email: \(email), expiresAt: \(expiresAt), tokens redacted)"
    }
    /// The same as ``description``: the tokens never show.
    public var debugDescription: String { description }
    /// Children `userID`, `email`, `expiresAt` and `tokens`, the last `<redacted>`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "userID": userID.rawValue, "email": email.value, "expiresAt": expiresAt.description,
                "tokens": "<redacted>",
            ])
    }

    private static func validate(_ token: String, field: String) throws(AuthError) {
        guard !token.isEmpty else { throw AuthError(.internal, "\(field): is empty.") }
        guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw AuthError(.internal, "\(field): holds a character other than printable ASCII (not shown).")
        }
    }
}
