import HearthDomain
import HearthPort

/// The snapshots of a query listener (`snapshots(includeMetadataChanges:)` on a query): an
/// `AsyncSequence` of ``QuerySnapshot``, each with its ``QuerySnapshot/documentChanges``.
///
/// Iterating starts the listener; ending the iteration or cancelling the task stops it. Snapshots are
/// pulled one at a time: a consumer that falls behind gets one snapshot combining what it missed. An
/// invalid query throws `invalidArgument` at the first element.
///
/// Stopping is final: once the consuming task is cancelled, `next()` returns `nil` (a snapshot already
/// buffered is dropped, never returned; an error the store reports meanwhile is dropped too), and so
/// does every later call: the iteration ends without an error. Closing the store
/// (``Database/close()``) ends the iteration the same way.
public struct QuerySnapshots: AsyncSequence, Sendable {
    public typealias Element = QuerySnapshot

    let query: Query
    let options: ListenOptions

    public func makeAsyncIterator() -> Iterator {
        do {
            let built = try query.build()
            let target = ListenTarget.query(parent: built.parent, query: built.query)
            if query.database.pipeline.hasPending {
                return Iterator(
                    database: query.database, start: (target, options), failure: nil, reversed: built.reversesResults)
            }
            let stream = query.database.store.listen(target, options: options)
            return Iterator(
                database: query.database, base: stream.makeAsyncIterator(), failure: nil,
                reversed: built.reversesResults)
        } catch {
            return Iterator(database: query.database, base: nil, failure: error, reversed: false)
        }
    }

    public struct Iterator: AsyncIteratorProtocol {
        let database: Database
        var base: AsyncThrowingStream<ListenSnapshot, any Error>.Iterator?
        /// The listen to start after the database's pending writes (see ``Database``), when there were some.
        var start: (target: ListenTarget, options: ListenOptions)?
        var failure: (any Error)?
        let reversed: Bool
        var previous: DocumentSet?

        init(
            database: Database, base: AsyncThrowingStream<ListenSnapshot, any Error>.Iterator?, failure: (any Error)?,
            reversed: Bool
        ) {
            self.database = database
            self.base = base
            self.failure = failure
            self.reversed = reversed
        }

        init(
            database: Database, start: (target: ListenTarget, options: ListenOptions), failure: (any Error)?,
            reversed: Bool
        ) {
            self.init(database: database, base: nil, failure: failure, reversed: reversed)
            self.start = start
        }

        public mutating func next() async throws -> QuerySnapshot? {
            if let failure {
                self.failure = nil
                base = nil
                throw failure
            }
            if let start {
                self.start = nil
                await database.pipeline.drain()
                base = database.store.listen(start.target, options: start.options).makeAsyncIterator()
            }
            guard let snapshot = try await nextFromBase(), !Task.isCancelled else {
                base = nil
                return nil
            }
            guard reversed else {
                return ListenMapping.querySnapshot(
                    snapshot.documents, snapshot.changes, snapshot.readTime, snapshot.metadata, database)
            }
            let forward = snapshot.documents.reordered(snapshot.documents.ordering.reversed)
            let changes =
                if let previous, !snapshot.isInitial {
                    SnapshotChanges.between(previous, forward, paths: snapshot.changes.map(\.document.path))
                } else {
                    SnapshotChanges.initial(forward)
                }
            previous = forward
            return ListenMapping.querySnapshot(forward, changes, snapshot.readTime, snapshot.metadata, database)
        }

        private mutating func nextFromBase() async throws -> ListenSnapshot? {
            do {
                return try await base?.next()
            } catch  where Task.isCancelled {
                return nil
            }
        }
    }
}

/// The snapshots of a document listener (``DocumentReference/snapshots(includeMetadataChanges:)``): an
/// `AsyncSequence` of ``DocumentSnapshot`` (`exists` is `false` while the document is missing).
///
/// Iterating starts the listener; ending the iteration or cancelling the task stops it. Stopping is
/// final, as for ``QuerySnapshots``: once the consuming task is cancelled (or the store closed), `next()`
/// returns `nil`, never a buffered snapshot.
public struct DocumentSnapshots: AsyncSequence, Sendable {
    public typealias Element = DocumentSnapshot

    let reference: DocumentReference
    let options: ListenOptions

    public func makeAsyncIterator() -> Iterator {
        let path: DocumentPath
        do throws(DocumentStoreError) {
            path = try reference.checkedPath()
        } catch {
            return Iterator(reference: reference, base: nil, failure: error)
        }
        let target = ListenTarget.document(path)
        if reference.database.pipeline.hasPending {
            return Iterator(reference: reference, base: nil, start: (target, options))
        }
        return Iterator(
            reference: reference, base: reference.database.store.listen(target, options: options).makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        let reference: DocumentReference
        var base: AsyncThrowingStream<ListenSnapshot, any Error>.Iterator?
        /// The listen to start after the database's pending writes (see ``Database``), when there were some.
        var start: (target: ListenTarget, options: ListenOptions)?
        /// The invalid reference's error, thrown by the first `next()`.
        var failure: DocumentStoreError?

        init(
            reference: DocumentReference,
            base: AsyncThrowingStream<ListenSnapshot, any Error>.Iterator?,
            start: (target: ListenTarget, options: ListenOptions)? = nil,
            failure: DocumentStoreError? = nil
        ) {
            self.reference = reference
            self.base = base
            self.start = start
            self.failure = failure
        }

        public mutating func next() async throws -> DocumentSnapshot? {
            if let failure {
                self.failure = nil
                throw failure
            }
            if let start {
                self.start = nil
                await reference.database.pipeline.drain()
                base = reference.database.store.listen(start.target, options: start.options).makeAsyncIterator()
            }
            guard let snapshot = try await nextFromBase(), !Task.isCancelled else {
                base = nil
                return nil
            }
            return DocumentSnapshot(
                reference: reference, document: snapshot.documents.document(reference.path),
                readTime: snapshot.readTime,
                cache: snapshot.metadata)
        }

        private mutating func nextFromBase() async throws -> ListenSnapshot? {
            do {
                return try await base?.next()
            } catch  where Task.isCancelled {
                return nil
            }
        }
    }
}

/// Port snapshots to client snapshots.
enum ListenMapping {
    static func querySnapshot(
        _ documents: DocumentSet, _ changes: [ListenChange], _ readTime: Timestamp, _ metadata: CacheMetadata,
        _ database: Database
    ) -> QuerySnapshot {
        func snapshot(_ document: Document) -> QueryDocumentSnapshot {
            QueryDocumentSnapshot(
                reference: DocumentReference(database: database, path: document.path), document: document,
                readTime: readTime, cache: metadata)
        }
        return QuerySnapshot(
            documents: documents.map(snapshot),
            readTime: readTime,
            documentChanges: changes.map { change in
                DocumentChange(
                    type: type(change.kind), document: snapshot(change.document), oldIndex: change.oldIndex,
                    newIndex: change.newIndex)
            },
            metadata: SnapshotMetadata(metadata)
        )
    }

    static func type(_ kind: ListenChange.Kind) -> DocumentChangeType {
        switch kind {
        case .added: .added
        case .modified: .modified
        case .removed: .removed
        }
    }

    static func storeError(_ error: any Error) -> DocumentStoreError {
        error as? DocumentStoreError ?? DocumentStoreError(.unknown, "The listener failed.", underlying: error)
    }
}
