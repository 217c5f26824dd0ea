/// Why an ``HTTPClient`` got no response at all.
///
/// The REST adapter maps ``Kind/timedOut`` to `deadlineExceeded`, ``Kind/cancelled`` to `cancelled`,
/// ``Kind/responseTooLarge`` to `resourceExhausted` and the connection failures to `unavailable`.
public struct HTTPTransportError: Error, Sendable, CustomStringConvertible {
    /// What kind of transport failure it was, which decides the `DocumentStoreError` code and whether
    /// resending is safe.
    public enum Kind: Sendable, Hashable {
        /// The request took longer than its timeout.
        case timedOut
        /// The request was cancelled (usually because the calling task was).
        case cancelled
        /// No connection could be made, so nothing of the request was sent (DNS failure, connection
        /// refused, no network, TLS handshake failure): resending cannot apply it twice.
        case notConnected
        /// The connection broke (reset, closed, lost) — possibly after the request was sent.
        case connectionFailed
        /// The response body exceeded ``HTTPRequest/maximumResponseBytes``; reading stopped there.
        case responseTooLarge
    }

    /// What kind of failure.
    public let kind: Kind
    /// What the transport said, without request headers or bodies.
    public let message: String
    /// The platform error, if any (for example a `URLError`).
    public let underlying: (any Error & Sendable)?

    /// A failure of `kind`, described by `message` (no headers, bodies or credentials), caused by
    /// `underlying`.
    public init(_ kind: Kind, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    /// `HTTP transport error (kind): message`.
    public var description: String { "HTTP transport error (\(kind)): \(message)" }
}
