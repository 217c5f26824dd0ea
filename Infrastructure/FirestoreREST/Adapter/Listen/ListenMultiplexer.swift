import HearthDomain
import HearthFirestoreCodec
import HearthPort
import Synchronization

/// The push listeners of one store, sharing one ``ListenConnection``: Firestore's watch protocol
/// multiplexed as the official SDKs do it.
///
/// - **Targets.** Each listener is one target, with an even target ID of its own (2, 4, 6, …, as the
///   SDKs number the queries they allocate) and one `WatchStateMachine`. A response goes to the targets
///   it names: a document change to its target IDs and removed target IDs, a delete or remove to its
///   removed target IDs, a filter to its target; a target change without target IDs (the global
///   `NO_CHANGE` with a read time that marks a consistent point) to every target.
/// - **Acknowledgements.** Every `addTarget` and `removeTarget` sent waits for the server's `ADD` or
///   `REMOVE`; until they arrive, the target's responses are ignored (they belong to a listen the
///   client replaced).
/// - **Ends.** A `REMOVE` with a cause ends only that listener, with the cause's code (7 →
///   `permissionDenied`); the others carry on. An existence filter that does not match (`resetTarget`)
///   removes the target and adds it again without a resume token. A listener whose consumer stopped
///   is removed from the connection; the last one leaving closes it.
/// - **Faults.** When the connection fails with `unavailable`, `resourceExhausted`, `deadlineExceeded`,
///   `internal`, `unknown` or `aborted` (or ends without an error while targets remain), the
///   multiplexer connects again through the ``ListenConnector`` after a jittered, capped exponential
///   backoff (reset by the first response of a connection), and adds every target again with its
///   machine's resume token; changes not yet applied at a consistent point are dropped with the old
///   stream, so no change is delivered twice and none is lost. `unauthenticated` reconnects once at
///   once (the connector asks the store's credentials again, which refresh an expired token); a second
///   in a row, and any other code (`permissionDenied`, `invalidArgument`, `dataLoss`, …), ends every
///   listener with that error.
/// - **Refusal.** When connecting fails with `unimplemented` (the endpoint answered 404 or 501), the
///   multiplexer calls its `refused` handler once and hands every listener, then and later, to its
///   polling fallback, which continues from the documents the listener last received.
/// - ``close()`` ends every listener without an error and closes the connection.
///
/// Every decision is taken by one task, in the order events arrive (a listener starting or stopping, a
/// connection opening or failing, a response); requests to the connection are sent in that order by one
/// sender per connection, so an `addTarget` always precedes its `removeTarget`.
final class ListenMultiplexer: Sendable {
    /// How the multiplexer waits between connection attempts.
    struct Configuration: Sendable {
        /// The pause before reconnection attempt *n* after consecutive failures (jittered).
        var backoff: Backoff
        /// How the multiplexer waits (a throwing sleep abandons the attempt).
        var sleep: @Sendable (Duration) async throws -> Void
        /// A uniform random number in `0..<1` for jitter.
        var random: @Sendable () -> Double

        /// Firestore's SDKs' watch backoff: 1 s, ×1.5, at most 60 s.
        static let defaultBackoff = Backoff(initial: .seconds(1), multiplier: 1.5, maximum: .seconds(60))

        init(
            backoff: Backoff = Configuration.defaultBackoff,
            sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
            random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
        ) {
            self.backoff = backoff
            self.sleep = sleep
            self.random = random
        }
    }

    /// Starts a listener's polling fallback into its buffer, after the documents it last received.
    typealias Fallback = @Sendable (_ buffer: SnapshotBuffer, _ documents: DocumentSet?) -> Task<Void, Never>

    private let inbox: AsyncStream<Event>.Continuation
    /// The next target ID (negative once they ran out), and whether ``close()`` was called: events are
    /// sent under this lock, so none follows the close.
    private let state = Mutex<(nextTargetID: Int32, closed: Bool)>((2, false))

