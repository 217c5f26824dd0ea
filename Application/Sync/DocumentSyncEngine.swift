import HearthDomain
import HearthPort
import Observation

/// Seed 001's `DocumentSyncEngine`: keeps one document of a remote in sync, as a model whose state is
/// observable (`@Observable`, on the main actor) and readable as an `AsyncSequence` (``states()``).
///
/// ``startListening(documentId:)`` attaches a listener and returns once its first snapshot is applied;
/// from then on ``currentDocument`` follows the document. A listener that fails later is reconnected
/// with the seed's backoff (``SyncRetryPolicy``: `min(2^n, 60)` s, reset by the next event);
/// ``stopListening()`` is final: once it returns, no snapshot changes the state.
///
/// Writes go to the remote first; once it accepts them the engine's state shows them (``saveDocument(_:)``
/// the saved model, ``updateDocument(id:data:)`` the document read back, ``deleteDocument(id:)`` `nil`).
/// Built on ``Database``'s public API only, so on a cached database (issue 17) the engine works offline.
///
/// With a `storage`, the last known document is kept under `managerKey` and the next engine made with
/// the same key starts with it (before any listener). `Hearth` adds the seed's initializer
/// `init(remote:managerKey:enableLocalPersistence:logger:)`.
@MainActor @Observable
public final class DocumentSyncEngine<T: Codable & Sendable & Identifiable> where T.ID == String {
    /// The document's last known model: `nil` while it is missing or not known yet.
    public private(set) var currentDocument: T?
    /// The document the engine follows (set by ``startListening(documentId:)``, kept by
    /// ``stopListening()``), or the one restored from local persistence.
    public private(set) var documentId: String?
    /// Whether a listener is running (or waiting to reconnect).
    public private(set) var isListening = false
    /// The last listener or persistence error; cleared when the listener delivers again.
    public private(set) var lastError: (any Error)?

    /// The name of the engine's local persistence (and of the engine in log events).
    @ObservationIgnored public let managerKey: String
    @ObservationIgnored private let remote: any RemoteDocumentService<T>
    @ObservationIgnored private let persistence: SyncPersistence<T>?
    @ObservationIgnored private let listener: SyncListener
    @ObservationIgnored private let broadcast = StateBroadcast<DocumentSyncState<T>>()

    /// An engine on `remote`. With a `storage`, the document last kept under `managerKey` is loaded now
    /// (a failure is logged and left in ``lastError``; the engine starts empty). `retry` decides the
    /// reconnect delays (default: the seed's).
    public init<Remote: RemoteDocumentService>(
        remote: Remote, managerKey: String, storage: (any SyncEngineStorage)?,
        logger: (any SyncEngineLogger)? = nil, retry: SyncRetryPolicy = SyncRetryPolicy()
    ) where Remote.Model == T {
        self.remote = remote
        self.managerKey = managerKey
        self.persistence = storage.map { SyncPersistence(storage: $0, key: managerKey, logger: logger) }
        self.listener = SyncListener(managerKey: managerKey, logger: logger, retry: retry)
        switch persistence?.loaded() {
        case .success(let stored)?:
            currentDocument = stored.first
            documentId = stored.first?.id
        case .failure(let error)?: lastError = error
        case nil: break
        }
    }

    /// The current state, then every change, newest first for a consumer that falls behind. Ends when
    /// the engine is released.
    public func states() -> AsyncStream<DocumentSyncState<T>> {
        broadcast.stream(startingWith: state)
    }

    /// The document's last known model (seed 001's `getDocument()`): ``currentDocument``.
    public func getDocument() -> T? { currentDocument }

    // MARK: Listening

