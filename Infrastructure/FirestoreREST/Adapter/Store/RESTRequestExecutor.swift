import Foundation
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// Sends one logical call: adds credentials and headers, sends through the ``HTTPClient``, maps failures
/// to `DocumentStoreError`, retries through the project's `Retrier` (per the `RetryPolicy`, within
/// its overall deadline, honouring a bounded `Retry-After` on 429 and 503), and retries once with a
/// refreshed token after `unauthenticated`. Returns only 2xx responses.
///
/// A non-idempotent call (a commit that is not provably idempotent, see `CommitIdempotency`) is sent
/// again only when the failed attempt provably never reached the server (no connection was made) or
/// the server answered with a code the policy retries for commits; after an ambiguous failure (the
/// connection broke or timed out after the request may have left) it fails with "the write may have been
/// applied".
struct RESTRequestExecutor: Sendable {
    let httpClient: any HTTPClient
    let tokenProvider: any TokenProvider
    let retrier: Retrier
    let requestTimeout: Duration
    let maximumResponseBytes: Int
    let quotaProjectID: String?
    /// The wall clock `Retry-After` dates are measured from.
    let wallClock: @Sendable () -> Date
    /// Whether the store was closed: then every call fails with `failedPrecondition` before sending.
    let lifecycle: RESTStoreLifecycle

    var retryPolicy: RetryPolicy { retrier.policy }

    /// One call: method, URL, optional JSON body (compact bytes from the codec), whether sending it twice
    /// is harmless, and a name for messages.
    struct Call: Sendable {
        var method: HTTPRequest.Method
        var url: URL
        var body: [UInt8]? = nil
        var idempotent: Bool
        var operation: String
    }

    /// How one attempt failed, as far as retrying is concerned.
    private struct AttemptFailure: Error {
        var error: DocumentStoreError
        /// Where the failure came from.
        var origin: Origin
        /// The delay the server asked for (`Retry-After` on a 429 or 503).
        var retryAfter: Duration? = nil

        enum Origin {
            /// The server answered with an error status.
            case answered
            /// No connection was made: nothing was sent.
            case neverSent
            /// The connection broke or timed out: the request may have reached the server.
            case ambiguous
            /// A failure no retry can mend (a redirect, a body over the limit).
            case final
        }
    }

    func perform(_ call: Call) async throws(DocumentStoreError) -> HTTPResponse {
        if lifecycle.isClosed { throw lifecycle.closedError(call.operation) }
        var refreshedToken = false
        do {
            return try await retrier.run(operation: call.operation) { attempt in
                try await send(call, attempt: attempt, refreshedToken: &refreshedToken)
            } verdict: { error, _ in
                verdict(error, call: call)
            }
        } catch let failure as AttemptFailure {
            throw finalError(failure, call: call)
        } catch {
            throw RESTErrorMapper.error(forThrown: error, operation: call.operation)
        }
    }

