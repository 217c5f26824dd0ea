/// Where a sync engine reports what it does (seed 001's `logger`): listeners started and stopped,
/// listener failures with the delay before the next attempt, local persistence failures.
public protocol SyncEngineLogger: Sendable {
    /// Records `event`. Called on the engine's actor (the main actor); must not block.
    func log(_ event: SyncEngineEvent)
}

/// Something a sync engine reports to its ``SyncEngineLogger``; `managerKey` names the engine.
public enum SyncEngineEvent: Sendable {
    /// The engine started listening.
    case listeningStarted(managerKey: String)
    /// The listener failed with `error`; the engine tries again after `retryAfter`.
    case listenerFailed(managerKey: String, error: any Error, retryAfter: Duration)
    /// The engine stopped listening (``DocumentSyncEngine/stopListening()`` or a listener that ended).
    case listeningStopped(managerKey: String)
    /// Loading or saving the local persistence failed with `error`; the engine goes on without it.
    case persistenceFailed(managerKey: String, error: any Error)
}
