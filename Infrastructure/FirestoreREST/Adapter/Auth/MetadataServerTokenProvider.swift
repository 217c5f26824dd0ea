public import Foundation
import HearthDomain
import HearthFirestoreCodec
public import HearthPort

/// Google OAuth access tokens of the attached service account from the metadata server (Cloud Run, GCE,
/// GKE, Cloud Functions): `GET http://{host}/computeMetadata/v1/instance/service-accounts/default/token`
/// with `Metadata-Flavor: Google`.
///
/// The token is cached and refreshed `refreshMargin` (default 5 minutes) before it expires; concurrent
/// callers share one refresh. Errors: `unavailable` when the metadata server cannot be reached (not
/// running on Google Cloud?), `unauthenticated` when it refuses or answers something unreadable.
/// Tokens never appear in errors or descriptions.
public final class MetadataServerTokenProvider: TokenProvider, CustomStringConvertible {
    /// `metadata.google.internal`.
    public static let defaultHost = "metadata.google.internal"

    /// The host (and optional port) asked.
    public let host: String
    private let cache: TokenCache

    /// - Parameters:
    ///   - httpClient: how to reach the metadata server.
    ///   - host: the metadata server (default ``defaultHost``; see ``host(fromEnvironment:)``).
    ///   - scopes: OAuth scopes to ask for (`nil`: the account's default, `cloud-platform` on Cloud Run).
    ///   - timeout: per request (default 3 s, as Google's libraries).
    ///   - refreshMargin: how long before expiry a token is refreshed (default 5 minutes).
    ///   - now: the clock (inject a fixed one in tests).
    public init(
        httpClient: any HTTPClient,
        host: String = MetadataServerTokenProvider.defaultHost,
        scopes: [String]? = nil,
        timeout: Duration = .seconds(3),
        refreshMargin: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        var text = "http://\(host)/computeMetadata/v1/instance/service-accounts/default/token"
        if let scopes, !scopes.isEmpty {
            text += "?" + PercentEncoding.query([("scopes", scopes.joined(separator: ","))])
        }
        let url = URL(string: text)
        cache = TokenCache(refreshMargin: refreshMargin, now: now) {
            guard let url else {
                throw DocumentStoreError(.invalidArgument, "Invalid metadata server host \"\(host)\".")
            }
            let request = HTTPRequest(
                method: .get, url: url, headers: [("Metadata-Flavor", "Google")], timeout: timeout)
            return try await Self.fetch(request, httpClient: httpClient, now: now)
        }
    }

    /// `GCE_METADATA_HOST`, else the legacy `GCE_METADATA_ROOT`, else ``defaultHost``.
    public static func host(fromEnvironment environment: [String: String]) -> String {
        for name in ["GCE_METADATA_HOST", "GCE_METADATA_ROOT"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return defaultHost
    }

    /// Always `googleOAuth`: IAM applies, security rules do not.
    public var kind: CredentialKind { .googleOAuth }

    /// The cached access token, fetched again from the metadata server when it expires within `refreshMargin`
    /// (or was rejected); concurrent callers share one fetch. Throws `unavailable` when the server cannot be
    /// reached, `unauthenticated` when it refuses or answers something unreadable.
    public func token() async throws -> AccessToken? {
        try await cache.token()
    }

    /// Drops the cached token so the next request fetches a new one; returns `true`.
    public func tokenRejected(_ token: AccessToken) async -> Bool {
        await cache.invalidate(token)
    }

    /// `MetadataServerTokenProvider(host: …)`: the host, never a token.
    public var description: String { "MetadataServerTokenProvider(host: \(host))" }

    static func fetch(
        _ request: HTTPRequest, httpClient: any HTTPClient, now: @Sendable () -> Date
    ) async throws -> ExpiringToken {
        let response: HTTPResponse
        do {
            response = try await httpClient.send(request)
        } catch {
            let mapped = RESTErrorMapper.error(
                forThrown: error, operation: "Fetching a token from the metadata server at \(request.url.host ?? "?")")
            if mapped.code == .cancelled || mapped.code == .deadlineExceeded { throw mapped }
            throw DocumentStoreError(
                .unavailable,
                "\(mapped.message) (is this running on Google Cloud? set GCE_METADATA_HOST to override the host)",
                underlying: mapped
            )
        }
        guard response.isSuccess else {
            throw DocumentStoreError(
                .unauthenticated,
                "The metadata server refused a token: HTTP \(response.statusCode): \(BodyExcerpt.of(response.body))"
            )
        }
        guard case .object(let object)? = try? JSONParser.parse(response.body),
            case .string(let token)? = object["access_token"], !token.isEmpty
        else {
            throw DocumentStoreError(
                .unauthenticated,
                "The metadata server's token answer has no access_token (\(response.body.count) bytes, not shown)."
            )
        }
        let expiresIn: Double? =
            switch object["expires_in"] {
            case .number(let lexeme)?: Double(lexeme)
            case .string(let text)?: Double(text)
            default: nil
            }
        return ExpiringToken(token: AccessToken(token), expiresAt: expiresIn.map { now().addingTimeInterval($0) })
    }
}