    /// A multiplexer connecting through `connector`; `refused` runs once if the connector answers
    /// `unimplemented`; `starved` runs once per listener whose target did not become current over
    /// ``starvedAfter`` connections in a row, each ended by the server (the listener keeps reconnecting).
    init(
        connector: any ListenConnector, configuration: Configuration = Configuration(),
        refused: @escaping @Sendable (DocumentStoreError) -> Void = { _ in },
        starved: @escaping @Sendable (ListenTarget) -> Void = { _ in }
    ) {
        let (events, inbox) = AsyncStream<Event>.makeStream()
        self.inbox = inbox
        let loop = Loop(
            connector: connector, configuration: configuration, inbox: inbox, refused: refused, starved: starved)
        Task {
            var loop = loop
            for await event in events {
                loop.handle(event)
            }
            loop.shutDown()
        }
    }

    deinit { close() }

    /// Listens to `target` on the shared connection; the stream behaves as `DocumentStore.listen` says.
    /// With a `group`, ending the group ends the listener without an error. `fallback` is how the
    /// listener polls if the endpoint refuses push.
    func listen(
        _ target: ListenTarget, options: ListenOptions, group: ListenerGroup? = nil, fallback: Fallback? = nil
    ) -> AsyncThrowingStream<ListenSnapshot, any Error> {
        let buffer = SnapshotBuffer(includeMetadataChanges: options.includeMetadataChanges)
        let inbox = self.inbox
        let registered = state.withLock { state -> Int32?? in
            guard !state.closed else { return .some(nil) }
            guard state.nextTargetID > 0 else { return nil }
            let id = state.nextTargetID
            let (following, overflow) = id.addingReportingOverflow(2)
            state.nextTargetID = overflow ? -1 : following
            inbox.yield(
                .listen(Registration(id: id, target: target, options: options, buffer: buffer, fallback: fallback)))
            return .some(id)
        }
        guard let registered else {
            buffer.fail(DocumentStoreError(.resourceExhausted, "This store has used up its listen target IDs."))
            return buffer.stream {}
        }
        guard let targetID = registered else {
            buffer.end()
            return buffer.stream {}
        }
        let member = group?.add {
            buffer.end()
            inbox.yield(.stop(targetID))
        }
        return buffer.stream {
            inbox.yield(.stop(targetID))
            if let member { group?.remove(member) }
        }
    }

    /// Ends every listener without an error, closes the connection and refuses later listeners (their
    /// streams end at once). Idempotent.
    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            inbox.yield(.close)
            inbox.finish()
        }
    }
}

extension ListenMultiplexer {
    struct Registration: Sendable {
        let id: Int32
        let target: ListenTarget
        let options: ListenOptions
        let buffer: SnapshotBuffer
        let fallback: Fallback?
    }

    enum Event: Sendable {
        case listen(Registration)
        case stop(Int32)
        case close
        case connected(UInt64, any ListenConnection)
        case connectFailed(UInt64, DocumentStoreError)
        case response(UInt64, RESTListenResponse)
        case finished(UInt64, DocumentStoreError?)
        case sendFailed(UInt64, Int32, DocumentStoreError)
    }

    /// A request for the connection's sender.
    enum Request: Sendable {
        case add(ListenTarget, Int32, resumeToken: [UInt8])
        case remove(Int32)
    }

    /// Codes after which the connection is opened again.
    static let retried: Set<DocumentStoreError.Code> = [
        .unavailable, .resourceExhausted, .deadlineExceeded, .internal, .unknown, .aborted,
    ]

    /// How many `unauthenticated` failures in a row reconnect (with fresh credentials) before listeners end.
    static let unauthenticatedRetries = 1

    /// After how many connections in a row that ended before a listener's target became current on them
    /// the multiplexer reports the listener as starved. The emulator ends a WebChannel whose back channel
    /// holds more than 10,000 messages not yet sent (a target of about 10,000 documents or more), so such a
    /// target can never become current there; reconnecting stays right for every other cause.
    static let starvedAfter = 5
}

