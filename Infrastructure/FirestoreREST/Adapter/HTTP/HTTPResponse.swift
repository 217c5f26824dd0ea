/// One complete HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, for example 200 or 409.
    public var statusCode: Int
    /// Header fields as received (names lower-cased).
    public var headers: [String: String]
    /// The whole body.
    public var body: [UInt8]

    public init(statusCode: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }
}
