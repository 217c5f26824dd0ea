import HearthDomain
import HearthLocalEngine
import HearthPort
import HearthTestSupport
import Testing

@Suite("Engine listeners: push-based snapshots", .timeLimit(.minutes(1)))
struct EngineListenerTests {
    // MARK: Queries

    @Test func query_initialSnapshot_listsResultsInOrderAllAdded() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 3), ("b", 1), ("c", 2)])
        var listener = sut.engine.listen(
            .query(parent: nil, query: try ordered("c", by: "v")), options: ListenOptions()
        ).makeAsyncIterator()

        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["b", "c", "a"])
        #expect(snapshot.isInitial)
        #expect(describe(snapshot.changes) == ["added b -→0", "added c -→1", "added a -→2"])
    }

    @Test func query_documentAdded_reportsAddedAtItsPosition() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("c", 3)])
        var listener = sut.engine.listen(
            .query(parent: nil, query: try ordered("c", by: "v")), options: ListenOptions()
        ).makeAsyncIterator()
        _ = try await next(&listener)

        let commit = try await sut.set("c/b", ["v": 2])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["a", "b", "c"])
        #expect(describe(snapshot.changes) == ["added b -→1"])
        #expect(snapshot.readTime == commit.commitTime)
    }

    @Test func query_documentMoves_reportsModifiedWithOldAndNewIndex() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2), ("c", 3)])
        var listener = sut.engine.listen(
            .query(parent: nil, query: try ordered("c", by: "v")), options: ListenOptions()
        ).makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("c/a", ["v": 4])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["b", "c", "a"])
        #expect(describe(snapshot.changes) == ["modified a 0→2"])
    }

    @Test func query_documentDeleted_reportsRemoved() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2)])
        var listener = sut.engine.listen(
            .query(parent: nil, query: try ordered("c", by: "v")), options: ListenOptions()
        ).makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.commit([.delete(try doc("c/a"))])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["b"])
        #expect(describe(snapshot.changes) == ["removed a 0→-"])
    }

    @Test func query_documentLeavesAndEntersFilter_isRemovedThenAdded() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 5)])
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"), filter: try filter("v", .lessThan, 3))
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("c/a", ["v": 9])
        let left = try await next(&listener)
        try await sut.set("c/b", ["v": 2])
        let entered = try await next(&listener)

        #expect(describe(left.changes) == ["removed a 0→-"])
        #expect(describe(entered.changes) == ["added b -→0"])
    }

    @Test func query_oneCommitManyChanges_ordersRemovalsAdditionsModifications() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2), ("c", 3), ("d", 4)])
        var listener = sut.engine.listen(
            .query(parent: nil, query: try ordered("c", by: "v")), options: ListenOptions()
        ).makeAsyncIterator()
        let initial = try await next(&listener)

        try await sut.commit([
            Write.update(try doc("c/d"), fields: ["v": 0]),
            .delete(try doc("c/b")),
            Write.update(try doc("c/e"), fields: ["v": 2.5]),
            .delete(try doc("c/a")),
        ])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["d", "e", "c"])
        #expect(describe(snapshot.changes) == ["removed a 0→-", "removed b 0→-", "added e -→0", "modified d 2→0"])
        #expect(replay(snapshot.changes, on: ids(initial)) == ids(snapshot))
    }

    @Test func query_commitToOtherCollection_isNotDelivered() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1)])
        var listener = sut.engine.listen(
            .query(parent: nil, query: try ordered("c", by: "v")), options: ListenOptions()
        ).makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("other/x", ["v": 1])
        try await sut.set("c/b", ["v": 2])
        let snapshot = try await next(&listener)

        #expect(describe(snapshot.changes) == ["added b -→1"])
    }

    @Test func query_withMetadataChanges_deliversTouchWithoutChange() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1)])
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"), filter: try filter("v", .equal, 1))
        var listener = sut.engine.listen(
            .query(parent: nil, query: query), options: ListenOptions(includeMetadataChanges: true)
        ).makeAsyncIterator()
        let initial = try await next(&listener)

        let commit = try await sut.set("c/b", ["v": 2])
        let snapshot = try await next(&listener)

        #expect(snapshot.isMetadataOnly)
        #expect(snapshot.documents == initial.documents)
        #expect(snapshot.readTime == commit.commitTime)
    }

    // MARK: Limits, offsets, cursors, projections

    @Test func limit_documentLeavesWindow_refillsFromBeyond() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2), ("c", 3), ("d", 4)])
        var query = try ordered("c", by: "v")
        query.limit = 2
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.commit([.delete(try doc("c/a"))])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["b", "c"])
        #expect(describe(snapshot.changes) == ["removed a 0→-", "added c -→1"])
    }

    @Test func limit_documentMovesBeyondWindow_isReplaced() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2), ("c", 3)])
        var query = try ordered("c", by: "v")
        query.limit = 2
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("c/a", ["v": 9])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["b", "c"])
        #expect(describe(snapshot.changes) == ["removed a 0→-", "added c -→1"])
    }

    @Test func limit_newDocumentBeforeBoundary_pushesLastOut() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2), ("c", 3)])
        var query = try ordered("c", by: "v")
        query.limit = 2
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("c/z", ["v": 0])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["z", "a"])
        #expect(describe(snapshot.changes) == ["removed b 1→-", "added z -→0"])
    }

    @Test func limit_documentBeyondWindowChanges_isNotDelivered() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2), ("c", 3)])
        var query = try ordered("c", by: "v")
        query.limit = 2
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("c/c", ["v": 7])
        try await sut.set("c/b", ["v": 1.5])
        let snapshot = try await next(&listener)

        #expect(describe(snapshot.changes) == ["modified b 1→1"])
    }

    @Test func offset_changeBeforeWindow_shiftsTheWindow() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 2), ("c", 3)])
        var query = try ordered("c", by: "v")
        query.offset = 1
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("c/z", ["v": 0])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["a", "b", "c"])
        #expect(describe(snapshot.changes) == ["added a -→0"])
    }

    @Test func cursors_documentOutsideRange_isNotAResult() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1), ("b", 5)])
        var query = try ordered("c", by: "v")
        query.startAt = Cursor(values: [2], before: true)
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("c/x", ["v": 0])
        try await sut.set("c/y", ["v": 3])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["y", "b"])
        #expect(describe(snapshot.changes) == ["added y -→0"])
    }

    @Test func projection_keepsOrderOfUnselectedFieldsAndReturnsSelectedOnly() async throws {
        let sut = EngineHarness()
        try await sut.commit([
            Write.update(try doc("c/a"), fields: ["v": 2, "name": "A"]),
            Write.update(try doc("c/b"), fields: ["v": 1, "name": "B"]),
        ])
        var query = try ordered("c", by: "v")
        query.select = [try field("name")]
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.commit([Write.update(try doc("c/c"), fields: ["v": 1.5, "name": "C"])])
        let snapshot = try await next(&listener)

        #expect(ids(snapshot) == ["b", "c", "a"])
        #expect(snapshot.documents.map(\.fields) == [["name": "B"], ["name": "C"], ["name": "A"]])
        #expect(describe(snapshot.changes) == ["added c -→1"])
    }

    @Test func collectionGroup_seesDocumentsOfEveryCollectionWithThatID() async throws {
        let sut = EngineHarness()
        var listener = sut.engine.listen(
            .query(parent: nil, query: collectionQuery("posts", allDescendants: true)), options: ListenOptions()
        )
        .makeAsyncIterator()
        _ = try await next(&listener)

        try await sut.set("users/u/posts/p", ["v": 1])
        let snapshot = try await next(&listener)

        #expect(snapshot.documents.map(\.path.path) == ["users/u/posts/p"])
    }

    @Test func invalidQuery_failsWithInvalidArgument() async throws {
        let sut = EngineHarness()
        let query = StructuredQuery(from: CollectionSelector(collectionID: "c"), limit: -1)
        var listener = sut.engine.listen(.query(parent: nil, query: query), options: ListenOptions())
            .makeAsyncIterator()

        let code = await errorCode { _ = try await listener.next() }

        #expect(code == .invalidArgument)
    }

    // MARK: Documents

    @Test func document_missingCreatedModifiedDeleted_eachSnapshotFollows() async throws {
        let sut = EngineHarness()
        var listener = sut.engine.listen(.document(try doc("c/a")), options: ListenOptions()).makeAsyncIterator()

        let missing = try await next(&listener)
        try await sut.set("c/a", ["v": 1])
        let created = try await next(&listener)
        try await sut.set("c/a", ["v": 2])
        let modified = try await next(&listener)
        try await sut.commit([.delete(try doc("c/a"))])
        let deleted = try await next(&listener)

        #expect(missing.documents.isEmpty && missing.isInitial)
        #expect(describe(created.changes) == ["added a -→0"])
        #expect(modified.documents.first?.fields == ["v": 2])
        #expect(describe(modified.changes) == ["modified a 0→0"])
        #expect(describe(deleted.changes) == ["removed a 0→-"])
    }

    // MARK: Lifecycle

    @Test func cancelledConsumer_endsWithoutErrorAndStoreKeepsWorking() async throws {
        let sut = EngineHarness()
        try await sut.seed("c", [("a", 1)])
        let engine = sut.engine
        let consumer = Task { () -> Int in
            var count = 0
            for try await _ in engine.listen(.query(parent: nil, query: collectionQuery("c")), options: ListenOptions())
            { count += 1 }
            return count
        }
        consumer.cancel()

        let delivered = try await consumer.value
        try await sut.set("c/b", ["v": 2])

        #expect(delivered <= 1)
        #expect(try sut.get("c/b") != nil)
    }

    @Test func endListenersWithAnError_failsEveryListener() async throws {
        let sut = EngineHarness()
        var listener = sut.engine.listen(.query(parent: nil, query: collectionQuery("c")), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        sut.engine.endListeners(with: DocumentStoreError(.failedPrecondition, "closed"))
        let code = await errorCode { _ = try await listener.next() }

        #expect(code == .failedPrecondition)
    }

    @Test func releasedEngine_endsItsListeners() async throws {
        var engine: LocalEngine? = LocalEngine(database: EngineHarness.database)
        var listener = try #require(engine).listen(.document(try doc("c/a")), options: ListenOptions())
            .makeAsyncIterator()
        _ = try await next(&listener)

        engine = nil
        let after = try await listener.next()

        #expect(engine == nil && after == nil)
    }

    @Test func manyListeners_eachSeesTheCommit() async throws {
        let sut = EngineHarness()
        var listeners = try (0..<20).map { _ in
            sut.engine.listen(.query(parent: nil, query: try ordered("c", by: "v")), options: ListenOptions())
                .makeAsyncIterator()
        }
        for index in listeners.indices { _ = try await next(&listeners[index]) }

        try await sut.set("c/a", ["v": 1])
        var seen: [[String]] = []
        for index in listeners.indices { seen.append(describe(try await next(&listeners[index]).changes)) }

        #expect(seen == Array(repeating: ["added a -→0"], count: 20))
    }
}

// MARK: - Helpers

private func ordered(_ collection: String, by field: String) throws -> StructuredQuery {
    StructuredQuery(from: CollectionSelector(collectionID: collection), orderBy: [try order(field)])
}

private func next(
    _ iterator: inout AsyncThrowingStream<ListenSnapshot, any Error>.Iterator
) async throws -> ListenSnapshot {
    guard let snapshot = try await iterator.next() else { throw ListenerTestError.streamEnded }
    return snapshot
}

private enum ListenerTestError: Error { case streamEnded }

private func ids(_ snapshot: ListenSnapshot) -> [String] {
    snapshot.documents.map(\.path.documentID)
}

private func describe(_ changes: [ListenChange]) -> [String] {
    changes.map {
        "\($0.kind) \($0.document.path.documentID) \($0.oldIndex.map(String.init) ?? "-")→\($0.newIndex.map(String.init) ?? "-")"
    }
}

/// Applies changes in order to a list of IDs, as their indexes say.
private func replay(_ changes: [ListenChange], on ids: [String]) -> [String] {
    var ids = ids
    for change in changes {
        if let old = change.oldIndex { ids.remove(at: old) }
        if let new = change.newIndex { ids.insert(change.document.path.documentID, at: new) }
    }
    return ids
}
