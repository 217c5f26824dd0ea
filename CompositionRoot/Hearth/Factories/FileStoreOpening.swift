import Foundation
import HearthApplication
import HearthDomain

/// The seam where the file store is opened. (The file store is being built on its own branch; until it
/// is merged, `file:` stores are reported as unimplemented.)
enum FileStoreOpening {
    static func open(directory: URL, database: DatabaseID) throws(DocumentStoreError) -> any DocumentStore {
        throw DocumentStoreError(
            .unimplemented,
            "The file store (HEARTH_STORE=file:\(directory.relativePath)) is not available in this build yet; use HEARTH_STORE=memory.")
    }
}
