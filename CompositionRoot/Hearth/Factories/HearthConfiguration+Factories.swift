import Foundation
public import HearthApplication
public import HearthDomain
import HearthFirestoreREST
import HearthInMemory
public import HearthPort

extension HearthConfiguration {
    /// Opens the configured store, wrapped in the configured policies: the local stores (memory, file)
    /// in a ``RetryingDocumentStore`` with ``retryPolicy`` (the REST store retries on its own), then
    /// everything in a ``LoggingDocumentStore`` when ``logger`` is set.
    ///
    /// Checks ``validate()`` first, so nothing is opened or created when the profile refuses the
    /// configuration (`failedPrecondition`). The file store's directory is created when missing; a
    /// directory already open in another process is `failedPrecondition`, thrown here. The file store
    /// then recovers its contents in the background, off Swift's cooperative pool, and every operation
    /// waits for it: damaged files (`dataLoss`) and the other failures of recovery are thrown by each
    /// operation, naming the directory.
    /// A Firestore target with invalid settings (project, emulator host, a `FIRESTORE_*` variable) is
    /// `invalidArgument`. Nothing is sent over the network here.
    ///
    /// With an offline ``cache``, the store above (logged, when ``logger`` is set) is the remote of a
    /// `LazyCachedDocumentStore` (a `CachingDocumentStore`, so `Database`'s sources, network controls and
    /// `clearPersistence()` work): it opens its cache — the memory store, or the file store in the
    /// cache's directory — at its first operation, and that operation and every later one wait for the
    /// open (a file cache locked by another process fails them with `failedPrecondition`).
    public func makeStore() throws(DocumentStoreError) -> any DocumentStore {
        try validate()
        let retryLogger = logger ?? NoLogger()
        var made: any DocumentStore
        switch store {
        case .memory:
            made = RetryingDocumentStore(
                wrapping: InMemoryDocumentStore(database: localDatabase), policy: retryPolicy, logger: retryLogger)
        case .file(let directory):
            made = RetryingDocumentStore(
                wrapping: try FileStoreOpening.open(directory: directory, database: localDatabase),
                policy: retryPolicy,
                logger: retryLogger
            )
        case .firestore(let target):
            let client = URLSessionHTTPClient()
            var configuration = try FirestoreRESTConfiguration.fromEnvironment(
                target.restEnvironment, httpClient: client)
            if let provider = target.tokenProvider { configuration.tokenProvider = provider }
            made = FirestoreRESTDocumentStore(configuration: configuration, httpClient: client)
        }
        if let logger {
            logger.log(.info, "opened the \(store.summary) store (\(profile))")
            made = LoggingDocumentStore(wrapping: made, logger: logger)
        }
        return cached(made)
    }

    /// A `Database` on ``makeStore()``'s store, with the client policies in `options`. Throws as
    /// ``makeStore()``. Call `close()` on it when done: it ends the listeners and refuses later calls on
    /// every store, and flushes and unlocks the file store.
    public func makeDatabase(options: DatabaseOptions = DatabaseOptions()) throws(DocumentStoreError) -> Database {
        Database(store: try makeStore(), options: options)
    }
}
