package import Foundation
package import HearthDomain

/// The claims of the ID tokens the local auth gateways (in memory, file) issue, named and shaped as the
/// Firebase Auth emulator writes them, so that the Firestore emulator's security rules read them as the user
/// (it takes `sub`): `iss` (`https://securetoken.google.com/<projectID>`), `aud` (the project ID), `sub`
/// and `user_id` (the user ID), `iat`, `exp`, `auth_time` (the sign-in), `email`, `email_verified`
/// (`false`: local gateways never verify), `firebase.identities` and `firebase.sign_in_provider`
/// (`password`), a random `jti` so that no two tokens are alike, and, for gateways that verify tokens by
/// their claims, `sid`: the ID of the sign-in the token belongs to (absent otherwise).
///
/// Times are whole seconds since 1970, as JWTs write them.
package struct LocalIDTokenClaims: Codable, Equatable, Sendable {
    /// The `firebase` claim: how the user signed in.
    package struct Firebase: Codable, Equatable, Sendable {
        /// `{"email": [the email]}`.
        package let identities: [String: [String]]
        /// Always `password`.
        package let sign_in_provider: String
    }

    /// `https://securetoken.google.com/<projectID>`.
    package let iss: String
    /// The project ID.
    package let aud: String
    /// When the user signed in (seconds since 1970); a refresh keeps it.
    package let auth_time: Int64
    /// The user ID (Firebase writes it twice).
    package let user_id: String
    /// The user ID: what security rules read as `request.auth.uid`.
    package let sub: String
    /// When the token was issued (seconds since 1970).
    package let iat: Int64
    /// When the token stops being accepted (seconds since 1970).
    package let exp: Int64
    /// The account's email.
    package let email: String
    /// Always `false`.
    package let email_verified: Bool
    /// How the user signed in.
    package let firebase: Firebase
    /// A random token ID.
    package let jti: String
    /// The ID of the sign-in (session) the token belongs to, for gateways that revoke tokens by it.
    package let sid: String?

    /// The claims of a token for `uid` and `email` in `projectID`, issued at `issuedAt` and expiring at
    /// `expiresAt` for a user who signed in at `authTime` (seconds since 1970), with a new random `jti`.
    package init(
        projectID: String, uid: UserID, email: Email, issuedAt: Int64, expiresAt: Int64, authTime: Int64,
        sessionID: String? = nil
    ) {
        iss = Self.issuer(projectID)
        aud = projectID
        auth_time = authTime
        user_id = uid.rawValue
        sub = uid.rawValue
        iat = issuedAt
        exp = expiresAt
        self.email = email.value
        email_verified = false
        firebase = Firebase(identities: ["email": [email.value]], sign_in_provider: "password")
        jti = LocalAuthSupport.randomText(count: 20)
        sid = sessionID
    }

    /// The `iss` of `projectID`'s tokens: `https://securetoken.google.com/<projectID>`.
    package static func issuer(_ projectID: String) -> String {
        "https://securetoken.google.com/\(projectID)"
    }

    /// The claims as a JSON object's UTF-8 bytes, keys sorted and slashes unescaped (the token's payload).
    /// Throws `internal` when encoding fails.
    package func json() throws(AuthError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else {
            throw AuthError(.internal, "Encoding an ID token's claims failed.")
        }
        return data
    }

    /// The claims of a token's payload (a JSON object's UTF-8 bytes), or `nil` when it is not a JSON object
    /// with every claim above.
    package init?(json bytes: some Sequence<UInt8>) {
        guard let claims = try? JSONDecoder().decode(Self.self, from: Data(bytes)) else { return nil }
        self = claims
    }
}
