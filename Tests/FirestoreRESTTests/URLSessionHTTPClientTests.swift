import Foundation
import HearthFirestoreREST
import HearthTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLSessionHTTPClient")
struct URLSessionHTTPClientTests {
    @Test func send_passesMethodURLHeadersAndBodyThrough() async throws {
        let server = StubServer()
        server.enqueue(.ok("{}"))
        let url = try #require(URL(string: "http://\(server.host)/v1/a%20b?x=1%202&x=3"))

        _ = try await server.client.send(
            HTTPRequest(
                method: .patch, url: url, headers: [("Authorization", "Bearer t"), ("X-Test", "1")],
                body: Array("{\"a\":1}".utf8))
        )

        let request = try #require(server.requests.first)
        #expect(request.method == "PATCH")
        #expect(request.pathAndQuery == "/v1/a%20b?x=1%202&x=3")
        #expect(request.header("Authorization") == "Bearer t")
        #expect(request.header("X-Test") == "1")
        #expect(request.bodyText == "{\"a\":1}")
    }

    @Test func send_returnsErrorStatusesAsResponses() async throws {
        let server = StubServer()
        server.enqueue(.json(503, "{\"error\":{}}"))

        let response = try await server.client.send(HTTPRequest(method: .get, url: server.baseURL))

        #expect(response.statusCode == 503)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"error\":{}}")
        #expect(response.headers["content-type"] == "application/json")
    }

    /// The seam's contract: a redirect is the response, never followed (a real loopback server, since
    /// FoundationNetworking's `URLProtocol` stubs cannot redirect).
    @Test func send_returnsARedirectAsTheResponse_withoutFollowingIt() async throws {
        let target = try LoopbackServer { _ in .json(200, "{}") }
        let origin = try LoopbackServer { _ in
            .respond(status: 307, headers: [("Location", target.baseURL.absoluteString + "/x")])
        }

        let response = try await URLSessionHTTPClient().send(
            HTTPRequest(
                method: .post, url: origin.baseURL.appendingPathComponent("commit"),
                headers: [("Authorization", "Bearer t")], body: Array("{}".utf8))
        )

        #expect(response.statusCode == 307)
        #expect(response.headers["location"] == target.baseURL.absoluteString + "/x")
        #expect(target.requests.isEmpty)
    }

    @Test func send_whenTheServerNeverAnswers_timesOut() async throws {
        let server = StubServer()
        server.enqueue(.hang)

        let error = await #expect(throws: HTTPTransportError.self) {
            try await server.client.send(HTTPRequest(method: .get, url: server.baseURL, timeout: .milliseconds(100)))
        }

        #expect(error?.kind == .timedOut)
    }

    @Test func send_mapsURLErrorTimedOutToTimedOut() async throws {
        let server = StubServer()
        server.enqueue(.failure(.timedOut))

        let error = await #expect(throws: HTTPTransportError.self) {
            try await server.client.send(HTTPRequest(method: .get, url: server.baseURL))
        }

        #expect(error?.kind == .timedOut)
    }

    @Test(arguments: [URLError.Code.cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed])
    func send_mapsFailuresBeforeSendingToNotConnected(code: URLError.Code) async throws {
        let server = StubServer()
        server.enqueue(.failure(code))

        let error = await #expect(throws: HTTPTransportError.self) {
            try await server.client.send(HTTPRequest(method: .get, url: server.baseURL))
        }

        #expect(error?.kind == .notConnected)
    }

    @Test(arguments: [URLError.Code.networkConnectionLost, .badServerResponse])
    func send_mapsFailuresThatMayFollowSendingToConnectionFailed(code: URLError.Code) async throws {
        let server = StubServer()
        server.enqueue(.failure(code))

        let error = await #expect(throws: HTTPTransportError.self) {
            try await server.client.send(HTTPRequest(method: .get, url: server.baseURL))
        }

        #expect(error?.kind == .connectionFailed)
    }

    @Test func send_whenTheTaskIsCancelled_cancelsTheURLSessionTask() async throws {
        let server = StubServer()
        server.enqueue(.hang)
        let client = server.client
        let url = server.baseURL

        let task = Task { try await client.send(HTTPRequest(method: .get, url: url, timeout: .seconds(30))) }
        try await waitUntil { server.requests.count == 1 }
        task.cancel()
        let result = await task.result

        let error = #expect(throws: HTTPTransportError.self) { try result.get() }
        #expect(error?.kind == .cancelled)
        try await waitUntil { server.stopCount >= 1 }
    }

    /// A regression test for a hang: `URLSession.data(for:)`'s cancellation handler on Linux waited for the
    /// session's queue while that queue resumed the same task. Cancelling requests at the moment their
    /// answers arrive, many times over, must not hang: each call ends, answered or cancelled. (The limit
    /// is generous: a hang never ends, while 200 rounds on a loaded 2-core machine can take over a minute.)
    @Test(.timeLimit(.minutes(4)))
    func cancellingRequests_asTheirAnswersArrive_neverHangs() async throws {
        let server = StubServer()
        let client = server.client
        let url = server.baseURL
        var answered = 0
        var cancelled = 0
        for round in 0..<200 {
            server.enqueue(.ok("{}"))
            let task = Task { try await client.send(HTTPRequest(method: .get, url: url, timeout: .seconds(20))) }
            try await Task.sleep(for: .microseconds(round % 20 * 100))
            task.cancel()
            switch await task.result {
            case .success(let response):
                #expect(response.statusCode == 200)
                answered += 1
            case .failure(let error):
                // The HTTPClient contract: a cancelled call throws either of these.
                #expect(error is CancellationError || (error as? HTTPTransportError)?.kind == .cancelled, "\(error)")
                cancelled += 1
            }
        }
        #expect(answered + cancelled == 200)
    }

    @Test func requestDescriptions_redactTheAuthorizationHeaderAndTheQuery() throws {
        let request = HTTPRequest(
            method: .post, url: try #require(URL(string: "https://x.test/v1/token?key=api-secret")),
            headers: [("Authorization", "Bearer ya29.secret"), ("Accept", "application/json")],
            body: Array("refresh=r-secret".utf8)
        )
        var dumped = ""
        dump(request, to: &dumped)

        for text in ["\(request)", String(reflecting: request), dumped] {
            #expect(!text.contains("ya29.secret"))
            #expect(!text.contains("api-secret"))
            #expect(!text.contains("r-secret"))
            #expect(text.contains("application/json"))
        }
    }

    @Test func send_whenAlreadyCancelled_sendsNothing() async throws {
        let server = StubServer()
        server.enqueue(.ok("{}"))
        let client = server.client
        let url = server.baseURL

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(HTTPRequest(method: .get, url: url))
        }
        let result = await task.result

        #expect((try? result.get()) == nil)
        #expect(server.requests.isEmpty)
    }
}

/// Polls `condition` (up to 5 s) — for waiting on another thread, not for asserting timing.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    for _ in 0..<500 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("condition not met within 5 s")
}
