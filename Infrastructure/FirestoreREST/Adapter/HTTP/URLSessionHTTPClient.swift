import Dispatch
import Synchronization

#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// ``HTTPClient`` and ``HTTPStreamingClient`` over Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// One session serves every request, so connections are kept alive and reused (HTTP/1.1 keep-alive,
/// HTTP/2 where the server offers it). Each request's ``HTTPRequest/timeout`` bounds the whole exchange,
/// not just the idle time between packets. Cancelling the calling task cancels the `URLSessionTask`.
///
/// The session's delegate refuses every redirect (the 3xx comes back as the response), and reads a body
/// as it arrives, stopping at ``HTTPRequest/maximumResponseBytes`` (a declared `Content-Length` above it
/// fails at once), so a hostile server costs at most that much memory.
///
/// Errors: ``HTTPTransportError`` with kind `timedOut`, `cancelled`, `notConnected` (nothing was sent),
/// `connectionFailed` or `responseTooLarge`; every HTTP status, including 3xx, 4xx and 5xx, is returned
/// as a response.
public struct URLSessionHTTPClient: HTTPStreamingClient {
    /// The session requests go through (its delegate is the client's).
    public let session: URLSession
    let delegate: SessionDelegate

    /// A client over a new session made from `configuration` (tests register `URLProtocol` stubs in it).
    public init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        // The delegate's events run on a serial queue of their own (a custom serial dispatch queue gets a
        // thread even when the global pool is saturated): FoundationNetworking queues body bytes for the
        // delegate without back-pressure, so a delegate that lags lets a body pile up past the cap.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = delegate.queue
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// A client over a new session made from ``defaultConfiguration(maximumConnectionsPerHost:)``.
    public init(maximumConnectionsPerHost: Int = 16) {
        self.init(configuration: Self.defaultConfiguration(maximumConnectionsPerHost: maximumConnectionsPerHost))
    }

