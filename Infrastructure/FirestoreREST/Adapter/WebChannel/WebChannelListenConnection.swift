import Foundation
import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Synchronization

/// One WebChannel session speaking Firestore's `Listen`: a ``ListenConnection``.
///
/// - **Back channel.** One `GET` at a time, acknowledging the last array read (`AID`); its chunked body
///   goes through a ``WebChannelFrameReader`` and every `ListenResponse` into ``responses``, in order.
///   When the server ends a `GET` normally, the next one is opened at once.
/// - **Stall.** When the back channel stays silent (no byte, not even a `noop`) for the stall timeout,
///   the `GET` is cancelled and reopened (the server answers a new one at once with a `noop`); if the
///   new one stays silent as long, the connection fails with `unavailable`.
/// - **Forward channel.** ``addTarget(_:targetID:resumeToken:)`` and ``removeTarget(_:)`` queue their
///   `ListenRequest`; one `POST` at a time sends everything queued, in order (`RID` and `ofs` counting
///   up), and each call returns when its `POST` was accepted.
/// - **Credentials.** Every request carries the token provider's current token (`Authorization`); the
///   handshake also in its `headers` form field, as the web SDK sends it. Tokens appear in no message.
/// - **Failures** end ``responses`` with a `DocumentStoreError`: `unavailable` for a cut or silent
///   connection, a truncated frame, the server's `stop`/`close`, or a session the server no longer
///   knows (HTTP 400); the mapped code of an HTTP error (401 `unauthenticated`, 403
///   `permissionDenied`, …) or of a status the server sends in the stream; `resourceExhausted` when the
///   consumer falls more than the buffer limit behind; `dataLoss`/`internal` for malformed frames.
///   A failed connection sends nothing more; ``close()`` ends ``responses`` without an error and drops
///   what was not read, and so does cancelling the task that reads ``responses``. Both tell the server (`TYPE=terminate`, best effort) unless it ended the session.
final class WebChannelListenConnection: ListenConnection, CustomStringConvertible {
    /// Every `ListenResponse`, in the server's order.
    let responses: AsyncThrowingStream<RESTListenResponse, any Error>

    let connector: WebChannelListenConnector
    let session: WebChannelSession
    /// The transport of this connection alone (see ``WebChannelListenConnector/connectionClient()``).
    private let httpClient: WebChannelHTTPClient
    /// How long the back channel may stay silent; see the type's documentation.
    let stallTimeout: Duration
    private let queue: BoundedQueue<RESTListenResponse>
    private let state: Mutex<State>

    private struct State {
        var nextRID: Int
        var nextMapID = 0
        var lastArrayID: Int
        var ended = false
        var failure: DocumentStoreError?
        var serverEndedSession = false
        var outgoing: [(message: [UInt8], done: CheckedContinuation<DocumentStoreError?, Never>)] = []
        var sending = false
        var pump: Task<Void, Never>?
        var watchdog: Task<Void, Never>?
        var request: Task<BackChannelOutcome, Never>?
        var lastActivity = ContinuousClock.now
        var stalledOnce = false
        var reopeningAfterStall = false
        /// Back-channel `GET`s opened (for tests and diagnostics).
        var backChannelRequests = 0
    }

    private enum BackChannelOutcome {
        /// The server ended the response normally: open the next one.
        case ended
        /// The watchdog cancelled a silent response: open the next one.
        case stalled
        case failed(DocumentStoreError)
        /// The connection ended meanwhile.
        case stopped
    }

    private init(
        connector: WebChannelListenConnector, httpClient: WebChannelHTTPClient, session: WebChannelSession,
        nextRID: Int,
        lastArrayID: Int
    ) {
        self.connector = connector
        self.httpClient = httpClient
        self.session = session
        self.stallTimeout =
            connector.options.stallTimeout ?? session.keepAlive.map { $0 * 3 / 2 } ?? .seconds(45)
        let hook = CloseHook()
        let queue = BoundedQueue<RESTListenResponse>(limit: connector.options.maximumBufferedBytes)
        self.queue = queue
        // A consumer that stops pulling ends the responses (dropping the rest) and closes the connection.
        self.responses = AsyncThrowingStream(unfolding: {
            try await queue.next(onCancel: {
                queue.finish(dropping: true)
                hook.fire()
            })
        })
        self.state = Mutex(State(nextRID: nextRID, lastArrayID: lastArrayID))
        hook.set(self)
    }

