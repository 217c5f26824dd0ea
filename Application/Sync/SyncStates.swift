/// A ``DocumentSyncEngine``'s state at one moment, as its ``DocumentSyncEngine/states()`` sequence
/// delivers it.
public struct DocumentSyncState<T: Sendable>: Sendable {
    /// The document's last known model (`nil`: missing, or not known yet).
    public let document: T?
    /// The document the engine follows, if any.
    public let documentId: String?
    /// Whether a listener is running (or waiting to reconnect).
    public let isListening: Bool
    /// The last listener or persistence error, `nil` once the listener delivers again.
    public let lastError: (any Error)?
}

/// A ``CollectionSyncEngine``'s or ``CollectionGroupSyncEngine``'s state at one moment, as its
/// `states()` sequence delivers it.
public struct CollectionSyncState<T: Sendable>: Sendable {
    /// The collection's last known models.
    public let collection: [T]
    /// Whether a listener is running (or waiting to reconnect).
    public let isListening: Bool
    /// The last listener or persistence error, `nil` once the listener delivers again.
    public let lastError: (any Error)?
}
