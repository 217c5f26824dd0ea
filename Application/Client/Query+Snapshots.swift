public import HearthDomain

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

    /// Listens to the query's results for code that is not `async`: `listener` is called with each
    /// snapshot, or once with the error that ends the listener, one call at a time on a serial queue of
    /// the listener's own. The listener runs until ``ListenerRegistration/remove()``; once `remove()`
    /// returns, no call is running or will start (see ``ListenerRegistration``).
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (Result<QuerySnapshot, DocumentStoreError>) -> Void
    ) -> ListenerRegistration {
        ListenerRegistration.listen(to: snapshots(includeMetadataChanges: includeMetadataChanges), of: query.database, listener)
    }
}

extension DocumentReference {
    /// Listens to the document: an initial snapshot (`exists` is `false` when it is missing), then one
    /// whenever it is created, changed or deleted. With `includeMetadataChanges`, snapshots where only
    /// the read time advanced are delivered too.
    public func snapshots(includeMetadataChanges: Bool = false) -> DocumentSnapshots {
        DocumentSnapshots(reference: self, options: ListenOptions(includeMetadataChanges: includeMetadataChanges))
    }

    /// Listens to the document for code that is not `async`: `listener` is called with each snapshot, or
    /// once with the error that ends the listener, one call at a time on a serial queue of the listener's
    /// own. The listener runs until ``ListenerRegistration/remove()``; once `remove()` returns, no call is
    /// running or will start (see ``ListenerRegistration``).
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (Result<DocumentSnapshot, DocumentStoreError>) -> Void
    ) -> ListenerRegistration {
        ListenerRegistration.listen(to: snapshots(includeMetadataChanges: includeMetadataChanges), of: database, listener)
    }
}
