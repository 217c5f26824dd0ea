import HearthDomain
import HearthFirestoreCodec

/// Translates what the REST API and the transport answer into ``DocumentStoreError``, following the
/// table in `Docs/ErrorMapping.md`.
enum RESTErrorMapper {
    /// The error of a non-2xx response: from the body's `error.status` when present, otherwise from the
    /// HTTP status (the body's excerpt then becomes the message).
    static func error(for response: HTTPResponse, operation: String) -> DocumentStoreError {
        if (300..<400).contains(response.statusCode) { return redirect(response, operation: operation) }
        let parsed = try? JSONParser.parse(response.body)
        if let parsed, let errorObject = errorObject(in: parsed) {
            return error(fromErrorObject: errorObject, httpStatus: response.statusCode, operation: operation)
        }
        let excerpt = BodyExcerpt.of(response.body)
        let cause = FirestoreServerError(httpStatus: response.statusCode, status: nil, message: excerpt)
        let code = code(forHTTPStatus: response.statusCode)
        return DocumentStoreError(
            code,
            "\(operation) failed with HTTP \(response.statusCode) and no error status in the body: \(excerpt)",
            underlying: cause
        )
    }

    /// The `{"code", "message", "status", "details"}` object of an error body `{"error": {...}}` or
    /// `[{"error": {...}}]`, if `json` is one.
    static func errorObject(in json: JSON) -> JSONObject? {
        switch json {
        case .object(let object):
            if case .object(let inner)? = object["error"] { return inner }
            return nil
        case .array(let elements):
            guard elements.count == 1 else { return nil }
            return errorObject(in: elements[0])
        default:
            return nil
        }
    }

    /// The error an `error` object denotes (from a response body or from an element of a streamed answer).
    static func error(fromErrorObject object: JSONObject, httpStatus: Int, operation: String) -> DocumentStoreError {
        let message: String = if case .string(let text)? = object["message"] { BodyExcerpt.message(text) } else { "" }
        let status: String? = if case .string(let text)? = object["status"], !text.isEmpty { text } else { nil }
        let details: String? = object["details"].map { BodyExcerpt.truncated(JSONWriter.string($0), limit: 1_000) }
        let cause = FirestoreServerError(httpStatus: httpStatus, status: status, message: message, details: details)
        let code: DocumentStoreError.Code
        if let status {
            code = DocumentStoreError.Code(name: status) ?? .unknown
        } else {
            code = self.code(forHTTPStatus: httpStatus)
        }
        let statusText = status ?? "no status"
        let shownMessage = message.isEmpty ? "(no message)" : message
        return DocumentStoreError(
            code, "\(shownMessage) [HTTP \(httpStatus) \(statusText), \(operation)]", underlying: cause)
    }

    /// The error of an embedded `google.rpc.Status` (`{"code": 5, "message": ...}`; code 0 or absent is
    /// OK and gives `nil`).
    static func error(fromStatus object: JSONObject, operation: String) -> DocumentStoreError? {
        let number: Int
        switch object["code"] {
        case nil: number = 0
        case .number(let lexeme)?: number = Int(lexeme) ?? DocumentStoreError.Code.unknown.number
        case .string(let text)?:
            number = Int(text) ?? DocumentStoreError.Code(name: text)?.number ?? DocumentStoreError.Code.unknown.number
        default: number = DocumentStoreError.Code.unknown.number
        }
        if number == 0 { return nil }
        let code = DocumentStoreError.Code(number: number) ?? .unknown
        let message: String = if case .string(let text)? = object["message"] { BodyExcerpt.message(text) } else { "" }
        let cause = FirestoreServerError(httpStatus: 200, status: code.name, message: message)
        return DocumentStoreError(
            code, "\(message.isEmpty ? "(no message)" : message) [\(code.name), \(operation)]", underlying: cause)
    }

    /// A redirect, which the adapter never follows (the bearer token stays with the configured origin, and
    /// a commit is never re-sent without its body): `unknown`, naming the `Location` without its query.
    static func redirect(_ response: HTTPResponse, operation: String) -> DocumentStoreError {
        let location =
            response.headers["location"].map { text in
                let withoutQuery = text.firstIndex(of: "?").map { String(text[..<$0]) + "?…" } ?? text
                return "to \"\(BodyExcerpt.of(Array(withoutQuery.utf8)))\""
            } ?? "without a Location"
        let cause = FirestoreServerError(httpStatus: response.statusCode, status: nil, message: "redirect \(location)")
        return DocumentStoreError(
            .unknown,
            "\(operation) was answered with HTTP \(response.statusCode), a redirect \(location); redirects are not followed "
                + "(credentials are sent only to the configured base URL, and the request was not applied by it) — check the base URL",
            underlying: cause
        )
    }

    /// The fallback when a body carries no status: the HTTP status's canonical code.
    static func code(forHTTPStatus status: Int) -> DocumentStoreError.Code {
        switch status {
        case 400: .invalidArgument
        case 401: .unauthenticated
        case 403: .permissionDenied
        case 404: .notFound
        case 408: .deadlineExceeded
        case 409: .aborted
        case 412: .failedPrecondition
        case 416: .outOfRange
        case 429: .resourceExhausted
        case 499: .cancelled
        case 500: .internal
        case 501: .unimplemented
        case 502, 503: .unavailable
        case 504: .deadlineExceeded
        default: .unknown
        }
    }

    /// A transport failure: timeouts → `deadlineExceeded`, cancellation → `cancelled`, the rest → `unavailable`.
    static func error(for transport: HTTPTransportError, operation: String) -> DocumentStoreError {
        let code: DocumentStoreError.Code =
            switch transport.kind {
            case .timedOut: .deadlineExceeded
            case .cancelled: .cancelled
            case .notConnected, .connectionFailed: .unavailable
            case .responseTooLarge: .resourceExhausted
            }
        return DocumentStoreError(code, "\(operation): \(transport.message)", underlying: transport)
    }

    /// Any error thrown while sending: kept when already a ``DocumentStoreError``, mapped otherwise.
    static func error(forThrown error: any Error, operation: String) -> DocumentStoreError {
        switch error {
        case let error as DocumentStoreError: error
        case let error as HTTPTransportError: self.error(for: error, operation: operation)
        case is CancellationError: DocumentStoreError(.cancelled, "\(operation) was cancelled.")
        default:
            DocumentStoreError(
                .unavailable, "\(operation) failed: \(type(of: error)): \(error)",
                underlying: SendableDescription(error))
        }
    }

    /// A successful answer the adapter could not read: `internal`, with the reason and an excerpt.
    static func undecodable(
        _ body: [UInt8], operation: String, reason: String, underlying: (any Error & Sendable)? = nil
    )
        -> DocumentStoreError
    {
        DocumentStoreError(
            .internal,
            "\(operation): the server's answer could not be decoded (\(reason)); body (\(body.count) bytes): \(BodyExcerpt.of(body))",
            underlying: underlying
        )
    }
}

/// The text of a non-Sendable error, kept as a cause.
struct SendableDescription: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ error: any Error) { description = String(describing: error) }
}
