/// Runs the listener-stopping behaviours one at a time in the process.
///
/// These behaviours block threads on purpose: callbacks that hold their listener's queue, and `remove()`
/// or `Database.close()` waiting (synchronously, as Firebase's `remove()` does) for a callback in flight.
/// Swift's cooperative pool has one thread per core; on a two-core machine, two such behaviours running at
/// once (a test runner runs parameterized cases in parallel, several contract suites side by side) can
/// block both threads, and every listener in the process then waits for them: initial snapshots that
/// never come within the behaviours' 30-second limits. One at a time, a blocked thread always leaves
/// another to run the store's listeners. Waiting for the turn suspends; it never blocks a thread.
actor OneAtATime {
    static let listenerStopping = OneAtATime()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once no other body of this gate is running.
    func run(_ body: @Sendable () async throws -> Void) async throws {
        await acquire()
        do {
            try await body()
        } catch {
            release()
            throw error
        }
        release()
    }

    private func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
