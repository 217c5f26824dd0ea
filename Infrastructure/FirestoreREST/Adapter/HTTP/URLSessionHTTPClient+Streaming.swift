import Dispatch
import Synchronization

#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
#else
import Foundation
#endif

extension URLSessionHTTPClient {
    /// Sends `request` and returns when the response head arrives, the body streaming behind it through
    /// the session's data delegate (not `URLSession.bytes`, which Linux's FoundationNetworking lacks).
    /// See ``HTTPStreamingClient/stream(_:)`` for the contract: the timeout bounds the head, at most
    /// ``HTTPRequest/maximumResponseBytes`` wait unconsumed, and the request is cancelled on the wire when
    /// the consumer stops. Throws ``HTTPTransportError`` like ``send(_:)``.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try Task.checkCancellation()
        let exchange = StreamingExchange(limit: request.maximumResponseBytes, request: request)
        var urlRequest = Self.urlRequest(for: request)
        // URLSession's own timeout would also bound the body (FoundationNetworking ends a task at it, data or
        // not); the head's deadline is the work item below, and the body has none.
        urlRequest.timeoutInterval = Self.streamingTimeoutInterval
        let task = session.dataTask(with: urlRequest)
        delegate.register(exchange, for: task)
        exchange.start(task)
        task.resume()
        let timeout = DispatchWorkItem {
            exchange.failHead(
                HTTPTransportError(
                    .timedOut,
                    "no response head within \(request.timeout) (\(request.method) \(Self.redactedURL(request.url)))"))
        }
        DispatchQueue.global().asyncAfter(
            deadline: .now() + max(0.001, Self.seconds(request.timeout)), execute: timeout)
        defer { timeout.cancel() }
        return try await withTaskCancellationHandler {
            try await exchange.head()
        } onCancel: {
            exchange.failHead(HTTPTransportError(.cancelled, "the request was cancelled"))
        }
    }
}

extension URLSessionHTTPClient {
    /// The `URLRequest.timeoutInterval` of a streamed request: a week, so a body may last as long as the
    /// reader wants.
    static let streamingTimeoutInterval: TimeInterval = 7 * 24 * 3600
}

/// One streamed data task, shared by the session's delegate, the caller waiting for the head and the
/// body's consumer: the head's continuation (resumed once), the chunks received and not yet consumed
/// (at most `limit` bytes), the consumer's continuation while it waits, and how the body ended.
final class StreamingExchange: DataTaskObserver {
    private struct State {
        var task: URLSessionDataTask?
        var head: CheckedContinuation<HTTPStreamingResponse, any Error>?
        /// The head, once it arrived and before a caller took it.
        var arrivedHead: HTTPStreamingResponse?
        var headDelivered = false
        var chunks: [[UInt8]] = []
        var firstChunk = 0
        var buffered = 0
        var waiter: CheckedContinuation<[UInt8]?, any Error>?
        /// How the body ended: `nil` while it runs, `.success` at its normal end.
        var end: Result<Void, any Error>?
    }

    private let state = Mutex(State())
    private let limit: Int
    private let request: HTTPRequest

    init(limit: Int, request: HTTPRequest) {
        self.limit = limit
        self.request = request
    }

    func start(_ task: URLSessionDataTask) {
        state.withLock { $0.task = task }
    }