    /// Follows the document `documentId`: stops the previous listener, then listens and returns once
    /// the first snapshot is applied (``currentDocument`` is then the document, or `nil` when missing).
    /// Throws the first attempt's error (``FirebaseServiceError/collectionPathNotAvailable``,
    /// `permissionDenied`, ...) and is then not listening; later failures reconnect with backoff.
    public func startListening(documentId: String) async throws {
        stopListening()
        if self.documentId != documentId { currentDocument = nil }
        self.documentId = documentId
        isListening = true
        publish()
        try await listener.start(
            throwsFirstFailure: true,
            failed: {
                self.lastError = $0; self.publish()
            },
            ended: {
                self.isListening = false; self.publish()
            },
            attempt: { pass in
                for try await model in self.remote.streamDocument(id: documentId) {
                    guard pass.isCurrent else { return }
                    self.lastError = nil
                    self.apply(model)
                    pass.delivered()
                }
            })
    }

    /// Stops the listener; final: no snapshot changes the state after this returns. The last known
    /// document stays (seed 001's `stopListening()`), and a ``startListening(documentId:)`` waiting for
    /// its first snapshot returns.
    public func stopListening() {
        guard listener.stop() else { return }
        isListening = false
        publish()
    }

    // MARK: Reading and writing

    /// Reads the followed document from the remote (seed 001's `getDocumentAsync()`), makes it the
    /// current document and returns it. Throws `failedPrecondition` when no document is followed,
    /// `notFound` when it does not exist, and the remote's errors.
    @discardableResult
    public func getDocumentAsync() async throws -> T {
        try await getDocumentAsync(id: try followedID())
    }

    /// Reads the document `id` from the remote and returns it; when it is the followed document it
    /// becomes the current one. Throws `notFound` when it does not exist, and the remote's errors.
    @discardableResult
    public func getDocumentAsync(id: String) async throws -> T {
        let model = try await remote.getDocument(id: id)
        if id == documentId { apply(model) }
        return model
    }

    /// Writes `model` to the document `model.id` (merging its fields); when it is the followed document,
    /// `model` becomes the current one. Throws the remote's errors (nothing changes locally then).
    public func saveDocument(_ model: T) async throws {
        try await remote.saveDocument(model)
        if model.id == documentId { apply(model) }
    }

    /// Updates fields (dotted paths) of the followed document, then reads it back into
    /// ``currentDocument``. Throws `failedPrecondition` when no document is followed, `notFound` when it
    /// does not exist, and the remote's errors.
    public func updateDocument(data: UserFields) async throws {
        try await updateDocument(id: try followedID(), data: data)
    }

    /// Updates fields of the document `id`; when it is the followed document, reads it back into
    /// ``currentDocument``. Throws `notFound` when it does not exist, and the remote's errors.
    public func updateDocument(id: String, data: UserFields) async throws {
        try await remote.updateDocument(id: id, data: data)
        if id == documentId { apply(try await remote.getDocument(id: id)) }
    }

    /// Deletes the followed document; ``currentDocument`` becomes `nil`. Throws `failedPrecondition`
    /// when no document is followed, and the remote's errors.
    public func deleteDocument() async throws {
        try await deleteDocument(id: try followedID())
    }

    /// Deletes the document `id`; when it is the followed document, ``currentDocument`` becomes `nil`.
    public func deleteDocument(id: String) async throws {
        try await remote.deleteDocument(id: id)
        if id == documentId { apply(nil) }
    }

    private func followedID() throws(DocumentStoreError) -> String {
        guard let documentId else {
            throw DocumentStoreError(
                .failedPrecondition,
                "DocumentSyncEngine \(managerKey): no document followed; call startListening(documentId:) first.")
        }
        return documentId
    }

    // MARK: State

    private var state: DocumentSyncState<T> {
        DocumentSyncState(
            document: currentDocument, documentId: documentId, isListening: isListening, lastError: lastError)
    }

    private func apply(_ model: T?) {
        currentDocument = model
        if let error = persistence?.keep(model.map { [$0] } ?? []) { lastError = error }
        publish()
    }

    private func publish() {
        broadcast.publish(state)
    }
}
