public import HearthDomain

/// The body of a failed REST call: `{"error": {"code": <HTTP status>, "message", "status": "<CANONICAL_NAME>", "details"?: [...]}}`.
///
/// `code` is the HTTP status (404), not the `google.rpc.Code` number; switch on ``status`` (HTTP 409 is
/// both `ABORTED` and `ALREADY_EXISTS`). It is an `Error` so that it can be the `underlying` cause of the
/// `DocumentStoreError` it becomes (``documentStoreError``).
public struct RESTErrorBody: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status repeated in the body (`error.code`).
    public var httpStatus: Int
    /// The server's explanation (`error.message`).
    public var message: String
    /// The canonical code name (`error.status`, for example `"NOT_FOUND"`); may be empty.
    public var status: String
    /// The `details` objects, kept as JSON.
    public var details: [JSON]

    /// A body with the given members.
    public init(httpStatus: Int, message: String, status: String, details: [JSON] = []) {
        self.httpStatus = httpStatus
        self.message = message
        self.status = status
        self.details = details
    }

    /// The body Firestore would send for `error`: its code's name as `status` and that code's HTTP status.
    public init(_ error: DocumentStoreError) {
        self.init(
            httpStatus: RESTErrorBody.httpStatus(for: error.code), message: error.message, status: error.code.name)
    }

    /// The canonical code: from ``status`` when it names one, otherwise from the HTTP status
    /// (400 `invalidArgument`, 401 `unauthenticated`, 403 `permissionDenied`, 404 `notFound`, 409 `aborted`,
    /// 429 `resourceExhausted`, 499 `cancelled`, 501 `unimplemented`, 503 `unavailable`,
    /// 504 `deadlineExceeded`, anything else `unknown`).
    public var code: DocumentStoreError.Code {
        if let code = DocumentStoreError.Code(name: status) { return code }
        switch httpStatus {
        case 400: return .invalidArgument
        case 401: return .unauthenticated
        case 403: return .permissionDenied
        case 404: return .notFound
        case 409: return .aborted
        case 429: return .resourceExhausted
        case 499: return .cancelled
        case 501: return .unimplemented
        case 503: return .unavailable
        case 504: return .deadlineExceeded
        default: return .unknown
        }
    }

    /// This error as a `DocumentStoreError` with ``code`` and the server's message; this body is its
    /// `underlying` cause (for ``httpStatus``, ``status`` and ``details``).
    public var documentStoreError: DocumentStoreError {
        DocumentStoreError(code, message, underlying: self)
    }

    /// `HTTP 404 NOT_FOUND: <message>`.
    public var description: String {
        var text = "HTTP \(httpStatus)"
        if !status.isEmpty { text += " \(status)" }
        return text + ": \(message)"
    }

    /// The HTTP status Google APIs use for a canonical code (`google.rpc.Code` mapping).
    public static func httpStatus(for code: DocumentStoreError.Code) -> Int {
        switch code {
        case .cancelled: 499
        case .invalidArgument, .failedPrecondition, .outOfRange: 400
        case .deadlineExceeded: 504
        case .notFound: 404
        case .alreadyExists, .aborted: 409
        case .permissionDenied: 403
        case .resourceExhausted: 429
        case .unimplemented: 501
        case .unavailable: 503
        case .unauthenticated: 401
        default: 500
        }
    }
}
