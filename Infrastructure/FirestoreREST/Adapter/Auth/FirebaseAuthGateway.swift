public import Foundation
public import HearthDomain
import HearthFirestoreCodec
public import HearthPort

/// The `AuthGateway` port over Firebase Authentication's REST API (Identity Toolkit v1 and the Secure
/// Token API), on the ``HTTPClient`` seam: seed 002's `FirebaseAuthGateway`, without the SDK.
///
/// | Port operation | Request |
/// |---|---|
/// | `createUser(withEmail:password:)` | `accounts:signUp {email, password, returnSecureToken: true}` |
/// | `signIn(withEmail:password:)` | `accounts:signInWithPassword {email, password, returnSecureToken: true}` |
/// | `refresh(_:)` | Secure Token `grant_type=refresh_token&refresh_token=…` (form-encoded) |
/// | `updatePassword(to:for:)` | `accounts:update {idToken, password, returnSecureToken: true}` |
/// | `deleteUser(_:)` | `accounts:delete {idToken}` |
/// | `lookupUser(_:)` | `accounts:lookup {idToken}` |
/// | `signOut(_:)` | none: Firebase has no sign-out call (its SDKs' `signOut()` is local too) |
///
/// A session's expiry is the answer's `expiresIn` (a string of seconds) after the moment the answer
/// arrived, by the injected clock; its email is the answer's (a refresh keeps the session's). Tokens go
/// in request bodies, never in a URL or a header. ``FirebaseAuthEndpoints`` says where requests go and
/// where the API key goes (production: the `x-goog-api-key` header; the Auth emulator: the `?key=` query).
///
/// Every failure is an `AuthError`: an error answer's `"CODE : detail"` message is split at the first
/// `:` and its code mapped by `AuthError.Code(firebaseCode:)` (`INVALID_LOGIN_CREDENTIALS`,
/// `EMAIL_NOT_FOUND`, `INVALID_PASSWORD` → `invalidCredentials`; `EMAIL_EXISTS` → `emailAlreadyInUse`;
/// `TOKEN_EXPIRED`, `INVALID_ID_TOKEN`, `USER_NOT_FOUND`, `INVALID_REFRESH_TOKEN` → `sessionExpired`; …);
/// a code the table does not list, a redirect or an unreadable error body is decided by the HTTP status
/// (5xx → `connectivity`, 429 → `tooManyRequests`, else `internal`); a transport failure is
/// `connectivity`; a success answer that is not JSON, lacks a field, or holds an invalid user ID, email
/// or token is `internal` naming the field. Messages never hold the password, a token or the API key:
/// these are scrubbed from what the server said, and a success answer is never quoted.
public struct FirebaseAuthGateway: AuthGateway, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Where requests go.
    public let endpoints: FirebaseAuthEndpoints
    /// How long one request may take (default 30 s); past it the call throws `connectivity`.
    public let timeout: Duration
    private let apiKey: String
    private let httpClient: any HTTPClient
    private let now: @Sendable () -> Date

    /// A gateway for the project whose Web API key is `apiKey`.
    ///
    /// - Parameters:
    ///   - apiKey: the Firebase project's Web API key (the Auth emulator takes any non-empty key).
    ///   - httpClient: how requests are sent (`URLSessionHTTPClient` in production).
    ///   - endpoints: production (the default) or ``FirebaseAuthEndpoints/emulator(hostAndPort:)``.
    ///   - timeout: per request (default 30 s).
    ///   - now: the clock sessions' expiries are computed with.
    /// - Throws: `internal` naming `apiKey` when it is empty or holds anything but printable ASCII without
    ///   spaces (it travels in a header or a URL); the key is not quoted.
    public init(
        apiKey: String,
        httpClient: any HTTPClient,
        endpoints: FirebaseAuthEndpoints = .production,
        timeout: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(AuthError) {
        guard !apiKey.isEmpty, apiKey.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw AuthError(.internal, "apiKey: is empty or holds a character other than printable ASCII (not shown).")
        }
        self.apiKey = apiKey
        self.httpClient = httpClient
        self.endpoints = endpoints
        self.timeout = timeout
        self.now = now
    }

    /// The key the Auth emulator is given when `FIREBASE_API_KEY` is not set: it accepts any non-empty key.
    public static let emulatorAPIKey = "fake-api-key"

    /// A gateway configured by environment variables, for the composition root:
    ///
    /// | Variable | Meaning |
    /// |---|---|
    /// | `FIREBASE_AUTH_EMULATOR_HOST` | `host:port` of the Auth emulator; when set, requests go there |
    /// | `FIREBASE_API_KEY` | the project's Web API key (required in production; with the emulator, ``emulatorAPIKey`` by default) |
    ///
    /// Throws `internal` naming the variable when `FIREBASE_API_KEY` is missing outside the emulator or
    /// either variable is malformed (the key is never quoted).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        httpClient: any HTTPClient
    ) throws(AuthError) -> FirebaseAuthGateway {
        let key = environment.variable("FIREBASE_API_KEY")
        let endpoints: FirebaseAuthEndpoints
        if let host = environment.variable("FIREBASE_AUTH_EMULATOR_HOST") {
            endpoints = try .emulator(hostAndPort: host)
        } else {
            guard key != nil else {
                throw AuthError(
                    .internal,
                    "FIREBASE_API_KEY: is not set (the Firebase project's Web API key; or set FIREBASE_AUTH_EMULATOR_HOST for the Auth emulator)."
                )
            }
            endpoints = .production
        }
        do throws(AuthError) {
            return try FirebaseAuthGateway(
                apiKey: key ?? emulatorAPIKey, httpClient: httpClient, endpoints: endpoints)
        } catch {
            throw AuthError(.internal, "FIREBASE_API_KEY: holds a character other than printable ASCII (not shown).")
        }
    }

    // MARK: AuthGateway

    /// Creates the account with `accounts:signUp` and returns its first session. Throws `emailAlreadyInUse`
    /// (`EMAIL_EXISTS`), `weakPassword` (`WEAK_PASSWORD`), `invalidEmail`, `tooManyRequests`, `connectivity`,
    /// `internal`, as the port documents; see ``FirebaseAuthGateway`` for the mapping.
    public func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await passwordCall("signUp", email, password, operation: "Signing up")
    }

    /// Signs in with `accounts:signInWithPassword`. Throws `invalidCredentials` for an unknown email and a
    /// wrong password alike (`INVALID_LOGIN_CREDENTIALS`, `EMAIL_NOT_FOUND`, `INVALID_PASSWORD`),
    /// `userDisabled`, `tooManyRequests` (`TOO_MANY_ATTEMPTS_TRY_LATER`), `connectivity`, `internal` (also
    /// for an account that needs a second factor: multi-factor sign-in is not supported).
    public func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await passwordCall("signInWithPassword", email, password, operation: "Signing in")
    }

    /// A fresh ID token from the Secure Token API, for the same user and email (the refresh token may
    /// rotate). Throws `sessionExpired` (`INVALID_REFRESH_TOKEN`, `TOKEN_EXPIRED`, `USER_NOT_FOUND`),
    /// `userDisabled`, `connectivity`, `internal` (also when the answer names another user).
    public func refresh(_ session: Session) async throws(AuthError) -> Session {
        let operation = "Refreshing the session"
        let grant = try await FirebaseAuthWire.refresh(
            session.refreshToken, at: endpoints.secureToken, apiKey: apiKey, placement: endpoints.apiKeyPlacement,
            client: httpClient, timeout: timeout, operation: operation)
        if let userID = grant.userID, userID != session.userID.rawValue {
            throw AuthError(.internal, "\(operation): the answer's user_id names another user than the session's.")
        }
        return try makeSession(
            userID: session.userID, email: session.email, idToken: grant.idToken,
            refreshToken: grant.refreshToken ?? session.refreshToken, expiresIn: grant.expiresIn,
            operation: operation)
    }

    /// Does nothing and succeeds: Firebase's REST API has no sign-out, so the session's refresh token
    /// stays valid server-side until the password changes or the user is deleted or disabled (the port
    /// documents this). The caller forgets the session.
    public func signOut(_ session: Session) async throws(AuthError) {}

    /// Sets the password with `accounts:update {idToken, password, returnSecureToken: true}` and returns
    /// the new session the answer carries (Firebase revokes the user's earlier tokens). Throws
    /// `sessionExpired`, `requiresRecentLogin` (`CREDENTIAL_TOO_OLD_LOGIN_AGAIN`), `weakPassword`,
    /// `userDisabled`, `connectivity`, `internal`.
    public func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session {
        let operation = "Changing the password"
        let secrets = [newPassword.value, session.idToken, session.refreshToken]
        let answer = try await call(
            "update",
            [
                "idToken": .string(session.idToken), "password": .string(newPassword.value),
                "returnSecureToken": .bool(true),
            ],
            operation: operation, secrets: secrets)
        let updated = try self.session(from: answer, operation: operation)
        guard updated.userID == session.userID else {
            throw AuthError(.internal, "\(operation): the answer's localId names another user than the session's.")
        }
        return updated
    }

    /// Deletes the user with `accounts:delete {idToken}`. Throws `sessionExpired`, `requiresRecentLogin`,
    /// `userDisabled`, `connectivity`, `internal`.
    public func deleteUser(_ session: Session) async throws(AuthError) {
        _ = try await call(
            "delete", ["idToken": .string(session.idToken)], operation: "Deleting the user",
            secrets: [session.idToken, session.refreshToken])
    }

    /// The account, from `accounts:lookup {idToken}`'s first user (`localId`, `email`, `emailVerified`).
    /// Throws `sessionExpired` (`TOKEN_EXPIRED`, `INVALID_ID_TOKEN`, `USER_NOT_FOUND`), `userDisabled`,
    /// `connectivity`, `internal` (no user, no email, or another user than the session's).
    public func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser {
        let operation = "Looking up the user"
        let answer = try await call(
            "lookup", ["idToken": .string(session.idToken)], operation: operation,
            secrets: [session.idToken, session.refreshToken])
        guard case .array(let users)? = answer["users"], case .object(let user)? = users.first else {
            throw AuthError(.internal, "\(operation): the answer has no users[0].")
        }
        let uid = try userID(try FirebaseAuthWire.string("localId", in: user, operation: operation), operation)
        guard uid == session.userID else {
            throw AuthError(
                .internal, "\(operation): the answer's users[0].localId names another user than the session's.")
        }
        let verified: Bool
        switch user["emailVerified"] {
        case nil, .null?: verified = false
        case .bool(let value)?: verified = value
        default: throw AuthError(.internal, "\(operation): the answer's users[0].emailVerified is not a boolean.")
        }
        let email = try self.email(try FirebaseAuthWire.string("email", in: user, operation: operation), operation)
        return AuthUser(uid: uid, email: email, isEmailVerified: verified)
    }

    // MARK: Descriptions

    /// `FirebaseAuthGateway(<endpoints>, API key redacted)`: never the key.
    public var description: String { "FirebaseAuthGateway(\(endpoints), API key redacted)" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// Children `endpoints` and `apiKey`, the latter `<redacted>`, so `dump` never shows the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["endpoints": endpoints.description, "apiKey": "<redacted>"])
    }

    // MARK: Helpers

    private func call(
        _ verb: String, _ body: JSONObject, operation: String, secrets: [String]
    ) async throws(AuthError) -> JSONObject {
        let request = FirebaseAuthWire.jsonRequest(
            endpoints.accounts(verb), body: body, apiKey: apiKey, placement: endpoints.apiKeyPlacement,
            timeout: timeout)
        return try await FirebaseAuthWire.send(
            request, with: httpClient, operation: operation, secrets: secrets + [apiKey])
    }

    /// `accounts:<verb> {email, password, returnSecureToken: true}` and the session its answer carries.
    private func passwordCall(
        _ verb: String, _ email: Email, _ password: Password, operation: String
    ) async throws(AuthError) -> Session {
        let body: JSONObject = [
            "email": .string(email.value), "password": .string(password.value), "returnSecureToken": .bool(true),
        ]
        let answer = try await call(verb, body, operation: operation, secrets: [password.value])
        return try session(from: answer, operation: operation)
    }

    /// The session a sign-up, sign-in or update answer carries: `localId`, `email`, `idToken`,
    /// `refreshToken`, `expiresIn`.
    private func session(from answer: JSONObject, operation: String) throws(AuthError) -> Session {
        if answer["mfaPendingCredential"] != nil, answer["idToken"] == nil {
            throw AuthError(
                .internal,
                "\(operation): the account needs a second factor (mfaPendingCredential); multi-factor sign-in is not supported."
            )
        }
        let uid = try userID(try FirebaseAuthWire.string("localId", in: answer, operation: operation), operation)
        let email = try self.email(try FirebaseAuthWire.string("email", in: answer, operation: operation), operation)
        return try makeSession(
            userID: uid, email: email,
            idToken: try FirebaseAuthWire.string("idToken", in: answer, operation: operation),
            refreshToken: try FirebaseAuthWire.string("refreshToken", in: answer, operation: operation),
            expiresIn: try FirebaseAuthWire.seconds("expiresIn", in: answer, operation: operation),
            operation: operation)
    }

    private func makeSession(
        userID: UserID, email: Email, idToken: String, refreshToken: String, expiresIn: Int64, operation: String
    ) throws(AuthError) -> Session {
        let expiresAt = Timestamp(date: now().addingTimeInterval(TimeInterval(expiresIn)))
        do throws(AuthError) {
            return try Session(
                userID: userID, email: email, idToken: idToken, refreshToken: refreshToken, expiresAt: expiresAt)
        } catch {
            // Session names the field (idToken or refreshToken) and never quotes the token.
            throw AuthError(.internal, "\(operation): the answer's \(error.message)", underlying: error)
        }
    }

    private func userID(_ text: String, _ operation: String) throws(AuthError) -> UserID {
        do throws(AuthError) {
            return try UserID(text)
        } catch {
            throw AuthError(.internal, "\(operation): the answer's localId is not a valid user ID (\(error.message))")
        }
    }

    private func email(_ text: String, _ operation: String) throws(AuthError) -> Email {
        do throws(AuthError) {
            return try Email(text)
        } catch {
            throw AuthError(.internal, "\(operation): the answer's email is not a valid email (\(error.message))")
        }
    }
}