    /// An ephemeral configuration for API calls: no cookies, no cache, `maximumConnectionsPerHost`
    /// parallel keep-alive connections per host (default 16).
    public static func defaultConfiguration(maximumConnectionsPerHost: Int = 16) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }

    /// Sends `request` and returns the complete response, whatever its status (3xx included: redirects are not
    /// followed). Throws ``HTTPTransportError``: `timedOut` past the request's timeout, `cancelled` when the
    /// task is cancelled, `notConnected` when nothing was sent, `connectionFailed` when the connection broke,
    /// `responseTooLarge` past the response cap.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let urlRequest = Self.urlRequest(for: request)
        let session = self.session
        let delegate = self.delegate
        do {
            return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask {
                    try await Self.exchange(
                        urlRequest, limit: request.maximumResponseBytes, on: session, delegate: delegate)
                }
                group.addTask {
                    try await Task.sleep(for: request.timeout)
                    throw HTTPTransportError(
                        .timedOut,
                        "no complete response within \(request.timeout) (\(request.method) \(Self.redactedURL(request.url)))"
                    )
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else {
                    throw HTTPTransportError(.connectionFailed, "no response")
                }
                return first
            }
        } catch let error as HTTPTransportError {
            if Task.isCancelled { throw HTTPTransportError(.cancelled, "the request was cancelled", underlying: error) }
            if error.kind == .responseTooLarge {
                throw HTTPTransportError(
                    .responseTooLarge,
                    "\(request.method) \(Self.redactedURL(request.url)): \(error.message); reading stopped there",
                    underlying: error.underlying)
            }
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError {
                throw HTTPTransportError(.cancelled, "the request was cancelled")
            }
            throw Self.transportError(from: error, request: request)
        }
    }

    /// One exchange through a delegate-driven data task, cancelled without blocking.
    ///
    /// Not `URLSession.data(for:)`: on Linux its cancellation handler waits synchronously for the
    /// session's work queue, while that queue may be resuming this very task — which needs the lock the
    /// cancelling thread holds. The test suite hung there (a query stream cancelled as its page arrived).
    /// Here the cancellation handler only records the cancellation and cancels the data task
    /// asynchronously, and the continuation is resumed exactly once, whichever comes first.
    static func exchange(
        _ request: URLRequest, limit: Int, on session: URLSession, delegate: SessionDelegate
    ) async throws -> HTTPResponse {
        let pending = PendingExchange(limit: limit)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: request)
                delegate.register(pending, for: task)
                if pending.start(task, continuation) {
                    task.resume()
                } else {
                    delegate.unregister(task)
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            if let task = pending.cancel() {
                DispatchQueue.global().async { task.cancel() }
            }
        }
    }

    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = max(0.001, Self.seconds(request.timeout))
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if let body = request.body {
            urlRequest.httpBody = Data(body)
        }
        return urlRequest
    }

    static func response(from response: HTTPURLResponse, body: [UInt8]) -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return HTTPResponse(statusCode: response.statusCode, headers: headers, body: body)
    }

    static func transportError(from error: any Error, request: HTTPRequest) -> HTTPTransportError {
        let target = "\(request.method) \(redactedURL(request.url))"
        guard let urlError = error as? URLError else {
            return HTTPTransportError(.connectionFailed, "\(target): \(type(of: error))")
        }
        let reason = urlError.localizedDescription
        switch urlError.code {
        case .timedOut:
            return HTTPTransportError(.timedOut, "\(target) timed out", underlying: urlError)
        case .cancelled:
            return HTTPTransportError(.cancelled, "\(target) was cancelled", underlying: urlError)
        case _ where notConnectedCodes.contains(urlError.code):
            return HTTPTransportError(
                .notConnected,
                "\(target) failed before anything was sent: \(reason) (URLError \(urlError.code.rawValue))",
                underlying: urlError)
        default:
            return HTTPTransportError(
                .connectionFailed, "\(target) failed: \(reason) (URLError \(urlError.code.rawValue))",
                underlying: urlError)
        }
    }

    /// Failures that happen before a request's first byte is sent: name resolution, connecting, TLS.
    static let notConnectedCodes: Set<URLError.Code> = [
        .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet, .badURL, .unsupportedURL,
        .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateHasUnknownRoot,
        .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired,
        .appTransportSecurityRequiresSecureConnection,
    ]

    /// The URL without its query string (which may hold an API key).
    static func redactedURL(_ url: URL) -> String {
        let text = url.absoluteString
        guard let question = text.firstIndex(of: "?") else { return text }
        return String(text[..<question]) + "?…"
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// What follows one data task's events: a whole exchange (``PendingExchange``) or a streamed one
/// (``StreamingExchange``). Called on the session's serial delegate queue.
protocol DataTaskObserver: AnyObject, Sendable {
    /// The response head arrived; `false` cancels the task.
    func received(_ response: URLResponse) -> Bool
    /// Body bytes arrived; `false` cancels the task.
    func append(_ data: Data) -> Bool
    /// A redirect was refused: its response is the answer.
    func redirected(_ response: HTTPURLResponse)
    /// The task ended, with `error` when it failed.
    func complete(error: (any Error)?, response: URLResponse?)
}

/// The session's delegate: routes each task's events to its ``DataTaskObserver``, refuses redirects.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Mutex<[Int: any DataTaskObserver]>([:])
    /// The dispatch queue the session's delegate queue runs on (kept here: `underlyingQueue` does not retain it).
    let queue = DispatchQueue(label: "hearth.urlsession.delegate")

    func register(_ exchange: any DataTaskObserver, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    func unregister(_ task: URLSessionTask) {
        _ = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func exchange(for task: URLSessionTask) -> (any DataTaskObserver)? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = exchange(for: dataTask)?.received(response) ?? true
        completionHandler(accepted ? .allow : .cancel)
        if !accepted { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if exchange(for: dataTask)?.append(data) == false { dataTask.cancel() }
    }

    /// Never follows: the redirect response is the answer, and the task stops here.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        exchange(for: task)?.redirected(response)
        completionHandler(nil)
        task.cancel()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchange(for: task)
        unregister(task)
        exchange?.complete(error: error, response: task.response)
    }
}

/// The state of one data task shared by the session's delegate and the cancellation handler: the
/// continuation (resumed once), the response and the body read so far (at most `limit` bytes).
final class PendingExchange: DataTaskObserver {
    private struct State {
        var task: URLSessionDataTask?
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        var cancelled = false
        var finished = false
    }

    private let state = Mutex(State())
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Records the task and the continuation; `false` when the exchange was cancelled before it started
    /// (do not start it).
    func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.task = task
            state.continuation = continuation
            return true
        }
    }

    /// Records the cancellation; returns the started task to cancel, if any.
    func cancel() -> URLSessionDataTask? {
        state.withLock { state in
            state.cancelled = true
            return state.finished ? nil : state.task
        }
    }

    /// The response head arrived; `false` (and the exchange fails) when its declared length exceeds the limit.
    func received(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else { return true }
        state.withLock { $0.response = http }
        if http.expectedContentLength > Int64(limit) {
            finish(.failure(Self.tooLarge(limit, declared: http.expectedContentLength)))
            return false
        }
        return true
    }

    /// Body bytes arrived; `false` (and the exchange fails) once the body exceeds the limit.
    func append(_ data: Data) -> Bool {
        let within = state.withLock { state in
            guard !state.finished else { return true }
            guard state.body.count + data.count <= limit else { return false }
            state.body.append(contentsOf: data)
            return true
        }
        if !within { finish(.failure(Self.tooLarge(limit, declared: nil))) }
        return within
    }

    /// A redirect was refused: its response is the answer.
    func redirected(_ response: HTTPURLResponse) {
        finish(.success(URLSessionHTTPClient.response(from: response, body: [])))
    }

    /// The task ended.
    func complete(error: (any Error)?, response: URLResponse?) {
        if let error {
            finish(.failure(error))
            return
        }
        let (http, body) = state.withLock { state in (state.response ?? response as? HTTPURLResponse, state.body) }
        guard let http else {
            finish(.failure(HTTPTransportError(.connectionFailed, "the answer was not an HTTP response")))
            return
        }
        finish(.success(URLSessionHTTPClient.response(from: http, body: body)))
    }

    private static func tooLarge(_ limit: Int, declared: Int64?) -> HTTPTransportError {
        let what = declared.map { "a body of \($0) bytes" } ?? "a body of more than \(limit) bytes"
        return HTTPTransportError(.responseTooLarge, "the server sent \(what), above the limit of \(limit) bytes")
    }

    /// Resumes the continuation with `result`, the first time only.
    private func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.body = []
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