    /// Waits for the head (or the failure that came first).
    func head() async throws -> HTTPStreamingResponse {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<HTTPStreamingResponse, any Error>? in
                if let head = state.arrivedHead {
                    state.arrivedHead = nil
                    return .success(head)
                }
                if case .failure(let error)? = state.end, !state.headDelivered { return .failure(error) }
                state.head = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Ends the exchange with `error` (timeout, cancellation, overflow) and cancels the task: the head's
    /// waiter or the body's consumer gets `error`; chunks not yet consumed are dropped.
    func fail(_ error: HTTPTransportError) {
        let (head, waiter, task) = state.withLock {
            state -> (
                CheckedContinuation<HTTPStreamingResponse, any Error>?, CheckedContinuation<[UInt8]?, any Error>?,
                URLSessionDataTask?
            ) in
            guard state.end == nil else { return (nil, nil, nil) }
            state.end = .failure(error)
            state.chunks = []
            state.firstChunk = 0
            state.buffered = 0
            let head = state.head
            state.head = nil
            let waiter = state.waiter
            state.waiter = nil
            return (head, waiter, state.task)
        }
        head?.resume(throwing: error)
        waiter?.resume(throwing: error)
        // Cancelled asynchronously: FoundationNetworking may call back into the delegate synchronously.
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// Fails the exchange with `error` unless its head was already delivered (a timeout or a cancellation
    /// of the wait for the head, racing with its arrival).
    func failHead(_ error: HTTPTransportError) {
        if state.withLock({ !$0.headDelivered }) { fail(error) }
    }

    /// The consumer's next chunk; `nil` at the body's end.
    func nextChunk() async throws -> [UInt8]? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
                let ready = state.withLock { state -> Result<[UInt8]?, any Error>? in
                    if state.firstChunk < state.chunks.count {
                        let chunk = state.chunks[state.firstChunk]
                        state.firstChunk += 1
                        state.buffered -= chunk.count
                        if state.firstChunk == state.chunks.count {
                            state.chunks.removeAll(keepingCapacity: true)
                            state.firstChunk = 0
                        }
                        return .success(chunk)
                    }
                    switch state.end {
                    case .success?: return .success(nil)
                    case .failure(let error)?: return .failure(error)
                    case nil:
                        state.waiter = continuation
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            fail(HTTPTransportError(.cancelled, "the body's consumer was cancelled"))
        }
    }

    func received(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            fail(HTTPTransportError(.connectionFailed, "the answer was not an HTTP response"))
            return false
        }
        deliverHead(http)
        return true
    }

    func append(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        let outcome = state.withLock { state -> (CheckedContinuation<[UInt8]?, any Error>?, Bool) in
            guard state.end == nil else { return (nil, true) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, true)
            }
            guard state.buffered + bytes.count <= limit else { return (nil, false) }
            state.chunks.append(bytes)
            state.buffered += bytes.count
            return (nil, true)
        }
        if let waiter = outcome.0 { waiter.resume(returning: bytes) }
        if !outcome.1 {
            fail(
                HTTPTransportError(
                    .responseTooLarge,
                    "\(request.method) \(URLSessionHTTPClient.redactedURL(request.url)): the body's consumer fell more than \(limit) bytes behind"
                ))
        }
        return outcome.1
    }

    func redirected(_ response: HTTPURLResponse) {
        deliverHead(response)
        finishBody(.success(()))
    }

    func complete(error: (any Error)?, response: URLResponse?) {
        if let error {
            let mapped =
                (error as? HTTPTransportError) ?? URLSessionHTTPClient.transportError(from: error, request: request)
            fail(mapped)
            return
        }
        if let http = response as? HTTPURLResponse { deliverHead(http) }
        if state.withLock({ $0.headDelivered }) {
            finishBody(.success(()))
        } else {
            fail(HTTPTransportError(.connectionFailed, "the answer was not an HTTP response"))
        }
    }

    /// Hands the head to its waiter (or keeps it for ``head()``), the first time only.
    private func deliverHead(_ response: HTTPURLResponse) {
        let first = state.withLock { state -> Bool in
            guard !state.headDelivered, state.end == nil else { return false }
            state.headDelivered = true
            return true
        }
        guard first else { return }
        let reader = BodyReader(self)
        let head = HTTPStreamingResponse(
            statusCode: response.statusCode,
            headers: URLSessionHTTPClient.response(from: response, body: []).headers,
            body: AsyncThrowingStream(unfolding: { try await reader.next() })
        )
        let waiter = state.withLock { state -> CheckedContinuation<HTTPStreamingResponse, any Error>? in
            guard let waiter = state.head else {
                state.arrivedHead = head
                return nil
            }
            state.head = nil
            return waiter
        }
        waiter?.resume(returning: head)
    }

    private func finishBody(_ end: Result<Void, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, any Error>? in
            guard state.end == nil, state.headDelivered else { return nil }
            state.end = end
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: nil)
    }
}

/// The body's side of a ``StreamingExchange``, held only by the body stream: when the stream (and every
/// iterator) is released before the end, the request is cancelled.
private final class BodyReader: Sendable {
    let exchange: StreamingExchange
    init(_ exchange: StreamingExchange) { self.exchange = exchange }
    func next() async throws -> [UInt8]? { try await exchange.nextChunk() }
    deinit { exchange.fail(HTTPTransportError(.cancelled, "the body was released before its end")) }
}
