import HearthDomain
import Testing

@Suite("UserID, Session and AuthUser")
struct SessionTests {
    @Test func userID_validOnes_keepTheirText() throws {
        let firebaseLike = "aBcDeFgHiJkLmNoPqRsTuVwXyZ12"

        #expect(try UserID(firebaseLike).rawValue == firebaseLike)
        #expect(try UserID(String(repeating: "u", count: 128)).description.utf8.count == 128)
    }

    @Test func userIDs_areEqualByTheirUTF8Bytes() throws {
        let precomposed = try UserID("caf\u{E9}")
        let decomposed = try UserID("cafe\u{301}")

        #expect(precomposed.rawValue == decomposed.rawValue)  // Swift's String equality: canonical
        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        #expect(precomposed == (try UserID("caf\u{E9}")))
    }

    @Test func userID_emptyOrOver128Bytes_isInternalNamingField() throws {
        let empty = try #require(authError { try UserID("") })
        let long = try #require(authError { try UserID(String(repeating: "é", count: 65)) })

        #expect(empty.code == .internal)
        #expect(empty.message == "userID: is empty.")
        #expect(long.code == .internal)
        #expect(long.message == "userID: is longer than 128 bytes.")
    }

    @Test func session_keepsItsParts_andSeedNames() throws {
        let session = try makeSession()

        #expect(session.userID == (try UserID("uid-1")))
        #expect(session.email == (try Email("ana@example.com")))
        #expect(session.token == "id.token.sig")
        #expect(session.userId == "uid-1")
        #expect(session.refreshToken == "refresh-XYZ")
    }

    @Test(arguments: ["", "has space", "line\nbreak", "tab\there", "ñ", "\u{7F}"])
    func session_malformedToken_isInternal_withoutQuotingIt(_ token: String) throws {
        let asID = try #require(authError { try makeSession(idToken: token) })
        let asRefresh = try #require(authError { try makeSession(refreshToken: token) })

        #expect(asID.code == .internal)
        #expect(asID.message.hasPrefix("idToken: "))
        #expect(asRefresh.message.hasPrefix("refreshToken: "))
        if !token.isEmpty { #expect(!asID.description.contains(token)) }
    }

    @Test func session_descriptionsAndDump_neverShowTokens() throws {
        let session = try makeSession(idToken: "eyJSECRETid", refreshToken: "SECRETrefresh")

        let shown = everythingShown(session)

        #expect(!shown.contains("SECRET"))
        #expect(
            session.description
                == "Session(user: uid-1, email: ana@example.com, expiresAt: 2026-01-01T00:00:00Z, tokens redacted)")
        #expect(shown.contains("<redacted>"))
    }

    @Test func expires_comparesExpiryWithNowPlusMargin() throws {
        let session = try makeSession(expiresAt: Timestamp(seconds: 1_000, nanoseconds: 500))

        #expect(!session.expires(of: try Timestamp(seconds: 999, nanoseconds: 999_999_999)))
        #expect(session.expires(of: try Timestamp(seconds: 1_000, nanoseconds: 500)))
        #expect(!session.expires(within: .seconds(299), of: try Timestamp(seconds: 700, nanoseconds: 600)))
        #expect(session.expires(within: .seconds(300), of: try Timestamp(seconds: 700, nanoseconds: 500)))
        // 999.9999995 + 0.0000006 s carries into the seconds.
        #expect(session.expires(within: .nanoseconds(600), of: try Timestamp(seconds: 999, nanoseconds: 999_999_900)))
        #expect(!session.expires(within: .seconds(-10), of: try Timestamp(seconds: 999)))
        #expect(session.expires(within: .seconds(Int64.max), of: .min))
    }

    @Test func authUser_describesItselfWithoutSecrets() throws {
        let user = AuthUser(uid: try UserID("uid-1"), email: try Email("ana@example.com"))

        #expect(user.description == "AuthUser(uid: uid-1, email: ana@example.com, verified: false)")
        #expect(!user.isEmailVerified)
    }

    private func makeSession(
        idToken: String = "id.token.sig", refreshToken: String = "refresh-XYZ",
        expiresAt: Timestamp? = nil
    ) throws -> Session {
        try Session(
            userID: UserID("uid-1"), email: Email("ana@example.com"), idToken: idToken, refreshToken: refreshToken,
            expiresAt: expiresAt ?? Timestamp(rfc3339: "2026-01-01T00:00:00Z"))
    }
}
