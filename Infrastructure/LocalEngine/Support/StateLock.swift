#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a plain (non priority-inheriting) `pthread_mutex_t`, with `Mutex`'s `withLock` shape.
///
/// Critical sections must stay short: no decoding of a whole store, no query re-runs, no I/O (the engine
/// takes an immutable copy-on-write view under it and does such work outside). Debug builds measure the
/// longest hold (``longestHold``) so tests can check it.
///
/// Why not `Synchronization.Mutex`: on Linux it is a priority-inheriting futex, which hands the lock
/// to a sleeping waiter on every contended unlock. Under the file store's concurrent committers that
/// made every hand-over a pair of context switches (a lock convoy; see Docs/Performance.md). A plain
/// mutex lets a running thread take the lock again at once and spins briefly in user space first.
package final class StateLock<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only between `pthread_mutex_lock` and `_unlock` of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State
    #if DEBUG
    private var longest = Duration.zero
    #endif

    package init(_ state: State) {
        self.state = state
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if os(Linux)
        // Spin a little before sleeping: the critical sections are short (no work in proportion to the
        // store's size runs under the engine's lock).
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        #endif
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #if DEBUG
        // Runs before the unlock above (defers run in reverse order).
        let start = ContinuousClock.now
        defer { longest = max(longest, .now - start) }
        #endif
        return try body(&state)
    }

    #if DEBUG
    /// The longest time the lock was held since it was made or last reset (debug builds only).
    package func longestHold(reset: Bool = false) -> Duration {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        defer { if reset { longest = .zero } }
        return longest
    }
    #endif
}
