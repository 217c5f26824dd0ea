/// An error answer of the Firestore REST API, kept as the `underlying` cause of the
/// `DocumentStoreError` it was mapped to (see `Docs/ErrorMapping.md`).
public struct FirestoreServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status of the response (200 for an error inside a successful streamed answer).
    public let httpStatus: Int
    /// The canonical status name from the body's `error.status` (`"ABORTED"`), when there was one.
    public let status: String?
    /// The server's message (`error.message`), or an excerpt of an unparsable body.
    public let message: String
    /// The compact JSON of `error.details`, when present (truncated to 1,000 bytes).
    public let details: String?

    /// An error answer with its HTTP status, canonical status name, message and details.
    public init(httpStatus: Int, status: String?, message: String, details: String? = nil) {
        self.httpStatus = httpStatus
        self.status = status
        self.message = message
        self.details = details
    }

    /// `HTTP 409 ABORTED: message`, then ` details: …` when the answer had details.
    public var description: String {
        var text = "HTTP \(httpStatus)"
        if let status { text += " \(status)" }
        text += ": \(message)"
        if let details { text += " details: \(details)" }
        return text
    }
}
