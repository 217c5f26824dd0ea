import Dispatch
import HearthDomain
import Synchronization

/// Whether a file store finished recovering, and how: operations wait on it. Once it has settled the
/// check is one atomic load.
final class StoreOpening: Sendable {
    private enum Phase {
        case opening(waiters: [CheckedContinuation<Void, Never>])
        case opened(FileSystemDocumentStore.RecoveryReport)
        case failed(DocumentStoreError)
    }

    private let open = Atomic<Bool>(false)
    private let phase = Mutex(Phase.opening(waiters: []))

    /// Whether recovery finished successfully.
    var isOpen: Bool { open.load(ordering: .acquiring) }

    func succeed(_ report: FileSystemDocumentStore.RecoveryReport) {
        settle(.opened(report))
    }

    func fail(_ error: DocumentStoreError) {
        settle(.failed(error))
    }

    /// Returns once recovery succeeded; throws its failure.
    func wait() async throws(DocumentStoreError) {
        if isOpen { return }
        _ = try await report()
    }

    /// What recovery found, once it finished; throws its failure.
    func report() async throws(DocumentStoreError) -> FileSystemDocumentStore.RecoveryReport {
        await settledPhase()
        switch phase.withLock({ $0 }) {
        case .opened(let report): return report
        case .failed(let error): throw error
        case .opening: throw DocumentStoreError(.internal, "The file store's recovery has not settled.")
        }
    }

    /// Waits until recovery finished; whether it succeeded.
    func settled() async -> Bool {
        await settledPhase()
        return isOpen
    }

    private func settledPhase() async {
        if isOpen { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = phase.withLock { phase -> Bool in
                guard case .opening(var waiters) = phase else { return false }
                waiters.append(continuation)
                phase = .opening(waiters: waiters)
                return true
            }
            if !waiting { continuation.resume() }
        }
    }

    private func settle(_ settled: Phase) {
        let waiters = phase.withLock { phase -> [CheckedContinuation<Void, Never>] in
            guard case .opening(let waiters) = phase else { return [] }
            phase = settled
            if case .opened = settled { open.store(true, ordering: .releasing) }
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Runs blocking file work (recovery, export) on a Dispatch queue and awaits it, so that it never
/// occupies a thread of Swift's cooperative pool.
enum OffThePool {
    static func run<Value: Sendable>(
        _ work: @escaping @Sendable () throws(DocumentStoreError) -> Value
    ) async throws(DocumentStoreError) -> Value {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, DocumentStoreError>, Never>) in
            DispatchQueue.global().async { continuation.resume(returning: Result(catching: work)) }
        }
        return try result.get()
    }
}
