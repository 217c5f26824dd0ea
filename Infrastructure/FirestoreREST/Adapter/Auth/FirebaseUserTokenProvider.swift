public import Foundation
import HearthDomain
public import HearthPort

/// A Firebase Authentication user's ID token: requests run under the user's identity and security
/// rules apply.
///
/// The ID token is refreshed through the Secure Token API (`POST https://securetoken.googleapis.com/v1/token`,
/// form-encoded `grant_type=refresh_token&refresh_token=…`, the API key in the `?key=` query or, built
/// with ``init(credentials:apiKey:httpClient:endpoints:refreshMargin:timeout:now:)``, where the
/// endpoints place it) `refreshMargin` (default 5 minutes) before it
/// expires, and when Firestore answers `unauthenticated` (the adapter then retries the request once).
/// Concurrent callers share one refresh. ``currentCredentials()`` returns the latest tokens (the refresh
/// token may rotate) so the application can persist them.
///
/// The refresh request and the reading of its answer and its errors are ``FirebaseAuthGateway``'s (one
/// Identity Toolkit / Secure Token wire layer); its `AuthError` becomes a `DocumentStoreError` here:
/// `unavailable` when the token service cannot be reached or answers 5xx (`connectivity`),
/// `unauthenticated` for a refusal (`TOKEN_EXPIRED`, `USER_DISABLED`, `INVALID_REFRESH_TOKEN`, … named in
/// the message) or an answer without `id_token` or `expires_in`. Tokens and the API key never appear in
/// errors or descriptions.
public final class FirebaseUserTokenProvider: TokenProvider, CustomStringConvertible {
    /// `https://securetoken.googleapis.com/v1/token`.
    public static let productionTokenEndpoint = URL(string: "https://securetoken.googleapis.com/v1/token")!

    private let state: FirebaseUserState
    private let cache: TokenCache

