import HearthDomain
import HearthPort
import Synchronization

/// What the cache's snapshots say about pending writes (``CacheMetadata``), kept beside the queue:
/// - the entries whose local commit is under way (they count as pending before the local listeners can
///   see their effect) and those being settled (they stop counting before the server's documents show);
/// - each pending document's *base*: its fields before its pending writes (the server's, as last known;
///   unknown after a restart until the server is read), from which the pending server timestamps'
///   previous values are computed (``ServerTimestamps``);
/// - the observers told of every change of pending state or of the network (the cache's listeners).
final class PendingView: Sendable {
    private struct State {
        var committing: [PendingWrite] = []
        var settling: Set<Int64> = []
        var bases: [DocumentPath: MapValue?] = [:]
        var observers: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextObserver = 0
    }

    private let state = Mutex(State())

    /// A stream that yields after every change of pending state or of the network (the latest one only is
    /// kept for a slow consumer); it ends when the iteration ends or is cancelled.
    func observe() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            defer { state.nextObserver += 1 }
            state.observers[state.nextObserver] = continuation
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every observer that something changed.
    func signal() {
        for observer in state.withLock({ Array($0.observers.values) }) { observer.yield() }
    }

    /// `entry` is about to be committed locally over the cache's documents `current` (its paths, `nil`:
    /// missing), with `queue` already pending: it counts as pending from now, and a path with no pending
    /// write before it gets its current fields as its base.
    func willCommit(_ entry: PendingWrite, current: [DocumentPath: Document?], queue: [PendingWrite]) {
        state.withLock { state in
            let pendingPaths = Set((queue + state.committing).flatMap(\.paths))
            for path in entry.paths where !pendingPaths.contains(path) {
                state.bases[path] = .some(current[path].flatMap { $0?.fields })
            }
            state.committing.append(entry)
        }
    }

    /// The local commit of `entry` ended (it is in the queue when it succeeded).
    func didCommit(_ entry: PendingWrite) {
        state.withLock { $0.committing.removeAll { $0.sequence == entry.sequence } }
        signal()
    }

    /// The cache is about to take `documents` from the server (pending writes re-applied on top),
    /// removing `entry` from the queue: `entry` stops counting, and the documents become the bases.
    func willSettle(_ documents: [DocumentPath: Document?], removing entry: PendingWrite?) {
        state.withLock { state in
            if let entry { state.settling.insert(entry.sequence) }
            for (path, document) in documents { state.bases[path] = .some(document?.fields) }
        }
    }

    /// The settling ended (`entry` left the queue when it succeeded); bases of documents with no pending
    /// write left are dropped.
    func didSettle(removing entry: PendingWrite?, queue: [PendingWrite]) {
        state.withLock { state in
            if let entry { state.settling.remove(entry.sequence) }
            let pendingPaths = Set((queue + state.committing).flatMap(\.paths))
            state.bases = state.bases.filter { pendingPaths.contains($0.key) }
        }
        signal()
    }

    /// The pending state of each of `paths` that has pending writes in `queue` (or being committed), in
    /// queue order.
    func states(of paths: some Sequence<DocumentPath>, queue: [PendingWrite]) -> [DocumentPath: PendingDocumentState] {
        let (entries, bases) = state.withLock { state in
            var seen = Set<Int64>()
            let entries = (queue + state.committing).filter {
                !state.settling.contains($0.sequence) && seen.insert($0.sequence).inserted
            }
            return (entries.sorted { $0.sequence < $1.sequence }, state.bases)
        }
        var writes: [DocumentPath: [Write]] = [:]
        for entry in entries {
            for write in entry.writes { writes[write.path, default: []].append(write) }
        }
        var states: [DocumentPath: PendingDocumentState] = [:]
        for path in paths {
            guard let pending = writes[path] else { continue }
            states[path] = PendingDocumentState(
                hasPendingWrites: true,
                serverTimestamps: ServerTimestamps.pending(base: bases[path] ?? nil, writes: pending))
        }
        return states
    }
}

/// Which fields of a document hold a pending server timestamp, and the value each had before.
enum ServerTimestamps {
    /// The pending server timestamps left by `writes` (one document's pending writes, in order) applied to
    /// `base` (its fields before them; `nil`: missing or unknown): each field set by a `serverTimestamp`
    /// transform and not overwritten since, with its value before the first of them (Firebase's
    /// `.previous`: a server timestamp written over a pending one keeps the earlier previous value).
    static func pending(base: MapValue?, writes: [Write]) -> [FieldPath: Value?] {
        var fields = base
        var pending: [FieldPath: Value?] = [:]
        func overwrite(_ field: FieldPath) {
            pending = pending.filter { !$0.key.isPrefix(of: field) && !field.isPrefix(of: $0.key) }
        }
        for write in writes {
            switch write.operation {
            case .delete:
                fields = nil
                pending = [:]
            case .update(let values, nil):
                fields = values
                pending = [:]
            case .update(let values, let mask?):
                var updated = fields ?? MapValue()
                for field in mask {
                    overwrite(field)
                    if let value = values.value(at: field) {
                        updated.setValue(value, at: field)
                    } else {
                        _ = updated.removeValue(at: field)
                    }
                }
                fields = updated
            case .transform:
                if fields == nil { fields = MapValue() }
            }
            for transform in write.transforms {
                if case .serverTimestamp = transform.operation {
                    if pending.keys.contains(transform.fieldPath) { continue }
                    let previous = fields?.value(at: transform.fieldPath)
                    overwrite(transform.fieldPath)
                    pending[transform.fieldPath] = .some(previous)
                } else {
                    overwrite(transform.fieldPath)
                }
            }
        }
        return pending
    }
}
