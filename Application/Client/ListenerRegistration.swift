import Dispatch
import HearthDomain
import HearthPort
import Synchronization

/// A callback listener (`addSnapshotListener`, on a query or a document: ``SnapshotListenable``). It
/// keeps listening until ``remove()`` is called: releasing the registration does not stop it, as in
/// Firebase's SDKs.
///
/// Each listener's callbacks run one at a time, in snapshot order, on a serial dispatch queue of its
/// own, never on Swift's cooperative thread pool: a callback that blocks delays only its own listener
/// and never starves `async` code. Callbacks of different listeners may run at the same time. Each
/// callback returns before the listener pulls its next snapshot (a slow callback then gets one snapshot
/// combining what it missed).
///
/// **Stopping is final.** When ``remove()`` returns, no callback of this registration is running and
/// none will start. A snapshot already pulled but not yet delivered is dropped.
/// - Called from outside this listener's callback (any thread or task), `remove()` waits for a callback
///   in flight to return.
/// - Called from inside its own callback, it returns at once; the current callback continues to its
///   end, and no other starts.
/// - Called from inside another listener's callback, it waits as from outside, except where waiting
///   would deadlock: when callbacks remove each other's listeners at the same time, the one whose
///   listener another callback is already waiting for returns at once (its own callback is then still
///   running), and the waiting one returns as soon as that callback ends.
///
/// Do not block a callback on a thread that is waiting in `remove()` (for example with
/// `DispatchQueue.main.sync` while the main thread removes the listener): `remove()` waits for that
/// callback, which waits for it. (Firebase's iOS SDK has the same rule: its `remove()` takes the lock
/// a running callback holds.)
///
/// When the database's store is closed through ``Database/close()``, the same holds as for `remove()`:
/// once `close()` returns, no callback of the store's listeners is running and none will start.
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
    /// Where the callbacks run, one at a time.
    private let queue = DispatchQueue(label: "Hearth.ListenerRegistration")

    init(storeIsClosed: @escaping @Sendable () -> Bool) {
        self.storeIsClosed = storeIsClosed
        queue.setSpecific(key: Self.deliveringKey, value: ObjectIdentifier(self))
    }

    /// Starts a listener that delivers each element of `snapshots` to `listener`, and the error that
    /// ends them (as a ``DocumentStoreError``) once. The guarantees of this type's documentation live here,
    /// so every callback form built on it has them.
    static func listen<Snapshots: AsyncSequence & Sendable>(
        to snapshots: Snapshots,
        of database: Database,
        _ listener: @escaping @Sendable (Result<Snapshots.Element, DocumentStoreError>) -> Void
    ) -> ListenerRegistration where Snapshots.Element: Sendable {
        let store = database.store
        let registration = ListenerRegistration(storeIsClosed: { store.isClosed })
        live.add(registration)
        registration.start { registration in
            defer { live.remove(registration) }
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
    /// registration is running or will start (see the type's documentation: from inside its own callback
    /// it returns at once, otherwise it waits for a callback in flight unless that would deadlock).
    public func remove() {
        let task = waitForTheCallbackInFlight { state in
            state.removed = true
            return state.task
        }
        task?.cancel()
    }

    /// Waits until no callback of a listener whose store is closed is running (each has seen the store
    /// closed, or returned): what ``Database/close()`` does after closing the store.
    static func waitForTheCallbacksOfClosedStores() {
        for registration in live.all() where registration.storeIsClosed() {
            registration.waitForTheCallbackInFlight { _ in }
        }
    }

    /// Runs `update` on the state, then waits for a callback in flight to return — unless it is the
    /// caller's own callback, or waiting would deadlock (see the type's documentation).
    @discardableResult
    private func waitForTheCallbackInFlight<Value>(after update: (inout State) -> Value) -> Value {
        let caller = DispatchQueue.getSpecific(key: Self.deliveringKey)
        let me = ObjectIdentifier(self)
        let (result, wait) = state.withLock { state -> (Value, DispatchSemaphore?) in
            let result = update(&state)
            guard state.delivering, caller != me else { return (result, nil) }
            if let caller, !Self.waits.begin(caller, waitingFor: me) { return (result, nil) }
            let semaphore = DispatchSemaphore(value: 0)
            state.waiters.append(semaphore)
            return (result, semaphore)
        }
        if let wait {
            wait.wait()
            if let caller { Self.waits.end(caller) }
        }
        return result
    }

    /// Whether ``remove()`` was called.
    public var isRemoved: Bool { state.withLock { $0.removed } }

    /// Runs `callback` on the listener's queue unless the listener was removed (or its store closed) by
    /// then; returns whether it ran.
    private func deliver(_ callback: @escaping @Sendable () -> Void) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            queue.async {
                continuation.resume(returning: self.deliverNow(callback))
            }
        }
    }

    /// On the listener's queue: the removed and closed checks and the in-flight mark are one step under
    /// the lock `remove()` (and a closing database) takes, so they either see the callback in flight (and
    /// wait) or the callback sees the removal or the closing (and never starts).
    private func deliverNow(_ callback: () -> Void) -> Bool {
        let starts = state.withLock { state -> Bool in
            guard !state.removed, !storeIsClosed() else { return false }
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

    /// The registration whose callback the current code runs in, if any (its queue's specific value).
    private static let deliveringKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Which callbacks are waiting, inside `remove()`, for which listener's callback to return.
    private static let waits = CallbackWaits()

    /// The listeners on closable stores that may still deliver (so that closing can wait for them).
    private static let live = LiveRegistrations()
}

/// The registrations that may still deliver a callback, held weakly.
private final class LiveRegistrations: Sendable {
    private struct Entry {
        weak var registration: ListenerRegistration?
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func add(_ registration: ListenerRegistration) {
        entries.withLock { $0[ObjectIdentifier(registration)] = Entry(registration: registration) }
    }

    func remove(_ registration: ListenerRegistration) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(registration)) }
    }

    func all() -> [ListenerRegistration] {
        entries.withLock { $0.values.compactMap(\.registration) }
    }
}

/// The callbacks blocked in ``ListenerRegistration/remove()``, each waiting for another listener's
/// callback: a wait that would close a cycle (callbacks removing each other's listeners) is refused, so
/// removing listeners from callbacks never deadlocks.
private final class CallbackWaits: Sendable {
    private let edges = Mutex<[ObjectIdentifier: ObjectIdentifier]>([:])

    /// Records that the callback of `waiter` waits for the callback of `awaited`, unless the callback
    /// of `awaited` already waits (directly or through others) for that of `waiter`; returns whether
    /// the wait was recorded.
    func begin(_ waiter: ObjectIdentifier, waitingFor awaited: ObjectIdentifier) -> Bool {
        edges.withLock { edges in
            var next: ObjectIdentifier? = awaited
            while let current = next {
                if current == waiter { return false }
                next = edges[current]
            }
            edges[waiter] = awaited
            return true
        }
    }

    /// The callback of `waiter` no longer waits.
    func end(_ waiter: ObjectIdentifier) {
        _ = edges.withLock { $0.removeValue(forKey: waiter) }
    }
}
