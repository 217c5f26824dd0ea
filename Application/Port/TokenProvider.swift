/// The port through which a remote adapter obtains credentials for its requests.
///
/// Providers cache their token and refresh it before it expires; ``token()`` may be called before every
/// request. When the server still answers `unauthenticated`, the adapter calls ``tokenRejected(_:)`` and,
/// if that returns `true`, retries the request once with a fresh ``token()``.
///
/// Tokens are secrets: ``AccessToken`` never prints its value, and providers never put a token in an
/// error message, a log line or a `description`.
public protocol TokenProvider: Sendable {
    /// Whose identity the tokens carry, which decides how the server treats requests.
    var kind: CredentialKind { get }

    /// A currently valid token, or `nil` to send requests without credentials.
    /// Throws `DocumentStoreError` (`unauthenticated` when credentials cannot be obtained, `unavailable`
    /// when the token source cannot be reached, `cancelled` on task cancellation).
    func token() async throws -> AccessToken?

    /// The server rejected `token` as unauthenticated. Returns whether a new ``token()`` may succeed
    /// (the provider forced a refresh), in which case the adapter retries the request once.
    func tokenRejected(_ token: AccessToken) async -> Bool
}

/// Whose identity a ``TokenProvider``'s tokens carry.
public enum CredentialKind: Sendable, Hashable {
    /// No credentials: requests are unauthenticated (security rules see `request.auth == null`).
    case none
    /// The Firestore emulator's administrator (`Bearer owner`): bypasses security rules.
    case emulatorOwner
    /// A Google OAuth 2.0 access token (service account or user, from the metadata server or gcloud):
    /// IAM applies, security rules do not.
    case googleOAuth
    /// A Firebase Authentication user's ID token: security rules apply, and read-write transactions
    /// must ask for optimistic concurrency.
    case firebaseUser
}

/// A bearer token. Its `description`, `debugDescription` and reflection never show the value.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret token text sent as `Authorization: Bearer <value>`.
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "AccessToken(redacted, \(value.utf8.count) bytes)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["value": "<redacted>"]) }
}
