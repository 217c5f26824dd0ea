import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Synchronization
import Testing

/// `AuthSession` (HearthApplication) as the REST store's `TokenProvider`: requests carry the signed-in
/// user's ID token, a rejected token is refreshed and the request retried once, and a signed-out holder
/// sends requests without credentials.
@Suite("AuthSession as the REST store's token provider")
struct AuthSessionTokenProviderTests {
    typealias F = StoreFixtures

    @Test func requests_carryTheSignedInUsersIDToken() async throws {
        let auth = AuthSession(gateway: ScriptedAuthGateway())
        try await auth.signIn(try Credentials(email: "ana@example.com", password: "ana-password"))
        let server = StubServer()
        let store = try F.makeStore(server: server, tokenProvider: auth)
        server.enqueue(.ok(F.documentJSON("users/uid-ana")))

        _ = try await store.getDocument(try F.path("users/uid-ana"), mask: nil, consistency: .latest)

        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer id-1"])
    }

    @Test func unauthenticated_refreshesTheSessionAndRetriesOnce() async throws {
        let gateway = ScriptedAuthGateway()
        let auth = AuthSession(gateway: gateway)
        try await auth.signIn(try Credentials(email: "ana@example.com", password: "ana-password"))
        let server = StubServer()
        let store = try F.makeStore(server: server, tokenProvider: auth)
        server.enqueue(F.errorBody("UNAUTHENTICATED", http: 401), .ok(F.documentJSON("users/uid-ana")))

        _ = try await store.getDocument(try F.path("users/uid-ana"), mask: nil, consistency: .latest)

        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer id-1", "Bearer id-2"])
        #expect(gateway.refreshes == 1)
    }

    @Test func signedOut_requestsGoWithoutCredentials() async throws {
        let auth = AuthSession(gateway: ScriptedAuthGateway())
        try await auth.signIn(try Credentials(email: "ana@example.com", password: "ana-password"))
        try await auth.signOut()
        let server = StubServer()
        let store = try F.makeStore(server: server, tokenProvider: auth)
        server.enqueue(.ok(F.documentJSON("users/uid-ana")))

        _ = try await store.getDocument(try F.path("users/uid-ana"), mask: nil, consistency: .latest)

        #expect(server.requests.map { $0.header("Authorization") } == [nil])
    }
}

/// Signs anyone in as `uid-ana` with ID tokens `id-1`, `id-2`, … (one more per refresh), valid for an hour.
private final class ScriptedAuthGateway: AuthGateway {
    private let issued = Mutex(0)

    var refreshes: Int { issued.withLock { $0 } - 1 }

    func createUser(withEmail email: Email, password: Password) async throws(AuthError) -> Session {
        try next(email)
    }
    func signIn(withEmail email: Email, password: Password) async throws(AuthError) -> Session { try next(email) }
    func refresh(_ session: Session) async throws(AuthError) -> Session { try next(session.email) }
    func signOut(_ session: Session) async throws(AuthError) {}
    func updatePassword(to newPassword: Password, for session: Session) async throws(AuthError) -> Session {
        try next(session.email)
    }
    func deleteUser(_ session: Session) async throws(AuthError) {}
    func lookupUser(_ session: Session) async throws(AuthError) -> AuthUser {
        AuthUser(uid: session.userID, email: session.email)
    }

    private func next(_ email: Email) throws(AuthError) -> Session {
        let number = issued.withLock { count in
            count += 1
            return count
        }
        return try Session(
            userID: UserID("uid-ana"), email: email, idToken: "id-\(number)", refreshToken: "refresh",
            expiresAt: Timestamp(date: Date().addingTimeInterval(3_600)))
    }
}
