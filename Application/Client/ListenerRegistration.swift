import Synchronization

/// A callback listener (``QueryConvertible/addSnapshotListener(includeMetadataChanges:_:)``,
/// ``DocumentReference/addSnapshotListener(includeMetadataChanges:_:)``). It keeps listening until
/// ``remove()`` is called: releasing the registration does not stop it, as in Firebase's SDKs.
public final class ListenerRegistration: Sendable {
    private let task: Mutex<Task<Void, Never>?> = Mutex(nil)
    private let removed = Atomic<Bool>(false)

    init() {}

    func start(_ body: @escaping @Sendable (ListenerRegistration) async -> Void) {
        let task = Task { await body(self) }
        self.task.withLock { $0 = task }
        if isRemoved { task.cancel() }
    }

    /// Stops the listener and frees its resources. No callback starts after `remove()` returns (one
    /// already running may finish). Idempotent.
    public func remove() {
        removed.store(true, ordering: .releasing)
        task.withLock { $0 }?.cancel()
    }

    /// Whether ``remove()`` was called.
    public var isRemoved: Bool { removed.load(ordering: .acquiring) }
}
