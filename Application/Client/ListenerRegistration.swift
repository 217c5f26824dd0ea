import Dispatch
import HearthDomain
import Synchronization

/// A callback listener (``QueryConvertible/addSnapshotListener(includeMetadataChanges:_:)``,
/// ``DocumentReference/addSnapshotListener(includeMetadataChanges:_:)``). It keeps listening until
/// ``remove()`` is called: releasing the registration does not stop it, as in Firebase's SDKs.
///
/// Callbacks run one at a time, in snapshot order, on a serial dispatch queue of Hearth's own (as
/// Firebase's run on one queue, the main queue by default), never on Swift's cooperative thread pool, so
/// a callback that blocks delays other callbacks but never starves `async` code. Each callback finishes
/// before the listener pulls its next snapshot (a slow callback gets one snapshot combining what it
/// missed).
///
/// **Stopping is final.** When ``remove()`` returns, no callback of this registration is running and
/// none will start:
/// - called from outside a callback (any thread or task), `remove()` waits for a callback in flight to
///   return, then returns; a snapshot already pulled but not yet delivered is dropped;
/// - called from inside a callback (this listener's or another's), it returns at once: callbacks run one
///   at a time, so no other callback of this registration can be in flight, and the current one
///   continues to its end. Removing listeners from inside callbacks therefore never deadlocks.
///
/// Do not block a callback on a thread that is waiting in `remove()` (for example with
/// `DispatchQueue.main.sync` while the main thread removes the listener): `remove()` waits for that
/// callback, which waits for it.
///
/// The same holds when the database's store is closed (``Database/close()``): no callback starts once
/// the store is closed.
public final class ListenerRegistration: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var removed = false
        var delivering = false
        var waiters: [DispatchSemaphore] = []
    }

    private let state = Mutex(State())
    /// Whether the store the listener reads from was closed (then nothing more is delivered).
    private let storeIsClosed: @Sendable () -> Bool

    init(storeIsClosed: @escaping @Sendable () -> Bool = { false }) {
        self.storeIsClosed = storeIsClosed
    }

    /// Starts a listener that delivers each element of `snapshots` to `listener`, and the error that
    /// ends them (as a ``DocumentStoreError``) once. The guarantees of this type's documentation live here,
    /// so every callback form built on it has them.
    static func listen<Snapshots: AsyncSequence & Sendable>(
        to snapshots: Snapshots,
        of database: Database,
        _ listener: @escaping @Sendable (Result<Snapshots.Element, DocumentStoreError>) -> Void
    ) -> ListenerRegistration where Snapshots.Element: Sendable {
        let closable = database.store as? any ClosableDocumentStore
        let registration = ListenerRegistration(storeIsClosed: { closable?.isClosed ?? false })
        registration.start { registration in
            do {
                for try await snapshot in snapshots {
                    guard await registration.deliver({ listener(.success(snapshot)) }) else { return }
                }
            } catch {
                _ = await registration.deliver { listener(.failure(ListenMapping.storeError(error))) }
            }
        }
        return registration
    }

    private func start(_ body: @escaping @Sendable (ListenerRegistration) async -> Void) {
        let task = Task { await body(self) }
        let removed = state.withLock { state -> Bool in
            state.task = task
            return state.removed
        }
        if removed { task.cancel() }
    }

    /// Stops the listener and frees its resources; idempotent. When it returns, no callback of this
    /// registration is running or will start (see the type's documentation: from inside a callback it
    /// returns at once, from outside it waits for a callback in flight).
    public func remove() {
        let (task, wait) = state.withLock { state -> (Task<Void, Never>?, DispatchSemaphore?) in
            state.removed = true
            guard state.delivering, !CallbackQueue.isCurrent else { return (state.task, nil) }
            let semaphore = DispatchSemaphore(value: 0)
            state.waiters.append(semaphore)
            return (state.task, semaphore)
        }
        task?.cancel()
        wait?.wait()
    }

    /// Whether ``remove()`` was called.
    public var isRemoved: Bool { state.withLock { $0.removed } }

    /// Runs `callback` on the callback queue unless the listener was removed (or its store closed) by
    /// then; returns whether it ran.
    private func deliver(_ callback: @escaping @Sendable () -> Void) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            CallbackQueue.queue.async {
                continuation.resume(returning: self.deliverNow(callback))
            }
        }
    }

    /// On the callback queue: the removed check and the in-flight mark are one step under the lock
    /// `remove()` takes, so `remove()` either sees the callback in flight (and waits) or the callback
    /// sees the removal (and never starts).
    private func deliverNow(_ callback: () -> Void) -> Bool {
        let closed = storeIsClosed()
        let starts = state.withLock { state -> Bool in
            guard !state.removed, !closed else { return false }
            state.delivering = true
            return true
        }
        guard starts else { return false }
        callback()
        let waiters = state.withLock { state -> [DispatchSemaphore] in
            state.delivering = false
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.signal() }
        return true
    }
}

/// The serial queue every callback listener's callbacks run on.
enum CallbackQueue {
    private static let key = DispatchSpecificKey<Bool>()

    static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "Hearth.ListenerRegistration.callbacks")
        queue.setSpecific(key: key, value: true)
        return queue
    }()

    /// Whether the calling code runs on the callback queue (inside a callback).
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    /// Waits until the callback running now (if any) has returned, unless called from a callback.
    static func waitForTheRunningCallback() {
        guard !isCurrent else { return }
        queue.sync {}
    }
}
