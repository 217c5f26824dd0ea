import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

@Suite("AuthSession")
struct AuthSessionTests {
    @Test func signedOut_tokenIsNil_andKindIsFirebaseUser() async throws {
        let (sut, _, _) = makeSUT()

        let provider: any TokenProvider = sut

        #expect(try await provider.token() == nil)
        #expect(provider.kind == .firebaseUser)
        #expect(await sut.currentSession == nil)
        #expect(try await sut.currentUser() == nil)
    }

    @Test func signIn_thenToken_isTheSessionsIDToken_withoutRefreshing() async throws {
        let (sut, gateway, _) = makeSUT()
        _ = try await gateway.inner.createUser(withEmail: anaEmail, password: anaPassword)

        let session = try await sut.signIn(withEmail: anaEmail, password: anaPassword)
        let token = try await sut.token()

        #expect(token?.value == session.idToken)
        #expect(gateway.refreshCount == 0)
    }

    @Test func token_outsideTheMargin_isNotRefreshed() async throws {
        let (sut, gateway, clock) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        clock.advance(by: 3_600 - 301)
        let token = try await sut.token()

        #expect(token?.value == session.idToken)
        #expect(gateway.refreshCount == 0)
    }

    @Test func token_withinTheMargin_isRefreshedFirst() async throws {
        let (sut, gateway, clock) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        clock.advance(by: 3_600 - 299)
        let token = try await sut.token()

        #expect(gateway.refreshCount == 1)
        #expect(token?.value != session.idToken)
        let current = try #require(await sut.currentSession)
        #expect(token?.value == current.idToken)
        #expect(current.expiresAt > session.expiresAt)
        #expect(try await gateway.inner.lookupUser(current).uid == session.userID)
    }

    @Test func token_afterExpiry_isRefreshed_andMarginIsInjected() async throws {
        let clock = MovableClock()
        let gateway = SpyAuthGateway(clock: clock)
        let sut = AuthSession(gateway: gateway, refreshMargin: .seconds(10), now: clock.function)
        _ = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        clock.advance(by: 3_589)
        _ = try await sut.token()
        #expect(gateway.refreshCount == 0)
        clock.advance(by: 5_000)
        _ = try await sut.token()
        #expect(gateway.refreshCount == 1)
    }

    @Test func concurrentCallers_shareOneRefresh() async throws {
        let (sut, gateway, clock) = makeSUT()
        _ = try await sut.createUser(withEmail: anaEmail, password: anaPassword)
        clock.advance(by: 3_500)
        gateway.holdRefreshes()

        let callers = (0..<8).map { _ in Task { try await sut.token() } }
        try await waitUntil { gateway.heldCount == 1 }
        try await Task.sleep(for: .milliseconds(50))
        gateway.releaseRefreshes()
        var tokens: Set<String?> = []
        for caller in callers { tokens.insert(try await caller.value?.value) }

        #expect(gateway.refreshCount == 1)
        #expect(tokens.count == 1)
    }

    @Test func tokenRejected_ofTheCurrentToken_forcesARefresh() async throws {
        let (sut, gateway, _) = makeSUT()
        _ = try await sut.createUser(withEmail: anaEmail, password: anaPassword)
        let first = try #require(try await sut.token())

        let retry = await sut.tokenRejected(first)
        let second = try await sut.token()

        #expect(retry)
        #expect(gateway.refreshCount == 1)
        #expect(second != first)
        #expect(try await sut.token() == second)
        #expect(gateway.refreshCount == 1)
    }

    @Test func tokenRejected_ofAnotherToken_orSignedOut_doesNotRefresh() async throws {
        let (sut, gateway, _) = makeSUT()
        #expect(await sut.tokenRejected(AccessToken("stale")) == false)
        _ = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        #expect(await sut.tokenRejected(AccessToken("stale")))
        _ = try await sut.token()

        #expect(gateway.refreshCount == 0)
    }

    @Test func refreshAnsweredSessionExpired_signsOut_andTokenIsUnauthenticated() async throws {
        let (sut, gateway, clock) = makeSUT()
        _ = try await sut.createUser(withEmail: anaEmail, password: anaPassword)
        gateway.failRefreshes(with: .sessionExpired)
        clock.advance(by: 3_500)

        let error = await thrownError(DocumentStoreError.self) { try await sut.token() }

        #expect(error?.code == .unauthenticated)
        #expect(error?.message == "Obtaining the signed-in user's ID token failed: sessionExpired.")
        #expect(await sut.currentSession == nil)
        #expect(try await sut.token() == nil)
    }

    @Test func refreshAnsweredConnectivity_isUnavailable_andKeepsTheUser() async throws {
        let (sut, gateway, clock) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)
        gateway.failRefreshes(with: .connectivity)
        clock.advance(by: 3_500)

