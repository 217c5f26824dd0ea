public import Foundation
public import HearthDomain

/// Where ``FirebaseAuthGateway`` sends its requests, and how it carries the API key: Firebase
/// Authentication's production endpoints or the Auth emulator's.
///
/// Identity Toolkit operations are `POST <identityToolkit>accounts:<verb>`; refreshing a session is
/// `POST <secureToken>`. Production (``production``) carries the API key in the `x-goog-api-key` header,
/// so no URL holds it. The Auth emulator (``emulator(hostAndPort:)``) reads the key only from the `?key=`
/// query (its API description declares no header key, and a request without a query key or an
/// `Authorization: Bearer owner` is answered 403 "The request is missing a valid API key."), so there it
/// goes in the query. Either way no error message or description of Hearth's shows a URL's query.
public struct FirebaseAuthEndpoints: Sendable, Hashable, CustomStringConvertible {
    /// How a request carries the project's Web API key.
    public enum APIKeyPlacement: Sendable, Hashable {
        /// In the `x-goog-api-key` header (production Google APIs accept it; the URL stays free of it).
        case header
        /// In the `key` query parameter (the only place the Auth emulator reads it).
        case query
    }

    /// The Identity Toolkit v1 base, ending in `/v1/`: `https://identitytoolkit.googleapis.com/v1/`.
    public let identityToolkit: URL
    /// The Secure Token API's refresh endpoint: `https://securetoken.googleapis.com/v1/token`.
    public let secureToken: URL
    /// Where requests carry the API key.
    public let apiKeyPlacement: APIKeyPlacement

    /// Endpoints from their parts. `identityToolkit` should end in `/` (`accounts:<verb>` is appended to
    /// its text).
    public init(identityToolkit: URL, secureToken: URL, apiKeyPlacement: APIKeyPlacement) {
        self.identityToolkit = identityToolkit
        self.secureToken = secureToken
        self.apiKeyPlacement = apiKeyPlacement
    }

    /// Firebase Authentication in production: `https://identitytoolkit.googleapis.com/v1/` and
    /// `https://securetoken.googleapis.com/v1/token`, the key in the `x-goog-api-key` header.
    public static let production = FirebaseAuthEndpoints(
        identityToolkit: URL(string: "https://identitytoolkit.googleapis.com/v1/")!,
        secureToken: URL(string: "https://securetoken.googleapis.com/v1/token")!,
        apiKeyPlacement: .header)

    /// The Auth emulator at `hostAndPort` (what `FIREBASE_AUTH_EMULATOR_HOST` holds, for example
    /// `127.0.0.1:9099`): `http://HOST/identitytoolkit.googleapis.com/v1/` and
    /// `http://HOST/securetoken.googleapis.com/v1/token`, the key in the `?key=` query.
    ///
    /// Throws `internal` naming `FIREBASE_AUTH_EMULATOR_HOST` when `hostAndPort` is empty, holds a scheme, a
    /// path, a user part or white space, or is not a host with an optional port.
    public static func emulator(hostAndPort: String) throws(AuthError) -> FirebaseAuthEndpoints {
        let host = hostAndPort.trimmingCharacters(in: .whitespaces)
        let forbidden = host.unicodeScalars.contains {
            $0 == "/" || $0 == "@" || $0 == "?" || $0 == "#" || $0.properties.isWhitespace || $0.value < 0x21
                || $0.value > 0x7E
        }
        guard !host.isEmpty, !forbidden, let base = URL(string: "http://\(host)/"), base.host != nil else {
            throw AuthError(
                .internal,
                "FIREBASE_AUTH_EMULATOR_HOST: \(Excerpt.quoted(hostAndPort)) is not host:port (for example 127.0.0.1:9099)."
            )
        }
        guard let identityToolkit = URL(string: "identitytoolkit.googleapis.com/v1/", relativeTo: base)?.absoluteURL,
            let secureToken = URL(string: "securetoken.googleapis.com/v1/token", relativeTo: base)?.absoluteURL
        else {
            throw AuthError(.internal, "FIREBASE_AUTH_EMULATOR_HOST: \(Excerpt.quoted(hostAndPort)) gives no URL.")
        }
        return FirebaseAuthEndpoints(
            identityToolkit: identityToolkit, secureToken: secureToken, apiKeyPlacement: .query)
    }

    /// The URL of Identity Toolkit's `accounts:<verb>` (`verb` such as `signUp`), without the API key.
    func accounts(_ verb: String) -> URL {
        URL(string: identityToolkit.absoluteString + "accounts:" + verb) ?? identityToolkit
    }

    /// `production`, or `FirebaseAuthEndpoints(<Identity Toolkit base>, <Secure Token URL>, key in header|query)`.
    /// The URLs are the configured ones, which hold no key.
    public var description: String {
        if self == .production { return "FirebaseAuthEndpoints(production)" }
        return
            "FirebaseAuthEndpoints(\(identityToolkit.absoluteString), \(secureToken.absoluteString), key in \(apiKeyPlacement))"
    }
}