extension ListenMultiplexer {
    /// The state the event task owns: nothing else touches it.
    struct Loop {
        struct Listener {
            let registration: Registration
            var machine: WatchStateMachine
            /// `ADD`/`REMOVE` acknowledgements still expected for this target on the open connection.
            var pendingAcks = 0
            /// Whether the target became current on the open connection.
            var servedOnLink = false
            /// Connections in a row that ended before the target became current on them.
            var endedUnserved = 0
        }

        enum Link {
            case idle
            case connecting(Task<Void, Never>)
            case open(any ListenConnection, sender: AsyncStream<Request>.Continuation, reader: Task<Void, Never>)
        }

        let connector: any ListenConnector
        let configuration: Configuration
        let inbox: AsyncStream<Event>.Continuation
        let refused: @Sendable (DocumentStoreError) -> Void
        let starved: @Sendable (ListenTarget) -> Void

        var listeners: [Int32: Listener] = [:]
        var pollers: [Int32: Task<Void, Never>] = [:]
        var link = Link.idle
        var generation: UInt64 = 0
        var failures = 0
        var unauthenticated = 0
        var fellBack = false
        var closed = false

        init(
            connector: any ListenConnector, configuration: Configuration, inbox: AsyncStream<Event>.Continuation,
            refused: @escaping @Sendable (DocumentStoreError) -> Void,
            starved: @escaping @Sendable (ListenTarget) -> Void
        ) {
            self.connector = connector
            self.configuration = configuration
            self.inbox = inbox
            self.refused = refused
            self.starved = starved
        }

        mutating func handle(_ event: Event) {
            switch event {
            case .listen(let registration): start(registration)
            case .stop(let id): stop(id)
            case .close: shutDown()
            case .connected(let generation, let connection): opened(connection, generation: generation)
            case .connectFailed(let generation, let error):
                guard generation == self.generation, case .connecting = link else { return }
                link = .idle
                failed(error, duringConnect: true)
            case .response(let generation, let response):
                guard generation == self.generation, case .open = link else { return }
                failures = 0
                unauthenticated = 0
                route(response)
            case .finished(let generation, let error):
                guard generation == self.generation, case .open = link else { return }
                dropLink()
                countUnserved()
                failed(
                    error
                        ?? DocumentStoreError(.unavailable, "The server ended the Listen stream."),
                    duringConnect: false)
            case .sendFailed(let generation, let id, let error):
                guard generation == self.generation, case .open = link else { return }
                if Self.reconnects(error.code) {
                    dropLink()
                    failed(error, duringConnect: false)
                } else {
                    end(id, with: error)
                }
            }
        }

        // MARK: Listeners

        private mutating func start(_ registration: Registration) {
            if closed {
                registration.buffer.end()
                return
            }
            if fellBack {
                poll(registration, after: nil)
                return
            }
            var listener = Listener(
                registration: registration,
                machine: WatchStateMachine(
                    target: registration.target, targetID: registration.id,
                    includeMetadataChanges: registration.options.includeMetadataChanges))
            switch link {
            case .idle:
                listeners[registration.id] = listener
                connect()
            case .connecting:
                listeners[registration.id] = listener
            case .open(_, let sender, _):
                listener.pendingAcks = 1
                listeners[registration.id] = listener
                sender.yield(.add(listener.machine.sentTarget ?? registration.target, registration.id, resumeToken: []))
            }
        }

        private mutating func stop(_ id: Int32) {
            pollers.removeValue(forKey: id)?.cancel()
            guard let listener = listeners.removeValue(forKey: id) else { return }
            listener.registration.buffer.end()
            if case .open(_, let sender, _) = link { sender.yield(.remove(id)) }
            closeIfUnused()
        }

        /// Ends one listener with `error`; the server already forgot the target, or refused it.
        private mutating func end(_ id: Int32, with error: DocumentStoreError) {
            guard let listener = listeners.removeValue(forKey: id) else { return }
            listener.registration.buffer.fail(error)
            closeIfUnused()
        }

