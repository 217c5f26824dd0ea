/// A ``DocumentStore`` that can be closed: Firebase's `terminate()`, for stores.
///
/// Every adapter of this package conforms (the memory, file and Firestore REST stores, and the
/// composition root's decorators, which forward to the store they wrap), and all behave alike, as the
/// `closing` area of `HearthContract` checks:
///
/// - ``close()`` ends every listener of the store: a snapshot stream finishes **without an error** (its
///   next `next()` returns `nil`, even if a snapshot was waiting), and a callback listener
///   (``ListenerRegistration``) is not called again (``Database/close()`` also waits for one running). This follows Firebase's Swift SDK, whose
///   `terminate()` silently stops every listener; a stream finishing rather than waiting forever is the
///   `AsyncSequence` form of that. No snapshot is returned by a `next()` called after `close()` returned.
/// - Every later call fails with `failedPrecondition`, as Firebase's calls after `terminate()` do:
///   reads, writes, transactions, and `listen`, whose stream fails at once.
/// - Calls already running when `close()` is called may complete.
/// - `close()` is idempotent; what else it does is the store's (the file store flushes its log and
///   releases its directory lock; the memory store keeps its data in memory until it is released).
public protocol ClosableDocumentStore: DocumentStore {
    /// Ends the store's listeners, releases its resources and refuses every later call with
    /// `failedPrecondition`. Idempotent. Throws what the store could not release cleanly (the file
    /// store: a failed final flush); the store is closed even then.
    func close() async throws

    /// Whether ``close()`` was called.
    var isClosed: Bool { get }
}
