import Synchronization

/// A registration of a change observer (``LocalEngine/observeChanges(_:)``). ``cancel()``, or releasing
/// the last reference, stops the notifications. Cancelling never waits for the engine, so it is safe from
/// inside the observer itself.
public final class ChangeObservation: Sendable {
    let entry: ObserverEntry

    init(entry: ObserverEntry) {
        self.entry = entry
    }

    /// Stops notifications. Idempotent.
    public func cancel() { entry.cancelled.store(true, ordering: .releasing) }

    deinit { cancel() }
}
