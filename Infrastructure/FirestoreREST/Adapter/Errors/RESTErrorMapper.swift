import HearthDomain
import HearthFirestoreCodec

/// Translates what the REST API and the transport answer into `DocumentStoreError`, following the
/// table in `Docs/ErrorMapping.md`.
enum RESTErrorMapper {
    /// The error of a non-2xx response: from the body's `error.status` when present, otherwise from the
    /// HTTP status (the body's excerpt then becomes the message).
    static func error(for response: HTTPResponse, operation: String) -> DocumentStoreError {
        if (300..<400).contains(response.statusCode) { return redirect(response, operation: operation) }
        // A body that is not JSON, or carries no readable error object, leaves the decision to the HTTP status.
        if let body = try? RESTErrorCodec.decodeErrorBody(bytes: response.body) {
            return error(from: body, httpStatus: response.statusCode, operation: operation)
        }
        let excerpt = BodyExcerpt.of(response.body)
        let cause = FirestoreServerError(httpStatus: response.statusCode, status: nil, message: excerpt)
        let code = RESTErrorBody.code(forHTTPStatus: response.statusCode)
        return DocumentStoreError(
            code,
            "\(operation) failed with HTTP \(response.statusCode) and no error status in the body: \(excerpt)",
            underlying: cause
        )
    }

    /// The error an error body denotes (a response's, or an element's of a streamed answer, `httpStatus`
    /// 200): its code from `status`, else from `httpStatus` (``RESTErrorBody/code(status:httpStatus:)``).
    static func error(from body: RESTErrorBody, httpStatus: Int, operation: String) -> DocumentStoreError {
        let message = BodyExcerpt.message(body.message)
        let status: String? = body.status.isEmpty ? nil : body.status
        let details: String? =
            body.details.isEmpty ? nil : BodyExcerpt.truncated(JSONWriter.string(.array(body.details)), limit: 1_000)
        let cause = FirestoreServerError(httpStatus: httpStatus, status: status, message: message, details: details)
        let code = RESTErrorBody.code(status: status, httpStatus: httpStatus)
        let shownMessage = message.isEmpty ? "(no message)" : message
        return DocumentStoreError(
            code, "\(shownMessage) [HTTP \(httpStatus) \(status ?? "no status"), \(operation)]", underlying: cause)
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

    /// Any error thrown while sending: kept when already a `DocumentStoreError`, mapped otherwise.
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
