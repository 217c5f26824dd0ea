public import Foundation
public import HearthDomain
public import HearthPort
import HearthCrypto
import Synchronization

/// An `AuthGateway` held in memory: accounts, passwords and tokens live as long as the gateway. It is the
/// fake that application tests use, and passes the whole `AuthContract`.
///
/// Passwords are kept as `Password` values (a test fake needs nothing stronger; durable gateways keep
/// salted hashes only), and neither ``description`` nor ``customMirror`` shows them or any token.
///
/// **Tokens.** ID tokens are JWTs signed HS256 with a random 32-byte key made for this gateway (as the
/// issue of the local adapters asks: a local gateway never issues an unsigned token), with the claims the
/// Firebase Auth emulator writes: `iss` (`https://securetoken.google.com/<projectID>`), `aud` (the project ID),
/// `sub` and `user_id` (the user ID), `iat`, `exp` (`iat` + `tokenLifetime`), `auth_time` (the sign-in),
/// `email`, `email_verified` (`false`), `firebase.identities` and `firebase.sign_in_provider`
/// (`password`), and a random `jti` so that no two tokens are alike. The Firestore emulator reads them as
/// the user (it takes `sub` and checks no signature); production Firestore rejects them, as it should.
/// The gateway accepts only tokens it issued itself, by lookup, never by reading their claims. Refresh
/// tokens are opaque random strings.
///
/// **Rules**, as Firebase applies them: an unknown email and a wrong password are both
/// `invalidCredentials`; a disabled account (``setDisabled(_:for:)``) answers `userDisabled` once its
/// password is right (a wrong password stays `invalidCredentials`, saying nothing about the account) and
/// on every token operation; an ID token is accepted until its `exp`; ``updatePassword(to:for:)`` and
/// ``deleteUser(_:)`` need a sign-in within `recentLoginWindow` (else `requiresRecentLogin`), and revoke
/// every earlier token of the user; ``signOut(_:)`` revokes the session's tokens. There is no rate
/// limit: it never answers `tooManyRequests`, `connectivity` nor `internal`.
public final class InMemoryAuthGateway: AuthGateway, CustomStringConvertible, CustomReflectable {
    /// The project ID written into the tokens' `aud` and `iss` claims.
    public let projectID: String
    private let tokenLifetime: TimeInterval
    private let recentLoginWindow: TimeInterval
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    /// The HS256 key of this gateway's ID tokens: random, never shown, gone with the gateway.
    private let signingKey = LocalAuthSupport.randomBytes(count: 32)

    /// An empty gateway.
    ///
    /// - Parameters:
    ///   - projectID: the project the tokens are for (their `aud`; default `hearth-local`).
    ///   - tokenLifetime: how long an ID token is accepted (default one hour, as Firebase's).
    ///   - recentLoginWindow: how recent a sign-in must be for a password change or a deletion (default
    ///     5 minutes, as Firebase's).
    ///   - now: the clock (inject a movable one to test expiry).
    public init(
        projectID: String = "hearth-local",
        tokenLifetime: Duration = .seconds(3_600),
        recentLoginWindow: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.projectID = projectID
        self.tokenLifetime = LocalAuthSupport.seconds(tokenLifetime)
        self.recentLoginWindow = LocalAuthSupport.seconds(recentLoginWindow)
        self.now = now
    }

