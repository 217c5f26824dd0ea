#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
#else
import Foundation
#endif
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// Opens `Listen` connections over WebChannel, the HTTP/1.1 protocol Google's web SDK uses: one
/// handshake `POST …/google.firestore.v1.Firestore/Listen/channel`, a long-lived back-channel `GET`
/// carrying length-prefixed frames of `ListenResponse`s, and one forward `POST` per batch of
/// `ListenRequest`s. See ``WebChannelListenConnection`` for the session and its faults.
///
/// Errors of ``connect()`` (`DocumentStoreError`): `unimplemented` with a ``WebChannelEndpointRefused``
/// cause when the endpoint answers 404 or 501 (``isEndpointRefused(_:)``: fall back to polling);
/// `unauthenticated` (401, after one token refresh) and `permissionDenied` (403); `unavailable` when the
/// server cannot be reached or breaks the connection; `deadlineExceeded` past the handshake timeout;
/// the code of the error body otherwise; `internal`/`dataLoss` for an answer that is not a WebChannel
/// handshake.
struct WebChannelListenConnector: ListenConnector {
    /// Tuning of the transport; every value has a default.
    struct Options: Sendable {
        /// How long the back channel may stay silent (no byte, not even a `noop`) before it is reopened
        /// once, and failed with `unavailable` if the reopened one stays silent as long. `nil` (default):
        /// 1.5 × the keep-alive the server announces in its handshake (30 s on the emulator and in
        /// production: 45 s), or 45 s when it announces none.
        var stallTimeout: Duration?
        /// The longest frame read (UTF-16 units declared, and bytes held): default 64 MiB.
        var maximumFrameLength = WebChannelFrameReader.defaultMaximumFrameLength
        /// The most bytes of responses received and not yet taken from
        /// ``WebChannelListenConnection/responses`` (and, separately, of back-channel bytes not yet read
        /// by the frame reader): default 64 MiB. A consumer that falls further behind fails the
        /// connection with `resourceExhausted`.
        var maximumBufferedBytes = 64 << 20
        /// How long the handshake, a forward `POST`, or the head of a back-channel `GET` may take
        /// (default: the configuration's request timeout).
        var requestTimeout: Duration?

        /// Whether each request asks for its own connection (`Connection: close`; default `true`). The
        /// emulator closes the connection after every channel answer without saying so; FoundationNetworking
        /// then reuses the closing connection for the next request, which can hang until its timeout
        /// (observed on the forward channel).
        var closeConnections = true

        /// The defaults.
        init(stallTimeout: Duration? = nil) { self.stallTimeout = stallTimeout }
    }

    let endpoint: WebChannelEndpoint
    /// The store's client: channel requests never go through it directly (``connectionClient()`` does),
    /// so no connection the emulator closes after a channel answer goes back to the store's pool.
    private let httpClient: any HTTPStreamingClient
    let tokenProvider: any TokenProvider
    let quotaProjectID: String?
    let options: Options
    let requestTimeout: Duration

    /// A connector for `configuration`'s base URL, database and credentials, through `httpClient`.
    init(configuration: FirestoreRESTConfiguration, httpClient: any HTTPStreamingClient, options: Options = Options()) {
        self.endpoint = WebChannelEndpoint(baseURL: configuration.baseURL, database: configuration.database)
        self.httpClient = httpClient
        self.tokenProvider = configuration.tokenProvider
        self.quotaProjectID = configuration.quotaProjectID
        self.options = options
        self.requestTimeout = options.requestTimeout ?? configuration.requestTimeout
    }

    /// Performs the handshake and starts the back channel; see the type's documentation for errors.
    func connect() async throws(DocumentStoreError) -> any ListenConnection {
        try await WebChannelListenConnection.open(connector: self)
    }

    /// The HTTP client of one new connection: when the connector's client is a ``URLSessionHTTPClient``,
    /// every request goes through a `URLSession` of its own (same configuration), invalidated once the
    /// request ends. The emulator closes the connection after every channel answer without saying so, and
    /// FoundationNetworking (libcurl) then sends the next request of the session on the closing
    /// connection; its automatic resend of a `POST` went out without the body, and the request hung until
    /// its timeout (observed through a logging proxy). A session per request never reuses a connection.
    func connectionClient() -> WebChannelHTTPClient {
        WebChannelHTTPClient(client: httpClient, sessionPerRequest: httpClient as? URLSessionHTTPClient)
    }

