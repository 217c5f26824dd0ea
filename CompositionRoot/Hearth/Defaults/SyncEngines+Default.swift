public import HearthApplication
import HearthInMemory
public import HearthPort

/// The local persistence the seed-shaped sync engine initializers use when `enableLocalPersistence` is
/// `true`: one in-memory storage for the process, so an engine made again with the same `managerKey`
/// starts with the last state (until the cached database of issue 17 keeps state across runs).
public enum SyncEngineDefaults {
    /// The process-wide storage (an `InMemorySyncEngineStorage`).
    public static let storage: any SyncEngineStorage = InMemorySyncEngineStorage()

    /// ``storage`` when `enabled`, else `nil` (the seed's `enableLocalPersistence`).
    public static func storage(enabled: Bool) -> (any SyncEngineStorage)? {
        enabled ? storage : nil
    }

    /// A new, empty in-memory storage of its own (an `InMemorySyncEngineStorage`), for engines that must
    /// not share the process-wide one (tests, several users in one process).
    public static func memoryStorage() -> any SyncEngineStorage {
        InMemorySyncEngineStorage()
    }
}

extension FirebaseRemoteCollectionService {
    /// Seed 001's initializer (of `FirebaseRemoteCollectionService` and `FirebaseRemoteDocumentService`):
    /// the service on `Firestore.firestore()` (the process-wide default database), for the collection at
    /// `collectionPath()` (`nil`: every operation throws `FirebaseServiceError.collectionPathNotAvailable`).
    public init(collectionPath: @escaping @Sendable () -> String?) {
        self.init(collectionPath: collectionPath, database: .firestore())
    }
}

extension FirebaseRemoteCollectionGroupService {
    /// Seed 001's initializer: the service on `Firestore.firestore()`, over the collection group
    /// `collectionGroupName`.
    public init(collectionGroupName: String) {
        self.init(collectionGroupName: collectionGroupName, database: .firestore())
    }
}

extension DocumentSyncEngine {
    /// Seed 001's initializer: with `enableLocalPersistence`, the engine keeps its document in
    /// ``SyncEngineDefaults/storage`` under `managerKey`; the seed's backoff.
    public convenience init<Remote: RemoteDocumentService>(
        remote: Remote, managerKey: String, enableLocalPersistence: Bool = true, logger: (any SyncEngineLogger)? = nil
    ) where Remote.Model == T {
        self.init(
            remote: remote, managerKey: managerKey,
            storage: SyncEngineDefaults.storage(enabled: enableLocalPersistence),
            logger: logger)
    }
}

extension CollectionSyncEngine {
    /// Seed 001's initializer: with `enableLocalPersistence`, the engine keeps its collection in
    /// ``SyncEngineDefaults/storage`` under `managerKey`; the seed's backoff.
    public convenience init<Remote: RemoteCollectionService>(
        remote: Remote, managerKey: String, enableLocalPersistence: Bool = true, logger: (any SyncEngineLogger)? = nil
    ) where Remote.Model == T {
        self.init(
            remote: remote, managerKey: managerKey,
            storage: SyncEngineDefaults.storage(enabled: enableLocalPersistence),
            logger: logger)
    }
}

extension CollectionGroupSyncEngine {
    /// Seed 001's initializer: with `enableLocalPersistence`, the engine keeps its models in
    /// ``SyncEngineDefaults/storage`` under `managerKey`; the seed's backoff.
    public convenience init<Remote: RemoteQueryService>(
        remote: Remote, managerKey: String, enableLocalPersistence: Bool = true, logger: (any SyncEngineLogger)? = nil
    ) where Remote.Model == T {
        self.init(
            remote: remote, managerKey: managerKey,
            storage: SyncEngineDefaults.storage(enabled: enableLocalPersistence),
            logger: logger)
    }
}