    /// `WebChannelListenConnection(database, keepAlive, stallTimeout, state)`: no session ID, no token.
    var description: String {
        let status = state.withLock { $0.ended ? ($0.failure.map { "failed: \($0.code)" } ?? "closed") : "open" }
        return
            "WebChannelListenConnection(\(connector.endpoint.databaseName), \(session), stallTimeout: \(stallTimeout), \(status))"
    }

    /// How many back-channel `GET`s were opened so far.
    var backChannelRequestCount: Int { state.withLock { $0.backChannelRequests } }

    /// The last array ID read (what the next request acknowledges).
    var lastArrayID: Int { state.withLock { $0.lastArrayID } }

    // MARK: - Opening

    /// The handshake (`count=0`: targets are added afterwards), then the back channel and its watchdog.
    static func open(
        connector: WebChannelListenConnector
    ) async throws(DocumentStoreError) -> WebChannelListenConnection {
        let operation = "Listen (WebChannel handshake)"
        return try await handshake(connector: connector, client: connector.connectionClient(), operation: operation)
    }

    private static func handshake(
        connector: WebChannelListenConnector, client: WebChannelHTTPClient, operation: String
    ) async throws(DocumentStoreError) -> WebChannelListenConnection {
        var refreshedToken = false
        while true {
            let (headers, token) = try await connector.credentialHeaders(operation: operation)
            let rid = Int.random(in: 10_000..<90_000)
            let request = connector.formPOST(
                try connector.endpoint.handshakeURL(rid: rid), headers: headers,
                body: WebChannelEndpoint.handshakeBody(headers: headers.filter { $0.name != "Connection" }))
            let response: HTTPResponse
            do {
                response = try await client.send(request)
            } catch {
                throw RESTErrorMapper.error(forThrown: error, operation: operation)
            }
            if response.statusCode == 404 || response.statusCode == 501 {
                throw DocumentStoreError(
                    .unimplemented,
                    "\(operation): the server refused the WebChannel Listen endpoint (HTTP \(response.statusCode)); "
                        + "listen by polling instead",
                    underlying: WebChannelEndpointRefused(httpStatus: response.statusCode))
            }
            guard response.isSuccess else {
                let mapped = RESTErrorMapper.error(for: response, operation: operation)
                if mapped.code == .unauthenticated, !refreshedToken, let token,
                    await connector.tokenProvider.tokenRejected(token)
                {
                    refreshedToken = true
                    continue
                }
                throw mapped
            }
            var reader = WebChannelFrameReader(
                maximumFrameLength: connector.options.maximumFrameLength, database: connector.endpoint.database)
            let arrays = try reader.read(response.body)
            try reader.finish()
            var session: WebChannelSession?
            var early: [WebChannelArray] = []
            for array in arrays {
                switch array.payload {
                case .created(let id, let keepAlive) where session == nil:
                    session = WebChannelSession(
                        id: id, httpSessionID: response.headers["x-http-session-id"].flatMap { $0.isEmpty ? nil : $0 },
                        keepAlive: keepAlive)
                case .serverError(let body):
                    throw RESTErrorMapper.error(from: body, httpStatus: response.statusCode, operation: operation)
                default:
                    early.append(array)
                }
            }
            guard let session else {
                throw DocumentStoreError(
                    .internal,
                    "\(operation): the answer (\(response.body.count) bytes) created no session (no [\"c\", SID, …] array)"
                )
            }
            let connection = WebChannelListenConnection(
                connector: connector, httpClient: client, session: session, nextRID: rid + 1,
                lastArrayID: reader.lastArrayID)
            for array in early { _ = connection.handle(array) }
            connection.start()
            return connection
        }
    }

