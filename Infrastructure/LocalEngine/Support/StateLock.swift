#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a plain (non priority-inheriting) `pthread_mutex_t`, with `Mutex`'s `withLock` shape.
///
/// Why not `Synchronization.Mutex`: on Linux it is a priority-inheriting futex, which hands the lock
/// to a sleeping waiter on every contended unlock. Under the file store's concurrent committers that
/// made every hand-over a pair of context switches (a lock convoy; see Docs/Performance.md). A plain
/// mutex lets a running thread take the lock again at once and spins briefly in user space first.
package final class StateLock<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only between `pthread_mutex_lock` and `_unlock` of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ state: State) {
        self.state = state
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if os(Linux)
            // Spin a little before sleeping: the critical sections are a few microseconds.
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
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
