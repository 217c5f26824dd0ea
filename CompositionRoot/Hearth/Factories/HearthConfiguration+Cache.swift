import Foundation
import HearthCache
import HearthDomain
import HearthFileSystem
import HearthInMemory
import HearthPort

extension HearthConfiguration {
    /// `store` behind the offline cache ``cache`` selects (acknowledging writes as
    /// ``cachedWritesWaitForServer`` says), or `store` itself when it is off: a
    /// `LazyCachedDocumentStore`, opened at its first use (the factories are synchronous; see
    /// `Docs/Offline.md`, "The cache in the configuration"), whose local store is a new memory store or the
    /// file store in the cache's directory, with the remote's database identity. Its `clearPersistence()`
    /// removes the file cache's directory (after taking its lock, so a cache open in another process is
    /// refused with `failedPrecondition`); the memory cache has nothing left to clear once closed.
    func cached(_ store: any DocumentStore) -> any DocumentStore {
        let database = store.database
        let acknowledgement: CacheOptions.Acknowledgement = cachedWritesWaitForServer ? .server : .local
        switch cache {
        case .off:
            return store
        case .memory:
            return LazyCachedDocumentStore(
                remote: store, options: CacheOptions(acknowledgement: acknowledgement, clearPersistence: {})
            ) {
                InMemoryDocumentStore(database: database)
            }
        case .file(let directory):
            return LazyCachedDocumentStore(
                remote: store,
                options: CacheOptions(
                    acknowledgement: acknowledgement, clearPersistence: { try await Self.removeFileCache(directory) })
            ) {
                try await FileSystemDocumentStore.open(directory: directory, database: database)
            }
        }
    }

    /// Removes the file cache in `directory`: takes its lock first (`failedPrecondition` when another
    /// store has it open), releases it, then removes the directory. A missing directory is already clear.
    private static func removeFileCache(_ directory: URL) async throws {
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        let locked = try FileSystemDocumentStore.openInBackground(
            directory: directory, database: HearthConfiguration.defaultLocalDatabase)
        // A damaged cache fails its recovery, which is no reason not to clear it.
        try? await locked.close()
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            throw DocumentStoreError(
                .unavailable,
                "Could not remove the offline cache in \(directory.relativePath): \(error.localizedDescription)")
        }
    }
}