    private func start() {
        state.withLock { state in
            state.lastActivity = .now
            state.pump = Task { await self.runBackChannel() }
            state.watchdog = Task { await self.watch() }
        }
    }

    // MARK: - ListenConnection

    func addTarget(_ target: ListenTarget, targetID: Int32, resumeToken: [UInt8]) async throws(DocumentStoreError) {
        let message = RESTListenCodec.encodeAddTarget(
            target, targetID: targetID, resumeToken: resumeToken.isEmpty ? nil : resumeToken,
            database: connector.endpoint.database)
        try await sendForward(message)
    }

    func removeTarget(_ targetID: Int32) async throws(DocumentStoreError) {
        try await sendForward(connector.endpoint.removeTargetRequest(targetID))
    }

    func close() async {
        end(nil)
    }

    // MARK: - Back channel

    private func runBackChannel() async {
        while let request = nextBackChannelRequest() {
            switch await request.value {
            case .ended, .stalled: continue
            case .failed(let error):
                end(error)
                return
            case .stopped: return
            }
        }
    }

    private func nextBackChannelRequest() -> Task<BackChannelOutcome, Never>? {
        state.withLock { state in
            guard !state.ended else { return nil }
            state.backChannelRequests += 1
            let request = Task { await self.backChannelRequest() }
            state.request = request
            return request
        }
    }

    private func backChannelRequest() async -> BackChannelOutcome {
        let operation = "Listen (WebChannel back channel)"
        do {
            let acknowledged = state.withLock { $0.lastArrayID }
            let (headers, _) = try await connector.credentialHeaders(operation: operation)
            let request = HTTPRequest(
                method: .get,
                url: try connector.endpoint.backChannelURL(session: session, acknowledged: acknowledged),
                headers: headers,
                timeout: min(stallTimeout, connector.requestTimeout),
                maximumResponseBytes: connector.options.maximumBufferedBytes
            )
            let response = try await httpClient.stream(request)
            markActivity(body: false)
            guard response.statusCode == 200 else {
                let body = (try? await response.collectBody(limit: 64 << 10)) ?? []
                return .failed(
                    Self.channelError(
                        HTTPResponse(statusCode: response.statusCode, headers: response.headers, body: body),
                        operation: operation))
            }
            var reader = WebChannelFrameReader(
                maximumFrameLength: connector.options.maximumFrameLength, database: connector.endpoint.database,
                lastArrayID: acknowledged)
            for try await chunk in response.body {
                markActivity(body: true)
                for array in try reader.read(chunk) {
                    if let error = handle(array) { return .failed(error) }
                }
            }
            try reader.finish()
            return .ended
        } catch {
            let (ended, stalled) = state.withLock { state in
                defer { state.reopeningAfterStall = false }
                return (state.ended, state.reopeningAfterStall)
            }
            if ended { return .stopped }
            if stalled { return .stalled }
            return .failed(Self.transportError(error, operation: operation))
        }
    }

    /// Delivers one array; returns the error that ends the connection, if it is one.
    private func handle(_ array: WebChannelArray) -> DocumentStoreError? {
        state.withLock { $0.lastArrayID = max($0.lastArrayID, array.id) }
        switch array.payload {
        case .response(let response):
            switch queue.push(response, cost: array.byteCount) {
            // Ended: the connection is ending, or its consumer stopped (which closes it).
            case .accepted, .ended: return nil
            case .overLimit:
                return DocumentStoreError(
                    .resourceExhausted,
                    "The listener fell behind: more than \(queue.limit) bytes of Listen responses were waiting to be read."
                )
            }
        case .noop, .created, .otherControl:
            return nil
        case .stop, .close:
            state.withLock { $0.serverEndedSession = true }
            return DocumentStoreError(
                .unavailable,
                "The server \(array.payload == .stop ? "stopped" : "closed") the WebChannel Listen session (array \(array.id))."
            )
        case .serverError(let body):
            state.withLock { $0.serverEndedSession = true }
            return RESTErrorMapper.error(from: body, httpStatus: 200, operation: "Listen")
        }
    }

