import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec

/// Sends one logical call: adds credentials and headers, sends through the ``HTTPClient``, maps failures
/// to ``DocumentStoreError``, retries per the ``RetryPolicy`` with jittered backoff, and retries once
/// with a refreshed token after `unauthenticated`. Returns only 2xx responses.
struct RESTRequestExecutor: Sendable {
    let httpClient: any HTTPClient
    let tokenProvider: any TokenProvider
    let retryPolicy: RetryPolicy
    let requestTimeout: Duration
    let quotaProjectID: String?
    let sleep: @Sendable (Duration) async throws -> Void
    let jitter: @Sendable () -> Double

    /// One call: method, URL, optional JSON body, whether it is idempotent, and a name for messages.
    struct Call: Sendable {
        var method: HTTPRequest.Method
        var url: URL
        var body: JSON?
        var idempotent: Bool
        var operation: String
    }

    func perform(_ call: Call) async throws(DocumentStoreError) -> HTTPResponse {
        let bodyBytes = call.body.map { JSONWriter.serialize($0) }
        var attempt = 0
        var refreshedToken = false
        while true {
            attempt += 1
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
                headers: headers(token: token, hasBody: bodyBytes != nil),
                body: bodyBytes,
                timeout: requestTimeout
            )
            let failure: DocumentStoreError
            do {
                let response = try await httpClient.send(request)
                if response.isSuccess { return response }
                failure = RESTErrorMapper.error(for: response, operation: call.operation)
            } catch {
                failure = RESTErrorMapper.error(forThrown: error, operation: call.operation)
            }
            if failure.code == .cancelled || Task.isCancelled {
                throw failure.code == .cancelled ? failure : DocumentStoreError(.cancelled, "\(call.operation) was cancelled.", underlying: failure)
            }
            if failure.code == .unauthenticated, !refreshedToken, let token, await tokenProvider.tokenRejected(token) {
                refreshedToken = true
                attempt -= 1
                continue
            }
            guard retryPolicy.shouldRetry(failure.code, idempotent: call.idempotent, afterAttempt: attempt) else {
                throw failure
            }
            let delay = retryPolicy.backoff(beforeRetry: attempt, unit: jitter())
            do {
                try await sleep(delay)
            } catch {
                throw DocumentStoreError(.cancelled, "\(call.operation) was cancelled while waiting to retry.", underlying: failure)
            }
        }
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
