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

    /// The canonical code: the one ``status`` names (`unknown` for a name Hearth does not know), or, when
    /// ``status`` is empty, the HTTP status's (``code(forHTTPStatus:)``).
    public var code: DocumentStoreError.Code {
        RESTErrorBody.code(status: status, httpStatus: httpStatus)
    }

    /// The canonical code of an error answer: the one `status` names (`unknown` for a name Hearth does not
    /// know), or, when `status` is `nil` or empty, ``code(forHTTPStatus:)``. As Firestore's web SDK
    /// decides (`mapCodeFromHttpResponseErrorStatus`, else `mapCodeFromHttpStatus`).
    public static func code(status: String?, httpStatus: Int) -> DocumentStoreError.Code {
        guard let status, !status.isEmpty else { return code(forHTTPStatus: httpStatus) }
        return DocumentStoreError.Code(name: status) ?? .unknown
    }

    /// The canonical code of an HTTP status, for an error answer that names no `status`: the one table of
    /// Hearth (the REST adapter uses it too; `Docs/ErrorMapping.md` §2).
    ///
    /// It is Firestore's own web SDK's `mapCodeFromHttpStatus` (firebase-js-sdk,
    /// `packages/firestore/src/remote/rpc_error.ts`), which picks one code where `google.rpc.Code`'s HTTP
    /// mapping (googleapis `google/rpc/code.proto`) is not one to one: 400 `invalidArgument`,
    /// 401 `unauthenticated`, 403 `permissionDenied`, 404 `notFound`, 409 `aborted`, 416 `outOfRange`,
    /// 429 `resourceExhausted`, 499 `cancelled`, 500 `unknown`, 501 `unimplemented`, 503 `unavailable`,
    /// 504 `deadlineExceeded`; any other 4xx `failedPrecondition`, any other 5xx `internal`, anything else
    /// `unknown`.
    public static func code(forHTTPStatus httpStatus: Int) -> DocumentStoreError.Code {
        switch httpStatus {
        case 400: .invalidArgument
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .notFound
        case 409: .aborted
        case 416: .outOfRange
        case 429: .resourceExhausted
        case 499: .cancelled
        case 500: .unknown
        case 501: .unimplemented
        case 503: .unavailable
        case 504: .deadlineExceeded
        case 400..<500: .failedPrecondition
        case 500..<600: .internal
        default: .unknown
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
}
