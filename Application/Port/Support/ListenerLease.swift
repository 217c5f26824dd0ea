import Synchronization

/// Runs a clean-up exactly once: when ``end()`` is first called, or when the lease is released.
package final class ListenerLease: Sendable {
    private let ended = Atomic<Bool>(false)
    private let onEnd: @Sendable () -> Void

    /// A lease that runs `onEnd` once.
    package init(_ onEnd: @escaping @Sendable () -> Void) {
        self.onEnd = onEnd
    }

    /// Runs the clean-up unless it already ran.
    package func end() {
        if !ended.exchange(true, ordering: .acquiringAndReleasing) { onEnd() }
    }

    deinit { end() }
}
