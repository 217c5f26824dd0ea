public import Foundation
public import HearthDomain
public import HearthPort

/// Holds the signed-in user's `Session`, refreshes its ID token before it expires, and serves that token
/// to Firestore: a `TokenProvider` of kind `firebaseUser`, so a store given it reads and writes as the
/// user, under security rules (Firebase's `Auth` and its `currentUser`, for one user).
///
/// ``validSession(forcingRefresh:)`` (and ``token()``, which every remote store request calls) returns
/// the current session, refreshed through the gateway first when its ID token expires within
/// `refreshMargin` of `now()`, or was rejected by a server (``tokenRejected(_:)``). Concurrent callers
/// share one refresh. A refresh answered `sessionExpired` or `userDisabled` signs the user out (as
/// Firebase's SDKs do) and throws that error; other failures keep the session for a later attempt.
///
/// Nothing it prints holds a token: ``description`` never shows one, and the errors ``token()`` throws
/// name the `AuthError` code only.
public actor AuthSession: TokenProvider, CustomStringConvertible {
    private let gateway: any AuthGateway
    private let refreshMargin: Duration
    private let now: @Sendable () -> Date
    private var session: Session?
    private var rejected = false
    /// Bumped whenever the session is replaced other than by a refresh (sign-in, password change,
    /// sign-out), so that a refresh started for an earlier session never replaces or ends a later one.
    private var epoch = 0
    private var refreshing: (epoch: Int, task: Task<Session, any Error>)?

    /// - Parameters:
    ///   - gateway: how users sign in and sessions refresh.
    ///   - session: a session to resume (one kept from an earlier run), or `nil` for no signed-in user.
    ///   - refreshMargin: how long before its expiry the ID token is refreshed (default 5 minutes, as
    ///     Firebase's SDKs do); a negative margin counts as zero.
    ///   - now: the clock (inject a fixed one in tests).
    public init(
        gateway: any AuthGateway,
        session: Session? = nil,
        refreshMargin: Duration = .seconds(300),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.gateway = gateway
        self.session = session
        self.refreshMargin = refreshMargin
        self.now = now
    }

    /// Always `firebaseUser`: security rules apply to requests carrying this holder's tokens.
    public nonisolated var kind: CredentialKind { .firebaseUser }

    /// The signed-in user's session as last obtained (possibly expired), or `nil` when nobody is signed in.
    public var currentSession: Session? { session }

    /// Creates an account and signs it in, replacing any signed-in user; the gateway's errors
    /// (`emailAlreadyInUse`, …) leave the current user signed in.
    @discardableResult
    public func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        adopt(try await gateway.createUser(withEmail: email, password: password))
    }

    /// Signs in, replacing any signed-in user; the gateway's errors (`invalidCredentials`, …) leave the
    /// current user signed in.
    @discardableResult
    public func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        adopt(try await gateway.signIn(withEmail: email, password: password))
    }

    /// ``signIn(withEmail:password:)`` with `credentials`.
    @discardableResult
    public func signIn(_ credentials: Credentials) async throws(AuthError) -> Session {
        try await signIn(withEmail: credentials.email, password: credentials.password)
    }

    /// Signs the user out: forgets the session at once, then tells the gateway (which revokes the
    /// refresh token where it can). A gateway error is thrown after the user is already signed out here.
    /// Nothing happens when nobody is signed in.
    public func signOut() async throws(AuthError) {
        guard let ended = session else { return }
        forget()
        try await gateway.signOut(ended)
    }

    /// Changes the signed-in user's password and keeps the new session the gateway returns. Throws
    /// `sessionExpired` when nobody is signed in, and the gateway's errors (`requiresRecentLogin`, …).
    public func updatePassword(to newPassword: Password) async throws(AuthError) {
        let current = try await requireSession()
        let updated = try await gateway.updatePassword(to: newPassword, for: current)
        if session?.userID == current.userID { adopt(updated) }
    }

    /// Deletes the signed-in user's account and signs out. Throws `sessionExpired` when nobody is signed
    /// in, and the gateway's errors (`requiresRecentLogin`, …), which leave the user signed in.
    public func deleteUser() async throws(AuthError) {
        let current = try await requireSession()
        try await gateway.deleteUser(current)
        if session?.userID == current.userID { forget() }
    }

    /// The signed-in user's account, looked up with a valid session, or `nil` when nobody is signed in.
    /// Throws the gateway's errors (`sessionExpired` signs the user out).
    public func currentUser() async throws(AuthError) -> AuthUser? {
        guard let current = try await validSession() else { return nil }
        do {
            return try await gateway.lookupUser(current)
        } catch {
            signOutIfEnded(by: error, epoch: epoch)
            throw error
        }
    }

    /// The signed-in user's session with an ID token valid for more than `refreshMargin`, refreshed first
    /// when needed (or always, with `forcingRefresh`); `nil` when nobody is signed in. Throws the
    /// gateway's refresh errors; `sessionExpired` and `userDisabled` sign the user out.
    public func validSession(forcingRefresh: Bool = false) async throws(AuthError) -> Session? {
        guard let current = session else { return nil }
        guard forcingRefresh || rejected || current.expires(within: refreshMargin, of: Timestamp(date: now())) else {
            return current
        }
        return try await refresh(current)
    }

    /// The signed-in user's ID token, refreshed first when it expires within `refreshMargin`; `nil` when
    /// nobody is signed in (requests then go out unauthenticated, as Firebase's SDKs send them after a
    /// sign-out). Throws `DocumentStoreError`: `unavailable` when the auth service cannot be reached or
    /// asks to slow down (`connectivity`, `tooManyRequests`), `unauthenticated` for every other
    /// `AuthError` (the user is signed out on `sessionExpired` and `userDisabled`), the `AuthError` as the
    /// cause and its code in the message.
    public func token() async throws -> AccessToken? {
        do {
            return try await validSession().map { AccessToken($0.idToken) }
        } catch {
            let code: DocumentStoreError.Code =
                switch error.code {
                case .connectivity, .tooManyRequests: .unavailable
                default: .unauthenticated
                }
            throw DocumentStoreError(
                code, "Obtaining the signed-in user's ID token failed: \(error.code.name).", underlying: error)
        }
    }

    /// A server rejected `token`: when it is the current ID token, the next ``token()`` refreshes first.
    /// Returns whether a user is signed in (a retry with a new token may then succeed).
    public func tokenRejected(_ token: AccessToken) async -> Bool {
        guard let current = session else { return false }
        if current.idToken == token.value { rejected = true }
        return true
    }

    /// `AuthSession(tokens redacted)`: never a token.
    public nonisolated var description: String { "AuthSession(tokens redacted)" }

    /// Makes `fresh` the current session; a new epoch unless it is a refresh of the current one.
    @discardableResult
    private func adopt(_ fresh: Session, refreshed: Bool = false) -> Session {
        if !refreshed { epoch += 1 }
        session = fresh
        rejected = false
        return fresh
    }

    private func forget() {
        session = nil
        rejected = false
        epoch += 1
    }

    private func requireSession() async throws(AuthError) -> Session {
        guard let current = try await validSession() else {
            throw AuthError(.sessionExpired, "No user is signed in.")
        }
        return current
    }

    private func refresh(_ current: Session) async throws(AuthError) -> Session {
        let started = epoch
        let task: Task<Session, any Error>
        if let refreshing, refreshing.epoch == started {
            task = refreshing.task
        } else {
            let gateway = self.gateway
            task = Task { try await gateway.refresh(current) }
            refreshing = (started, task)
        }
        let result = await task.result
        if refreshing?.task == task { refreshing = nil }
        switch result {
        case .success(let fresh):
            guard epoch == started else { return fresh }
            return adopt(fresh, refreshed: true)
        case .failure(let error):
            let authError =
                error as? AuthError ?? AuthError(.internal, "Refreshing the session failed unexpectedly.")
            signOutIfEnded(by: authError, epoch: started)
            throw authError
        }
    }

    private func signOutIfEnded(by error: AuthError, epoch started: Int) {
        guard epoch == started, error.code == .sessionExpired || error.code == .userDisabled else { return }
        forget()
    }
}