        private mutating func endAll(with error: DocumentStoreError) {
            let ended = listeners
            listeners = [:]
            for listener in ended.values { listener.registration.buffer.fail(error) }
            closeIfUnused()
        }

        mutating func shutDown() {
            closed = true
            for listener in listeners.values { listener.registration.buffer.end() }
            listeners = [:]
            for poller in pollers.values { poller.cancel() }
            pollers = [:]
            dropLink()
        }

        private mutating func poll(_ registration: Registration, after documents: DocumentSet?) {
            guard let fallback = registration.fallback else {
                registration.buffer.fail(
                    DocumentStoreError(
                        .unimplemented, "The Listen endpoint refused push, and no polling fallback is set."))
                return
            }
            pollers[registration.id] = fallback(registration.buffer, documents)
        }

        // MARK: The connection

        private mutating func connect() {
            generation &+= 1
            let generation = self.generation
            let delay =
                failures == 0
                ? Duration.zero
                : configuration.backoff.jitteredDelay(beforeRetry: failures, random: configuration.random())
            let connector = self.connector
            let sleep = configuration.sleep
            let inbox = self.inbox
            link = .connecting(
                Task {
                    if delay > .zero {
                        do { try await sleep(delay) } catch { return }
                    }
                    do throws(DocumentStoreError) {
                        let connection = try await connector.connect()
                        inbox.yield(.connected(generation, connection))
                    } catch {
                        inbox.yield(.connectFailed(generation, error))
                    }
                })
        }

        private mutating func opened(_ connection: any ListenConnection, generation: UInt64) {
            guard generation == self.generation, case .connecting = link, !closed, !listeners.isEmpty else {
                Task { await connection.close() }
                return
            }
            let (requests, sender) = AsyncStream<Request>.makeStream()
            let inbox = self.inbox
            Task {
                for await request in requests {
                    do throws(DocumentStoreError) {
                        switch request {
                        case .add(let target, let id, let token):
                            try await connection.addTarget(target, targetID: id, resumeToken: token)
                        case .remove(let id):
                            try await connection.removeTarget(id)
                        }
                    } catch {
                        let id: Int32 =
                            switch request {
                            case .add(_, let id, _), .remove(let id): id
                            }
                        inbox.yield(.sendFailed(generation, id, error))
                    }
                }
            }
            let reader = Task {
                do {
                    for try await response in connection.responses {
                        inbox.yield(.response(generation, response))
                    }
                    inbox.yield(.finished(generation, nil))
                } catch {
                    inbox.yield(
                        .finished(
                            generation,
                            error as? DocumentStoreError
                                ?? DocumentStoreError(.unavailable, "The Listen stream failed.", underlying: error)))
                }
            }
            link = .open(connection, sender: sender, reader: reader)
            for id in listeners.keys.sorted() {
                guard var listener = listeners.removeValue(forKey: id) else { continue }
                listener.machine.restartStream()
                listener.pendingAcks = 1
                listener.servedOnLink = false
                sender.yield(
                    .add(
                        listener.machine.sentTarget ?? listener.registration.target, id,
                        resumeToken: listener.machine.resumeToken))
                listeners[id] = listener
            }
        }

        /// Forgets the connection (closing it) or the attempt under way; later events of it are ignored.
        private mutating func dropLink() {
            switch link {
            case .idle: break
            case .connecting(let task): task.cancel()
            case .open(let connection, let sender, let reader):
                sender.finish()
                reader.cancel()
                Task { await connection.close() }
            }
            link = .idle
            generation &+= 1
        }

        /// The open connection ended: counts it for every listener whose target it did not make current,
        /// and reports a listener the ``ListenMultiplexer/starvedAfter``th time in a row.
        private mutating func countUnserved() {
            for id in listeners.keys.sorted() {
                guard var listener = listeners[id], !listener.servedOnLink else { continue }
                listener.endedUnserved += 1
                if listener.endedUnserved == ListenMultiplexer.starvedAfter { starved(listener.registration.target) }
                listeners[id] = listener
            }
        }

