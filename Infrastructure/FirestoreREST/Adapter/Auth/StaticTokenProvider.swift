public import HearthPort

/// A fixed token (or none), for tests, scripts and tokens managed elsewhere. Never refreshes.
public struct StaticTokenProvider: TokenProvider, CustomStringConvertible {
    private let fixedToken: AccessToken?
    /// The kind given, or `googleOAuth` for a token and `none` without one.
    public let kind: CredentialKind

    /// A provider that always answers `token` (`nil`: send no credentials), of the given kind
    /// (default: a Google OAuth access token; `.none` when `token` is `nil`).
    public init(_ token: AccessToken?, kind: CredentialKind? = nil) {
        fixedToken = token
        self.kind = kind ?? (token == nil ? .none : .googleOAuth)
    }

    /// A provider sending no credentials.
    public static let unauthenticated = StaticTokenProvider(nil)

    /// The fixed token (`nil`: requests carry no credentials). Never throws.
    public func token() async throws -> AccessToken? { fixedToken }

    /// A fixed token cannot be refreshed: returns `false`.
    public func tokenRejected(_ token: AccessToken) async -> Bool { false }

    /// `StaticTokenProvider(kind, token redacted)` or `…, no token)`: never the token.
    public var description: String {
        "StaticTokenProvider(\(kind), \(fixedToken == nil ? "no token" : "token redacted"))"
    }
}
