public import HearthDomain

/// Where a sync engine keeps its last known state between runs (seed 001's local persistence): the
/// records of one engine under its `managerKey`, so that an engine made again with the same key starts
/// from what the last one saw.
///
/// Contract (`SyncEngineStorageTests` checks it on every implementation):
/// - ``load(key:)`` returns the records last saved under `key`, in the order saved, or `[]` when nothing
///   was saved (or it was removed);
/// - ``save(_:key:)`` replaces everything kept under `key`;
/// - ``remove(key:)`` forgets `key` (removing a missing key is not an error);
/// - an empty `key` is `invalidArgument` naming `key`; a store that cannot read or write its medium
///   throws `DocumentStoreError` (`unavailable`, `dataLoss` for a damaged entry), never traps.
///
/// The cached database of issue 17 keeps every document it has seen; once an engine runs on it, this
/// storage only saves the engine a first round trip.
public protocol SyncEngineStorage: Sendable {
    /// The records last saved under `key`, or `[]`.
    func load(key: String) throws(DocumentStoreError) -> [SyncRecord]
    /// Replaces the records kept under `key` with `records`.
    func save(_ records: [SyncRecord], key: String) throws(DocumentStoreError)
    /// Forgets what is kept under `key`.
    func remove(key: String) throws(DocumentStoreError)
}

extension SyncEngineStorage {
    /// Throws `invalidArgument` naming `key` when it is empty; implementations call it first.
    public func checkKey(_ key: String) throws(DocumentStoreError) {
        guard !key.isEmpty else {
            throw DocumentStoreError(.invalidArgument, "SyncEngineStorage key: a manager key cannot be empty.")
        }
    }
}
