/// The listening both kinds of engine share: attempts run on a task of their own, a failed attempt is
/// retried after ``SyncRetryPolicy``'s delay (the failure count reset by every event), and stopping is
/// final: an attempt checks ``Pass/isCurrent`` before it changes anything.
@MainActor
final class SyncListener {
    /// One run of the listener, as an attempt sees it.
    @MainActor
    struct Pass {
        let listener: SyncListener
        let generation: Int

        /// Whether the listener still runs this pass (not stopped or restarted since).
        var isCurrent: Bool { listener.generation == generation }

        /// An event arrived: the failure count starts again, and a waiting `start` returns.
        func delivered() {
            guard isCurrent else { return }
            listener.failures = 0
            listener.resumeStart(nil)
        }
    }

    private let managerKey: String
    private let logger: (any SyncEngineLogger)?
    private let retry: SyncRetryPolicy
    private var generation = 0
    private var failures = 0
    private var task: Task<Void, Never>?
    private var waitingStart: CheckedContinuation<Void, any Error>?

    init(managerKey: String, logger: (any SyncEngineLogger)?, retry: SyncRetryPolicy) {
        self.managerKey = managerKey
        self.logger = logger
        self.retry = retry
    }

    /// Stops any running pass, then runs `attempt` until it returns (the stream ended: `ended`), or is
    /// stopped; a failure is reported to `failed` and retried, except the first one when
    /// `throwsFirstFailure` (then thrown here, and `ended`). Returns after the first event or failure.
    func start(
        throwsFirstFailure: Bool, failed: @escaping @MainActor (any Error) -> Void,
        ended: @escaping @MainActor () -> Void, attempt: @escaping @MainActor (Pass) async throws -> Void
    ) async throws {
        stop()
        generation += 1
        failures = 0
        let pass = Pass(listener: self, generation: generation)
        logger?.log(.listeningStarted(managerKey: managerKey))
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            waitingStart = continuation
            task = Task {
                await self.run(
                    pass, throwsFirstFailure: throwsFirstFailure, failed: failed, ended: ended, attempt: attempt)
            }
        }
    }

    /// Stops the running pass, if any (a waiting `start` returns); returns whether one was running.
    @discardableResult
    func stop() -> Bool {
        guard let task else { return false }
        generation += 1
        task.cancel()
        self.task = nil
        resumeStart(nil)
        logger?.log(.listeningStopped(managerKey: managerKey))
        return true
    }

    private func run(
        _ pass: Pass, throwsFirstFailure: Bool, failed: @MainActor (any Error) -> Void, ended: @MainActor () -> Void,
        attempt: @MainActor (Pass) async throws -> Void
    ) async {
        while pass.isCurrent {
            do {
                try await attempt(pass)
                guard pass.isCurrent else { return }
                end(nil, ended)
                return
            } catch {
                guard pass.isCurrent else { return }
                if throwsFirstFailure, waitingStart != nil {
                    end(error, ended)
                    return
                }
                let delay = retry.delay(afterFailures: failures)
                failures += 1
                failed(error)
                resumeStart(nil)
                logger?.log(.listenerFailed(managerKey: managerKey, error: error, retryAfter: delay))
                do { try await retry.sleep(delay) } catch { return }
            }
        }
    }

    private func end(_ error: (any Error)?, _ ended: @MainActor () -> Void) {
        task = nil
        generation += 1
        resumeStart(error)
        ended()
        logger?.log(.listeningStopped(managerKey: managerKey))
    }

    private func resumeStart(_ error: (any Error)?) {
        guard let continuation = waitingStart else { return }
        waitingStart = nil
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
