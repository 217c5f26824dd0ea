public import HearthDomain
public import HearthPort
import Synchronization

/// A `SyncEngineStorage` in memory: what is saved lasts as long as this value (share one instance to
/// let an engine made again in the same process start from the last state). See the port's contract.
public final class InMemorySyncEngineStorage: SyncEngineStorage {
    private let entries = Mutex<[String: [SyncRecord]]>([:])

    /// An empty storage.
    public init() {}

    /// The records last saved under `key`, or `[]`; `invalidArgument` for an empty key.
    public func load(key: String) throws(DocumentStoreError) -> [SyncRecord] {
        try checkKey(key)
        return entries.withLock { $0[key] ?? [] }
    }

    /// Replaces the records under `key` (in memory); `invalidArgument` for an empty key.
    public func save(_ records: [SyncRecord], key: String) throws(DocumentStoreError) {
        try checkKey(key)
        entries.withLock { $0[key] = records }
    }

    /// Forgets `key`; `invalidArgument` for an empty key.
    public func remove(key: String) throws(DocumentStoreError) {
        try checkKey(key)
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }
}
