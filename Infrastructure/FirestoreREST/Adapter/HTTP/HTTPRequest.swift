public import Foundation
import HearthFirestoreCodec

/// One HTTP request, as a plain value. Its `description`, `debugDescription` and reflection redact
/// the `Authorization` header and the query string (which may hold an API key), so a request can be
/// logged without leaking credentials.
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    /// An HTTP method.
    public struct Method: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The method's name as sent, such as `GET`.
        public let rawValue: String
        /// The method named `rawValue` (sent as given: use upper case).
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `GET`: reads.
        public static let get = Method(rawValue: "GET")
        /// `POST`: Firestore's custom methods (`:commit`, `:runQuery`, …) and document creation.
        public static let post = Method(rawValue: "POST")
        /// `PATCH`: document updates.
        public static let patch = Method(rawValue: "PATCH")
        /// `DELETE`: document deletes.
        public static let delete = Method(rawValue: "DELETE")

        /// The method's name, such as `GET`.
        public var description: String { rawValue }
    }

    /// The HTTP method.
    public var method: Method
    /// The full URL, already percent-encoded.
    public var url: URL
    /// Header fields in the order they are sent. Names are case-insensitive on the wire.
    public var headers: [(name: String, value: String)]
    /// The body bytes (`nil`: no body).
    public var body: [UInt8]?
    /// How long the whole exchange may take before it fails with ``HTTPTransportError/Kind/timedOut``.
    public var timeout: Duration
    /// The most body bytes read from the response: a longer body stops being read at this size and the
    /// call fails with ``HTTPTransportError/Kind/responseTooLarge`` (default
    /// ``defaultMaximumResponseBytes``, 64 MiB).
    public var maximumResponseBytes: Int

    /// 64 MiB: far above a Firestore document (at most 1 MiB), room for a large query or batch answer.
    /// The same limit as the REST JSON route's (`FirestoreJSONDecoder.defaultMaximumBytes`), written once.
    public static let defaultMaximumResponseBytes = FirestoreJSONDecoder.defaultMaximumBytes

    /// A request; `timeout` defaults to 60 seconds, `maximumResponseBytes` to 64 MiB.
    public init(
        method: Method,
        url: URL,
        headers: [(name: String, value: String)] = [],
        body: [UInt8]? = nil,
        timeout: Duration = .seconds(60),
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) {
        self.maximumResponseBytes = max(0, maximumResponseBytes)
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Equal when every part is: method, URL, body, timeout, response cap and headers (names and values, in
    /// order).
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body && lhs.timeout == rhs.timeout
            && lhs.maximumResponseBytes == rhs.maximumResponseBytes
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(body)
    }

    /// `METHOD url [Name: value]… (n bytes)`, with the query string and the `Authorization` header's value
    /// redacted and the body left out, so it can be logged.
    public var description: String {
        var text = "\(method) \(URLSessionHTTPClient.redactedURL(url))"
        for header in headers {
            let secret = header.name.caseInsensitiveCompare("Authorization") == .orderedSame
            text += " [\(header.name): \(secret ? "<redacted>" : header.value)]"
        }
        if let body { text += " (\(body.count) bytes)" }
        return text
    }

    /// The same redacted text as ``description``.
    public var debugDescription: String { description }

    /// Only the redacted ``description``, so `dump` and debuggers never show credentials.
    public var customMirror: Mirror { Mirror(self, children: ["request": description]) }
}
