public import Foundation
public import HearthDomain
public import HearthPort
import HearthCrypto

/// A durable `AuthGateway` in a folder: accounts, sign-ins and the token signing key live in one small
/// file, `auth.json`, which survives restarts. It passes the whole `AuthContract`, and follows the same
/// rules as the in-memory gateway (HearthInMemory's `InMemoryAuthGateway`), with three differences: it
/// keeps no password and no live refresh token, it signs its tokens, and it limits failed sign-ins.
///
/// **Passwords** are kept only as scrypt hashes (RFC 7914) under a random 16-byte salt per account, with
/// the work factor they were hashed with (``ScryptWorkFactor``; new passwords get the gateway's, by
/// default ``ScryptWorkFactor/default``), and compared in constant time. A sign-in with an email that has
/// no account costs one derivation too, so that its answer takes as long as a wrong password's.
///
/// **Tokens.** ID tokens are JWTs signed HS256 with a random 32-byte key made when the file is created and
/// kept in it, with the claims the in-memory gateway's carry (`iss`, `aud`, `sub`, `user_id`, `iat`,
/// `exp`, `auth_time`, `email`, `email_verified`, `firebase`, `jti`) and `sid`, the sign-in they belong
/// to. A token is accepted only when its signature verifies under the file's key, its `exp` is later than
/// now, its `aud` is ``projectID``, and its sign-in has not been revoked; anything else (a changed
/// payload, another store's signature, `alg: none`, an expired or revoked token) is `sessionExpired`.
/// Refresh tokens are 32 random bytes (base64url); the file keeps only their SHA-256. A refresh keeps the
/// refresh token and the sign-in time. A user keeps at most 100 sign-ins: the oldest is revoked by a
/// 101st.
///
/// **Rules**, as Firebase applies them: an unknown email and a wrong password are both
/// `invalidCredentials`; a disabled account (``setDisabled(_:for:)``) answers `userDisabled` once its
/// password is right and on every token operation; ``updatePassword(to:for:)`` and ``deleteUser(_:)``
/// need a sign-in within `recentLoginWindow` (else `requiresRecentLogin`) and revoke every earlier sign-in
/// of the user; ``signOut(_:)`` revokes the session's sign-in (its refresh token and ID tokens). Failed
/// sign-ins are limited per email (``SignInFailureLimit``, by default 5 per 15 minutes): past the limit,
/// sign-ins answer `tooManyRequests`. The failures are kept in the file, so restarting does not reset them.
///
/// **The file** is read and written whole, under an exclusive lock of `auth.lock` beside it, and replaced
/// crash-safely (written to `auth.json.writing`, flushed, renamed over `auth.json`, the folder flushed):
/// a crash leaves the file as it was or complete. Every operation checks the file under the lock and
/// reads it whenever it changed since this gateway last read or wrote it (a change counter in
/// `auth.lock` and the file's identity tell), so any number of gateways on one folder, in one process or
/// in several, see each other's changes; their operations take turns, one at a time, and nothing is lost. A missing, unreadable, damaged or foreign file is an
/// `AuthError` with code `internal` naming the file, never an empty store. Operations block their thread
/// for the file's I/O and for a password derivation (outside the lock).
///
/// Neither ``description`` nor ``customMirror`` shows a password, a token or the signing key.
public final class FileAuthGateway: AuthGateway, CustomStringConvertible, CustomReflectable {
    /// The name of the auth file in its folder: `auth.json`.
    public static let fileName = AuthFile.name

    /// The project ID written into the tokens' `aud` and `iss` claims, and required of the tokens accepted.
    public let projectID: String
    /// The auth file: `<folder>/auth.json`.
    public let fileURL: URL
    /// The work factor of the passwords this gateway hashes (existing hashes keep theirs).
    public let workFactor: ScryptWorkFactor
    /// The limit of failed sign-ins per email.
    public let failureLimit: SignInFailureLimit

    let file: AuthFile
    private let tokenLifetime: Int64
    private let recentLoginWindow: TimeInterval
    let now: @Sendable () -> Date