        private mutating func closeIfUnused() {
            if listeners.isEmpty { dropLink() }
        }

        private static func reconnects(_ code: DocumentStoreError.Code) -> Bool {
            retried.contains(code) || code == .unauthenticated
        }

        /// The connection failed, or could not be opened: reconnect, fall back to polling, or end.
        private mutating func failed(_ error: DocumentStoreError, duringConnect: Bool) {
            if closed || listeners.isEmpty { return }
            if error.code == .unimplemented && duringConnect {
                fellBack = true
                refused(error)
                let moved = listeners
                listeners = [:]
                for (_, listener) in moved.sorted(by: { $0.key < $1.key }) {
                    poll(listener.registration, after: listener.machine.lastDocuments)
                }
                return
            }
            if error.code == .unauthenticated {
                unauthenticated += 1
                guard unauthenticated <= ListenMultiplexer.unauthenticatedRetries else {
                    endAll(with: error)
                    return
                }
                connect()
                return
            }
            guard ListenMultiplexer.retried.contains(error.code) else {
                endAll(with: error)
                return
            }
            failures += 1
            connect()
        }

        // MARK: Routing

        private mutating func route(_ response: RESTListenResponse) {
            switch response {
            case .targetChange(let change):
                switch change.kind {
                case .add:
                    for id in change.targetIDs { acknowledge(id) }
                case .remove:
                    if let error = change.cause?.error {
                        for id in change.targetIDs { end(id, with: error) }
                    } else {
                        for id in change.targetIDs {
                            if let listener = listeners[id], listener.pendingAcks == 0 {
                                end(
                                    id,
                                    with: DocumentStoreError(
                                        .internal, "The watch stream removed target \(id) without a cause."))
                            } else {
                                acknowledge(id)
                            }
                        }
                    }
                case .noChange, .current, .reset:
                    let ids = change.targetIDs.isEmpty ? listeners.keys.sorted() : change.targetIDs
                    for id in ids { apply(response, to: id) }
                }
            case .documentChange(_, let targetIDs, let removedTargetIDs):
                for id in Set(targetIDs + removedTargetIDs).sorted() { apply(response, to: id) }
            case .documentDelete(_, let removedTargetIDs, _), .documentRemove(_, let removedTargetIDs, _):
                for id in Set(removedTargetIDs).sorted() { apply(response, to: id) }
            case .filter(let id, _):
                apply(response, to: id)
            }
        }

        private mutating func acknowledge(_ id: Int32) {
            guard var listener = listeners[id], listener.pendingAcks > 0 else { return }
            listener.pendingAcks -= 1
            listeners[id] = listener
        }

        /// Feeds `response` to the machine of target `id`, if it is listening and acknowledged. The
        /// listener leaves the table while its machine runs, so the machine's state is not shared and
        /// is updated in place (a copy would cost the size of the target's pending changes per response).
        private mutating func apply(_ response: RESTListenResponse, to id: Int32) {
            guard listeners[id]?.pendingAcks == 0, var listener = listeners.removeValue(forKey: id) else { return }
            let event: WatchStateMachine.Event?
            do {
                event = try listener.machine.handle(response)
            } catch {
                listeners[id] = listener
                if case .open(_, let sender, _) = link { sender.yield(.remove(id)) }
                end(id, with: error)
                return
            }
            if listener.machine.isCurrent {
                listener.servedOnLink = true
                listener.endedUnserved = 0
            }
            switch event {
            case nil:
                break
            case .snapshot(let snapshot):
                listener.registration.buffer.publish(
                    snapshot.documents, changedPaths: snapshot.changes.map(\.document.path),
                    readTime: snapshot.readTime)
            case .resetTarget:
                if case .open(_, let sender, _) = link {
                    listener.pendingAcks += 2
                    sender.yield(.remove(id))
                    sender.yield(.add(listener.machine.sentTarget ?? listener.registration.target, id, resumeToken: []))
                }
            }
            listeners[id] = listener
        }
    }
}
