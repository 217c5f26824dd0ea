import Foundation
import HearthApplication
import HearthDomain

/// A token and the time it stops being valid (`nil`: never expires).
struct ExpiringToken: Sendable {
    let token: AccessToken
    let expiresAt: Date?
}

/// Caches one token, refreshes it `refreshMargin` before it expires, and coalesces concurrent refreshes
/// into one fetch. A refresh runs to completion even when the task that started it is cancelled, so
/// other waiters still get its result.
actor TokenCache {
    private let fetch: @Sendable () async throws -> ExpiringToken
    private let refreshMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var current: ExpiringToken?
    private var refreshing: Task<ExpiringToken, any Error>?

    init(refreshMargin: Duration, now: @escaping @Sendable () -> Date, fetch: @escaping @Sendable () async throws -> ExpiringToken) {
        let parts = refreshMargin.components
        self.refreshMargin = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.now = now
        self.fetch = fetch
    }

    func token() async throws -> AccessToken {
        if let current, isFresh(current) { return current.token }
        let task: Task<ExpiringToken, any Error>
        if let refreshing {
            task = refreshing
        } else {
            task = Task { [fetch] in try await fetch() }
            refreshing = task
        }
        do {
            let fresh = try await task.value
            if refreshing == task { refreshing = nil }
            current = fresh
            return fresh.token
        } catch {
            if refreshing == task { refreshing = nil }
            throw error
        }
    }

    /// Forgets `token` if it is the cached one; the next ``token()`` fetches a new one.
    /// Returns whether it was the cached token (or a newer one is already cached).
    func invalidate(_ token: AccessToken) -> Bool {
        if current?.token == token {
            current = nil
        }
        return true
    }

    private func isFresh(_ token: ExpiringToken) -> Bool {
        guard let expiresAt = token.expiresAt else { return true }
        return now().addingTimeInterval(refreshMargin) < expiresAt
    }
}
