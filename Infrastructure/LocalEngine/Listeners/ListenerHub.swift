import HearthDomain
import HearthPort
import Synchronization

/// The local engine's listeners: push-based, driven by the engine's change notification.
///
/// The engine's observer only appends each published commit to the hub's inbox (it runs under the
/// engine's lock, so committers never wait for listeners). One drain task at a time takes the inbox in
/// order and, per commit, routes each changed document to the listeners of its collection, collection
/// group or path (``ListenerRegistry``); each of those tests the documents against its query and
/// updates its document set (O(log n) per changed document). Only a limit window that lost a document
/// (or a query with an offset) reads the engine again, at the commit's time. Results go to each
/// listener's ``SnapshotBuffer``, which coalesces for slow consumers.
final class ListenerHub: Sendable {
    enum Item: Sendable {
        case register(ListenerRecord)
        case unregister(Int)
        case commit(CommittedChanges)
    }

    private struct Inbox {
        var items: [Item] = []
        var draining = false
        var nextID = 1
        /// Set by ``endAll(with:)``: listeners registered later end at once, the same way.
        var ended: Ending?
        /// While set (``hold()``), items queue and no drain starts.
        var held = false
    }

    private struct Ending {
        var error: DocumentStoreError?
    }

    private let inbox = Mutex(Inbox())
    /// Touched only by the drain task (one at a time); the lock only satisfies `Sendable`.
    private let registry = Mutex(ListenerRegistry())

    func makeID() -> Int {
        inbox.withLock { inbox in
            defer { inbox.nextID += 1 }
            return inbox.nextID
        }
    }

    /// Queues `item`; starts a drain task unless one is running or the hub is held. Never blocks on
    /// listeners.
    func submit(_ item: Item, engine: LocalEngine) {
        startDrain(engine) { $0.items.append(item) }
    }

    /// Queues items without processing them until ``release(engine:)``: listeners registered meanwhile
    /// load the engine's state only once it is released.
    func hold() {
        inbox.withLock { $0.held = true }
    }

    /// Processes the items queued while held, and later ones as they come.
    func release(engine: LocalEngine) {
        startDrain(engine) { $0.held = false }
    }

    /// Applies `change` to the inbox, then starts a drain task if there is work, none runs and the hub
    /// is not held.
    private func startDrain(_ engine: LocalEngine, after change: (inout Inbox) -> Void) {
        let start = inbox.withLock { inbox -> Bool in
            change(&inbox)
            if inbox.draining || inbox.held || inbox.items.isEmpty { return false }
            inbox.draining = true
            return true
        }
        if start {
            Task.detached { [self] in drain(engine) }
        }
    }

    /// Ends every registered and queued listener, with `error` or without, and every listener
    /// registered later (the first call's `error` applies to those).
    func endAll(with error: DocumentStoreError?) {
        let queued = inbox.withLock { inbox -> [SnapshotBuffer] in
            if inbox.ended == nil { inbox.ended = Ending(error: error) }
            return inbox.items.compactMap { item in
                if case .register(let listener) = item { return listener.buffer }
                return nil
            }
        }
        let registered = registry.withLock { registry in registry.listeners.values.map(\.buffer) }
        for buffer in queued + registered { Self.end(buffer, error) }
    }

    private static func end(_ buffer: SnapshotBuffer, _ error: DocumentStoreError?) {
        if let error { buffer.fail(error) } else { buffer.end() }
    }

    private func drain(_ engine: LocalEngine) {
        while true {
            let items = inbox.withLock { inbox -> [Item] in
                let items = inbox.items
                inbox.items = []
                if items.isEmpty { inbox.draining = false }
                return items
            }
            if items.isEmpty { return }
            for item in items { process(item, engine) }
        }
    }

    private func process(_ item: Item, _ engine: LocalEngine) {
        switch item {
        case .register(var listener):
            guard !listener.buffer.isEnded else { return }
            do {
                try engine.loadListener(&listener)
            } catch {
                listener.buffer.fail(error)
                return
            }
            registry.withLock { $0.add(listener) }
            // After the add: either endAll's pass over the registry sees this listener, or this sees endAll.
            if let ended = inbox.withLock({ $0.ended }) {
                registry.withLock { $0.remove(listener.id) }
                Self.end(listener.buffer, ended.error)
                return
            }
            listener.buffer.publish(listener.documents, changedPaths: [], readTime: listener.readTime)
        case .unregister(let id):
            registry.withLock { $0.remove(id) }
        case .commit(let committed):
            let routed = registry.withLock { $0.route(committed.changes) }
            for (id, changes) in routed {
                guard var listener = registry.withLock({ $0.listeners[id] }), committed.commitTime > listener.readTime
                else { continue }
                if listener.buffer.isEnded {
                    registry.withLock { $0.remove(id) }
                    continue
                }
                apply(changes, at: committed.commitTime, to: &listener, engine)
            }
        }
    }

    private func apply(
        _ changes: [CommittedChange], at commitTime: Timestamp, to listener: inout ListenerRecord, _ engine: LocalEngine
    ) {
        let old = listener.documents
        var paths: [DocumentPath]
        switch listener.apply(changes) {
        case .updated(let changed):
            paths = changed
        case .needsRefill:
            do {
                listener.readTime = commitTime
                try engine.loadListener(&listener)
            } catch {
                listener.buffer.fail(error)
                registry.withLock { $0.remove(listener.id) }
                return
            }
            paths = SnapshotChanges.changedPaths(old, listener.documents)
        }
        listener.readTime = commitTime
        registry.withLock { $0.update(listener) }
        if paths.isEmpty, !changes.contains(where: { listener.concerns($0.path) }) { return }
        listener.buffer.publish(listener.documents, changedPaths: paths, readTime: commitTime)
    }
}

extension ListenerRecord {
    /// Whether a change at `path` is in the listener's scope (for metadata-only snapshots).
    func concerns(_ path: DocumentPath) -> Bool {
        switch watched {
        case .document(let watched): watched == path
        case .query(let query): query.scope.contains(path)
        }
    }
}
