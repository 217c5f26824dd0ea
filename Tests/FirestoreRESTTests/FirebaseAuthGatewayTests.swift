import Foundation
import HearthDomain
import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Testing

/// `FirebaseAuthGateway` beyond the contract: what goes on the wire, the Auth emulator's behaviours the
/// port cannot provoke (a disabled user), the Firebase code table, and every kind of broken answer — each
/// an `AuthError` whose message says what was wrong and holds no password, token or API key.
@Suite("Firebase Auth gateway")
struct FirebaseAuthGatewayTests {
    // MARK: Against the loopback Auth emulator

    @Test func emulator_requestsCarryTheKeyInTheQuery_tokensOnlyInBodies() async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let gateway = try FirebaseAuthGatewayContractTests.gateway(hostAndPort: emulator.hostAndPort)

        let session = try await gateway.createUser(withEmail: "ana@example.com", password: "secret-1")
        _ = try await gateway.refresh(session)

        let (signUp, refresh) = (emulator.requests[0], emulator.requests[1])
        #expect(signUp.method == "POST")
        #expect(signUp.target == "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key")
        #expect(signUp.headers["x-goog-api-key"] == nil)
        #expect(signUp.headers["authorization"] == nil)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(signUp.body)) as? [String: Any])
        #expect(body["email"] as? String == "ana@example.com")
        #expect(body["password"] as? String == "secret-1")
        #expect(body["returnSecureToken"] as? Bool == true)
        #expect(refresh.target == "/securetoken.googleapis.com/v1/token?key=fake-api-key")
        #expect(refresh.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(refresh.bodyText.hasPrefix("grant_type=refresh_token&refresh_token="))
        for request in emulator.requests {
            #expect(!request.target.contains(session.idToken) && !request.target.contains(session.refreshToken))
        }
    }

    @Test func emulator_idTokenIsAnUnsignedJWTWithTheDocumentedClaims() async throws {
        let emulator = try LoopbackAuthEmulator(projectID: "demo-claims")
        defer { emulator.stop() }
        let gateway = try FirebaseAuthGatewayContractTests.gateway(hostAndPort: emulator.hostAndPort)

        let session = try await gateway.createUser(withEmail: "bo@example.com", password: "secret-2")

        let parts = session.idToken.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 3 && parts[2].isEmpty)
        let header = try #require(Self.jsonObject(base64URL: parts[0]))
        let claims = try #require(Self.jsonObject(base64URL: parts[1]))
        #expect(header["alg"] as? String == "none")
        #expect(claims["sub"] as? String == session.userID.rawValue)
        #expect(claims["user_id"] as? String == session.userID.rawValue)
        #expect(session.userID.rawValue.count == 28)
        #expect(claims["iss"] as? String == "https://securetoken.google.com/demo-claims")
        #expect(claims["aud"] as? String == "demo-claims")
        #expect(claims["email"] as? String == "bo@example.com")
        #expect(claims["email_verified"] as? Bool == false)
        let issuedAt = try #require(claims["iat"] as? Int)
        #expect(claims["exp"] as? Int == issuedAt + 3_600)
        let firebase = try #require(claims["firebase"] as? [String: Any])
        #expect(firebase["sign_in_provider"] as? String == "password")
    }

    @Test func sessionExpiry_isExpiresInSecondsAfterTheAnswer_byTheInjectedClock() async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let clock = TestClock()
        let gateway = try FirebaseAuthGateway(
            apiKey: "k", httpClient: EmulatorStores.sharedClient,
            endpoints: try .emulator(hostAndPort: emulator.hostAndPort), now: clock.function)

        let session = try await gateway.createUser(withEmail: "cy@example.com", password: "secret-3")
        clock.advance(by: 100)
        let refreshed = try await gateway.refresh(session)

        #expect(session.expiresAt == Timestamp(date: Date(timeIntervalSince1970: 1_700_003_600)))
        #expect(refreshed.expiresAt == Timestamp(date: Date(timeIntervalSince1970: 1_700_003_700)))
        #expect(refreshed.email == session.email)
    }

    @Test func disabledUser_signInRefreshAndLookup_areUserDisabled() async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let gateway = try FirebaseAuthGatewayContractTests.gateway(hostAndPort: emulator.hostAndPort)
        let admin = AuthEmulatorAdmin(hostAndPort: emulator.hostAndPort, projectID: emulator.projectID)
        let session = try await gateway.createUser(withEmail: "di@example.com", password: "secret-4")

        try await admin.disable(session.userID)

        let signIn = await thrownError(AuthError.self) {
            try await gateway.signIn(withEmail: "di@example.com", password: "secret-4")
        }
        let refresh = await thrownError(AuthError.self) { try await gateway.refresh(session) }
        let lookup = await thrownError(AuthError.self) { try await gateway.lookupUser(session) }
        #expect(signIn?.code == .userDisabled)
        #expect(refresh?.code == .userDisabled)
        #expect(lookup?.code == .userDisabled)
        #expect(signIn?.message.contains("USER_DISABLED") == true)
    }

    @Test(arguments: [
        (false, "EMAIL_NOT_FOUND", "INVALID_PASSWORD"),
        (true, "INVALID_LOGIN_CREDENTIALS", "INVALID_LOGIN_CREDENTIALS"),
    ])
    func unknownEmailAndWrongPassword_areInvalidCredentials_underEitherEmailPrivacy(
        _ improved: Bool, _ unknownCode: String, _ wrongCode: String
    ) async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let gateway = try FirebaseAuthGatewayContractTests.gateway(hostAndPort: emulator.hostAndPort)
        try await AuthEmulatorAdmin(hostAndPort: emulator.hostAndPort, projectID: emulator.projectID)
            .setImprovedEmailPrivacy(improved)
        _ = try await gateway.createUser(withEmail: "pr@example.com", password: "secret-13")

        let unknown = await thrownError(AuthError.self) {
            try await gateway.signIn(withEmail: "nobody@example.com", password: "secret-13")
        }
        let wrong = await thrownError(AuthError.self) {
            try await gateway.signIn(withEmail: "pr@example.com", password: "secret-14")
        }

        #expect(unknown?.code == .invalidCredentials)
        #expect(wrong?.code == .invalidCredentials)
        #expect(unknown?.message == "Signing in was refused: \(unknownCode) (HTTP 400).")
        #expect(wrong?.message == "Signing in was refused: \(wrongCode) (HTTP 400).")
    }

    @Test func signOut_sendsNothing_andTheSessionStillRefreshes() async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let gateway = try FirebaseAuthGatewayContractTests.gateway(hostAndPort: emulator.hostAndPort)
        let session = try await gateway.createUser(withEmail: "so@example.com", password: "secret-5")

        try await gateway.signOut(session)

        #expect(emulator.requests.count == 1)
        _ = try await gateway.refresh(session)
    }

    @Test func emulator_refusesAKeyInTheHeader_asInternalNamingTheMissingKey() async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let base = "http://\(emulator.hostAndPort)/"
        let headerOnly = FirebaseAuthEndpoints(
            identityToolkit: try #require(URL(string: base + "identitytoolkit.googleapis.com/v1/")),
            secureToken: try #require(URL(string: base + "securetoken.googleapis.com/v1/token")),
            apiKeyPlacement: .header)
        let gateway = try FirebaseAuthGateway(
            apiKey: "AIza-secret-key", httpClient: EmulatorStores.sharedClient, endpoints: headerOnly)

        let error = await thrownError(AuthError.self) {
            try await gateway.signIn(withEmail: "ky@example.com", password: "secret-6")
        }

        #expect(error?.code == .internal)
        #expect(error?.message.contains("The request is missing a valid API key. (HTTP 403)") == true)
        #expect(error.map { "\($0)".contains("AIza-secret-key") || "\($0)".contains("secret-6") } == false)
    }

    /// The token provider refreshes through the same wire layer: against the emulator double it gets a new
    /// ID token, and once the user is deleted the refusal is `unauthenticated` naming `INVALID_REFRESH_TOKEN`.
    @Test func tokenProvider_refreshesOnTheSameWire_andReportsTheFirebaseCode() async throws {
        let emulator = try LoopbackAuthEmulator()
        defer { emulator.stop() }
        let gateway = try FirebaseAuthGatewayContractTests.gateway(hostAndPort: emulator.hostAndPort)
        let session = try await gateway.createUser(withEmail: "tp@example.com", password: "secret-15")
        let provider = FirebaseUserTokenProvider(
            credentials: FirebaseUserCredentials(
                idToken: session.idToken, refreshToken: session.refreshToken, expiresIn: -1,
                userID: session.userID.rawValue),
            apiKey: "fake-api-key", httpClient: EmulatorStores.sharedClient,
            tokenEndpoint: gateway.endpoints.secureToken)

        let refreshed = try #require(try await provider.token())
        try await gateway.deleteUser(session)
        _ = await provider.tokenRejected(refreshed)
        let refused = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(!refreshed.value.isEmpty && refreshed.value.split(separator: ".").count == 2)
        #expect(emulator.requests[1].target == "/securetoken.googleapis.com/v1/token?key=fake-api-key")
        #expect(refused?.code == .unauthenticated)
        #expect(
            refused?.message
                == "Refreshing the Firebase ID token was refused: INVALID_REFRESH_TOKEN (HTTP 400).")
    }

    // MARK: What production requests look like

    @Test func production_requestsCarryTheKeyInTheHeader_andNoQuery() async throws {
        let (gateway, server) = try makeSUT()
        server.enqueue(.ok(Self.signInAnswer()))

        let session = try await gateway.signIn(withEmail: "Ana@Example.com ", password: "secret-7")

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.pathAndQuery == "/v1/accounts:signInWithPassword")
        #expect(request.header("x-goog-api-key") == "AIza-secret-key")
        #expect(request.header("Content-Type") == "application/json")
        #expect(session.userID.rawValue == "uid-1")
        #expect(session.email.value == "ana@example.com")
        #expect(session.idToken == "id.token.x")
        #expect(session.refreshToken == "refresh-1")
        #expect(
            FirebaseAuthEndpoints.production.identityToolkit.absoluteString
                == "https://identitytoolkit.googleapis.com/v1/")
        #expect(
            FirebaseAuthEndpoints.production.secureToken.absoluteString == "https://securetoken.googleapis.com/v1/token"
        )
        #expect(FirebaseAuthEndpoints.production.apiKeyPlacement == .header)
    }

    // MARK: The Firebase code table

    /// Every code AUTH.md lists, with the domain error Firebase's SDKs map it to; a code the table does not
    /// list is `internal`. Each arrives as Identity Toolkit writes it: `CODE : detail` in a 400 body.
    @Test(arguments: [
        ("EMAIL_NOT_FOUND", AuthError.Code.invalidCredentials), ("INVALID_PASSWORD", .invalidCredentials),
        ("INVALID_LOGIN_CREDENTIALS", .invalidCredentials), ("USER_DISABLED", .userDisabled),
        ("TOO_MANY_ATTEMPTS_TRY_LATER", .tooManyRequests), ("QUOTA_EXCEEDED", .tooManyRequests),
        ("EMAIL_EXISTS", .emailAlreadyInUse), ("WEAK_PASSWORD", .weakPassword), ("MISSING_PASSWORD", .weakPassword),
        ("INVALID_EMAIL", .invalidEmail), ("MISSING_EMAIL", .invalidEmail), ("TOKEN_EXPIRED", .sessionExpired),
        ("INVALID_ID_TOKEN", .sessionExpired), ("USER_NOT_FOUND", .sessionExpired),
        ("INVALID_REFRESH_TOKEN", .sessionExpired), ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .requiresRecentLogin),
        ("INVALID_GRANT_TYPE", .internal), ("MISSING_REFRESH_TOKEN", .internal), ("OPERATION_NOT_ALLOWED", .internal),
    ])
    func firebaseCode_mapsToTheDomainError(_ firebaseCode: String, _ expected: AuthError.Code) async throws {
        let (gateway, server) = try makeSUT()
        server.enqueue(.json(400, #"{"error":{"code":400,"message":"\#(firebaseCode) : some detail","errors":[]}}"#))

        let error = await thrownError(AuthError.self) {
            try await gateway.signIn(withEmail: "ana@example.com", password: "secret-8")
        }

        #expect(error?.code == expected)
        #expect(error?.message.contains("\(firebaseCode) : some detail (HTTP 400)") == true)
    }

    @Test func errorMessage_splitsAtTheFirstColon_andNamesTheField() async throws {
        let (gateway, server) = try makeSUT()
        server.enqueue(
            .json(400, #"{"error":{"code":400,"message":"WEAK_PASSWORD : Password should be at least 6 characters"}}"#),
            .json(400, #"{"error":{"code":400,"message":"INVALID_EMAIL:bad: address"}}"#))

        let weak = await thrownError(AuthError.self) {
            try await gateway.createUser(withEmail: "ana@example.com", password: "secret-9")
        }
        let invalid = await thrownError(AuthError.self) {
            try await gateway.createUser(withEmail: "ana@example.com", password: "secret-9")
        }

        #expect(weak?.code == .weakPassword)
        #expect(
            weak?.message
                == "password: Signing up was refused: WEAK_PASSWORD : Password should be at least 6 characters (HTTP 400)."
        )
        #expect(invalid?.code == .invalidEmail)
        #expect(invalid?.message == "email: Signing up was refused: INVALID_EMAIL : bad: address (HTTP 400).")
    }

    // MARK: Broken answers and transport failures

    @Test func successAnswerThatIsNotJSON_isInternal_notQuotingIt() async throws {
        let error = try await signInError(
            .response(status: 200, headers: ["Content-Type": "text/html"], body: Array("<html>id.token.x</html>".utf8)))

        #expect(error?.code == .internal)
        #expect(error?.message == "Signing in: the answer (HTTP 200, 23 bytes, not shown) is not a JSON object.")
    }

    @Test func emptySuccessAnswer_isInternal() async throws {
        let error = try await signInError(.response(status: 200, headers: [:], body: []))

        #expect(error?.code == .internal)
        #expect(error?.message == "Signing in: the answer (HTTP 200, 0 bytes, not shown) is not a JSON object.")
    }

    @Test func htmlBadGateway_isConnectivity_withAScrubbedExcerpt() async throws {
        let page = "<html><body>502 Bad Gateway for /v1/accounts:signInWithPassword?key=AIza-secret-key</body></html>"
        let error = try await signInError(
            .response(status: 502, headers: ["Content-Type": "text/html"], body: Array(page.utf8)))

        #expect(error?.code == .connectivity)
        #expect(error?.message.hasPrefix("Signing in failed: HTTP 502 with a body that is not a JSON error (") == true)
        #expect(error?.message.contains("502 Bad Gateway") == true)
        #expect(error?.message.contains("key=<redacted>") == true)
        try Self.expectNoSecrets(error)
    }

    @Test func emptyErrorAnswer_isDecidedByTheStatus() async throws {
        let badRequest = try await signInError(.response(status: 400, headers: [:], body: []))
        let unavailable = try await signInError(.response(status: 503, headers: [:], body: []))
        let throttled = try await signInError(.response(status: 429, headers: [:], body: []))
        let redirect = try await signInError(
            .response(status: 302, headers: ["Location": "https://elsewhere/"], body: []))

        #expect(badRequest?.code == .internal)
        #expect(badRequest?.message == "Signing in failed: HTTP 400 with an empty body.")
        #expect(unavailable?.code == .connectivity)
        #expect(throttled?.code == .tooManyRequests)
        #expect(redirect?.code == .internal)
        #expect(redirect?.message.contains("HTTP 302, a redirect, which is not followed") == true)
    }

    @Test func unlistedCodeIn5xx_isConnectivity() async throws {
        let error = try await signInError(
            .json(503, #"{"error":{"code":503,"message":"The service is unavailable."}}"#))

        #expect(error?.code == .connectivity)
        #expect(error?.message == "Signing in was refused: The service is unavailable. (HTTP 503).")
    }

    @Test func serverDetailEchoingThePasswordOrKey_isScrubbed() async throws {
        let error = try await signInError(
            .json(400, #"{"error":{"code":400,"message":"INVALID_PASSWORD : secret-10 is wrong for AIza-secret-key"}}"#)
        )

        #expect(error?.code == .invalidCredentials)
        #expect(error?.message.contains("INVALID_PASSWORD : <redacted> is wrong for <redacted>") == true)
        try Self.expectNoSecrets(error)
    }

    @Test func garbageTokenInTheAnswer_isInternalNamingTheField_notQuotingIt() async throws {
        let error = try await signInError(.ok(Self.signInAnswer(idToken: "id token\nwith-a-break")))

        #expect(error?.code == .internal)
        #expect(
            error?.message
                == "Signing in: the answer's idToken: holds a character other than printable ASCII (not shown).")
        #expect(error.map { "\($0)".contains("with-a-break") } == false)
    }

    @Test(arguments: [
        (#"{"localId":"uid-1","email":"ana@example.com","refreshToken":"r","expiresIn":"3600"}"#, "has no idToken"),
        (#"{"email":"ana@example.com","idToken":"t","refreshToken":"r","expiresIn":"3600"}"#, "has no localId"),
        (#"{"localId":"uid-1","idToken":"t","refreshToken":"r","expiresIn":"3600"}"#, "has no email"),
        (#"{"localId":"uid-1","email":"ana@example.com","idToken":"t","expiresIn":"3600"}"#, "has no refreshToken"),
        (#"{"localId":"uid-1","email":"ana@example.com","idToken":"t","refreshToken":"r"}"#, "has no expiresIn"),
        (
            #"{"localId":"uid-1","email":"ana@example.com","idToken":7,"refreshToken":"r","expiresIn":"3600"}"#,
            "idToken is not a string"
        ),
        (
            #"{"localId":"uid-1","email":"ana@example.com","idToken":"t","refreshToken":"r","expiresIn":"soon"}"#,
            "expiresIn is not a whole number of seconds"
        ),
        (
            #"{"localId":"uid-1","email":"ana@example.com","idToken":"t","refreshToken":"r","expiresIn":"99999999999"}"#,
            "expiresIn is not a whole number of seconds"
        ),
        (
            #"{"localId":"","email":"ana@example.com","idToken":"t","refreshToken":"r","expiresIn":"3600"}"#,
            "localId is empty"
        ),
        (
            #"{"localId":"uid-1","email":"not-an-email","idToken":"t","refreshToken":"r","expiresIn":"3600"}"#,
            "email is not a valid email"
        ),
        (#"{"mfaPendingCredential":"p","mfaInfo":[]}"#, "needs a second factor"),
        (#"[1,2]"#, "is not a JSON object"),
    ])
    func answerMissingOrBreakingAField_isInternalNamingIt(_ answer: String, _ named: String) async throws {
        let error = try await signInError(.ok(answer))

        #expect(error?.code == .internal)
        #expect(error?.message.contains(named) == true, "\(error.map(String.init(describing:)) ?? "no error")")
        try Self.expectNoSecrets(error)
    }

    @Test func transportFailure_isConnectivity() async throws {
        let error = try await signInError(.failure(.cannotConnectToHost))

        #expect(error?.code == .connectivity)
        #expect(error?.message.hasPrefix("Signing in: the authentication service could not be reached") == true)
        #expect(error?.underlying != nil)
    }

    @Test func refreshAnswerNamingAnotherUser_isInternal() async throws {
        let (gateway, server) = try makeSUT()
        server.enqueue(
            .ok(Self.signInAnswer()),
            .ok(#"{"id_token":"id.2","refresh_token":"r2","expires_in":"3600","user_id":"someone-else"}"#))
        let session = try await gateway.signIn(withEmail: "ana@example.com", password: "secret-11")

        let error = await thrownError(AuthError.self) { try await gateway.refresh(session) }

        #expect(error?.code == .internal)
        #expect(error?.message == "Refreshing the session: the answer's user_id names another user than the session's.")
    }

    @Test func lookupAnswerWithoutUsers_isInternal() async throws {
        let (gateway, server) = try makeSUT()
        server.enqueue(.ok(Self.signInAnswer()), .ok(#"{"kind":"identitytoolkit#GetAccountInfoResponse"}"#))
        let session = try await gateway.signIn(withEmail: "ana@example.com", password: "secret-12")

        let error = await thrownError(AuthError.self) { try await gateway.lookupUser(session) }

        #expect(error?.code == .internal)
        #expect(error?.message == "Looking up the user: the answer has no users[0].")
    }

    // MARK: Configuration

    @Test func fromEnvironment_picksEmulatorOrProduction_andNeedsAKeyInProduction() throws {
        let client = EmulatorStores.sharedClient
        let emulator = try FirebaseAuthGateway.fromEnvironment(
            ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"], httpClient: client)
        let production = try FirebaseAuthGateway.fromEnvironment(
            ["FIREBASE_API_KEY": "AIza-secret-key"], httpClient: client)
        let missing = #expect(throws: AuthError.self) {
            try FirebaseAuthGateway.fromEnvironment([:], httpClient: client)
        }
        let badHost = #expect(throws: AuthError.self) {
            try FirebaseAuthGateway.fromEnvironment(["FIREBASE_AUTH_EMULATOR_HOST": "http://x:1/"], httpClient: client)
        }

        #expect(
            emulator.endpoints.identityToolkit.absoluteString
                == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/")
        #expect(
            emulator.endpoints.secureToken.absoluteString == "http://127.0.0.1:9099/securetoken.googleapis.com/v1/token"
        )
        #expect(emulator.endpoints.apiKeyPlacement == .query)
        #expect(production.endpoints == .production)
        #expect(missing?.code == .internal && missing?.message.hasPrefix("FIREBASE_API_KEY: is not set") == true)
        #expect(badHost?.message.hasPrefix("FIREBASE_AUTH_EMULATOR_HOST:") == true)
    }

    @Test func descriptions_neverShowTheAPIKey() throws {
        let gateway = try FirebaseAuthGateway(apiKey: "AIza-secret-key", httpClient: EmulatorStores.sharedClient)
        var dumped = ""
        dump(gateway, to: &dumped)

        for text in [String(describing: gateway), String(reflecting: gateway), dumped] {
            #expect(!text.contains("AIza-secret-key"))
        }
        #expect("\(gateway)" == "FirebaseAuthGateway(FirebaseAuthEndpoints(production), API key redacted)")
        let badKey = #expect(throws: AuthError.self) {
            try FirebaseAuthGateway(apiKey: "two words", httpClient: EmulatorStores.sharedClient)
        }
        #expect(badKey?.message.hasPrefix("apiKey:") == true && badKey?.message.contains("two words") == false)
    }

    // MARK: - Helpers

    private func makeSUT() throws -> (FirebaseAuthGateway, StubServer) {
        let server = StubServer()
        let endpoints = FirebaseAuthEndpoints(
            identityToolkit: server.baseURL.appendingPathComponent("v1/"),
            secureToken: server.baseURL.appendingPathComponent("v1/token"), apiKeyPlacement: .header)
        let gateway = try FirebaseAuthGateway(
            apiKey: "AIza-secret-key", httpClient: server.client, endpoints: endpoints)
        return (gateway, server)
    }

    /// The error of signing in as `ana@example.com` with the password `secret-10` when the server answers `reply`.
    private func signInError(_ reply: StubReply) async throws -> AuthError? {
        let (gateway, server) = try makeSUT()
        server.enqueue(reply)
        return await thrownError(AuthError.self) {
            try await gateway.signIn(withEmail: "ana@example.com", password: "secret-10")
        }
    }

    private static func expectNoSecrets(_ error: AuthError?) throws {
        let error = try #require(error)
        for secret in ["secret-10", "AIza-secret-key", "id.token.x", "refresh-1"] {
            #expect(!"\(error)".contains(secret), "\(error)")
        }
    }

    private static func signInAnswer(idToken: String = "id.token.x") -> String {
        let escaped = idToken.replacingOccurrences(of: "\n", with: "\\n")
        return
            #"{"kind":"identitytoolkit#VerifyPasswordResponse","registered":true,"localId":"uid-1","email":"ana@example.com","idToken":"\#(escaped)","refreshToken":"refresh-1","expiresIn":"3600"}"#
    }

    private static func jsonObject(base64URL text: String) -> [String: Any]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
