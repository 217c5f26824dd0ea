import Foundation
public import HearthApplication
public import HearthDomain
import HearthFirestoreREST
import HearthInMemory
import HearthLocalEngine
public import HearthPort
import HearthRules

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
    /// With ``rules``, the local store is opened as ``actingAs`` sees it (the store's
    /// `acting(as:policy:)`): every request is checked against the rules in the store's engine and a
    /// denial is `permissionDenied` naming the method and the path. The rules are read and parsed first,
    /// before anything is opened: an unreadable file is `notFound`, a file that does not parse
    /// `invalidArgument` naming its line and column. ``actingAs`` other than `admin` without ``rules`` on a
    /// local store is `invalidArgument` (nothing would check it). On the Firestore emulator, ``actingAs``
    /// other than `admin` sends an unsigned ID token naming the user and their claims (or, unauthenticated,
    /// no credentials), so the emulator's own rules decide; on production Firestore it is `invalidArgument`
    /// (sign in instead).
    ///
    /// With an offline ``cache``, the store above (logged, when ``logger`` is set) is the remote of a
    /// `LazyCachedDocumentStore` (a `CachingDocumentStore`, so `Database`'s sources, network controls and
    /// `clearPersistence()` work): it opens its cache — the memory store, or the file store in the
    /// cache's directory — at its first operation, and that operation and every later one wait for the
    /// open (a file cache locked by another process fails them with `failedPrecondition`).
    public func makeStore() throws(DocumentStoreError) -> any DocumentStore {
        try validate()
        let access = try localAccess()
        let retryLogger = logger ?? NoLogger()
        var made: any DocumentStore
        switch store {
        case .memory:
            let memory = InMemoryDocumentStore(database: localDatabase)
            made = RetryingDocumentStore(
                wrapping: access.map { memory.acting(as: $0.context, policy: $0.policy) } ?? memory,
                policy: retryPolicy,
                logger: retryLogger)
        case .file(let directory):
            made = RetryingDocumentStore(
                wrapping: try FileStoreOpening.open(directory: directory, database: localDatabase, access: access),
                policy: retryPolicy,
                logger: retryLogger
            )
        case .firestore(let target):
            let client = URLSessionHTTPClient()
            var configuration = try FirestoreRESTConfiguration.fromEnvironment(
                target.restEnvironment, httpClient: client)
            if let provider = EmulatorCallerToken.provider(for: actingAs, projectID: target.projectID)
                ?? target.tokenProvider
            {
                configuration.tokenProvider = provider
            }
            made = FirestoreRESTDocumentStore(configuration: configuration, httpClient: client)
        }
        if let logger {
            logger.log(.info, "opened the \(store.summary) store (\(profile))")
            made = LoggingDocumentStore(wrapping: made, logger: logger)
        }
        return cached(made)
    }

    /// The caller and the parsed rules of a local store (`nil`: no rules); see ``makeStore()``.
    private func localAccess() throws(DocumentStoreError) -> Caller? {
        if case .firestore(let target) = store {
            guard actingAs == .admin || target.emulatorHost != nil else {
                throw .invalidArgument(
                    "HEARTH_AS_UID and HEARTH_AS_ANONYMOUS work on the local stores and the emulator (FIRESTORE_EMULATOR_HOST), not on production Firestore: sign in instead."
                )
            }
            return nil
        }
        guard let rules else {
            guard actingAs == .admin else {
                throw .invalidArgument(
                    "HEARTH_AS_UID and HEARTH_AS_ANONYMOUS need security rules to check (HEARTH_RULES=<file>).")
            }
            return nil
        }
        return Caller(actingAs, policy: try rules.policy(database: localDatabase))
    }

    /// A `Database` on ``makeStore()``'s store, with the client policies in `options`. Throws as
    /// ``makeStore()``. Call `close()` on it when done: it ends the listeners and refuses later calls on
    /// every store, and flushes and unlocks the file store.
    public func makeDatabase(options: DatabaseOptions = DatabaseOptions()) throws(DocumentStoreError) -> Database {
        Database(store: try makeStore(), options: options)
    }
}
