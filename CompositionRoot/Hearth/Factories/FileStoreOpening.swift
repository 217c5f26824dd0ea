import Foundation
import HearthDomain
import HearthFileSystem
import HearthPort

/// Where the file store is opened: with its defaults (full durability, each commit flushed before it
/// returns).
enum FileStoreOpening {
    static func open(directory: URL, database: DatabaseID) throws(DocumentStoreError) -> any DocumentStore {
        try FileSystemDocumentStore(directory: directory, database: database)
    }
}
