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