    /// Creates the account, as `AuthGateway.createUser(withEmail:password:)` says: `emailAlreadyInUse` when
    /// an account has the email (emails are normalised, so case does not matter). The new user's ID is 28
    /// random characters from `[A-Za-z0-9]`, as Firebase's are.
    public func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        let time = now()
        return try state.withLock { state throws(AuthError) -> Session in
            guard state.accounts[email] == nil else { throw AuthError.emailAlreadyInUse }
            var uid: UserID
            repeat {
                uid = try LocalAuthSupport.newUserID()
            } while state.emails[uid] != nil
            let account = Account(uid: uid, email: email, password: password)
            state.accounts[email] = account
            state.emails[uid] = email
            return try issue(for: account, authTime: time, now: time, in: &state)
        }
    }

    /// Signs in, as `AuthGateway.signIn(withEmail:password:)` says: `invalidCredentials` for an unknown
    /// email and a wrong password alike (the same message), then `userDisabled`.
    public func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        let time = now()
        return try state.withLock { state throws(AuthError) -> Session in
            guard let account = state.accounts[email], account.password == password else {
                throw AuthError.invalidCredentials
            }
            guard !account.disabled else { throw AuthError.userDisabled }
            return try issue(for: account, authTime: time, now: time, in: &state)
        }
    }

    /// A new ID token (and the same refresh token) for the session's user, as `AuthGateway.refresh(_:)`
    /// says; the sign-in time (`auth_time`) stays the original one. `sessionExpired` when the refresh
    /// token is unknown or revoked or the user deleted, `userDisabled`.
    public func refresh(_ session: Session) async throws(AuthError) -> Session {
        let time = now()
        return try state.withLock { state throws(AuthError) -> Session in
            guard let grant = state.refreshTokens[session.refreshToken] else {
                throw AuthError(.sessionExpired, "The refresh token is unknown or revoked; sign in again.")
            }
            let account = try Self.account(for: grant, in: state)
            return try issue(
                for: account, authTime: grant.authTime, now: time, in: &state, refreshToken: session.refreshToken)
        }
    }

    /// Revokes the session's refresh token and ID token, as `AuthGateway.signOut(_:)` says (a later
    /// refresh is `sessionExpired`). Never throws, also for a session already over.
    public func signOut(_ session: Session) async throws(AuthError) {
        state.withLock { state in
            state.refreshTokens[session.refreshToken] = nil
            state.idTokens[session.idToken] = nil
        }
    }

    /// Sets the password and returns a new session signed in now, as
    /// `AuthGateway.updatePassword(to:for:)` says; every earlier token of the user is revoked.
    /// `sessionExpired`, `requiresRecentLogin` (sign-in older than `recentLoginWindow`), `userDisabled`.
    public func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session {
        let time = now()
        return try state.withLock { state throws(AuthError) -> Session in
            var account = try recentAccount(for: session, now: time, in: state)
            account.password = newPassword
            account.generation += 1
            state.accounts[account.email] = account
            state.revokeTokens(of: account.uid)
            return try issue(for: account, authTime: time, now: time, in: &state)
        }
    }

    /// Deletes the user and revokes its tokens, as `AuthGateway.deleteUser(_:)` says; the email may be
    /// used again. `sessionExpired`, `requiresRecentLogin`, `userDisabled`.
    public func deleteUser(_ session: Session) async throws(AuthError) {
        let time = now()
        try state.withLock { state throws(AuthError) in
            let account = try recentAccount(for: session, now: time, in: state)
            state.accounts[account.email] = nil
            state.emails[account.uid] = nil
            state.revokeTokens(of: account.uid)
        }
    }

    /// The session's account, as `AuthGateway.lookupUser(_:)` says (`isEmailVerified` is always
    /// `false`): `sessionExpired` when the ID token is unknown, expired or revoked or the user deleted,
    /// `userDisabled`.
    public func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser {
        let time = now()
        return try state.withLock { state throws(AuthError) -> AuthUser in
            let account = try Self.account(forIDToken: session.idToken, now: time, in: state).account
            return AuthUser(uid: account.uid, email: account.email)
        }
    }

    /// Disables (or enables again) the account of `uid`, as the Firebase console or the Admin SDK does;
    /// returns `false` when there is no such account. Existing sessions stay, but every operation on
    /// them, and every sign-in, answers `userDisabled` while it is disabled.
    @discardableResult
    public func setDisabled(_ disabled: Bool, for uid: UserID) -> Bool {
        state.withLock { state in
            guard let email = state.emails[uid] else { return false }
            state.accounts[email]?.disabled = disabled
            return true
        }
    }

    /// How many accounts exist.
    public var userCount: Int { state.withLock { $0.accounts.count } }

    /// `InMemoryAuthGateway(project: …, N users)`: never an email, a password or a token.
    public var description: String { "InMemoryAuthGateway(project: \(projectID), \(userCount) users)" }

    /// Children `projectID` and `users` (the count): no account, password or token.
    public var customMirror: Mirror { Mirror(self, children: ["projectID": projectID, "users": userCount]) }

    // MARK: - Tokens

    private func issue(
        for account: Account, authTime: Date, now time: Date, in state: inout State, refreshToken: String? = nil
    ) throws(AuthError) -> Session {
        state.pruneExpiredIDTokens(at: time)
        // Whole seconds, as the token's `exp` claim holds it: the session must not believe its token valid
        // for the fraction of a second after the gateway stops accepting it.
        let expiresAt = Date(
            timeIntervalSince1970: time.addingTimeInterval(tokenLifetime).timeIntervalSince1970.rounded(.down))
        let idToken = try signedJWT(for: account, issuedAt: time, expiresAt: expiresAt, authTime: authTime)
        let grant = Grant(uid: account.uid, generation: account.generation, authTime: authTime)
        state.idTokens[idToken] = IDGrant(grant: grant, expiresAt: expiresAt)
        let refresh = refreshToken ?? LocalAuthSupport.randomText(count: 48)
        state.refreshTokens[refresh] = grant
        return try Session(
            userID: account.uid, email: account.email, idToken: idToken, refreshToken: refresh,
            expiresAt: Timestamp(date: expiresAt))
    }

    private func signedJWT(
        for account: Account, issuedAt: Date, expiresAt: Date, authTime: Date
    ) throws(AuthError) -> String {
        let claims = LocalIDTokenClaims(
            projectID: projectID, uid: account.uid, email: account.email, issuedAt: Timestamp(date: issuedAt).seconds,
            expiresAt: Timestamp(date: expiresAt).seconds, authTime: Timestamp(date: authTime).seconds)
        do {
            return try HS256JWT.sign(claims: try claims.json(), key: signingKey)
        } catch let error as AuthError {
            throw error
        } catch {
            throw AuthError(.internal, "Signing an ID token failed: \(error).")
        }
    }

    private func recentAccount(for session: Session, now time: Date, in state: State) throws(AuthError) -> Account {
        let (account, grant) = try Self.account(forIDToken: session.idToken, now: time, in: state)
        guard time.timeIntervalSince(grant.authTime) <= recentLoginWindow else { throw AuthError.requiresRecentLogin }
        return account
    }

    private static func account(
        forIDToken token: String, now time: Date, in state: State
    ) throws(AuthError) -> (
        account: Account, grant: Grant
    ) {
        guard let issued = state.idTokens[token] else {
            throw AuthError(.sessionExpired, "The ID token is unknown or revoked; sign in again.")
        }
        guard time < issued.expiresAt else {
            throw AuthError(.sessionExpired, "The ID token has expired; refresh the session.")
        }
        return (try account(for: issued.grant, in: state), issued.grant)
    }

    private static func account(for grant: Grant, in state: State) throws(AuthError) -> Account {
        guard let email = state.emails[grant.uid], let account = state.accounts[email],
            account.generation == grant.generation
        else { throw AuthError(.sessionExpired, "The user was deleted or its tokens revoked; sign in again.") }
        guard !account.disabled else { throw AuthError.userDisabled }
        return account
    }
}

// MARK: - State

extension InMemoryAuthGateway {
    private struct Account {
        let uid: UserID
        let email: Email
        var password: Password
        var disabled = false
        /// Bumped by a password change: tokens of an earlier generation are revoked.
        var generation = 0
    }

    /// Who a token was issued to, for which generation of the account, and when that user signed in.
    private struct Grant {
        let uid: UserID
        let generation: Int
        let authTime: Date
    }

    private struct IDGrant {
        let grant: Grant
        let expiresAt: Date
    }

    private struct State {
        var accounts: [Email: Account] = [:]
        var emails: [UserID: Email] = [:]
        var idTokens: [String: IDGrant] = [:]
        var refreshTokens: [String: Grant] = [:]

        mutating func revokeTokens(of uid: UserID) {
            idTokens = idTokens.filter { $0.value.grant.uid != uid }
            refreshTokens = refreshTokens.filter { $0.value.uid != uid }
        }

        mutating func pruneExpiredIDTokens(at time: Date) {
            idTokens = idTokens.filter { $0.value.expiresAt > time }
        }
    }
}