    /// A provider refreshing at `tokenEndpoint` with the API key in its `?key=` query.
    ///
    /// - Parameters:
    ///   - credentials: the sign-in result.
    ///   - apiKey: the Firebase project's Web API key.
    ///   - httpClient: how to reach the token service.
    ///   - tokenEndpoint: the refresh endpoint (the Auth emulator's is
    ///     `http://HOST:PORT/securetoken.googleapis.com/v1/token`).
    ///   - refreshMargin: how long before expiry the ID token is refreshed (default 5 minutes).
    ///   - timeout: per refresh request (default 30 s).
    ///   - now: the clock.
    public convenience init(
        credentials: FirebaseUserCredentials,
        apiKey: String,
        httpClient: any HTTPClient,
        tokenEndpoint: URL = FirebaseUserTokenProvider.productionTokenEndpoint,
        refreshMargin: Duration = .seconds(300),
        timeout: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            credentials: credentials, apiKey: apiKey, httpClient: httpClient,
            endpoints: FirebaseAuthEndpoints(
                identityToolkit: tokenEndpoint, secureToken: tokenEndpoint, apiKeyPlacement: .query),
            refreshMargin: refreshMargin, timeout: timeout, now: now)
    }

    /// A provider refreshing where `endpoints` say, the API key placed as they say: as the
    /// `FirebaseAuthGateway` built with the same endpoints does (in production, the `x-goog-api-key`
    /// header, so no URL holds the key).
    ///
    /// - Parameters:
    ///   - credentials: the sign-in result.
    ///   - apiKey: the Firebase project's Web API key.
    ///   - httpClient: how to reach the token service.
    ///   - endpoints: ``FirebaseAuthEndpoints/production`` or the Auth emulator's; only its
    ///     ``FirebaseAuthEndpoints/secureToken`` and ``FirebaseAuthEndpoints/apiKeyPlacement`` are used.
    ///   - refreshMargin: how long before expiry the ID token is refreshed (default 5 minutes).
    ///   - timeout: per refresh request (default 30 s).
    ///   - now: the clock.
    public init(
        credentials: FirebaseUserCredentials,
        apiKey: String,
        httpClient: any HTTPClient,
        endpoints: FirebaseAuthEndpoints,
        refreshMargin: Duration = .seconds(300),
        timeout: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let state = FirebaseUserState(credentials)
        self.state = state
        let marginSeconds = Double(refreshMargin.components.seconds)
        cache = TokenCache(refreshMargin: refreshMargin, now: now) {
            if let fresh = await state.unusedCredentials(), fresh.expiresAt.timeIntervalSince(now()) > marginSeconds {
                return ExpiringToken(token: fresh.idToken, expiresAt: fresh.expiresAt)
            }
            let refreshed = try await Self.refresh(
                await state.credentials, endpoints: endpoints, apiKey: apiKey, httpClient: httpClient,
                timeout: timeout, now: now)
            await state.replace(with: refreshed)
            return ExpiringToken(token: refreshed.idToken, expiresAt: refreshed.expiresAt)
        }
    }

    /// Always `firebaseUser`: security rules apply, and read-write transactions ask for optimistic concurrency.
    public var kind: CredentialKind { .firebaseUser }

    /// The current ID token, refreshed first when it expires within `refreshMargin` (or was rejected);
    /// concurrent callers share one refresh. Throws `unauthenticated` when the refresh is refused (the reason,
    /// such as `TOKEN_EXPIRED`, in the message), `unavailable` when the token service cannot be reached.
    public func token() async throws -> AccessToken? {
        try await cache.token()
    }

    /// Forces a refresh on the next ``token()``; returns `true` (the adapter retries once).
    public func tokenRejected(_ token: AccessToken) async -> Bool {
        await state.markUsed()
        return await cache.invalidate(token)
    }

    /// The latest credentials, including a rotated refresh token.
    public func currentCredentials() async -> FirebaseUserCredentials {
        await state.credentials
    }

    /// `FirebaseUserTokenProvider(tokens redacted)`: never a token or the API key.
    public var description: String { "FirebaseUserTokenProvider(tokens redacted)" }

    /// One refresh through the Secure Token API (the wire layer the Auth gateway shares), its
    /// `AuthError` translated for the store: `connectivity` → `unavailable`, any other refusal or broken
    /// answer → `unauthenticated`, the Firebase code (such as `TOKEN_EXPIRED`) kept in the message.
    static func refresh(
        _ credentials: FirebaseUserCredentials,
        endpoints: FirebaseAuthEndpoints,
        apiKey: String,
        httpClient: any HTTPClient,
        timeout: Duration,
        now: @Sendable () -> Date
    ) async throws -> FirebaseUserCredentials {
        let grant: FirebaseAuthWire.TokenGrant
        do throws(AuthError) {
            grant = try await FirebaseAuthWire.refresh(
                credentials.refreshToken.value, at: endpoints.secureToken, apiKey: apiKey,
                placement: endpoints.apiKeyPlacement, client: httpClient,
                timeout: timeout, operation: "Refreshing the Firebase ID token")
        } catch {
            let code: DocumentStoreError.Code = error.code == .connectivity ? .unavailable : .unauthenticated
            throw DocumentStoreError(code, error.message, underlying: error)
        }
        return FirebaseUserCredentials(
            idToken: grant.idToken, refreshToken: grant.refreshToken ?? credentials.refreshToken.value,
            expiresIn: TimeInterval(grant.expiresIn), userID: grant.userID ?? credentials.userID, now: now())
    }
}

/// The provider's mutable credentials.
actor FirebaseUserState {
    private(set) var credentials: FirebaseUserCredentials
    private var initialTokenUsed = false

    init(_ credentials: FirebaseUserCredentials) {
        self.credentials = credentials
    }

    /// The sign-in's own ID token the first time it is asked for, so no refresh happens before it is
    /// used (the cache still checks its expiry).
    func unusedCredentials() -> FirebaseUserCredentials? {
        guard !initialTokenUsed else { return nil }
        initialTokenUsed = true
        return credentials
    }

    func markUsed() { initialTokenUsed = true }

    func replace(with credentials: FirebaseUserCredentials) {
        self.credentials = credentials
        initialTokenUsed = true
    }
}