    /// Restarts the stall timer; body bytes also show the channel alive (a head alone does not: a proxy
    /// may answer heads and forward nothing).
    private func markActivity(body: Bool) {
        state.withLock { state in
            state.lastActivity = .now
            if body { state.stalledOnce = false }
        }
    }

    /// Every quarter of the stall timeout (at most every second): a silent back channel is reopened
    /// once, then the connection fails.
    private func watch() async {
        enum Action {
            case stop, wait, fail
            case reopen(Task<BackChannelOutcome, Never>?)
        }
        let tick = min(stallTimeout / 4, .seconds(1))
        while true {
            do {
                try await Task.sleep(for: tick)
            } catch {
                return
            }
            let action = state.withLock { state -> Action in
                if state.ended { return .stop }
                guard ContinuousClock.now - state.lastActivity > stallTimeout else { return .wait }
                if state.stalledOnce { return .fail }
                state.stalledOnce = true
                state.reopeningAfterStall = true
                state.lastActivity = .now
                return .reopen(state.request)
            }
            switch action {
            case .stop: return
            case .wait: continue
            case .reopen(let request): request?.cancel()
            case .fail:
                end(
                    DocumentStoreError(
                        .unavailable,
                        "The WebChannel back channel stalled: no byte for \(stallTimeout), twice (the server's keep-alive "
                            + "is \(session.keepAlive.map { "\($0)" } ?? "unknown")); the connection was given up."))
                return
            }
        }
    }

    // MARK: - Forward channel

    private func sendForward(_ message: [UInt8]) async throws(DocumentStoreError) {
        let error: DocumentStoreError? = await withCheckedContinuation { continuation in
            let start = state.withLock { state -> Result<Bool, DocumentStoreError> in
                if state.ended { return .failure(Self.endedError(state)) }
                state.outgoing.append((message, continuation))
                if state.sending { return .success(false) }
                state.sending = true
                return .success(true)
            }
            switch start {
            case .failure(let error): continuation.resume(returning: error)
            case .success(true): Task { await self.drainForward() }
            case .success(false): break
            }
        }
        if let error { throw error }
    }

    /// Sends what is queued, one `POST` at a time, until nothing is.
    private func drainForward() async {
        let operation = "Listen (WebChannel forward channel)"
        while true {
            typealias Batch = (
                messages: [[UInt8]], waiting: [CheckedContinuation<DocumentStoreError?, Never>], rid: Int, ofs: Int,
                acknowledged: Int
            )
            let next = state.withLock {
                state -> (
                    batch: Batch?, abandoned: [CheckedContinuation<DocumentStoreError?, Never>],
                    error: DocumentStoreError?
                ) in
                if state.ended {
                    let abandoned = state.outgoing.map(\.done)
                    state.outgoing = []
                    state.sending = false
                    return (nil, abandoned, Self.endedError(state))
                }
                guard !state.outgoing.isEmpty else {
                    state.sending = false
                    return (nil, [], nil)
                }
                let taken = Array(state.outgoing.prefix(100))
                state.outgoing.removeFirst(taken.count)
                let batch = (taken.map(\.message), taken.map(\.done), state.nextRID, state.nextMapID, state.lastArrayID)
                state.nextRID += 1
                state.nextMapID += taken.count
                return (batch, [], nil)
            }
            for waiting in next.abandoned { waiting.resume(returning: next.error) }
            guard let batch = next.batch else { return }
            var failure: DocumentStoreError?
            do throws(DocumentStoreError) {
                let (headers, _) = try await connector.credentialHeaders(operation: operation)
                let request = connector.formPOST(
                    try connector.endpoint.forwardURL(
                        session: session, rid: batch.rid, acknowledged: batch.acknowledged),
                    headers: headers,
                    body: WebChannelEndpoint.forwardBody(messages: batch.messages, firstMapID: batch.ofs))
                let response: HTTPResponse
                do {
                    response = try await httpClient.send(request)
                } catch {
                    throw Self.transportError(error, operation: operation)
                }
                if !response.isSuccess { throw Self.channelError(response, operation: operation) }
            } catch {
                failure = error
                end(error)
            }
            for waiting in batch.waiting { waiting.resume(returning: failure) }
        }
    }