    /// Opens the auth file of `folder`, creating the folder and the file (with a new signing key) when
    /// missing.
    ///
    /// - Parameters:
    ///   - folder: where the auth file is (`<folder>/auth.json`, with `auth.lock`).
    ///   - projectID: the project the tokens are for (their `aud`; default `hearth-local`).
    ///   - workFactor: the scrypt parameters of new password hashes (default ``ScryptWorkFactor/default``).
    ///   - failureLimit: failed sign-ins allowed per email (default ``SignInFailureLimit/default``).
    ///   - tokenLifetime: how long an ID token is accepted, in whole seconds (default one hour, as
    ///     Firebase's; at least one second, at most ten years).
    ///   - recentLoginWindow: how recent a sign-in must be for a password change or a deletion (default
    ///     5 minutes, as Firebase's).
    ///   - now: the clock (inject a movable one to test expiry and the failure limit).
    /// - Throws: `internal` naming the folder or the file when the folder cannot be made or the file cannot
    ///   be read, written or decoded (a damaged or foreign file is never replaced).
    public convenience init(
        folder: URL,
        projectID: String = "hearth-local",
        workFactor: ScryptWorkFactor = .default,
        failureLimit: SignInFailureLimit = .default,
        tokenLifetime: Duration = .seconds(3_600),
        recentLoginWindow: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(AuthError) {
        try self.init(
            file: AuthFile(folder: folder.path), projectID: projectID, workFactor: workFactor,
            failureLimit: failureLimit, tokenLifetime: tokenLifetime, recentLoginWindow: recentLoginWindow, now: now)
    }

    init(
        file: AuthFile, projectID: String, workFactor: ScryptWorkFactor, failureLimit: SignInFailureLimit,
        tokenLifetime: Duration, recentLoginWindow: Duration, now: @escaping @Sendable () -> Date
    ) throws(AuthError) {
        self.file = file
        self.fileURL = URL(fileURLWithPath: file.path)
        self.projectID = projectID
        self.workFactor = workFactor
        self.failureLimit = failureLimit
        let lifetime = LocalAuthSupport.seconds(tokenLifetime)
        self.tokenLifetime = lifetime.isFinite ? Int64(min(max(lifetime, 1), 315_576_000)) : 3_600
        self.recentLoginWindow = LocalAuthSupport.seconds(recentLoginWindow)
        self.now = now
        try file.create()
    }

    /// Disables (or enables again) the account of `uid`, as the Firebase console or the Admin SDK does;
    /// returns `false` when there is no such account. Its sign-ins stay, but every operation on them, and
    /// every sign-in with a right password, answers `userDisabled` while it is disabled. Throws `internal`
    /// when the file cannot be read or written.
    @discardableResult
    public func setDisabled(_ disabled: Bool, for uid: UserID) async throws(AuthError) -> Bool {
        try file.update { records in
            guard var account = records.account(of: uid) else { return false }
            account.disabled = disabled
            records.update(account)
            return true
        }
    }

    /// How many accounts the file holds. Throws `internal` when it cannot be read.
    public func userCount() throws(AuthError) -> Int {
        try file.records().accounts.count
    }

    /// `FileAuthGateway(project: …, file: …)`: never an email, a password, a token or the key.
    public var description: String { "FileAuthGateway(project: \(projectID), file: \(fileURL.path))" }

    /// Children `projectID`, `file`, `workFactor` and `failureLimit`: no account, password, token or key.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "projectID": projectID, "file": fileURL.path, "workFactor": workFactor.description,
                "failureLimit": failureLimit.description,
            ])
    }

    // MARK: - Tokens

    /// A session for `signIn` with a new ID token issued at `time`, and `refreshToken`.
    func issue(
        _ signIn: AuthRecords.SignIn, refreshToken: String, for account: AuthRecords.Account, at time: Date,
        key: [UInt8]
    ) throws(AuthError) -> Session {
        let issuedAt = Timestamp(date: time).seconds
        let expiresAt = issuedAt + tokenLifetime
        let claims = LocalIDTokenClaims(
            projectID: projectID, uid: account.uid, email: account.email, issuedAt: issuedAt, expiresAt: expiresAt,
            authTime: Timestamp(date: signIn.authTime).seconds, sessionID: signIn.id)
        do {
            let idToken = try HS256JWT.sign(claims: try claims.json(), key: key)
            return try Session(
                userID: account.uid, email: account.email, idToken: idToken, refreshToken: refreshToken,
                expiresAt: try Timestamp(seconds: expiresAt))
        } catch let error as AuthError {
            throw error
        } catch {
            throw AuthError(.internal, "Issuing an ID token failed: \(error)")
        }
    }

    /// The account and sign-in of a valid ID token: signed with the file's key, not expired, for this
    /// project, of a sign-in not revoked, of an account that exists and is enabled. `sessionExpired`
    /// (saying which) or `userDisabled` otherwise.
    func verify(
        idToken: String, at time: Date, in records: AuthRecords
    ) throws(AuthError) -> (account: AuthRecords.Account, signIn: AuthRecords.SignIn) {
        let payload: [UInt8]
        do {
            payload = try HS256JWT.verify(idToken, key: records.signingKey, now: time)
        } catch CryptoError.tokenExpired {
            throw AuthError(.sessionExpired, "The ID token has expired; refresh the session.")
        } catch {
            throw AuthError(
                .sessionExpired, "The ID token was not issued by this gateway (\(error)); sign in again.")
        }
        guard let claims = LocalIDTokenClaims(json: payload), claims.aud == projectID,
            claims.iss == LocalIDTokenClaims.issuer(projectID), let sid = claims.sid
        else {
            throw AuthError(.sessionExpired, "The ID token is not one of this project's; sign in again.")
        }
        guard let signIn = records.signIns[sid], signIn.uid.rawValue == claims.sub else {
            throw AuthError(.sessionExpired, "The ID token was revoked; sign in again.")
        }
        return (try enabledAccount(of: signIn.uid, in: records), signIn)
    }

    /// ``verify(idToken:at:in:)``, and `requiresRecentLogin` when the sign-in is older than
    /// `recentLoginWindow`.
    func verifyRecent(
        idToken: String, at time: Date, in records: AuthRecords
    ) throws(AuthError) -> AuthRecords.Account {
        let (account, signIn) = try verify(idToken: idToken, at: time, in: records)
        guard time.timeIntervalSince(signIn.authTime) <= recentLoginWindow else { throw AuthError.requiresRecentLogin }
        return account
    }

    func enabledAccount(of uid: UserID, in records: AuthRecords) throws(AuthError) -> AuthRecords.Account {
        guard let account = records.account(of: uid) else {
            throw AuthError(.sessionExpired, "The user was deleted; sign in again.")
        }
        guard !account.disabled else { throw AuthError.userDisabled }
        return account
    }
}
