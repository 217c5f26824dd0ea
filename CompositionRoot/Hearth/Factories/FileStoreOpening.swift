import Foundation
import HearthDomain
import HearthFileSystem
import HearthPort

/// Where the file store is opened: with its defaults (full durability, each commit flushed before it
/// returns). The factories are synchronous, so the store opens in the background: the directory's lock
/// is taken now (a locked directory fails here), recovery runs on a Dispatch queue, and every operation
/// waits for it (a recovery failure, such as `dataLoss`, is thrown by each operation, naming the
/// directory). Code that can wait calls `FileSystemDocumentStore.open(directory:database:…)` instead.
enum FileStoreOpening {
    static func open(directory: URL, database: DatabaseID) throws(DocumentStoreError) -> any DocumentStore {
        try FileSystemDocumentStore.openInBackground(directory: directory, database: database)
    }
}
