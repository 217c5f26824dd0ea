/// The REST adapter's one seam to the network: send one request, get one complete response.
///
/// Implementations deliver every HTTP status (a 404 or a 503 is a response, not an error) and throw only
/// when no response arrived: ``HTTPTransportError`` for a transport failure or a timeout, and
/// `CancellationError` (or ``HTTPTransportError/Kind/cancelled``) when the calling task was cancelled —
/// in which case the request on the wire must be cancelled too.
///
/// Implementations never follow a redirect: a 3xx is returned as the response (its `Location` header
/// kept), so credentials are never sent to another origin and a request is never re-sent without its
/// body. They read at most ``HTTPRequest/maximumResponseBytes`` of a body (else
/// ``HTTPTransportError/Kind/responseTooLarge``), and report a failure before anything was sent as
/// ``HTTPTransportError/Kind/notConnected``, so a caller can tell when a resend is safe.
/// ``URLSessionHTTPClient`` is the production implementation; tests run it against a loopback server.
public protocol HTTPClient: Sendable {
    /// Sends `request` and returns the whole response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
