import Foundation
import HearthDomain
import HearthInMemory
import HearthPort
import HearthTestSupport
import Testing

/// What only the in-memory gateway promises (the shared behaviours are `AuthContract`'s): expiry on its
/// clock, recent-login checks, disabled accounts, revocation, and the shape of its tokens.
@Suite("InMemoryAuthGateway")
struct InMemoryAuthGatewayTests {
    @Test func idToken_isAnHS256JWT_withTheClaimsFirebasesEmulatorWrites() async throws {
        let clock = TestClock()
        let sut = InMemoryAuthGateway(projectID: "demo-gym", now: clock.function)

        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        let parts = session.idToken.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 3)
        #expect(parts[2].utf8.count == 43, "an HMAC-SHA256 signature, base64url without padding")
        #expect(try json(parts[0]) as? [String: String] == ["alg": "HS256", "typ": "JWT"])
        let claims = try #require(try json(parts[1]) as? [String: Any])
        #expect(claims["iss"] as? String == "https://securetoken.google.com/demo-gym")
        #expect(claims["aud"] as? String == "demo-gym")
        #expect(claims["sub"] as? String == session.userID.rawValue)
        #expect(claims["user_id"] as? String == session.userID.rawValue)
        #expect(claims["email"] as? String == "ana@example.com")
        #expect(claims["email_verified"] as? Bool == false)
        #expect(claims["iat"] as? Int == 1_800_000_000)
        #expect(claims["auth_time"] as? Int == 1_800_000_000)
        #expect(claims["exp"] as? Int == 1_800_003_600)
        let firebase = try #require(claims["firebase"] as? [String: Any])
        #expect(firebase["sign_in_provider"] as? String == "password")
        #expect(firebase["identities"] as? [String: [String]] == ["email": ["ana@example.com"]])
        #expect(session.expiresAt == Timestamp(date: Date(timeIntervalSince1970: 1_800_003_600)))
        #expect(session.userID.rawValue.count == 28)
        #expect(session.userID.rawValue.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    /// Found by a loaded CI run: issued at a fractional second, the session expired up to a second after
    /// its token's `exp` (the gateway's own limit), so the session could send a token already refused.
    @Test func sessionExpiry_isTheTokensExp_whenIssuedAtAFractionalSecond() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000.75))
        let sut = InMemoryAuthGateway(projectID: "demo-gym", tokenLifetime: .seconds(3), now: clock.function)

        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        #expect(session.expiresAt == Timestamp(date: Date(timeIntervalSince1970: 1_800_000_003)))
    }

    @Test func refresh_issuesANewIDToken_keepsTheRefreshTokenAndAuthTime() async throws {
        let clock = TestClock()
        let sut = InMemoryAuthGateway(now: clock.function)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        clock.advance(by: 600)
        let refreshed = try await sut.refresh(session)

        #expect(refreshed.idToken != session.idToken)
        #expect(refreshed.refreshToken == session.refreshToken)
        let claims = try #require(try json(String(refreshed.idToken.split(separator: ".")[1])) as? [String: Any])
        #expect(claims["iat"] as? Int == 1_800_000_600)
        #expect(claims["auth_time"] as? Int == 1_800_000_000)
        #expect(try await sut.lookupUser(session).uid == session.userID, "the old ID token lives until its exp")
    }

    @Test func expiredIDToken_isSessionExpired_butRefreshStillWorks() async throws {
        let clock = TestClock()
        let sut = InMemoryAuthGateway(tokenLifetime: .seconds(60), now: clock.function)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        clock.advance(by: 60)

        let error = try #require(await thrownError(AuthError.self) { try await sut.lookupUser(session) })
        #expect(error.code == .sessionExpired)
        #expect(error.message == "The ID token has expired; refresh the session.")
        let refreshed = try await sut.refresh(session)
        #expect(try await sut.lookupUser(refreshed).uid == session.userID)
    }

    @Test func updatePasswordAndDelete_needARecentSignIn() async throws {
        let clock = TestClock()
        let sut = InMemoryAuthGateway(recentLoginWindow: .seconds(300), now: clock.function)
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        clock.advance(by: 301)
        let refreshed = try await sut.refresh(session)

        let newPassword = try Password("new-password")
        #expect(
            await thrownError(AuthError.self) { try await sut.updatePassword(to: newPassword, for: refreshed) }?.code
                == .requiresRecentLogin)
        #expect(await thrownError(AuthError.self) { try await sut.deleteUser(refreshed) }?.code == .requiresRecentLogin)
        let again = try await sut.signIn(withEmail: "ana@example.com", password: "ana-password")
        _ = try await sut.updatePassword(to: newPassword, for: again)
    }

    @Test func updatePassword_revokesEveryEarlierToken() async throws {
        let sut = InMemoryAuthGateway()
        let first = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")
        let second = try await sut.signIn(withEmail: "ana@example.com", password: "ana-password")

        let updated = try await sut.updatePassword(to: try Password("new-password"), for: second)

        for old in [first, second] {
            #expect(await thrownError(AuthError.self) { try await sut.refresh(old) }?.code == .sessionExpired)
            #expect(await thrownError(AuthError.self) { try await sut.lookupUser(old) }?.code == .sessionExpired)
        }
        #expect(try await sut.lookupUser(updated).uid == first.userID)
    }

    @Test func signOut_revokesTheSessionOnly() async throws {
        let sut = InMemoryAuthGateway()
        let kept = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")
        let ended = try await sut.signIn(withEmail: "ana@example.com", password: "ana-password")

        try await sut.signOut(ended)

        #expect(await thrownError(AuthError.self) { try await sut.refresh(ended) }?.code == .sessionExpired)
        #expect(await thrownError(AuthError.self) { try await sut.lookupUser(ended) }?.code == .sessionExpired)
        _ = try await sut.refresh(kept)
    }

    @Test func disabledAccount_isUserDisabled_onlyOnceThePasswordIsRight() async throws {
        let sut = InMemoryAuthGateway()
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        #expect(sut.setDisabled(true, for: session.userID))

        #expect(
            await thrownError(AuthError.self) {
                try await sut.signIn(withEmail: "ana@example.com", password: "ana-password")
            }?.code
                == .userDisabled)
        #expect(
            await thrownError(AuthError.self) {
                try await sut.signIn(withEmail: "ana@example.com", password: "wrong-password")
            }?
            .code
                == .invalidCredentials)
        #expect(await thrownError(AuthError.self) { try await sut.refresh(session) }?.code == .userDisabled)
        #expect(await thrownError(AuthError.self) { try await sut.lookupUser(session) }?.code == .userDisabled)
        #expect(sut.setDisabled(false, for: session.userID))
        #expect(try await sut.lookupUser(session).uid == session.userID)
        #expect(!sut.setDisabled(true, for: try UserID("nobody")))
    }

    @Test func unknownEmailAndWrongPassword_areTheSameError() async throws {
        let sut = InMemoryAuthGateway()
        _ = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        let wrong = await thrownError(AuthError.self) {
            try await sut.signIn(withEmail: "ana@example.com", password: "other-password")
        }
        let unknown = await thrownError(AuthError.self) {
            try await sut.signIn(withEmail: "bob@example.com", password: "ana-password")
        }

        #expect(wrong?.description == unknown?.description)
        #expect(wrong?.code == .invalidCredentials)
    }

    @Test func tokensOfAnotherGateway_areRejected() async throws {
        let one = InMemoryAuthGateway()
        let other = InMemoryAuthGateway()
        let session = try await one.createUser(withEmail: "ana@example.com", password: "ana-password")

        #expect(await thrownError(AuthError.self) { try await other.lookupUser(session) }?.code == .sessionExpired)
        #expect(await thrownError(AuthError.self) { try await other.refresh(session) }?.code == .sessionExpired)
    }

    @Test func description_countsUsers_andShowsNoSecret() async throws {
        let sut = InMemoryAuthGateway(projectID: "demo")
        let session = try await sut.createUser(withEmail: "ana@example.com", password: "ana-password")

        var dumped = ""
        dump(sut, to: &dumped)

        #expect(sut.description == "InMemoryAuthGateway(project: demo, 1 users)")
        for secret in ["ana-password", "ana@example.com", session.idToken, session.refreshToken] {
            #expect(!dumped.contains(secret))
            #expect(!String(reflecting: sut).contains(secret))
        }
    }

    // MARK: - Helpers

    private func json(_ base64URL: String) throws -> Any {
        var text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        return try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: text)))
    }
}
