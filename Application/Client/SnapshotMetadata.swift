import HearthDomain
import HearthPort

/// Firebase's `SnapshotMetadata`: where a snapshot came from and whether it shows local writes the
/// server has not acknowledged yet.
///
/// On a store with an offline cache (a `CachingDocumentStore`: the offline cache adapter) both vary (see
/// `Docs/Offline.md`). Every other Hearth store is itself the source of truth, so its snapshots are always
/// `hasPendingWrites: false, isFromCache: false`.
public struct SnapshotMetadata: Sendable, Hashable, CustomStringConvertible {
    /// Whether the snapshot shows local writes not yet acknowledged by the server (for a query snapshot:
    /// whether any of its documents does).
    public let hasPendingWrites: Bool
    /// Whether the snapshot came from the cache and may be stale; `false` once the server's answer is in.
    public let isFromCache: Bool

    /// Metadata: `hasPendingWrites`, `isFromCache`.
    public init(hasPendingWrites: Bool, isFromCache: Bool) {
        self.hasPendingWrites = hasPendingWrites
        self.isFromCache = isFromCache
    }

    /// `hasPendingWrites: false, isFromCache: false`: the metadata of every snapshot of a store without a cache.
    public static let server = SnapshotMetadata(hasPendingWrites: false, isFromCache: false)

    /// `SnapshotMetadata(hasPendingWrites: …, isFromCache: …)`.
    public var description: String {
        "SnapshotMetadata(hasPendingWrites: \(hasPendingWrites), isFromCache: \(isFromCache))"
    }

    /// The metadata of the document at `path` in a result with `metadata`.
    init(_ metadata: CacheMetadata, document path: DocumentPath) {
        self.init(
            hasPendingWrites: metadata.pending[path]?.hasPendingWrites ?? false, isFromCache: metadata.isFromCache)
    }

    /// The metadata of a whole result (a query snapshot).
    init(_ metadata: CacheMetadata) {
        self.init(hasPendingWrites: metadata.hasPendingWrites, isFromCache: metadata.isFromCache)
    }
}

/// Firebase's `ServerTimestampBehavior`: how a field holding a pending server timestamp
/// (`FieldValue.serverTimestamp()` written locally, not yet set by the server) reads, in
/// `data(with:)`, `get(_:serverTimestampBehavior:)` and Codable decoding (`data(as:with:)`,
/// `getDocument(as:with:)`). Only a store with an offline cache has pending server timestamps; everywhere
/// else the three read alike.
public enum ServerTimestampBehavior: Sendable, Hashable, CaseIterable {
    /// Null (`NSNull()`, a `nil` optional in Codable): Firebase's default.
    case none
    /// The local estimate: the time of the local write.
    case estimate
    /// The value the field had before the write (null when it had none, or it is not known: after a
    /// restart, until the document is read from the server).
    case previous
}

extension Document {
    /// The document with each of `serverTimestamps` (field → previous value) read as `behavior` says; the
    /// stored value at those fields is the local estimate.
    func reading(_ serverTimestamps: [FieldPath: Value?], as behavior: ServerTimestampBehavior) -> Document {
        guard !serverTimestamps.isEmpty, behavior != .estimate else { return self }
        var document = self
        for (field, previous) in serverTimestamps {
            document.fields.setValue(behavior == .previous ? (previous ?? .null) : .null, at: field)
        }
        return document
    }
}
