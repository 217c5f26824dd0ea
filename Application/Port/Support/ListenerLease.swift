import Synchronization

/// Runs a clean-up exactly once: when ``end()`` is first called, or when the lease is released.
final class ListenerLease: Sendable {
    private let ended = Atomic<Bool>(false)
    private let onEnd: @Sendable () -> Void

    init(_ onEnd: @escaping @Sendable () -> Void) {
        self.onEnd = onEnd
    }

    /// Runs the clean-up unless it already ran.
    func end() {
        if !ended.exchange(true, ordering: .acquiringAndReleasing) { onEnd() }
    }

    deinit { end() }
}
