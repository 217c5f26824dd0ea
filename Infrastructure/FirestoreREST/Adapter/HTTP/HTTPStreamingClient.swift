/// An ``HTTPClient`` that can also hand over a response body as it arrives, for answers that do not end
/// (WebChannel's back channel: a chunked response held open for minutes).
///
/// A separate protocol, so an ``HTTPClient`` written outside the package keeps compiling; the REST
/// adapter streams only through clients that adopt it. ``URLSessionHTTPClient`` does.
public protocol HTTPStreamingClient: HTTPClient {
    /// Sends `request` and returns as soon as the response head arrived, with the body still arriving.
    ///
    /// Contract, beyond ``HTTPClient``'s (every status is a response; redirects are not followed — a
    /// 3xx comes back with an empty body):
    /// - ``HTTPRequest/timeout`` bounds the wait for the head only (else ``HTTPTransportError/Kind/timedOut``);
    ///   the body has no deadline, so a reader that must notice a silent server measures that itself.
    /// - ``HTTPRequest/maximumResponseBytes`` bounds what is buffered: the bytes received and not yet taken
    ///   by the body's consumer. A consumer that falls further behind ends the body with
    ///   ``HTTPTransportError/Kind/responseTooLarge`` and the request is cancelled. The total length of a
    ///   body is not bounded.
    /// - The body finishes when the response ends; it throws ``HTTPTransportError`` when the connection
    ///   breaks (`connectionFailed`) or the request is cancelled (`cancelled`).
    /// - The request is cancelled on the wire when the calling task is cancelled before the head arrived,
    ///   and afterwards when the body's consumer stops: its task is cancelled, or it releases the body
    ///   (and every iterator of it) before the end.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse
}

/// A response whose body is still arriving: the head (status, headers) and the body as a stream of
/// chunks, in order, as the transport delivered them (chunk boundaries carry no meaning). Its
/// `description` shows the status only.
public struct HTTPStreamingResponse: Sendable, CustomStringConvertible {
    /// The status code, for example 200.
    public var statusCode: Int
    /// Header fields as received (names lower-cased).
    public var headers: [String: String]
    /// The body, chunk by chunk; see ``HTTPStreamingClient/stream(_:)`` for when it ends and what it throws.
    public var body: AsyncThrowingStream<[UInt8], any Error>

    /// A response with `statusCode`, `headers` (names lower-cased) and a `body` still arriving.
    public init(statusCode: Int, headers: [String: String] = [:], body: AsyncThrowingStream<[UInt8], any Error>) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// `HTTP status (streaming)`: never the body.
    public var description: String { "HTTP \(statusCode) (streaming)" }

    /// Reads the rest of the body, at most `limit` bytes (reading stops there; the request ends when the
    /// response is released): for an error answer's body. Throws what the body throws.
    public func collectBody(limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in body {
            bytes.append(contentsOf: chunk.prefix(max(0, limit - bytes.count)))
            if bytes.count >= limit { break }
        }
        return bytes
    }
}
