/// The error vocabulary of authentication, the counterpart of `DocumentStoreError` for the `AuthGateway`
/// port.
///
/// Every auth adapter translates its native failures into this type at its edge: the Firebase Auth REST
/// adapter from the `CODE` of an Identity Toolkit error message (`"CODE : detail"`, see
/// ``Code/init(firebaseCode:)``), the local adapters directly. The value objects of authentication
/// (``Email``, ``Password``, ``UserID``, ``Session``) throw it when built from invalid input.
///
/// It is a struct wrapping a ``Code`` rather than an enum so that codes can be added without breaking
/// exhaustive `switch` statements in client code. Compare errors by ``code``, or match the
/// predefined errors in a `catch` (``~=(_:_:)`` compares codes):
///
/// ```swift
/// catch let error as AuthError where error.code == .invalidCredentials { ... }
/// catch AuthError.invalidCredentials { ... }
/// ```
///
/// No message ever holds a password or a token: messages name the offending field and the rule it
/// breaks, never the rejected text.
public struct AuthError: CodedError {
    /// What went wrong, in the terms of the use case.
    public let code: Code
    /// A human-readable explanation naming the offending field where there is one; never a password or
    /// a token.
    public let message: String
    /// The failure this error was translated from, if any (a transport error, a `DocumentStoreError`, …).
    public let underlying: (any Error & Sendable)?

    /// An error with `code` and `message`, keeping `underlying` as its cause. The message should name the
    /// offending field, and never carry a password, a token, or the text a user typed into a password
    /// field.
    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// Whether `error` is an ``AuthError`` with the same ``code`` as `pattern`, so that the predefined
    /// errors (``invalidCredentials``, …) match in a `catch` or `switch` as enum cases would.
    public static func ~= (pattern: AuthError, error: any Error) -> Bool {
        (error as? AuthError)?.code == pattern.code
    }
}

extension AuthError {
    /// A kind of authentication failure. Each documents the Firebase Authentication codes it covers
    /// (``firebaseCodes``): the `CODE` part of Identity Toolkit and Secure Token error messages.
    public struct Code: CodedErrorCode, CustomStringConvertible {
        /// The code's name, as written in Swift: `"invalidCredentials"`.
        public let name: String
        /// The Firebase Authentication error codes this code covers (Identity Toolkit and Secure Token
        /// messages such as `"EMAIL_NOT_FOUND"`); empty for codes no Firebase code maps to.
        public let firebaseCodes: [String]

        private init(_ name: String, _ firebaseCodes: [String]) {
            self.name = name
            self.firebaseCodes = firebaseCodes
        }

        /// The code's name, for example `invalidCredentials`.
        public var description: String { name }

        /// The email or the password is wrong. An unknown email and a wrong password are one error, as
        /// Firebase's email-enumeration protection makes them: `INVALID_LOGIN_CREDENTIALS`,
        /// `EMAIL_NOT_FOUND`, `INVALID_PASSWORD` (the Apple SDK's `invalidCredential`, `userNotFound`,
        /// `wrongPassword`).
        public static let invalidCredentials = Code(
            "invalidCredentials", ["INVALID_LOGIN_CREDENTIALS", "EMAIL_NOT_FOUND", "INVALID_PASSWORD"])
        /// Another account already uses the email: `EMAIL_EXISTS` (`emailAlreadyInUse`).
        public static let emailAlreadyInUse = Code("emailAlreadyInUse", ["EMAIL_EXISTS"])
        /// The password does not meet the password rules (shorter than Firebase's minimum of 6, longer
        /// than ``Password/maximumLength``, missing): `WEAK_PASSWORD`, `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`,
        /// `MISSING_PASSWORD` (`weakPassword`).
        public static let weakPassword = Code(
            "weakPassword", ["WEAK_PASSWORD", "PASSWORD_DOES_NOT_MEET_REQUIREMENTS", "MISSING_PASSWORD"])
        /// The email is malformed or missing: `INVALID_EMAIL`, `MISSING_EMAIL` (`invalidEmail`,
        /// `missingEmail`).
        public static let invalidEmail = Code("invalidEmail", ["INVALID_EMAIL", "MISSING_EMAIL"])
        /// The account is disabled: `USER_DISABLED` (`userDisabled`).
        public static let userDisabled = Code("userDisabled", ["USER_DISABLED"])
        /// Too many attempts; try again later: `TOO_MANY_ATTEMPTS_TRY_LATER`, `QUOTA_EXCEEDED`
        /// (`tooManyRequests`, `quotaExceeded`). Local adapters answer it past their per-account limit of
        /// failed sign-ins.
        public static let tooManyRequests = Code(
            "tooManyRequests", ["TOO_MANY_ATTEMPTS_TRY_LATER", "QUOTA_EXCEEDED"])
        /// The session can no longer be used or refreshed: its ID token expired or was revoked, its
        /// refresh token was revoked (a password change, a sign-out on a local adapter), or its user was
        /// deleted. Sign in again. `TOKEN_EXPIRED`, `INVALID_ID_TOKEN`, `INVALID_REFRESH_TOKEN`,
        /// `USER_NOT_FOUND` (`userTokenExpired`, `invalidUserToken`, `userNotFound` on a token
        /// operation). Also what a session holder answers when no user is signed in.
        public static let sessionExpired = Code(
            "sessionExpired", ["TOKEN_EXPIRED", "INVALID_ID_TOKEN", "INVALID_REFRESH_TOKEN", "USER_NOT_FOUND"])
        /// A sensitive operation (changing the password, deleting the user) needs a sign-in from the last
        /// few minutes: `CREDENTIAL_TOO_OLD_LOGIN_AGAIN` (`requiresRecentLogin`).
        public static let requiresRecentLogin = Code("requiresRecentLogin", ["CREDENTIAL_TOO_OLD_LOGIN_AGAIN"])
        /// The auth service could not be reached or did not answer: a transport failure, a timeout, a
        /// cancelled task, an HTTP 5xx (`networkError`). No Firebase error code: retrying may help.
        public static let connectivity = Code("connectivity", [])
        /// An invariant is broken: an answer that is not the JSON expected, an invalid user ID or token in
        /// an answer, a request the service calls malformed (`INVALID_GRANT_TYPE`,
        /// `MISSING_REFRESH_TOKEN`), or any Firebase code not listed under another code (``init(firebaseCode:)``
        /// returns `nil` for those; adapters answer this code).
        public static let `internal` = Code("internal", ["INVALID_GRANT_TYPE", "MISSING_REFRESH_TOKEN"])

