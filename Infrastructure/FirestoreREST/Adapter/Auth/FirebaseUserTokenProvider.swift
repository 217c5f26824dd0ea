public import Foundation
import HearthDomain
import HearthFirestoreCodec
public import HearthPort

/// A Firebase Authentication user's ID token: requests run under the user's identity and security
/// rules apply.
///
/// The ID token is refreshed through the Secure Token API (`POST https://securetoken.googleapis.com/v1/token?key=API_KEY`,
/// form-encoded `grant_type=refresh_token&refresh_token=…`) `refreshMargin` (default 5 minutes) before it
/// expires, and when Firestore answers `unauthenticated` (the adapter then retries the request once).
/// Concurrent callers share one refresh. ``currentCredentials()`` returns the latest tokens (the refresh
/// token may rotate) so the application can persist them.
///
/// Errors: `unauthenticated` when the refresh is refused (`TOKEN_EXPIRED`, `USER_DISABLED`,
/// `INVALID_REFRESH_TOKEN`, … named in the message), `unavailable` when the token service cannot be
/// reached. Tokens and the API key never appear in errors or descriptions.
public final class FirebaseUserTokenProvider: TokenProvider, CustomStringConvertible {
    /// `https://securetoken.googleapis.com/v1/token`.
    public static let productionTokenEndpoint = URL(string: "https://securetoken.googleapis.com/v1/token")!

    private let state: FirebaseUserState
    private let cache: TokenCache

    /// - Parameters:
    ///   - credentials: the sign-in result.
    ///   - apiKey: the Firebase project's Web API key.
    ///   - httpClient: how to reach the token service.
    ///   - tokenEndpoint: the refresh endpoint (the Auth emulator's is
    ///     `http://HOST:PORT/securetoken.googleapis.com/v1/token`).
    ///   - refreshMargin: how long before expiry the ID token is refreshed (default 5 minutes).
    ///   - timeout: per refresh request (default 30 s).
    ///   - now: the clock.
    public init(
        credentials: FirebaseUserCredentials,
        apiKey: String,
        httpClient: any HTTPClient,
        tokenEndpoint: URL = FirebaseUserTokenProvider.productionTokenEndpoint,
        refreshMargin: Duration = .seconds(300),
        timeout: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let state = FirebaseUserState(credentials)
        self.state = state
        let url =
            URL(string: tokenEndpoint.absoluteString + "?" + PercentEncoding.query([("key", apiKey)])) ?? tokenEndpoint
        let marginSeconds = Double(refreshMargin.components.seconds)
        cache = TokenCache(refreshMargin: refreshMargin, now: now) {
            if let fresh = await state.unusedCredentials(), fresh.expiresAt.timeIntervalSince(now()) > marginSeconds {
                return ExpiringToken(token: fresh.idToken, expiresAt: fresh.expiresAt)
            }
            let refreshed = try await Self.refresh(
                await state.credentials, url: url, httpClient: httpClient, timeout: timeout, now: now
            )
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

    static func refresh(
        _ credentials: FirebaseUserCredentials,
        url: URL,
        httpClient: any HTTPClient,
        timeout: Duration,
        now: @Sendable () -> Date
    ) async throws -> FirebaseUserCredentials {
        let body = PercentEncoding.query([
            ("grant_type", "refresh_token"), ("refresh_token", credentials.refreshToken.value),
        ])
        let request = HTTPRequest(
            method: .post,
            url: url,
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array(body.utf8),
            timeout: timeout
        )
        let operation = "Refreshing the Firebase ID token"
        let response: HTTPResponse
        do {
            response = try await httpClient.send(request)
        } catch {
            throw RESTErrorMapper.error(forThrown: error, operation: operation)
        }
        let parsed = try? JSONParser.parse(response.body)
        guard response.isSuccess else {
            var reason = "HTTP \(response.statusCode)"
            if let parsed, let error = RESTErrorMapper.errorObject(in: parsed),
                case .string(let message)? = error["message"]
            {
                reason += ": " + message
            }
            let code: DocumentStoreError.Code = response.statusCode >= 500 ? .unavailable : .unauthenticated
            throw DocumentStoreError(code, "\(operation) failed: \(BodyExcerpt.truncated(reason, limit: 300))")
        }
        guard case .object(let object)? = parsed,
            case .string(let idToken)? = object["id_token"] ?? object["access_token"], !idToken.isEmpty
        else {
            throw DocumentStoreError(
                .unauthenticated, "\(operation): the answer has no id_token (\(response.body.count) bytes, not shown).")
        }
        var refreshToken = credentials.refreshToken
        if case .string(let rotated)? = object["refresh_token"], !rotated.isEmpty {
            refreshToken = AccessToken(rotated)
        }
        let expiresIn: Double =
            switch object["expires_in"] {
            case .string(let text)?: Double(text) ?? 3_600
            case .number(let lexeme)?: Double(lexeme) ?? 3_600
            default: 3_600
            }
        var userID = credentials.userID
        if case .string(let id)? = object["user_id"] { userID = id }
        return FirebaseUserCredentials(
            idToken: idToken, refreshToken: refreshToken.value, expiresIn: expiresIn, userID: userID, now: now())
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
