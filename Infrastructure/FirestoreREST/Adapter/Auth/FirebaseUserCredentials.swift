public import Foundation
public import HearthPort

/// What a Firebase Authentication sign-in returns: the user's ID token, the refresh token and when the
/// ID token expires. Both tokens are secrets; `description` and reflection never show them.
public struct FirebaseUserCredentials: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The ID token sent as `Authorization: Bearer`.
    public var idToken: AccessToken
    /// The long-lived token that obtains new ID tokens.
    public var refreshToken: AccessToken
    /// When ``idToken`` expires.
    public var expiresAt: Date
    /// The user's ID (`localId` / `user_id`), when known.
    public var userID: String?

    /// Credentials from their parts; `expiresAt` is when `idToken` stops being accepted.
    public init(idToken: AccessToken, refreshToken: AccessToken, expiresAt: Date, userID: String? = nil) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.userID = userID
    }

    /// From a sign-in answer (`idToken`, `refreshToken`, `expiresIn` seconds, `localId`), received at `now`.
    public init(
        idToken: String, refreshToken: String, expiresIn: TimeInterval, userID: String? = nil, now: Date = Date()
    ) {
        self.init(
            idToken: AccessToken(idToken),
            refreshToken: AccessToken(refreshToken),
            expiresAt: now.addingTimeInterval(expiresIn),
            userID: userID
        )
    }

    /// `FirebaseUserCredentials(user: …, tokens redacted, expiresAt: …)`: the user ID and expiry, never a
    /// token.
    public var description: String {
        "FirebaseUserCredentials(user: \(userID ?? "?"), tokens redacted, expiresAt: \(expiresAt))"
    }

    /// The user ID and expiry; the tokens are shown as `<redacted>`, so `dump` and debuggers never print them.
    public var customMirror: Mirror {
        Mirror(self, children: ["userID": userID as Any, "expiresAt": expiresAt, "tokens": "<redacted>"])
    }
}