    /// One attempt (two sends when the first is refused for a stale token that could be refreshed).
    private func send(_ call: Call, attempt: Retrier.Attempt, refreshedToken: inout Bool) async throws -> HTTPResponse {
        let timeout = attempt.remaining.map { min(requestTimeout, max($0, .milliseconds(1))) } ?? requestTimeout
        while true {
            if Task.isCancelled { throw DocumentStoreError(.cancelled, "\(call.operation) was cancelled.") }
            let token: AccessToken?
            do {
                token = try await tokenProvider.token()
            } catch {
                throw RESTErrorMapper.error(forThrown: error, operation: "\(call.operation): obtaining credentials")
            }
            let request = HTTPRequest(
                method: call.method,
                url: call.url,
                headers: headers(token: token, hasBody: call.body != nil),
                body: call.body,
                timeout: timeout,
                maximumResponseBytes: maximumResponseBytes
            )
            let response: HTTPResponse
            do {
                response = try await httpClient.send(request)
            } catch {
                let mapped = RESTErrorMapper.error(forThrown: error, operation: call.operation)
                if mapped.code == .cancelled || Task.isCancelled {
                    throw mapped.code == .cancelled
                        ? mapped
                        : DocumentStoreError(.cancelled, "\(call.operation) was cancelled.", underlying: mapped)
                }
                throw transportFailure(mapped, error as? HTTPTransportError, call: call, timeout: timeout)
            }
            if response.isSuccess { return response }
            let mapped = RESTErrorMapper.error(for: response, operation: call.operation)
            if Task.isCancelled {
                throw DocumentStoreError(.cancelled, "\(call.operation) was cancelled.", underlying: mapped)
            }
            if mapped.code == .unauthenticated, !refreshedToken, let token, await tokenProvider.tokenRejected(token) {
                refreshedToken = true
                continue
            }
            if (300..<400).contains(response.statusCode) { throw AttemptFailure(error: mapped, origin: .final) }
            let retryAfter =
                [429, 503].contains(response.statusCode)
                ? response.headers["retry-after"].flatMap { RetryAfter.delay($0, now: wallClock()) } : nil
            throw AttemptFailure(error: mapped, origin: .answered, retryAfter: retryAfter)
        }
    }

    private func transportFailure(
        _ mapped: DocumentStoreError, _ transport: HTTPTransportError?, call: Call, timeout: Duration
    ) -> AttemptFailure {
        switch transport?.kind {
        case .notConnected?:
            return AttemptFailure(error: mapped, origin: .neverSent)
        case .responseTooLarge?:
            let message =
                "\(mapped.message) (FirestoreRESTConfiguration.maximumResponseBytes is \(maximumResponseBytes)); "
                + "read less per call (a smaller page or limit) or raise the limit"
            return AttemptFailure(
                error: DocumentStoreError(mapped.code, message, underlying: mapped.underlying), origin: .final)
        case .timedOut? where timeout < requestTimeout:
            let message =
                "\(mapped.message); the call's deadline of \(retryPolicy.deadline ?? timeout) (RetryPolicy.deadline) left only \(timeout) for this attempt"
            return AttemptFailure(
                error: DocumentStoreError(mapped.code, message, underlying: mapped.underlying), origin: .ambiguous)
        default:
            return AttemptFailure(error: mapped, origin: .ambiguous)
        }
    }

    /// Whether a failed attempt is tried again (the `Retrier` adds the attempt count and the deadline).
    private func verdict(_ error: any Error, call: Call) -> Retrier.Verdict {
        guard !Task.isCancelled, let failure = error as? AttemptFailure else { return .stop }
        guard retryPolicy.retryableCodes(idempotent: call.idempotent).contains(failure.error.code) else { return .stop }
        switch failure.origin {
        case .final: return .stop
        case .neverSent: return .retry()
        case .answered: return .retry(notBefore: failure.retryAfter)
        case .ambiguous: return call.idempotent ? .retry() : .stop
        }
    }

    /// The error a call ends with: the last attempt's, saying so when a write may have been applied.
    private func finalError(_ failure: AttemptFailure, call: Call) -> DocumentStoreError {
        guard !call.idempotent, failure.origin == .ambiguous else { return failure.error }
        let code: DocumentStoreError.Code = failure.error.code == .deadlineExceeded ? .deadlineExceeded : .unavailable
        return DocumentStoreError(
            code,
            "\(failure.error.message) — the write may have been applied: the request may have reached the server before the "
                + "connection failed, so it was not sent again (only idempotent writes are; see Docs/FirestoreRESTAdapter.md). "
                + "Read the documents to find out before writing again.",
            underlying: failure.error
        )
    }

    private func headers(token: AccessToken?, hasBody: Bool) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let token { headers.append(("Authorization", "Bearer " + token.value)) }
        if hasBody { headers.append(("Content-Type", "application/json")) }
        headers.append(("Accept", "application/json"))
        if let quotaProjectID { headers.append(("x-goog-user-project", quotaProjectID)) }
        return headers
    }
}
