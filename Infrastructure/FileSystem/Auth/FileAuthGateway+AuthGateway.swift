import Foundation
public import HearthDomain
import HearthPort

// The port's operations. Each reads the file under its lock, and writes it back when it changed something;
// a password is hashed (slow) between two such turns, never while holding the lock.

extension FileAuthGateway {
    /// Creates the account, as `AuthGateway.createUser(withEmail:password:)` says: `emailAlreadyInUse` when
    /// an account has the email (emails are normalised, so case does not matter). The password is hashed
    /// with ``workFactor``; the new user's ID is 28 random characters from `[A-Za-z0-9]`, as Firebase's
    /// are. Durable once it returns. `internal` when the file cannot be read or written.
    public func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try file.update { records throws(AuthError) in
            guard records.accounts[email] == nil else { throw AuthError.emailAlreadyInUse }
        }
        let hash = try PasswordHash(of: password, workFactor: workFactor)
        let time = now()
        return try file.update { records throws(AuthError) -> Session in
            guard records.accounts[email] == nil else { throw AuthError.emailAlreadyInUse }
            let account = AuthRecords.Account(
                uid: try records.newUserID(), email: email, password: hash, disabled: false)
            records.add(account)
            return try startSignIn(account, at: time, in: &records)
        }
    }

    /// Signs in, as `AuthGateway.signIn(withEmail:password:)` says: `invalidCredentials` for an unknown
    /// email and a wrong password alike (the same message, after the same work), then `userDisabled`;
    /// `tooManyRequests` past ``failureLimit`` (see ``SignInFailureLimit``), before the password is
    /// checked. Each failure is recorded in the file. `internal` when the file cannot be read or written.
    public func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        let window = LocalAuthSupport.seconds(failureLimit.window)
        let stored = try file.update { records throws(AuthError) -> PasswordHash? in
            try refuseIfLimited(email, at: now(), window: window, in: records)
            return records.accounts[email]?.password
        }
        // An email with no account costs one derivation too (against a key nothing derives to): the answer
        // takes as long as a wrong password's.
        let matches = try (stored ?? PasswordHash.unmatchable(workFactor)).matches(password)
        let time = now()
        return try file.update { records throws(AuthError) -> Session in
            try refuseIfLimited(email, at: time, window: window, in: records)
            guard matches, let account = records.accounts[email], account.password == stored else {
                records.recordFailure(of: email, now: time, window: window, keep: failureLimit.maximumFailures)
                records.pruneFailures(now: time, window: window)
                throw AuthError.invalidCredentials
            }
            guard !account.disabled else { throw AuthError.userDisabled }
            records.setFailures([], of: email)
            return try startSignIn(account, at: time, in: &records)
        }
    }

    /// A new ID token (and the same refresh token) for the session's user, as `AuthGateway.refresh(_:)`
    /// says; the sign-in time (`auth_time`) stays the original one. Works whether or not the ID token has
    /// expired. `sessionExpired` when the refresh token is unknown or revoked or the user deleted,
    /// `userDisabled`, `internal`.
    public func refresh(_ session: Session) async throws(AuthError) -> Session {
        let time = now()
        return try file.update { records throws(AuthError) -> Session in
            guard let signIn = records.signIn(forRefreshToken: session.refreshToken) else {
                throw AuthError(.sessionExpired, "The refresh token is unknown or revoked; sign in again.")
            }
            let account = try enabledAccount(of: signIn.uid, in: records)
            return try issue(
                signIn, refreshToken: session.refreshToken, for: account, at: time, key: records.signingKey)
        }
    }

    /// Revokes the session's sign-in, as `AuthGateway.signOut(_:)` says: its refresh token and its ID
    /// tokens (a later refresh or lookup is `sessionExpired`). Succeeds also for a session already over;
    /// throws only `internal`, when the file cannot be read or written.
    public func signOut(_ session: Session) async throws(AuthError) {
        try file.update { records in
            if let signIn = records.signIn(forRefreshToken: session.refreshToken) { records.revoke(signIn) }
        }
    }

    /// Sets the password (hashed with ``workFactor``) and returns a new session signed in now, as
    /// `AuthGateway.updatePassword(to:for:)` says; every earlier sign-in of the user is revoked.
    /// `sessionExpired`, `requiresRecentLogin` (sign-in older than `recentLoginWindow`), `userDisabled`,
    /// `internal`.
    public func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session {
        try file.update { records throws(AuthError) in
            _ = try verifyRecent(idToken: session.idToken, at: now(), in: records)
        }
        let hash = try PasswordHash(of: newPassword, workFactor: workFactor)
        let time = now()
        return try file.update { records throws(AuthError) -> Session in
            var account = try verifyRecent(idToken: session.idToken, at: time, in: records)
            account.password = hash
            records.update(account)
            records.revokeSignIns(of: account.uid)
            return try startSignIn(account, at: time, in: &records)
        }
    }

    /// Deletes the user and revokes its sign-ins, as `AuthGateway.deleteUser(_:)` says; the email may be
    /// used again. `sessionExpired`, `requiresRecentLogin`, `userDisabled`, `internal`.
    public func deleteUser(_ session: Session) async throws(AuthError) {
        let time = now()
        try file.update { records throws(AuthError) in
            let account = try verifyRecent(idToken: session.idToken, at: time, in: records)
            records.removeAccount(of: account.uid)
        }
    }

    /// The session's account, as `AuthGateway.lookupUser(_:)` says (`isEmailVerified` is always
    /// `false`): `sessionExpired` when the ID token is expired, revoked, tampered with or not this
    /// gateway's, or the user deleted; `userDisabled`; `internal`.
    public func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser {
        let time = now()
        let account = try file.update { records throws(AuthError) in
            try verify(idToken: session.idToken, at: time, in: records).account
        }
        return AuthUser(uid: account.uid, email: account.email)
    }

    // MARK: - Helpers

    private func startSignIn(
        _ account: AuthRecords.Account, at time: Date, in records: inout AuthRecords
    ) throws(AuthError) -> Session {
        let (signIn, refreshToken) = records.addSignIn(of: account.uid, at: time)
        return try issue(signIn, refreshToken: refreshToken, for: account, at: time, key: records.signingKey)
    }

    private func refuseIfLimited(
        _ email: Email, at time: Date, window: TimeInterval, in records: AuthRecords
    ) throws(AuthError) {
        guard records.recentFailures(of: email, now: time, window: window).count < failureLimit.maximumFailures
        else { throw AuthError.tooManyRequests }
    }
}
