import HearthDomain

/// What a snapshot listener watches: the results of a query (every ``QueryConvertible``: ``Query`` and
/// ``CollectionReference``) or one ``DocumentReference``.
///
/// The callback forms of listening are written once, here, on ``snapshots(includeMetadataChanges:)``,
/// so a query listener and a document listener deliver, stop and close alike (see
/// ``ListenerRegistration``).
public protocol SnapshotListenable: Sendable {
    /// The snapshots a listener delivers: ``QuerySnapshots`` for a query, ``DocumentSnapshots`` for a
    /// document.
    associatedtype Snapshots: AsyncSequence & Sendable where Snapshots.Element: Sendable

    /// The database listened to; closing it ends the listeners.
    var database: Database { get }

    /// The listener as an `AsyncSequence`: an initial snapshot, then one whenever the results change
    /// (with `includeMetadataChanges`, also when only the read time advanced).
    func snapshots(includeMetadataChanges: Bool) -> Snapshots
}

extension SnapshotListenable {
    /// Listens for code that is not `async`: `listener` is called with each snapshot (a ``QuerySnapshot``
    /// or a ``DocumentSnapshot``), or once with the error that ends the listener, one call at a time on a
    /// serial queue of the listener's own. The listener runs until ``ListenerRegistration/remove()``;
    /// once `remove()` returns, no call is running or will start (see ``ListenerRegistration``).
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (Result<Snapshots.Element, DocumentStoreError>) -> Void
    ) -> ListenerRegistration {
        ListenerRegistration.listen(
            to: snapshots(includeMetadataChanges: includeMetadataChanges), of: database, listener)
    }

    // Firebase's listener closures take two optionals, `(snapshot, error)`: exactly one is non-nil. They
    // are built on the `Result` form, so they stop exactly as it does.

    /// Listens with Firebase's closure shape: `listener` is called with each snapshot and a `nil` error,
    /// or once with a `nil` snapshot and the `DocumentStoreError` that ends the listener. Otherwise as
    /// the `Result` form, `addSnapshotListener(includeMetadataChanges:_:)`.
    ///
    /// ```swift
    /// let registration = db.collection("rooms").addSnapshotListener { snapshot, error in
    ///     guard let snapshot else { return print("listener ended:", error.map { "\($0)" } ?? "") }
    ///     print(snapshot.documents.count)
    /// }
    /// ```
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (Snapshots.Element?, (any Error)?) -> Void
    ) -> ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: includeMetadataChanges) {
            (result: Result<Snapshots.Element, DocumentStoreError>) in
            switch result {
            case .success(let snapshot): listener(snapshot, nil)
            case .failure(let error): listener(nil, error)
            }
        }
    }

    /// Firebase's `addSnapshotListener(includeMetadataChanges:listener:)`: the two-optional form above,
    /// with the closure labelled.
    public func addSnapshotListener(
        includeMetadataChanges: Bool,
        listener: @escaping @Sendable (Snapshots.Element?, (any Error)?) -> Void
    ) -> ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: includeMetadataChanges, listener)
    }
}
