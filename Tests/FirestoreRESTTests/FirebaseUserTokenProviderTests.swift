import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Testing

@Suite("Firebase user token provider")
struct FirebaseUserTokenProviderTests {
    @Test func token_beforeExpiry_isTheSignInIDTokenWithoutARefresh() async throws {
        let (provider, server, _) = makeSUT(expiresIn: 3_600)

        let token = try await provider.token()

        #expect(token?.value == "id-0")
        #expect(server.requests.isEmpty)
        #expect(provider.kind == .firebaseUser)
    }

    @Test func token_nearExpiry_refreshesThroughSecureToken() async throws {
        let (provider, server, clock) = makeSUT(expiresIn: 3_600)
        server.enqueue(
            .ok(
                #"{"access_token":"id-1","expires_in":"3600","token_type":"Bearer","refresh_token":"refresh-1","id_token":"id-1","user_id":"u1","project_id":"123"}"#
            ))

        _ = try await provider.token()
        clock.advance(by: 3_600 - 200)
        let token = try await provider.token()

        #expect(token?.value == "id-1")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.pathAndQuery == "/v1/token?key=api-key%2B1")
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.bodyText == "grant_type=refresh_token&refresh_token=refresh-0%2F%2B")
        let credentials = await provider.currentCredentials()
        #expect(credentials.refreshToken.value == "refresh-1")
        #expect(credentials.userID == "u1")
    }

    @Test func token_builtWithEndpoints_placesTheKeyAsTheyDo_inTheHeaderForProduction() async throws {
        let server = StubServer()
        server.enqueue(.ok(#"{"id_token":"id-1","expires_in":"3600"}"#))
        let provider = FirebaseUserTokenProvider(
            credentials: FirebaseUserCredentials(idToken: "id-0", refreshToken: "refresh-0", expiresIn: -10),
            apiKey: "api-key+1", httpClient: server.client,
            endpoints: FirebaseAuthEndpoints(
                identityToolkit: server.baseURL.appendingPathComponent("v1/"),
                secureToken: server.baseURL.appendingPathComponent("v1/token"),
                apiKeyPlacement: FirebaseAuthEndpoints.production.apiKeyPlacement))

        let token = try await provider.token()

        let request = try #require(server.requests.first)
        #expect(token?.value == "id-1")
        #expect(request.pathAndQuery == "/v1/token")
        #expect(request.header("x-goog-api-key") == "api-key+1")
    }

    @Test func token_whenTheSignInTokenAlreadyExpired_refreshesFirst() async throws {
        let (provider, server, _) = makeSUT(expiresIn: -10)
        server.enqueue(.ok(#"{"id_token":"id-1","expires_in":"3600","refresh_token":"refresh-0"}"#))

        let token = try await provider.token()

        #expect(token?.value == "id-1")
        #expect(server.requests.count == 1)
    }

    @Test func tokenRejected_forcesARefresh() async throws {
        let (provider, server, _) = makeSUT(expiresIn: 3_600)
        server.enqueue(.ok(#"{"id_token":"id-1","expires_in":"3600"}"#))

        let first = try #require(try await provider.token())
        let retry = await provider.tokenRejected(first)
        let second = try await provider.token()

        #expect(retry)
        #expect(second?.value == "id-1")
    }

    @Test func token_whenTheRefreshIsRefused_throwsUnauthenticatedNamingTheReason() async throws {
        let (provider, server, _) = makeSUT(expiresIn: -10)
        server.enqueue(.json(400, #"{"error":{"code":400,"message":"TOKEN_EXPIRED","status":"INVALID_ARGUMENT"}}"#))

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unauthenticated)
        #expect(error?.message.contains("TOKEN_EXPIRED") == true)
        #expect(error.map { "\($0)".contains("refresh-0") } == false)
    }

    @Test func token_whenTheTokenServiceIsDown_throwsUnavailable() async throws {
        let (provider, server, _) = makeSUT(expiresIn: -10)
        server.enqueue(.failure(.cannotConnectToHost))

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unavailable)
    }

    @Test func descriptions_neverShowTokensOrTheAPIKey() async throws {
        let (provider, server, clock) = makeSUT(expiresIn: 3_600)
        let credentials = FirebaseUserCredentials(
            idToken: "id-secret", refreshToken: "refresh-secret", expiresIn: 3_600, userID: "u")
        var dumped = ""
        dump(credentials, to: &dumped)
        _ = (server, clock)

        for text in [
            "\(credentials)", String(reflecting: credentials), dumped, "\(provider)", String(reflecting: provider),
        ] {
            #expect(!text.contains("id-secret"))
            #expect(!text.contains("refresh-secret"))
            #expect(!text.contains("api-key"))
        }
    }

    // MARK: - Helpers

    private func makeSUT(expiresIn: TimeInterval) -> (FirebaseUserTokenProvider, StubServer, TestClock) {
        let server = StubServer()
        let clock = TestClock()
        let credentials = FirebaseUserCredentials(
            idToken: "id-0", refreshToken: "refresh-0/+", expiresIn: expiresIn, userID: "u0", now: clock.now
        )
        let provider = FirebaseUserTokenProvider(
            credentials: credentials,
            apiKey: "api-key+1",
            httpClient: server.client,
            tokenEndpoint: URL(string: "http://\(server.host)/v1/token")!,
            now: clock.function
        )
        return (provider, server, clock)
    }
}
