import Dispatch
import Synchronization

#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// ``HTTPClient`` over Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// One session serves every request, so connections are kept alive and reused (HTTP/1.1 keep-alive,
/// HTTP/2 where the server offers it). Each request's ``HTTPRequest/timeout`` bounds the whole exchange,
/// not just the idle time between packets. Cancelling the calling task cancels the `URLSessionTask`.
///
/// Errors: ``HTTPTransportError`` with kind `timedOut`, `cancelled` or `connectionFailed`; every HTTP
/// status, including 4xx and 5xx, is returned as a response.
public struct URLSessionHTTPClient: HTTPClient {
    /// The session requests go through.
    public let session: URLSession

    /// A client over `session` (inject one whose configuration registers `URLProtocol` stubs in tests).
    public init(session: URLSession) {
        self.session = session
    }

    /// A client over a new session made from ``defaultConfiguration(maximumConnectionsPerHost:)``.
    public init(maximumConnectionsPerHost: Int = 16) {
        self.init(session: URLSession(configuration: Self.defaultConfiguration(maximumConnectionsPerHost: maximumConnectionsPerHost)))
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

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let urlRequest = Self.urlRequest(for: request)
        let session = self.session
        do {
            return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask {
                    let (data, response) = try await Self.exchange(urlRequest, on: session)
                    return try Self.response(from: response, data: data)
                }
                group.addTask {
                    try await Task.sleep(for: request.timeout)
                    throw HTTPTransportError(.timedOut, "no complete response within \(request.timeout) (\(request.method) \(Self.redactedURL(request.url)))")
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else {
                    throw HTTPTransportError(.connectionFailed, "no response")
                }
                return first
            }
        } catch let error as HTTPTransportError {
            if Task.isCancelled { throw HTTPTransportError(.cancelled, "the request was cancelled", underlying: error) }
            throw error
        } catch {
            if Task.isCancelled || error is CancellationError {
                throw HTTPTransportError(.cancelled, "the request was cancelled")
            }
            throw Self.transportError(from: error, request: request)
        }
    }

    /// One exchange through a completion-handler data task, cancelled without blocking.
    ///
    /// Not `URLSession.data(for:)`: on Linux its cancellation handler waits synchronously for the
    /// session's work queue, while that queue may be resuming this very task — which needs the lock the
    /// cancelling thread holds. The test suite hung there (a query stream cancelled as its page arrived).
    /// Here the cancellation handler only records the cancellation and cancels the data task
    /// asynchronously, and the continuation is resumed exactly once, whichever comes first.
    static func exchange(_ request: URLRequest, on session: URLSession) async throws -> (Data, URLResponse) {
        let pending = PendingExchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        pending.finish(continuation, .failure(error))
                    } else if let response {
                        pending.finish(continuation, .success((data ?? Data(), response)))
                    } else {
                        pending.finish(continuation, .failure(URLError(.badServerResponse)))
                    }
                }
                if pending.start(task) {
                    task.resume()
                } else {
                    pending.finish(continuation, .failure(CancellationError()))
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

    static func response(from response: URLResponse, data: Data) throws -> HTTPResponse {
        guard let http = response as? HTTPURLResponse else {
            throw HTTPTransportError(.connectionFailed, "the answer was not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: [UInt8](data))
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
        default:
            return HTTPTransportError(.connectionFailed, "\(target) failed: \(reason) (URLError \(urlError.code.rawValue))", underlying: urlError)
        }
    }

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

/// The state of one data task shared by its completion handler and its cancellation handler.
private final class PendingExchange: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var cancelled = false
        var finished = false
    }

    private let state = Mutex(State())

    /// Records the task; `false` when the exchange was cancelled before it started (do not start it).
    func start(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.task = task
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

    /// Resumes `continuation` with `result`, the first time only.
    func finish(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>, _ result: Result<(Data, URLResponse), any Error>) {
        let first = state.withLock { state in
            defer { state.finished = true }
            return !state.finished
        }
        if first { continuation.resume(with: result) }
    }
}
