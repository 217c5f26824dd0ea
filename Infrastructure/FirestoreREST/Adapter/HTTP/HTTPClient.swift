/// The REST adapter's one seam to the network: send one request, get one complete response.
///
/// Implementations deliver every HTTP status (a 404 or a 503 is a response, not an error) and throw only
/// when no response arrived: ``HTTPTransportError`` for a transport failure or a timeout, and
/// `CancellationError` (or ``HTTPTransportError/Kind/cancelled``) when the calling task was cancelled —
/// in which case the request on the wire must be cancelled too.
/// ``URLSessionHTTPClient`` is the production implementation; tests stub it at the `URLProtocol` level.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the whole response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
