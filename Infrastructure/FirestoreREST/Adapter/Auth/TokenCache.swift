import Foundation
import HearthDomain
import HearthPort

/// A token and the time it stops being valid (`nil`: never expires).
struct ExpiringToken: Sendable {
    let token: AccessToken
    let expiresAt: Date?
}

/// Caches one token, refreshes it `refreshMargin` before it expires, and coalesces concurrent refreshes
/// into one fetch. A caller whose task is cancelled stops waiting at once (`cancelled`); the fetch itself
/// is cancelled when no caller waits for it any more.
actor TokenCache {
    private let fetch: @Sendable () async throws -> ExpiringToken
    private let refreshMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var current: ExpiringToken?
    private var refresh: Task<Void, Never>?
    private var generation = 0
    private var waiters: [Int: CheckedContinuation<AccessToken, any Error>] = [:]
    private var nextWaiter = 0

    init(
        refreshMargin: Duration, now: @escaping @Sendable () -> Date,
        fetch: @escaping @Sendable () async throws -> ExpiringToken
    ) {
        let parts = refreshMargin.components
        self.refreshMargin = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.now = now
        self.fetch = fetch
    }

    func token() async throws -> AccessToken {
        if let current, isFresh(current) { return current.token }
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<AccessToken, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: Self.cancelled)
                    return
                }
                waiters[id] = continuation
                startRefreshIfNeeded()
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    /// Forgets `token` if it is the cached one, so the next ``token()`` fetches a new one. Returns `true`.
    func invalidate(_ token: AccessToken) -> Bool {
        if current?.token == token { current = nil }
        return true
    }

    private func startRefreshIfNeeded() {
        guard refresh == nil else { return }
        generation += 1
        let started = generation
        let fetch = self.fetch
        refresh = Task {
            let result: Result<ExpiringToken, any Error>
            do {
                result = .success(try await fetch())
            } catch {
                result = .failure(error)
            }
            self.finish(result, generation: started)
        }
    }

    private func finish(_ result: Result<ExpiringToken, any Error>, generation finished: Int) {
        guard finished == generation, refresh != nil else { return }
        refresh = nil
        if case .success(let token) = result { current = token }
        let resumed = waiters
        waiters = [:]
        for continuation in resumed.values {
            continuation.resume(with: result.map(\.token))
        }
    }

    private func cancelWaiter(_ id: Int) {
        guard let continuation = waiters.removeValue(forKey: id) else { return }
        continuation.resume(throwing: Self.cancelled)
        if waiters.isEmpty, let refresh {
            refresh.cancel()
            self.refresh = nil
            generation += 1
        }
    }

    private func isFresh(_ token: ExpiringToken) -> Bool {
        guard let expiresAt = token.expiresAt else { return true }
        return now().addingTimeInterval(refreshMargin) < expiresAt
    }

    private static let cancelled = DocumentStoreError(.cancelled, "Obtaining credentials was cancelled.")
}