        let error = await thrownError(DocumentStoreError.self) { try await sut.token() }
        gateway.failRefreshes(with: nil)
        let later = try await sut.token()

        #expect(error?.code == .unavailable)
        #expect(later != nil)
        #expect(await sut.currentSession?.userID == session.userID)
    }

    @Test func refreshAnsweredUserDisabled_signsOut() async throws {
        let (sut, gateway, _) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)
        gateway.inner.setDisabled(true, for: session.userID)

        let code = await thrownError(AuthError.self) { try await sut.validSession(forcingRefresh: true) }?.code

        #expect(code == .userDisabled)
        #expect(await sut.currentSession == nil)
    }

    @Test func signOut_forgetsTheUser_andRevokesOnTheGateway() async throws {
        let (sut, gateway, _) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        try await sut.signOut()
        try await sut.signOut()

        #expect(try await sut.token() == nil)
        #expect(gateway.signOutCount == 1)
        #expect(await thrownError(AuthError.self) { try await gateway.inner.refresh(session) }?.code == .sessionExpired)
    }

    @Test func signOut_duringARefresh_isNotUndoneByIt() async throws {
        let (sut, gateway, clock) = makeSUT()
        _ = try await sut.createUser(withEmail: anaEmail, password: anaPassword)
        clock.advance(by: 3_500)
        gateway.holdRefreshes()

        let caller = Task { try await sut.token() }
        try await waitUntil { gateway.heldCount == 1 }
        try await sut.signOut()
        gateway.releaseRefreshes()
        _ = try? await caller.value

        #expect(await sut.currentSession == nil)
        #expect(try await sut.token() == nil)
    }

    @Test func updatePassword_keepsTheUserSignedInWithTheNewSession() async throws {
        let (sut, gateway, _) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)
        let newPassword = try Password("brand-new-password")

        try await sut.updatePassword(to: newPassword)

        let current = try #require(await sut.currentSession)
        #expect(current.userID == session.userID)
        #expect(current.refreshToken != session.refreshToken)
        #expect(try await sut.currentUser()?.uid == session.userID)
        #expect(
            await thrownError(AuthError.self) {
                try await gateway.inner.signIn(withEmail: anaEmail, password: anaPassword)
            }?.code
                == .invalidCredentials)
    }

    @Test func deleteUser_signsOut() async throws {
        let (sut, gateway, _) = makeSUT()
        _ = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        try await sut.deleteUser()

        #expect(await sut.currentSession == nil)
        #expect(gateway.inner.userCount == 0)
    }

    @Test func accountOperations_whenSignedOut_areSessionExpired() async throws {
        let (sut, _, _) = makeSUT()

        #expect(
            await thrownError(AuthError.self) { try await sut.updatePassword(to: anaPassword) }?.code == .sessionExpired
        )
        #expect(await thrownError(AuthError.self) { try await sut.deleteUser() }?.code == .sessionExpired)
    }

    @Test func failedSignIn_leavesTheCurrentUserSignedIn() async throws {
        let (sut, _, _) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        let code = await thrownError(AuthError.self) {
            try await sut.signIn(try Credentials(email: "x@example.com", password: "123456"))
        }?.code

        #expect(code == .invalidCredentials)
        #expect(await sut.currentSession == session)
    }

    @Test func resumedSession_servesItsToken() async throws {
        let clock = MovableClock()
        let gateway = SpyAuthGateway(clock: clock)
        let stored = try await gateway.inner.createUser(withEmail: anaEmail, password: anaPassword)

        let sut = AuthSession(gateway: gateway, session: stored, now: clock.function)

        #expect(try await sut.token()?.value == stored.idToken)
        #expect(try await sut.currentUser()?.email == anaEmail)
    }

    @Test func description_neverShowsATokenOrPassword() async throws {
        let (sut, _, _) = makeSUT()
        let session = try await sut.createUser(withEmail: anaEmail, password: anaPassword)

        var dumped = ""
        dump(sut, to: &dumped)
        let shown = "\(sut) \(String(reflecting: sut)) \(dumped)"

        #expect(sut.description == "AuthSession(tokens redacted)")
        for secret in [session.idToken, session.refreshToken, anaPassword.value] { #expect(!shown.contains(secret)) }
    }

    // MARK: - Helpers

    private func makeSUT() -> (AuthSession, SpyAuthGateway, MovableClock) {
        let clock = MovableClock()
        let gateway = SpyAuthGateway(clock: clock)
        return (AuthSession(gateway: gateway, now: clock.function), gateway, clock)
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        var tries = 0
        while !condition(), tries < 2_000 {
            try await Task.sleep(for: .milliseconds(5))
            tries += 1
        }
        #expect(condition(), "timed out waiting")
    }
}
