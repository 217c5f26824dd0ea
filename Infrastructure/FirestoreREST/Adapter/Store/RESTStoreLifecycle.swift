import HearthDomain
import HearthPort

/// Whether a REST store is closed, and the listeners closing it ends. Shared by the copies of a
/// ``FirestoreRESTDocumentStore`` (a value type) through its request executor.
final class RESTStoreLifecycle: Sendable {
    /// The store's polling listeners; the group's end is the store's closing.
    let listeners = ListenerGroup()

    var isClosed: Bool { listeners.isEnded }

    /// Closes: ends every listener, and later calls are refused. Idempotent.
    func close() { listeners.endAll() }

    func closedError(_ operation: String) -> DocumentStoreError {
        DocumentStoreError(.failedPrecondition, "\(operation): the Firestore REST store is closed.")
    }
}