    // MARK: - Ending

    /// Ends the connection once: with `error` (``responses`` fails with it) or closed (`nil`: ``responses``
    /// finishes, dropping what was not read). Stops every task and tells the server, unless it ended the
    /// session itself.
    private func end(_ error: DocumentStoreError?) {
        let ended = state.withLock {
            state -> (
                tasks: [Task<Void, Never>?], request: Task<BackChannelOutcome, Never>?, rid: Int, terminate: Bool
            )? in
            guard !state.ended else { return nil }
            state.ended = true
            state.failure = error
            let rid = state.nextRID
            state.nextRID += 1
            return ([state.pump, state.watchdog], state.request, rid, !state.serverEndedSession)
        }
        guard let ended else { return }
        if let error { queue.fail(error) } else { queue.finish(dropping: true) }
        for task in ended.tasks { task?.cancel() }
        ended.request?.cancel()
        finishTransport(rid: ended.rid, terminate: ended.terminate)
        Task { await self.drainForward() }
    }

    /// `TYPE=terminate` (when `terminate`), fire and forget, through this connection's transport like
    /// every channel request: sent through the store's client, the connection the emulator closes after
    /// answering went back to that client's pool, and a commit that reused it hung until its deadline.
    private func finishTransport(rid: Int, terminate: Bool) {
        let connector = self.connector
        let session = self.session
        let httpClient = self.httpClient
        Task {
            guard terminate, let url = try? connector.endpoint.terminateURL(session: session, rid: rid),
                let (headers, _) = try? await connector.credentialHeaders(operation: "Listen (WebChannel terminate)")
            else { return }
            _ = try? await httpClient.send(
                HTTPRequest(
                    method: .get, url: url, headers: headers, timeout: .seconds(5), maximumResponseBytes: 64 << 10))
        }
    }

    private static func endedError(_ state: State) -> DocumentStoreError {
        state.failure ?? DocumentStoreError(.failedPrecondition, "The WebChannel Listen connection is closed.")
    }

    /// A back- or forward-channel answer that is not 2xx: 400 says the server no longer knows the session
    /// (expired, or another server answered), which a new connection repairs (`unavailable`); the rest
    /// are mapped as any REST answer.
    private static func channelError(_ response: HTTPResponse, operation: String) -> DocumentStoreError {
        let mapped = RESTErrorMapper.error(for: response, operation: operation)
        guard response.statusCode == 400 else { return mapped }
        return DocumentStoreError(
            .unavailable, "\(operation): the server no longer knows this WebChannel session (HTTP 400)",
            underlying: mapped)
    }

    /// A thrown error: kept when a `DocumentStoreError`, else mapped, a timeout waiting for a head
    /// counting as `unavailable` (the channel is silent, not the call late).
    private static func transportError(_ error: any Error, operation: String) -> DocumentStoreError {
        let mapped = RESTErrorMapper.error(forThrown: error, operation: operation)
        guard mapped.code == .deadlineExceeded else { return mapped }
        return DocumentStoreError(.unavailable, mapped.message, underlying: mapped.underlying)
    }
}

/// Lets the response queue close its connection when the consumer's task is cancelled, without the
/// queue keeping the connection alive.
private final class CloseHook: Sendable {
    private let connection = Mutex<WeakConnection>(WeakConnection())

    private struct WeakConnection: @unchecked Sendable {
        // Unchecked: only read and written under the surrounding Mutex; the connection is Sendable.
        weak var value: WebChannelListenConnection?
    }

    func set(_ connection: WebChannelListenConnection) {
        self.connection.withLock { $0.value = connection }
    }

    func fire() {
        guard let connection = connection.withLock({ $0.value }) else { return }
        Task { await connection.close() }
    }
}
