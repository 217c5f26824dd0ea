import Foundation
import HearthDomain
import HearthInMemory
import HearthPort
import Synchronization

/// A clock the test moves by hand.
final class MovableClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

    var function: @Sendable () -> Date { { self.now } }
}

/// An in-memory gateway that counts refreshes, can hold them until released, and can fail them.
final class SpyAuthGateway: AuthGateway {
    let inner: InMemoryAuthGateway
    private let state = Mutex(SpyState())

    private struct SpyState {
        var refreshes = 0
        var signOuts = 0
        var refreshFailure: AuthError?
        var held: [CheckedContinuation<Void, Never>] = []
        var holding = false
    }

    init(clock: MovableClock, tokenLifetime: Duration = .seconds(3_600)) {
        inner = InMemoryAuthGateway(tokenLifetime: tokenLifetime, now: clock.function)
    }

    var refreshCount: Int { state.withLock { $0.refreshes } }
    var signOutCount: Int { state.withLock { $0.signOuts } }
    var heldCount: Int { state.withLock { $0.held.count } }

    func failRefreshes(with error: AuthError?) { state.withLock { $0.refreshFailure = error } }
    func holdRefreshes() { state.withLock { $0.holding = true } }
    func releaseRefreshes() {
        let held = state.withLock { state in
            state.holding = false
            defer { state.held = [] }
            return state.held
        }
        held.forEach { $0.resume() }
    }

    func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await inner.createUser(withEmail: email, password: password)
    }

    func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try await inner.signIn(withEmail: email, password: password)
    }

    func refresh(_ session: Session) async throws(AuthError) -> Session {
        let (failure, hold) = state.withLock { state in
            state.refreshes += 1
            return (state.refreshFailure, state.holding)
        }
        if hold {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard state.holding else { return true }
                    state.held.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        if let failure { throw failure }
        return try await inner.refresh(session)
    }

    func signOut(_ session: Session) async throws(AuthError) {
        state.withLock { $0.signOuts += 1 }
        try await inner.signOut(session)
    }

    func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session {
        try await inner.updatePassword(to: newPassword, for: session)
    }

    func deleteUser(_ session: Session) async throws(AuthError) {
        try await inner.deleteUser(session)
    }

    func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser {
        try await inner.lookupUser(session)
    }
}

let anaEmail: Email = {
    do { return try Email("ana@example.com") } catch { preconditionFailure("literal email") }
}()

let anaPassword: Password = {
    do { return try Password("ana-password") } catch { preconditionFailure("literal password") }
}()
