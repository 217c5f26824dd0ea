import Foundation
import HearthFirestoreREST
import HearthTestSupport
import Testing

/// `URLSessionHTTPClient.stream(_:)` against a real loopback server: the head before the body, chunks as
/// they arrive, the bound on what waits unconsumed, and cancellation on the wire.
@Suite("URLSessionHTTPClient streaming", .serialized)
struct URLSessionHTTPClientStreamingTests {
    @Test func stream_returnsTheHeadBeforeTheBodyEnds_thenEachChunkAsItArrives() async throws {
        let chunks = (1...5).map { Array("chunk \($0);".utf8) }
        let gate = LoopbackServer.Action.Gate()
        let server = try LoopbackServer { _ in .stream(chunks: chunks, pause: .milliseconds(50), beforeLast: gate) }

        let response = try await makeSUT().stream(HTTPRequest(method: .get, url: server.baseURL))
        var received: [UInt8] = []
        for try await chunk in response.body {
            received += chunk
            gate.open()
        }

        // The server holds its last chunk until the client has read one: a client that delivered the body
        // only when it ended would leave the server waiting until it gave up.
        #expect(response.statusCode == 200)
        #expect(!gate.timedOut)
        #expect(received == chunks.flatMap { $0 })
    }

    @Test func stream_returnsErrorStatusesWithTheirBody() async throws {
        let server = try LoopbackServer { _ in .json(404, #"{"error":{}}"#) }

        let response = try await makeSUT().stream(HTTPRequest(method: .get, url: server.baseURL))
        let body = try await response.collectBody(limit: 1_000)

        #expect(response.statusCode == 404)
        #expect(body == Array(#"{"error":{}}"#.utf8))
    }

    @Test func stream_whenTheHeadNeverComes_timesOut() async throws {
        let server = try LoopbackServer { _ in .silent }

        let error = await #expect(throws: HTTPTransportError.self) {
            _ = try await makeSUT().stream(
                HTTPRequest(method: .get, url: server.baseURL, timeout: .milliseconds(300)))
        }

        #expect(error?.kind == .timedOut)
    }

    @Test func stream_bodyOutlivesTheRequestTimeout() async throws {
        let server = try LoopbackServer { _ in
            .stream(chunks: [Array("a".utf8), Array("b".utf8), Array("c".utf8)], pause: .milliseconds(300))
        }

        let response = try await makeSUT().stream(
            HTTPRequest(method: .get, url: server.baseURL, timeout: .milliseconds(500)))
        let body = try await response.collectBody(limit: 100)

        #expect(body == Array("abc".utf8))
    }

    @Test func stream_consumerThatFallsBehind_failsWithResponseTooLarge_andStopsTheTransfer() async throws {
        let server = try LoopbackServer { _ in .endless(total: 32 << 20) }
        let response = try await makeSUT().stream(
            HTTPRequest(method: .get, url: server.baseURL, maximumResponseBytes: 1 << 20))

        try await Task.sleep(for: .seconds(1))
        let error = await #expect(throws: HTTPTransportError.self) {
            for try await _ in response.body {}
        }

        // How far past the limit the server gets is not asserted: FoundationNetworking reads the socket
        // ahead of its delegate queue without back-pressure (see HostileServerTests).
        #expect(error?.kind == .responseTooLarge)
    }

    @Test func stream_whenTheConsumerStops_cancelsTheRequestOnTheWire() async throws {
        let server = try LoopbackServer { _ in Self.slowEndlessStream }
        let response = try await makeSUT().stream(HTTPRequest(method: .get, url: server.baseURL))

        let consumer = Task {
            var count = 0
            for try await chunk in response.body { count += chunk.count }
            return count
        }
        try await Task.sleep(for: .milliseconds(300))
        consumer.cancel()
        _ = try? await consumer.value

        // The transfer stops (the server's writes fail once the client closed the connection), after
        // FoundationNetworking has worked off the data it had already read.
        #expect(try await transferStops(server))
    }

    @Test func stream_whenTheBodyIsReleasedUnread_cancelsTheRequestOnTheWire() async throws {
        let server = try LoopbackServer { _ in Self.slowEndlessStream }
        var response: HTTPStreamingResponse? = try await makeSUT().stream(
            HTTPRequest(method: .get, url: server.baseURL))

        try await Task.sleep(for: .milliseconds(200))
        #expect(response?.statusCode == 200)
        response = nil

        #expect(try await transferStops(server))
    }

    /// 1 KiB every 10 ms for about a minute: a transfer that visibly stops when the client goes away,
    /// without a firehose (a 1 TiB `.endless` answer read without a cap filled memory at hundreds of MB/s
    /// and loaded the whole test process).
    static let slowEndlessStream = LoopbackServer.Action.stream(
        chunks: [[UInt8]](repeating: [UInt8](repeating: UInt8(ascii: "a"), count: 1_024), count: 6_000),
        pause: .milliseconds(10))

    /// Whether the server's body stops growing (two samples 300 ms apart equal) within 10 s.
    private func transferStops(_ server: LoopbackServer) async throws -> Bool {
        var previous = server.bodyBytesSent
        for _ in 0..<33 {
            try await Task.sleep(for: .milliseconds(300))
            let current = server.bodyBytesSent
            if current == previous { return true }
            previous = current
        }
        return false
    }

    private func makeSUT() -> URLSessionHTTPClient { URLSessionHTTPClient() }
}
