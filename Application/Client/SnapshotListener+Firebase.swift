import HearthDomain

// Firebase's listener closures take two optionals, `(snapshot, error)`: exactly one is non-nil. They sit
// beside the `Result` forms and are built on them, so they stop exactly as those do.

extension QueryConvertible {
    /// Listens to the query's results with Firebase's closure shape: `listener` is called with each
    /// snapshot and a `nil` error, or once with a `nil` snapshot and the `DocumentStoreError` that ends
    /// the listener. Otherwise as
    /// ``addSnapshotListener(includeMetadataChanges:_:)-(_,(Result<QuerySnapshot,DocumentStoreError>)->Void)``.
    ///
    /// ```swift
    /// let registration = db.collection("rooms").addSnapshotListener { snapshot, error in
    ///     guard let snapshot else { return print("listener ended:", error.map { "\($0)" } ?? "") }
    ///     print(snapshot.documents.count)
    /// }
    /// ```
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    ) -> ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: includeMetadataChanges) { (result: Result<QuerySnapshot, DocumentStoreError>) in
            switch result {
            case .success(let snapshot): listener(snapshot, nil)
            case .failure(let error): listener(nil, error)
            }
        }
    }

    /// Firebase's `addSnapshotListener(includeMetadataChanges:listener:)`: the two-argument form above,
    /// with the closure labelled.
    public func addSnapshotListener(
        includeMetadataChanges: Bool,
        listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    ) -> ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: includeMetadataChanges, listener)
    }
}

extension DocumentReference {
    /// Listens to the document with Firebase's closure shape: `listener` is called with each snapshot
    /// and a `nil` error, or once with a `nil` snapshot and the `DocumentStoreError` that ends the
    /// listener. Otherwise as
    /// ``addSnapshotListener(includeMetadataChanges:_:)-(_,(Result<DocumentSnapshot,DocumentStoreError>)->Void)``.
    public func addSnapshotListener(
        includeMetadataChanges: Bool = false,
        _ listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    ) -> ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: includeMetadataChanges) { (result: Result<DocumentSnapshot, DocumentStoreError>) in
            switch result {
            case .success(let snapshot): listener(snapshot, nil)
            case .failure(let error): listener(nil, error)
            }
        }
    }

    /// Firebase's `addSnapshotListener(includeMetadataChanges:listener:)`: the two-argument form above,
    /// with the closure labelled.
    public func addSnapshotListener(
        includeMetadataChanges: Bool,
        listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    ) -> ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: includeMetadataChanges, listener)
    }
}