        /// Every code, in the order above.
        public static let allCases: [Code] = [
            .invalidCredentials, .emailAlreadyInUse, .weakPassword, .invalidEmail, .userDisabled,
            .tooManyRequests, .sessionExpired, .requiresRecentLogin, .connectivity, .internal,
        ]

        /// The code named `name` (`"sessionExpired"`), or `nil` when the name is unknown.
        public init?(name: String) {
            guard let code = Code.allCases.first(where: { $0.name == name }) else { return nil }
            self = code
        }

        /// The code covering the Firebase Authentication error code `firebaseCode` (the text before
        /// `" : "` in an Identity Toolkit message, for example `"EMAIL_NOT_FOUND"`), or `nil` when no code
        /// lists it (an adapter then answers ``internal``).
        public init?(firebaseCode: String) {
            guard let code = Code.allCases.first(where: { $0.firebaseCodes.contains(firebaseCode) }) else {
                return nil
            }
            self = code
        }
    }
}

extension AuthError {
    /// `invalidCredentials`: "The email or the password is wrong." The one answer to an unknown email and a
    /// wrong password.
    public static let invalidCredentials = AuthError(.invalidCredentials, "The email or the password is wrong.")
    /// `emailAlreadyInUse`: "Another account already uses this email."
    public static let emailAlreadyInUse = AuthError(.emailAlreadyInUse, "Another account already uses this email.")
    /// `weakPassword`, with a generic message (``Password`` says which rule).
    public static let weakPassword = AuthError(.weakPassword, "password: does not meet the password rules.")
    /// `invalidEmail`, with a generic message (``Email`` says which rule).
    public static let invalidEmail = AuthError(.invalidEmail, "email: is not a valid email address.")
    /// `userDisabled`: "The account is disabled."
    public static let userDisabled = AuthError(.userDisabled, "The account is disabled.")
    /// `tooManyRequests`: "Too many attempts; try again later."
    public static let tooManyRequests = AuthError(.tooManyRequests, "Too many attempts; try again later.")
    /// `sessionExpired`: "The session expired or was revoked; sign in again."
    public static let sessionExpired = AuthError(.sessionExpired, "The session expired or was revoked; sign in again.")
    /// `requiresRecentLogin`: "This operation needs a recent sign-in; sign in again."
    public static let requiresRecentLogin = AuthError(
        .requiresRecentLogin, "This operation needs a recent sign-in; sign in again.")
    /// `connectivity`: "The authentication service could not be reached."
    public static let connectivity = AuthError(.connectivity, "The authentication service could not be reached.")
    /// `internal`: "The authentication service answered something unexpected."
    public static let `internal` = AuthError(.internal, "The authentication service answered something unexpected.")
}
