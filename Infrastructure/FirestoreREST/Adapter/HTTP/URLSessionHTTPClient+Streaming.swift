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
/// body's consumer: the head's continuation (resumed once), and the body's chunks in a
/// ``BoundedQueue`` (at most `limit` bytes received and not yet consumed).
final class StreamingExchange: DataTaskObserver {
    private struct State {
        var task: URLSessionDataTask?
        var head: CheckedContinuation<HTTPStreamingResponse, any Error>?
        /// The head, once it arrived and before a caller took it.
        var arrivedHead: HTTPStreamingResponse?
        var headDelivered = false
        /// Whether the exchange ended (failed, or its body finished).
        var ended = false
        /// The failure that ended it.
        var failure: (any Error)?
    }

    private let state = Mutex(State())
    private let body: BoundedQueue<[UInt8]>
    private let request: HTTPRequest

    init(limit: Int, request: HTTPRequest) {
        self.body = BoundedQueue(limit: limit)
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
                if let failure = state.failure, !state.headDelivered { return .failure(failure) }
                state.head = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Ends the exchange with `error` (timeout, cancellation, overflow) and cancels the task: the head's
    /// waiter or the body's consumer gets `error`; chunks not yet consumed are dropped.
    func fail(_ error: HTTPTransportError) {
        let ended = state.withLock {
            state -> (CheckedContinuation<HTTPStreamingResponse, any Error>?, URLSessionDataTask?)? in
            guard !state.ended else { return nil }
            state.ended = true
            state.failure = error
            let head = state.head
            state.head = nil
            return (head, state.task)
        }
        guard let (head, task) = ended else { return }
        body.fail(error)
        head?.resume(throwing: error)
        // Cancelled asynchronously: FoundationNetworking may call back into the delegate synchronously.
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// Fails the exchange with `error` unless its head was already delivered (a timeout or a cancellation
    /// of the wait for the head, racing with its arrival).
    func failHead(_ error: HTTPTransportError) {
        if state.withLock({ !$0.headDelivered }) { fail(error) }
    }

    /// The consumer's next chunk; `nil` at the body's end. Cancelling the consumer fails the exchange.
    func nextChunk() async throws -> [UInt8]? {
        try await body.next(onCancel: { self.fail(HTTPTransportError(.cancelled, "the body's consumer was cancelled")) }
        )
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
        switch body.push([UInt8](data), cost: data.count) {
        case .accepted, .ended:
            return true
        case .overLimit:
            fail(
                HTTPTransportError(
                    .responseTooLarge,
                    "\(request.method) \(URLSessionHTTPClient.redactedURL(request.url)): the body's consumer fell more than \(body.limit) bytes behind"
                ))
            return false
        }
    }

    func redirected(_ response: HTTPURLResponse) {
        deliverHead(response)
        finishBody()
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
            finishBody()
        } else {
            fail(HTTPTransportError(.connectionFailed, "the answer was not an HTTP response"))
        }
    }

    /// Hands the head to its waiter (or keeps it for ``head()``), the first time only.
    private func deliverHead(_ response: HTTPURLResponse) {
        let first = state.withLock { state -> Bool in
            guard !state.headDelivered, !state.ended else { return false }
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

    /// The body ended normally: the consumer gets what is held, then `nil`.
    private func finishBody() {
        let finishing = state.withLock { state -> Bool in
            guard !state.ended, state.headDelivered else { return false }
            state.ended = true
            return true
        }
        if finishing { body.finish() }
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
