/// One complete HTTP response. Its `description` and reflection show the status and the body's size,
/// never the body (token endpoints answer with tokens).
public struct HTTPResponse: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    /// The status code, for example 200 or 409.
    public var statusCode: Int
    /// Header fields as received (names lower-cased).
    public var headers: [String: String]
    /// The whole body.
    public var body: [UInt8]

    /// A response with `statusCode`, `headers` (names lower-cased) and the whole `body`.
    public init(statusCode: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// `HTTP status (n bytes)`: never the body, which may hold tokens.
    public var description: String { "HTTP \(statusCode) (\(body.count) bytes)" }
    /// The same text as ``description``.
    public var debugDescription: String { description }
    /// Only ``description``, so `dump` and debuggers never show the body.
    public var customMirror: Mirror { Mirror(self, children: ["response": description]) }
}
