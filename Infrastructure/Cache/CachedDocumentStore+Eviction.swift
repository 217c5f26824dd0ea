public import HearthDomain
import HearthPort
import Synchronization

extension CachedDocumentStore {
    /// The estimated size of the documents the cache holds and has used since it opened, in bytes
    /// (Firestore's storage sizes; documents an earlier run left are counted from their first use).
    public var cacheSize: Int { usage.totalSize }

    /// Evicts, least recently used first, documents that have no pending write and are held by no active
    /// listener, until ``cacheSize`` is at most ``CacheOptions/sizeTarget`` (none when unlimited or under
    /// it). Runs by itself after a local write takes the cache over its target; a later read of an evicted
    /// document goes to the server (`.cache`: `unavailable`). Returns the evicted documents, oldest first.
    @discardableResult
    public func evictLeastRecentlyUsed() async throws -> [DocumentPath] {
        guard let target = options.sizeTarget.bytes else { return [] }
        return try await localLock.withLock {
            try checkOpen()
            let kept = Set(pendingWrites.flatMap(\.paths))
            let victims = usage.victims(target: target, kept: kept)
            guard !victims.isEmpty else { return [] }
            _ = try await usage.base.commit(victims.map { .delete($0) }, transaction: nil)
            usage.forget(victims)
            return victims
        }
    }

    /// Makes the local store call for an eviction run whenever a write takes it over the target; runs
    /// do not overlap, and one asked for during a run follows it.
    func startEviction() {
        guard let target = options.sizeTarget.bytes else { return }
        let runs = EvictionRuns()
        usage.state.withLock { state in
            state.target = target
            state.overTarget = { [weak self] in
                guard runs.request() else { return }
                Task { [weak self] in
                    repeat {
                        _ = try? await self?.evictLeastRecentlyUsed()
                    } while runs.finish()
                }
            }
        }
    }
}

/// Coalesces eviction requests: at most one run at a time, and one more when asked for during it.
final class EvictionRuns: Sendable {
    private let state = Mutex((running: false, again: false))

    /// Whether the caller should start a run (none is running); otherwise the running one will go again.
    func request() -> Bool {
        state.withLock { state in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
    }

    /// Whether to run again (asked for meanwhile); otherwise the run is over.
    func finish() -> Bool {
        state.withLock { state in
            if state.again {
                state.again = false
                return true
            }
            state.running = false
            return false
        }
    }
}
