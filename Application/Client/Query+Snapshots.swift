import HearthDomain
import HearthPort

extension QueryConvertible {
    /// Listens to the query's results: an initial snapshot, then one whenever the results change, each
    /// with its ``QuerySnapshot/documentChanges``. `limit(toLast:)` works as with `getDocuments()`: the
    /// documents and the changes' indexes follow the query's own order.
    ///
    /// With `includeMetadataChanges`, snapshots whose documents did not change (only the read time
    /// advanced) are delivered too, with no document changes; see ``ListenOptions``.
    ///
    /// ```swift
    /// for try await snapshot in db.collection("rooms").whereField("open", isEqualTo: true).snapshots() {
    ///     for change in snapshot.documentChanges { print(change.type, change.document.documentID) }
    /// }
    /// ```
    public func snapshots(includeMetadataChanges: Bool = false) -> QuerySnapshots {
        QuerySnapshots(query: query, options: ListenOptions(includeMetadataChanges: includeMetadataChanges))
    }
}

extension DocumentReference: SnapshotListenable {
    /// Listens to the document: an initial snapshot (`exists` is `false` when it is missing), then one
    /// whenever it is created, changed or deleted. With `includeMetadataChanges`, snapshots where only
    /// the read time advanced are delivered too.
    public func snapshots(includeMetadataChanges: Bool = false) -> DocumentSnapshots {
        DocumentSnapshots(reference: self, options: ListenOptions(includeMetadataChanges: includeMetadataChanges))
    }
}
