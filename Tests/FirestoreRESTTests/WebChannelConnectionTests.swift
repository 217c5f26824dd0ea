import Foundation
import HearthDomain
import HearthFirestoreCodec
@testable import HearthFirestoreREST
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

/// The WebChannel session against a scripted WebChannel server on loopback: the handshake's refusals,
/// the back channel's reopening, acknowledgement, stalls, truncation and the server's own endings, and
/// what the forward channel sends.
@Suite("WebChannel Listen connection against a scripted server")
struct WebChannelConnectionTests {
    @Test(arguments: [404, 501])
    func handshakeRefused_isUnimplemented_recognisedAsEndpointRefused(_ status: Int) async throws {
        let server = try LoopbackServer { _ in .json(status, "{}") }

        let error = await connectError(server)

        #expect(error?.code == .unimplemented)
        #expect(error.map(WebChannelListenConnector.isEndpointRefused) == true)
    }

    @Test(arguments: [
        (401, DocumentStoreError.Code.unauthenticated), (403, .permissionDenied), (400, .invalidArgument),
    ])
    func handshakeHTTPError_mapsToItsCode_withoutTheToken(_ status: Int, _ code: DocumentStoreError.Code) async throws {
        let server = try LoopbackServer { _ in
            .json(status, #"{"error":{"code":\#(status),"message":"no","status":"\#(Self.statusName(status))"}}"#)
        }

        let error = await connectError(server)

        #expect(error?.code == code)
        #expect(error.map { "\($0)".contains(Self.token) } == false)
        #expect(WebChannelListenConnector.isEndpointRefused(try #require(error)) == false)
    }

    @Test func handshake_sendsTheDatabaseAndCredentials_andCreatesTheSession() async throws {
        let server = try Self.scriptedServer(backChannel: { _ in .stream(chunks: [], then: .silent) })

        let connection = try await makeSUT(server)
        await connection.close()

        let handshake = try #require(server.requests.first)
        #expect(handshake.method == "POST")
        #expect(handshake.target.hasPrefix("/google.firestore.v1.Firestore/Listen/channel?"))
        #expect(Self.parameter("database", of: handshake) == "projects/p/databases/(default)")
        #expect(Self.parameter("VER", of: handshake) == "8")
        #expect(Self.parameter("CVER", of: handshake) == "22")
        #expect(handshake.headers["authorization"] == "Bearer \(Self.token)")
        #expect(Self.form(handshake)["headers"] == "Authorization:Bearer \(Self.token)\r\n")
        #expect(Self.form(handshake)["count"] == "0")
        #expect(connection.session.keepAlive == .seconds(30))
        #expect(!"\(connection)".contains(Self.token))
        #expect(!"\(connection)".contains("SID-1"))
    }

    @Test func backChannelEndedByTheServer_isReopened_acknowledgingTheLastArray() async throws {
        let gets = Mutex(0)
        let server = try Self.scriptedServer(backChannel: { _ in
            let count = gets.withLock { count in
                count += 1
                return count
            }
            return count == 1
                ? .stream(chunks: [
                    Self.frame(#"[[1,[{"targetChange":{"targetChangeType":"ADD","targetIds":[2]}}]],[2,["noop"]]]"#)
                ])
                : .stream(
                    chunks: [Self.frame(#"[[3,[{"targetChange":{"targetChangeType":"CURRENT","targetIds":[2]}}]]]"#)],
                    then: .silent)
        })
        let connection = try await makeSUT(server)
        defer { Task { await connection.close() } }
        var responses = connection.responses.makeAsyncIterator()

        let received = try await pull(&responses, closing: connection, until: { kind(of: $0) == .current })

        #expect(received.compactMap(kind(of:)) == [.add, .current])
        let backChannel = server.requests.filter { Self.parameter("RID", of: $0) == "rpc" }
        #expect(backChannel.map { Self.parameter("AID", of: $0) } == ["0", "2"])
        #expect(backChannel.allSatisfy { Self.parameter("SID", of: $0) == "SID-1==" })
        #expect(connection.lastArrayID == 3)
    }

    @Test func silentBackChannel_isReopenedOnce_thenFailsUnavailable() async throws {
        let server = try Self.scriptedServer(backChannel: { _ in .stream(chunks: [], then: .silent) })
        let connection = try await makeSUT(server, stallTimeout: .milliseconds(300))
        let start = ContinuousClock.now

        let error = await streamError(connection)

        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("stalled") == true)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(server.requests.filter { Self.parameter("RID", of: $0) == "rpc" }.count == 2)
    }

    @Test func backChannelWithKeepAlives_isNotAStall() async throws {
        // Keep-alives 0.5 s apart for 4.5 s, against a 2 s stall timeout (generous, so that a busy machine
        // delaying one delivery does not look like a stall).
        let noops = (1...8).map { Self.frame("[[\($0),[\"noop\"]]]") }
        let server = try Self.scriptedServer(backChannel: { _ in
            .stream(
                chunks: noops + [Self.frame(#"[[9,[{"targetChange":{"targetIds":[]}}]]]"#)], pause: .milliseconds(500),
                then: .silent)
        })
        let connection = try await makeSUT(server, stallTimeout: .seconds(2))
        defer { Task { await connection.close() } }
        var responses = connection.responses.makeAsyncIterator()

        let received = try await pull(&responses, closing: connection, until: { kind(of: $0) == .noChange })

        #expect(received.count == 1)
        #expect(connection.backChannelRequestCount == 1)
    }

    @Test(arguments: [
        (#"[[1,["stop"]]]"#, DocumentStoreError.Code.unavailable),
        (#"[[1,["close"]]]"#, .unavailable),
        (#"[[1,[{"error":{"code":403,"message":"denied","status":"PERMISSION_DENIED"}}]]]"#, .permissionDenied),
        (#"[[1,[{"error":{"message":"-5","status":"UNKNOWN"}}]]]"#, .unknown),
        (#"[[1,[{"nonsense":true}]]]"#, .internal),
    ])
    func serverEnding_failsTheConnectionWithItsCode(_ json: String, _ code: DocumentStoreError.Code) async throws {
        let server = try Self.scriptedServer(backChannel: { _ in .stream(chunks: [Self.frame(json)], then: .silent) })
        let connection = try await makeSUT(server)

        let error = await streamError(connection)

        #expect(error?.code == code)
    }

    @Test func truncatedFrame_atTheEndOfAResponse_isUnavailable() async throws {
        let frame = Self.frame(#"[[1,[{"targetChange":{"targetChangeType":"ADD","targetIds":[2]}}]]]"#)
        let server = try Self.scriptedServer(backChannel: { _ in .stream(chunks: [Array(frame.prefix(20))]) })
        let connection = try await makeSUT(server)

        let error = await streamError(connection)

        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("inside a frame") == true)
    }

    @Test func connectionCutMidBody_isUnavailable() async throws {
        let server = try Self.scriptedServer(backChannel: { _ in
            .stream(chunks: [Self.frame(#"[[1,["noop"]]]"#)], then: .close)
        })
        let connection = try await makeSUT(server)

        let error = await streamError(connection)

        #expect(error?.code == .unavailable)
    }

    @Test func unknownSession_onTheBackChannel_isUnavailable() async throws {
        let server = try Self.scriptedServer(backChannel: { _ in .respond(status: 400) })
        let connection = try await makeSUT(server)

        let error = await streamError(connection)

        #expect(error?.code == .unavailable)
    }

    @Test func forwardChannel_sendsRequestsInOrder_countingRIDAndOffset() async throws {
        let server = try Self.scriptedServer(backChannel: { _ in .stream(chunks: [], then: .silent) })
        let connection = try await makeSUT(server)
        defer { Task { await connection.close() } }

        try await connection.addTarget(
            .document(try DocumentPath("rooms/a")), targetID: 2, resumeToken: [1, 2, 3])
        try await connection.removeTarget(2)

        let forward = server.requests.filter { $0.method == "POST" && Self.parameter("SID", of: $0) != nil }
        #expect(forward.map { Self.form($0)["ofs"] } == ["0", "1"])
        let rids = forward.compactMap { Self.parameter("RID", of: $0).flatMap { Int($0) } }
        #expect(rids.count == 2 && rids[1] == rids[0] + 1)
        let addText = try #require(Self.form(forward[0])["req0___data__"])
        let add = try #require(try JSONParser.parse(addText).object)
        #expect(add["database"] == .string("projects/p/databases/(default)"))
        #expect(add["addTarget"]?.object?["targetId"] == .number("2"))
        #expect(add["addTarget"]?.object?["resumeToken"] == .string("AQID"))
        #expect(
            Self.form(forward[1])["req0___data__"]
                == #"{"database":"projects/p/databases/(default)","removeTarget":2}"#)
        #expect(forward.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
    }

    @Test func close_endsResponsesWithoutAnError_andTellsTheServer() async throws {
        let server = try Self.scriptedServer(backChannel: { _ in .stream(chunks: [], then: .silent) })
        let connection = try await makeSUT(server)
        var responses = connection.responses.makeAsyncIterator()

        await connection.close()
        let next = try await responses.next()
        let start = ContinuousClock.now
        while !server.requests.contains(where: { Self.parameter("TYPE", of: $0) == "terminate" }),
            ContinuousClock.now - start < .seconds(30)
        {
            try await Task.sleep(for: .milliseconds(20))
        }

        #expect(next == nil)
        #expect(server.requests.contains { Self.parameter("TYPE", of: $0) == "terminate" })
        await #expect(throws: DocumentStoreError.self) { try await connection.removeTarget(1) }
    }

    // MARK: - Helpers

    static let token = "wc-test-token-7c1d"

    private func makeSUT(
        _ server: LoopbackServer, stallTimeout: Duration? = nil
    ) async throws -> WebChannelListenConnection {
        let connection = try await connector(server, stallTimeout: stallTimeout).connect()
        return try #require(connection as? WebChannelListenConnection)
    }

    private func connector(_ server: LoopbackServer, stallTimeout: Duration? = nil) throws -> WebChannelListenConnector
    {
        let configuration = FirestoreRESTConfiguration(
            database: try DatabaseID(projectID: "p"), baseURL: server.baseURL, requestTimeout: .seconds(5),
            tokenProvider: StaticTokenProvider(AccessToken(Self.token)))
        return WebChannelListenConnector(
            configuration: configuration, httpClient: URLSessionHTTPClient(),
            options: WebChannelListenConnector.Options(stallTimeout: stallTimeout))
    }

    private func connectError(_ server: LoopbackServer) async -> DocumentStoreError? {
        do {
            let connection = try connector(server)
            _ = try await connection.connect()
            return nil
        } catch {
            return error as? DocumentStoreError
        }
    }

    /// Reads ``WebChannelListenConnection/responses`` to its end (within 10 s); the error it ended with.
    private func streamError(_ connection: WebChannelListenConnection) async -> DocumentStoreError? {
        let timer = Task {
            try await Task.sleep(for: .seconds(10))
            await connection.close()
        }
        defer { timer.cancel() }
        do {
            for try await _ in connection.responses {}
            Issue.record("the responses ended without an error")
            return nil
        } catch {
            return error as? DocumentStoreError
        }
    }

    /// A WebChannel server: handshake → `["c","SID-1==","",8,12,30000]`; forward `POST`s → `[1,0,0]`;
    /// terminate → 200; back-channel `GET`s → `backChannel`.
    static func scriptedServer(
        backChannel: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Action
    ) throws -> LoopbackServer {
        try LoopbackServer { request in
            if parameter("RID", of: request) == "rpc" { return backChannel(request) }
            if parameter("TYPE", of: request) == "terminate" { return .respond(status: 200) }
            if parameter("SID", of: request) != nil { return .respond(status: 200, body: frame("[1,0,0]")) }
            return .respond(status: 200, body: frame(#"[[0,["c","SID-1==","",8,12,30000]]]"#))
        }
    }

    static func frame(_ json: String) -> [UInt8] { Array("\(json.utf16.count)\n\(json)".utf8) }

    static func parameter(_ name: String, of request: LoopbackServer.Request) -> String? {
        URLComponents(string: request.target)?.queryItems?.first { $0.name == name }?.value
    }

    /// The form fields of a request body, decoded.
    static func form(_ request: LoopbackServer.Request) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in request.bodyText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            fields[parts[0]] = parts[1].removingPercentEncoding
        }
        return fields
    }

    static func statusName(_ status: Int) -> String {
        switch status {
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        default: "INVALID_ARGUMENT"
        }
    }
}

extension JSON {
    fileprivate var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}
