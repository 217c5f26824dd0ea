import HearthDomain
import HearthPort
import Synchronization

/// Whether a REST store is closed, and the listeners closing it ends. Shared by the copies of a
/// ``FirestoreRESTDocumentStore`` (a value type) through its request executor.
final class RESTStoreLifecycle: Sendable {
    /// The store's listeners (push and polling); the group's end is the store's closing.
    let listeners = ListenerGroup()

    private struct Push {
        var multiplexer: ListenMultiplexer?
        var refused = false
    }

    private let push = Mutex(Push())

    var isClosed: Bool { listeners.isEnded }

    /// Closes: ends every listener, closes the Listen connection, and later calls are refused. Idempotent.
    func close() {
        listeners.endAll()
        let multiplexer = push.withLock { push -> ListenMultiplexer? in
            defer { push.multiplexer = nil }
            return push.multiplexer
        }
        multiplexer?.close()
    }

    /// The store's push listeners, made by `make` on first use; `nil` once the Listen endpoint refused
    /// push (the store polls from then on) or the store is closed.
    func multiplexer(_ make: () -> ListenMultiplexer) -> ListenMultiplexer? {
        push.withLock { push -> ListenMultiplexer? in
            guard !push.refused, !isClosed else { return nil }
            if let multiplexer = push.multiplexer { return multiplexer }
            let multiplexer = make()
            push.multiplexer = multiplexer
            return multiplexer
        }
    }

    /// The Listen endpoint refused push: later listeners poll. Returns whether this is the first refusal.
    func refusePush() -> Bool {
        push.withLock { push -> Bool in
            defer { push.refused = true }
            return !push.refused
        }
    }

    func closedError(_ operation: String) -> DocumentStoreError {
        DocumentStoreError(.failedPrecondition, "\(operation): the Firestore REST store is closed.")
    }
}
