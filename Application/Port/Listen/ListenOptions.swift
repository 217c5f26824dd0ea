/// How a listener reports (``DocumentStore/listen(_:options:)``).
public struct ListenOptions: Sendable, Hashable {
    /// Whether to deliver *metadata-only* snapshots: snapshots whose documents did not change, only their
    /// read time advanced (the store confirmed the results are still current at a later time). Default
    /// `false`: every snapshot after the first changes at least one document.
    ///
    /// When a store learns this depends on how it listens: a polling store after every poll that found
    /// no change; a watch stream at every consistent point without change; the local engine when a
    /// commit touched the listener's collection (or collection group) without changing its results.
    public var includeMetadataChanges: Bool

    /// Options; metadata-only snapshots are left out unless `includeMetadataChanges` is `true`.
    public init(includeMetadataChanges: Bool = false) {
        self.includeMetadataChanges = includeMetadataChanges
    }
}
