import Foundation
import HearthFirestoreREST

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request as the stub saw it.
struct RecordedRequest: Sendable {
    let method: String
    let url: URL
    let headers: [String: String]
    let body: [UInt8]

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The path and query as sent (percent-encoding kept).
    var pathAndQuery: String {
        let text = url.absoluteString
        guard let range = text.range(of: "://") else { return text }
        let afterScheme = text[range.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return "/" }
        return String(afterScheme[slash...])
    }
}

/// What the stub answers to one request.
enum StubReply: Sendable {
    case response(status: Int, headers: [String: String], body: [UInt8])
    case failure(URLError.Code)
    /// Never answer (until the request is cancelled).
    case hang

    static func json(_ status: Int, _ text: String) -> StubReply {
        .response(status: status, headers: ["Content-Type": "application/json"], body: Array(text.utf8))
    }

    static func ok(_ text: String) -> StubReply { json(200, text) }
}

/// A fake server for one test: a unique host served by ``URLProtocolStub``, a queue of replies (or a
/// handler), and the requests received. Tests run in parallel; each has its own host.
final class StubServer: @unchecked Sendable {  // `lock` guards every mutable property.
    let host: String
    let client: URLSessionHTTPClient
    private let lock = NSLock()
    private var replies: [StubReply] = []
    private var handler: (@Sendable (RecordedRequest) -> StubReply)?
    private var recorded: [RecordedRequest] = []
    private var stopped = 0

    init() {
        host = "stub-\(UUID().uuidString.lowercased()).test"
        let configuration = URLSessionHTTPClient.defaultConfiguration()
        configuration.protocolClasses = [URLProtocolStub.self]
        client = URLSessionHTTPClient(configuration: configuration)
        URLProtocolStub.register(self)
    }

    deinit {
        URLProtocolStub.unregister(host)
    }

    var baseURL: URL { URL(string: "http://\(host)")! }

    /// Answers the next requests with `replies`, in order (the last one repeats).
    func enqueue(_ replies: StubReply...) {
        lock.withLock { self.replies.append(contentsOf: replies) }
    }

    /// Answers every request with `handler`.
    func handle(_ handler: @escaping @Sendable (RecordedRequest) -> StubReply) {
        lock.withLock { self.handler = handler }
    }

    var requests: [RecordedRequest] { lock.withLock { recorded } }
    var stopCount: Int { lock.withLock { stopped } }

    fileprivate func reply(to request: RecordedRequest) -> StubReply {
        lock.withLock {
            recorded.append(request)
            if let handler { return handler(request) }
            if replies.count > 1 { return replies.removeFirst() }
            return replies.first ?? .json(599, "{\"error\":{\"message\":\"no stubbed reply\"}}")
        }
    }

    fileprivate func didStop() {
        lock.withLock { stopped += 1 }
    }
}

/// Serves requests from the ``StubServer`` registered for their host.
final class URLProtocolStub: URLProtocol {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var servers: [String: StubServer] = [:]  // guarded by `lock`

    static func register(_ server: StubServer) {
        lock.withLock { servers[server.host] = server }
    }

    static func unregister(_ host: String) {
        lock.withLock { _ = servers.removeValue(forKey: host) }
    }

    private static func server(for host: String?) -> StubServer? {
        guard let host else { return nil }
        return lock.withLock { servers[host] }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let server = Self.server(for: url.host) else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let recorded = RecordedRequest(
            method: request.httpMethod ?? "GET",
            url: url,
            headers: request.allHTTPHeaderFields ?? [:],
            body: Self.body(of: request)
        )
        switch server.reply(to: recorded) {
        case .response(let status, let headers, let body):
            guard
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else {
                client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body))
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .hang:
            break
        }
    }

    override func stopLoading() {
        Self.server(for: request.url?.host)?.didStop()
    }

    private static func body(of request: URLRequest) -> [UInt8] {
        if let body = request.httpBody { return [UInt8](body) }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}
