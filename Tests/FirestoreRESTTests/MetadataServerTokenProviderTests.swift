import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreREST
import HearthPort
import Testing

@Suite("Metadata server token provider")
struct MetadataServerTokenProviderTests {
    @Test func token_asksTheMetadataServerWithTheFlavorHeader() async throws {
        let (provider, server, _) = makeSUT()
        server.enqueue(.ok(#"{"access_token":"ya29.secret","expires_in":3599,"token_type":"Bearer"}"#))

        let token = try await provider.token()

        #expect(token == AccessToken("ya29.secret"))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.pathAndQuery == "/computeMetadata/v1/instance/service-accounts/default/token")
        #expect(request.header("Metadata-Flavor") == "Google")
        #expect(provider.kind == .googleOAuth)
    }

    @Test func token_withScopes_asksForThem() async throws {
        let server = StubServer()
        let provider = MetadataServerTokenProvider(
            httpClient: server.client, host: server.host, scopes: ["https://www.googleapis.com/auth/datastore", "b c"]
        )
        server.enqueue(.ok(#"{"access_token":"t","expires_in":3599}"#))

        _ = try await provider.token()

        #expect(
            server.requests.first?.pathAndQuery
                == "/computeMetadata/v1/instance/service-accounts/default/token?scopes=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fdatastore%2Cb%20c"
        )
    }

    @Test func token_isCachedUntilShortlyBeforeExpiry() async throws {
        let (provider, server, clock) = makeSUT()
        server.enqueue(
            .ok(#"{"access_token":"first","expires_in":3600}"#),
            .ok(#"{"access_token":"second","expires_in":3600}"#)
        )

        let first = try await provider.token()
        clock.advance(by: 3_600 - 301)
        let cached = try await provider.token()
        clock.advance(by: 2)
        let refreshed = try await provider.token()

        #expect(first?.value == "first")
        #expect(cached?.value == "first")
        #expect(refreshed?.value == "second")
        #expect(server.requests.count == 2)
    }

    @Test func token_concurrentCallersShareOneFetch() async throws {
        let (provider, server, _) = makeSUT()
        server.enqueue(.ok(#"{"access_token":"shared","expires_in":3600}"#))

        let tokens = try await withThrowingTaskGroup(of: AccessToken?.self) { group in
            for _ in 0..<20 { group.addTask { try await provider.token() } }
            return try await group.reduce(into: [AccessToken?]()) { $0.append($1) }
        }

        #expect(tokens.allSatisfy { $0?.value == "shared" })
        #expect(server.requests.count == 1)
    }

    @Test func tokenRejected_makesTheNextCallFetchAgain() async throws {
        let (provider, server, _) = makeSUT()
        server.enqueue(
            .ok(#"{"access_token":"first","expires_in":3600}"#), .ok(#"{"access_token":"second","expires_in":3600}"#))

        let first = try #require(try await provider.token())
        let retry = await provider.tokenRejected(first)
        let second = try await provider.token()

        #expect(retry)
        #expect(second?.value == "second")
    }

    @Test func token_whenRefused_throwsUnauthenticatedWithoutTheBody() async throws {
        let (provider, server, _) = makeSUT()
        server.enqueue(.json(404, "no service account"))

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unauthenticated)
        #expect(error?.message.contains("404") == true)
    }

    @Test func token_whenTheAnswerIsMalformed_throwsWithoutShowingIt() async throws {
        let (provider, server, _) = makeSUT()
        server.enqueue(.ok(#"{"token":"ya29.leak"}"#))

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unauthenticated)
        #expect(error.map { String(describing: $0).contains("ya29.leak") } == false)
    }

    @Test func token_whenTheServerIsUnreachable_throwsUnavailable() async throws {
        let (provider, server, _) = makeSUT()
        server.enqueue(.failure(.cannotFindHost))

        let error = await #expect(throws: DocumentStoreError.self) { try await provider.token() }

        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("GCE_METADATA_HOST") == true)
    }

    @Test func host_comesFromGCEMetadataHost() {
        #expect(
            MetadataServerTokenProvider.host(fromEnvironment: ["GCE_METADATA_HOST": "10.0.0.1:8080"]) == "10.0.0.1:8080"
        )
        #expect(MetadataServerTokenProvider.host(fromEnvironment: ["GCE_METADATA_ROOT": "legacy"]) == "legacy")
        #expect(MetadataServerTokenProvider.host(fromEnvironment: [:]) == "metadata.google.internal")
    }

    // MARK: - Helpers

    private func makeSUT() -> (MetadataServerTokenProvider, StubServer, TestClock) {
        let server = StubServer()
        let clock = TestClock()
        let provider = MetadataServerTokenProvider(httpClient: server.client, host: server.host, now: clock.function)
        return (provider, server, clock)
    }
}
