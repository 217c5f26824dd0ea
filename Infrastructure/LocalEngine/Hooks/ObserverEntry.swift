import Synchronization

/// One registered observer, as the engine keeps it.
final class ObserverEntry: Sendable {
    let notify: @Sendable (CommittedChanges) -> Void
    let cancelled = Atomic<Bool>(false)

    init(notify: @escaping @Sendable (CommittedChanges) -> Void) {
        self.notify = notify
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}