    /// A channel `POST` (the handshake, or a batch of `ListenRequest`s): `body` form-encoded, with
    /// `headers` (from ``credentialHeaders(operation:)``), the request timeout, and at most 1 MiB of answer.
    func formPOST(_ url: URL, headers: [(name: String, value: String)], body: [UInt8]) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: url, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")],
            body: body, timeout: requestTimeout, maximumResponseBytes: 1 << 20)
    }

    /// Whether `error` says the WebChannel endpoint is refused (HTTP 404 or 501 to the handshake), so
    /// the caller should fall back to polling instead of retrying.
    static func isEndpointRefused(_ error: DocumentStoreError) -> Bool {
        error.underlying is WebChannelEndpointRefused
    }

    /// Credentials for one request: the `Authorization` (and quota project) headers.
    func credentialHeaders(
        operation: String
    ) async throws(DocumentStoreError) -> (
        headers: [(name: String, value: String)], token: AccessToken?
    ) {
        let token: AccessToken?
        do {
            token = try await tokenProvider.token()
        } catch {
            throw RESTErrorMapper.error(forThrown: error, operation: "\(operation): obtaining credentials")
        }
        var headers: [(name: String, value: String)] = []
        if let token { headers.append(("Authorization", "Bearer " + token.value)) }
        if let quotaProjectID { headers.append(("x-goog-user-project", quotaProjectID)) }
        if options.closeConnections { headers.append(("Connection", "close")) }
        return (headers, token)
    }
}

/// A connection's HTTP client: the connector's, or a new `URLSession` per request made like
/// `sessionPerRequest`'s (see ``WebChannelListenConnector/connectionClient()``).
struct WebChannelHTTPClient: Sendable {
    let client: any HTTPStreamingClient
    let sessionPerRequest: URLSessionHTTPClient?

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let template = sessionPerRequest else { return try await client.send(request) }
        let own = URLSessionHTTPClient(configuration: Self.copy(template.session.configuration))
        defer { own.session.finishTasksAndInvalidate() }
        return try await own.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        guard let template = sessionPerRequest else { return try await client.stream(request) }
        let own = URLSessionHTTPClient(configuration: Self.copy(template.session.configuration))
        // The session ends once its one task has: the body keeps streaming until then.
        defer { own.session.finishTasksAndInvalidate() }
        #if canImport(FoundationNetworking) && compiler(>=6.4)
        // A connection made for the stream would keep a write-readiness source registered for its whole
        // life (FoundationNetworking adds one while libcurl connects and sends, and never removes it when
        // libcurl then waits to read only): the source fires without end on the writable socket, a core
        // spins and every URLSession of the process queues behind it. A stream sent on a connection that
        // is already open needs no write wait, so a small request opens one first. Not before Swift 6.4:
        // reusing a connection the server has just closed traps in 6.3's FoundationNetworking
        // ("Transfer completed, but there's no response", swift-corelibs-foundation#5285, fixed by
        // e1bc19d for 6.4); a clean-clone CI run with this on 6.3.1 crashed there.
        if let origin = Self.origin(of: request.url) {
            _ = try? await own.send(
                HTTPRequest(
                    method: .get, url: origin, headers: [], timeout: request.timeout, maximumResponseBytes: 64 << 10))
        }
        #endif
        return try await own.stream(request)
    }

    /// `scheme://host[:port]/` of `url`.
    static func origin(of url: URL) -> URL? {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        parts.path = "/"
        parts.query = nil
        parts.fragment = nil
        return parts.url
    }

    /// A copy of `configuration`, so the new session shares no configuration object with the template's.
    static func copy(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        (configuration.copy() as? URLSessionConfiguration) ?? URLSessionHTTPClient.defaultConfiguration()
    }
}

/// The cause of the error ``WebChannelListenConnector/connect()`` throws when the server refuses the
/// WebChannel endpoint itself (HTTP 404 or 501): the signal to listen by polling instead.
struct WebChannelEndpointRefused: Error, Sendable, CustomStringConvertible {
    /// The HTTP status of the handshake's answer.
    let httpStatus: Int
    var description: String { "the WebChannel Listen endpoint answered HTTP \(httpStatus)" }
}

/// The URLs and bodies of one database's WebChannel `Listen` channel.
struct WebChannelEndpoint: Sendable {
    let database: DatabaseID
    /// `{base}/google.firestore.v1.Firestore/Listen/channel`.
    let channel: String
    /// `projects/{p}/databases/{d}`.
    var databaseName: String { database.resourceName }

