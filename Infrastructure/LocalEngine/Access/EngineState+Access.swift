import HearthDomain
import HearthPort

/// The rules' reads of a request that reads (or lists): every document as the request sees it, at `time`.
struct StorageReader: AccessReader {
    let storage: DocumentStorage
    let time: Timestamp

    func document(at path: DocumentPath, after: Bool) -> Document? {
        storage.document(path, at: time)
    }
}

/// The rules' reads of a commit: before it, the head state; after it, the commit's outcome over the head.
struct CommitReader: AccessReader {
    let storage: DocumentStorage
    let outcome: [DocumentPath: Document?]

    func document(at path: DocumentPath, after: Bool) -> Document? {
        if after, let written = outcome[path] { return written }
        return storage.head(path)?.document
    }
}

extension EngineState {
    /// Asks `caller`'s policy about `access` (at `now`, reading the state at `time`); throws its
    /// `permissionDenied`. No caller, or an admin: allowed without asking. The reader's copy of the storage
    /// lives only as long as this call (copy-on-write: no copy is made while nothing changes it).
    func authorize(
        _ access: Access, caller: Caller?, now: Timestamp, at time: Timestamp
    ) throws(DocumentStoreError) {
        guard let caller, caller.isChecked else { return }
        try caller.policy.check(
            access, as: caller.context, at: now, reader: StorageReader(storage: storage, time: time))
    }

    /// Asks `caller`'s policy about the documents a commit writes, as one request (`create`, `update` or
    /// `delete` each, with the document before and after the whole commit); the first denial fails the
    /// commit before anything is installed.
    func authorizeCommit(
        _ outcome: [(path: DocumentPath, before: Document?, after: Document?)], caller: Caller?,
        commitTime: Timestamp
    ) throws(DocumentStoreError) {
        guard let caller, caller.isChecked else { return }
        var after: [DocumentPath: Document?] = [:]
        for entry in outcome { after[entry.path] = .some(entry.after) }
        try caller.policy.checkCommit(
            outcome.map { .write($0.path, before: $0.before, after: $0.after) }, as: caller.context, at: commitTime,
            reader: CommitReader(storage: storage, outcome: after))
    }
}
