import Foundation
import HearthDomain
import HearthFileSystem
import HearthLocalEngine
import HearthPort

/// Where the file store is opened: with its defaults (full durability, each commit flushed before it
/// returns). The factories are synchronous, so the store opens in the background: the directory's lock
/// is taken now (a locked directory fails here), recovery runs on a Dispatch queue, and every operation
/// waits for it (a recovery failure, such as `dataLoss`, is thrown by each operation, naming the
/// directory). Code that can wait calls `FileSystemDocumentStore.open(directory:database:…)` instead.
enum FileStoreOpening {
    /// The store in `directory`; with `access`, as its caller sees it under its policy.
    static func open(
        directory: URL, database: DatabaseID, access: Caller? = nil
    ) throws(DocumentStoreError) -> any DocumentStore {
        let store = try FileSystemDocumentStore.openInBackground(directory: directory, database: database)
        return access.map { store.acting(as: $0.context, policy: $0.policy) } ?? store
    }
}