    init(baseURL: URL, database: DatabaseID) {
        self.database = database
        channel = FirestoreEndpoints.base(baseURL) + "/google.firestore.v1.Firestore/Listen/channel"
    }

    /// The handshake: `?database&VER=8&RID&CVER=22&X-HTTP-Session-Id=gsessionid&zx&t=1`.
    func handshakeURL(rid: Int) throws(DocumentStoreError) -> URL {
        try url([
            ("database", databaseName), ("VER", "8"), ("RID", String(rid)), ("CVER", "22"),
            ("X-HTTP-Session-Id", "gsessionid"), ("zx", Self.randomZX()), ("t", "1"),
        ])
    }

    /// A back-channel request: `?database[&gsessionid]&VER=8&RID=rpc&SID&AID&CI=0&TYPE=xmlhttp&zx&t=1`.
    func backChannelURL(session: WebChannelSession, acknowledged: Int) throws(DocumentStoreError) -> URL {
        try url(
            [("database", databaseName)] + session.routing + [
                ("VER", "8"), ("RID", "rpc"), ("SID", session.id), ("AID", String(acknowledged)), ("CI", "0"),
                ("TYPE", "xmlhttp"), ("zx", Self.randomZX()), ("t", "1"),
            ])
    }

    /// A forward-channel request: `?database[&gsessionid]&VER=8&SID&RID&AID&zx&t=1`.
    func forwardURL(session: WebChannelSession, rid: Int, acknowledged: Int) throws(DocumentStoreError) -> URL {
        try url(
            [("database", databaseName)] + session.routing + [
                ("VER", "8"), ("SID", session.id), ("RID", String(rid)), ("AID", String(acknowledged)),
                ("zx", Self.randomZX()), ("t", "1"),
            ])
    }

    /// The close request: `?database[&gsessionid]&VER=8&SID&RID&TYPE=terminate&zx&t=1`.
    func terminateURL(session: WebChannelSession, rid: Int) throws(DocumentStoreError) -> URL {
        try url(
            [("database", databaseName)] + session.routing + [
                ("VER", "8"), ("SID", session.id), ("RID", String(rid)), ("TYPE", "terminate"),
                ("zx", Self.randomZX()), ("t", "1"),
            ])
    }

    /// The handshake's form body: `headers=<encoded "Name:value\r\n"…>&count=0`. The headers travel in
    /// the body as the web SDK sends them (a browser cannot set them on WebChannel's requests).
    static func handshakeBody(headers: [(name: String, value: String)]) -> [UInt8] {
        let block = headers.map { "\($0.name):\($0.value)\r\n" }.joined()
        return Array(("headers=" + PercentEncoding.encode(block) + "&count=0").utf8)
    }

    /// A forward request's form body: `count=N&ofs=K&req0___data__=<JSON>&…`.
    static func forwardBody(messages: [[UInt8]], firstMapID: Int) -> [UInt8] {
        var body = Array("count=\(messages.count)&ofs=\(firstMapID)".utf8)
        for (index, message) in messages.enumerated() {
            body += Array("&req\(index)___data__=".utf8)
            body += percentEncoded(message)
        }
        return body
    }

    /// `{"database": …, "removeTarget": id}`.
    func removeTargetRequest(_ targetID: Int32) -> [UInt8] {
        JSONWriter.serialize(
            .object(["database": .string(databaseName), "removeTarget": .integer(Int64(targetID))]))
    }

    private func url(_ items: [(String, String)]) throws(DocumentStoreError) -> URL {
        let text = channel + "?" + PercentEncoding.query(items)
        guard let url = URL(string: text) else {
            throw DocumentStoreError(.invalidArgument, "Could not form the WebChannel URL from \(channel).")
        }
        return url
    }

    private static func percentEncoded(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count + bytes.count / 4)
        for byte in bytes {
            if PercentEncoding.isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return encoded
    }

    /// WebChannel's cache-busting parameter: random letters and digits.
    static func randomZX() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<12).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }
}

/// What the handshake established: the session ID (`SID`), the routing `gsessionid` the server may
/// return in `X-HTTP-Session-Id`, and its keep-alive hint. Its `description` shows neither ID.
struct WebChannelSession: Sendable, CustomStringConvertible {
    let id: String
    let httpSessionID: String?
    let keepAlive: Duration?

    /// `gsessionid=…` when the server named one.
    var routing: [(String, String)] { httpSessionID.map { [("gsessionid", $0)] } ?? [] }

    var description: String { "WebChannelSession(keepAlive: \(keepAlive.map { "\($0)" } ?? "none"))" }
}
