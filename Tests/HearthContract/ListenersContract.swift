import HearthApplication
import HearthDomain
public import HearthPort

/// Listeners (`listen`): initial snapshots, added / modified / removed documents with Firestore's indexes,
/// documents moving in and out of a query's range and within its order, limit windows, deletes of the
/// listened document, many listeners at once, cancellation.
///
/// Every behaviour waits (up to ``ListenerProbe/defaultTimeout``, 30 s) for the first snapshot that shows a
/// state, instead of counting snapshots: a polling store may merge commits and is a poll interval late.
/// The state before each commit is awaited first, so the snapshot showing a commit carries exactly that
/// commit's changes on every adapter. Every snapshot is also checked against the invariants of
/// ``ListenerProbe``.
public enum ListenersContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("document_missing_initialSnapshotIsEmpty", document_missing_initialSnapshotIsEmpty),
        b("document_existing_initialSnapshotHoldsIt", document_existing_initialSnapshotHoldsIt),
        b("document_created_isAdded", document_created_isAdded),
        b("document_updated_isModifiedWithNewFields", document_updated_isModifiedWithNewFields),
        b("document_deleted_isRemoved", document_deleted_isRemoved),
        b("document_otherDocumentChanges_areNotReported", document_otherDocumentChanges_areNotReported),
        b("query_initialSnapshot_allAddedInQueryOrder", query_initialSnapshot_allAddedInQueryOrder),
        b("query_noResults_initialSnapshotIsEmpty", query_noResults_initialSnapshotIsEmpty),
        b("query_documentAdded_isAddedAtItsIndex", query_documentAdded_isAddedAtItsIndex),
        b("query_documentUpdatedInPlace_isModified", query_documentUpdatedInPlace_isModified),
        b("query_documentDeleted_isRemoved", query_documentDeleted_isRemoved),
        b("query_documentLeavesRange_isRemoved", query_documentLeavesRange_isRemoved),
        b("query_documentEntersRange_isAdded", query_documentEntersRange_isAdded),
        b("query_orderChange_movesDocumentFromOldToNewIndex", query_orderChange_movesDocumentFromOldToNewIndex),
        b(
            "query_oneCommit_removalsThenAdditionsThenModifications",
            query_oneCommit_removalsThenAdditionsThenModifications),
        b("query_otherCollection_changesAreNotReported", query_otherCollection_changesAreNotReported),
        b("query_readTime_isAtLeastTheCommitTime", query_readTime_isAtLeastTheCommitTime),
        b("query_projection_returnsSelectedFieldsInQueryOrder", query_projection_returnsSelectedFieldsInQueryOrder),
        b(
            "query_inequalitiesOnTheNameAndAField_inTheFieldsOrder",
            query_inequalitiesOnTheNameAndAField_inTheFieldsOrder),
        b("query_collectionGroup_seesEveryCollectionWithTheID", query_collectionGroup_seesEveryCollectionWithTheID),
        b("limit_documentLeavesWindow_nextDocumentEnters", limit_documentLeavesWindow_nextDocumentEnters),
        b("limit_documentEntersBeforeBoundary_pushesLastOut", limit_documentEntersBeforeBoundary_pushesLastOut),
        b("limit_changeBeyondWindow_isNotReported", limit_changeBeyondWindow_isNotReported),
        b("limitToLast_clientAPI_showsLastDocumentsInQueryOrder", limitToLast_clientAPI_showsLastDocumentsInQueryOrder),
        b("manyListeners_eachSeesTheCommit", manyListeners_eachSeesTheCommit),
        b("cancellation_endsTheStreamWithoutError", cancellation_endsTheStreamWithoutError),
        b("endingIteration_thenANewListener_works", endingIteration_thenANewListener_works),
        b("invalidQuery_failsWithInvalidArgument", invalidQuery_failsWithInvalidArgument),
    ]

    private static func b(
        _ name: String, _ run: @escaping @Sendable (any DocumentStore) async throws -> Void
    ) -> ContractBehaviour {
        ContractBehaviour(area: .listeners, name: name, run: run)
    }

    // MARK: Documents

    /// Listening to a missing document: the initial snapshot holds no document.
    public static func document_missing_initialSnapshotIsEmpty(_ store: any DocumentStore) async throws {
        let probe = ListenerProbe(store, .document(try path("c/a")))

        let initial = try await probe.next("initial snapshot")

        try expectEqual(initial.documents.count, 0, "documents of a missing document")
        try expectTrue(initial.isInitial, "the first snapshot is initial")
    }

    /// Listening to an existing document: the initial snapshot holds it, with its fields.
    public static func document_existing_initialSnapshotHoldsIt(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let probe = ListenerProbe(store, .document(try path("c/a")))

        let initial = try await probe.next("initial snapshot")

        try expectField(initial.documents.first, try field("n"), 1)
        try expectEqual(kinds(initial), ["added a"], "changes")
    }

    /// Creating the listened document: it is added.
    public static func document_created_isAdded(_ store: any DocumentStore) async throws {
        let probe = ListenerProbe(store, .document(try path("c/a")))
        try await probe.next("initial snapshot")

        try await store.set("c/a", ["n": 1])
        let snapshot = try await probe.next("creation") { !$0.documents.isEmpty }

        try expectEqual(changes(snapshot), ["added a -→0"], "changes")
    }

    /// Updating the listened document: it is modified, with its new fields.
    public static func document_updated_isModifiedWithNewFields(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let probe = ListenerProbe(store, .document(try path("c/a")))
        try await probe.next("initial snapshot")

        try await store.set("c/a", ["n": 2])
        let snapshot = try await probe.next("update") { $0.documents.first?.fields["n"] == 2 }

        try expectEqual(changes(snapshot), ["modified a 0→0"], "changes")
    }

    /// Deleting the listened document: it is removed, and the snapshot holds no document.
    public static func document_deleted_isRemoved(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let probe = ListenerProbe(store, .document(try path("c/a")))
        try await probe.next("initial snapshot")

        try await store.delete("c/a")
        let snapshot = try await probe.next("deletion") { $0.documents.isEmpty }

        try expectEqual(changes(snapshot), ["removed a 0→-"], "changes")
        try expectEqual(snapshot.changes.first?.document.fields["n"], 1, "the removed document's last state")
    }

    /// Writes to other documents (a sibling, a subcollection document) do not reach a document listener.
    public static func document_otherDocumentChanges_areNotReported(_ store: any DocumentStore) async throws {
        let probe = ListenerProbe(store, .document(try path("c/a")))
        try await probe.next("initial snapshot")

        try await store.set("c/b", ["n": 1])
        try await store.set("c/a/sub/x", ["n": 1])
        try await store.set("c/a", ["n": 2])
        let snapshot = try await probe.next("the listened document's creation") { !$0.documents.isEmpty }

        try expectEqual(changes(snapshot), ["added a -→0"], "changes")
        try expectEqual(probe.snapshots.count, 2, "snapshots (initial + creation)")
    }

    // MARK: Queries

    /// The initial snapshot of a query lists its results in query order, each added at its index.
    public static func query_initialSnapshot_allAddedInQueryOrder(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 3], "c/b": ["n": 1], "c/c": ["n": 2], "other/x": ["n": 0]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")])))

        let initial = try await probe.next("initial snapshot")

        try expectEqual(ids(initial), ["b", "c", "a"], "documents")
        try expectEqual(changes(initial), ["added b -→0", "added c -→1", "added a -→2"], "changes")
    }

    /// A query without results: the initial snapshot is empty (and still arrives).
    public static func query_noResults_initialSnapshotIsEmpty(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let probe = ListenerProbe(
            store, .query(parent: nil, query: try query("c", where: try filter("n", .greaterThan, 5))))

        let initial = try await probe.next("initial snapshot")

        try expectEqual(initial.documents.count, 0, "documents")
        try expectTrue(initial.changes.isEmpty, "no changes in an empty initial snapshot")
    }

    /// A new matching document is added at its position in the order.
    public static func query_documentAdded_isAddedAtItsIndex(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/c": ["n": 3]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")])))
        try await probe.next("initial snapshot")

        try await store.set("c/b", ["n": 2])
        let snapshot = try await probe.next("addition") { $0.documents.count == 3 }

        try expectEqual(ids(snapshot), ["a", "b", "c"], "documents")
        try expectEqual(changes(snapshot), ["added b -→1"], "changes")
    }

    /// A result updated without moving is modified at the same index, with its new fields.
    public static func query_documentUpdatedInPlace_isModified(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1, "tag": "x"], "c/b": ["n": 2, "tag": "x"]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")])))
        try await probe.next("initial snapshot")

        try await store.set("c/b", ["n": 2, "tag": "y"])
        let snapshot = try await probe.next("update") { $0.documents.last?.fields["tag"] == "y" }

        try expectEqual(changes(snapshot), ["modified b 1→1"], "changes")
    }

    /// A deleted result is removed from its index.
    public static func query_documentDeleted_isRemoved(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")])))
        try await probe.next("initial snapshot")

        try await store.delete("c/a")
        let snapshot = try await probe.next("deletion") { $0.documents.count == 1 }

        try expectEqual(changes(snapshot), ["removed a 0→-"], "changes")
    }

    /// A result updated so that it no longer matches the filter is removed (it still exists).
    public static func query_documentLeavesRange_isRemoved(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2]])
        let probe = ListenerProbe(
            store, .query(parent: nil, query: try query("c", where: try filter("n", .lessThan, 5))))
        try await probe.next("initial snapshot")

        try await store.set("c/a", ["n": 9])
        let snapshot = try await probe.next("leaving the range") { $0.documents.count == 1 }

        try expectEqual(ids(snapshot), ["b"], "documents")
        try expectEqual(changes(snapshot), ["removed a 0→-"], "changes")
    }

    /// A document updated so that it matches the filter is added.
    public static func query_documentEntersRange_isAdded(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 9]])
        let probe = ListenerProbe(
            store, .query(parent: nil, query: try query("c", where: try filter("n", .lessThan, 5))))
        try await probe.next("initial snapshot")

        try await store.set("c/b", ["n": 0])
        let snapshot = try await probe.next("entering the range") { $0.documents.count == 2 }

        try expectEqual(ids(snapshot), ["b", "a"], "documents (ordered by n, the inequality field)")
        try expectEqual(changes(snapshot), ["added b -→0"], "changes")
    }

    /// A result whose ordered field changes moves: modified, from its old index to its new one.
    public static func query_orderChange_movesDocumentFromOldToNewIndex(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2], "c/c": ["n": 3]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [desc("n")])))
        try await probe.next("initial snapshot")

        try await store.set("c/a", ["n": 5])
        let snapshot = try await probe.next("the move") { ids($0).first == "a" }

        try expectEqual(ids(snapshot), ["a", "c", "b"], "documents")
        try expectEqual(changes(snapshot), ["modified a 2→0"], "changes")
    }

    /// Several changes in one commit come as removals, then additions, then modifications, each in query
    /// order, with indexes as the earlier changes left the documents.
    public static func query_oneCommit_removalsThenAdditionsThenModifications(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2], "c/c": ["n": 3], "c/d": ["n": 4]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")])))
        try await probe.next("initial snapshot")

        try await store.commit(
            .update(try path("c/d"), fields: ["n": 0]),
            .delete(try path("c/b")),
            .update(try path("c/e"), fields: ["n": 2.5]),
            .delete(try path("c/a"))
        )
        let snapshot = try await probe.next("the commit") { ids($0) == ["d", "e", "c"] }

        try expectEqual(
            changes(snapshot), ["removed a 0→-", "removed b 0→-", "added e -→0", "modified d 2→0"], "changes")
    }

    /// Writes to another collection do not reach a query listener.
    public static func query_otherCollection_changesAreNotReported(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c")))
        try await probe.next("initial snapshot")

        try await store.set("other/x", ["n": 1])
        try await store.set("c/a/c/nested", ["n": 1])
        try await store.set("c/b", ["n": 2])
        let snapshot = try await probe.next("the addition") { $0.documents.count == 2 }

        try expectEqual(changes(snapshot), ["added b -→1"], "changes")
        try expectEqual(probe.snapshots.count, 2, "snapshots (initial + addition)")
    }

    /// A snapshot that shows a commit is read at or after the commit time.
    public static func query_readTime_isAtLeastTheCommitTime(_ store: any DocumentStore) async throws {
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c")))
        try await probe.next("initial snapshot")

        let commit = try await store.set("c/a", ["n": 1])
        let snapshot = try await probe.next("the addition") { !$0.documents.isEmpty }

        try expectTrue(
            snapshot.readTime >= commit.commitTime, "read time \(snapshot.readTime) ≥ commit time \(commit.commitTime)")
    }

    /// `__name__ > c/a AND n > 0` runs ordered by `n`, then by name (an inequality on the name adds no
    /// order of its own): the snapshot holds the documents in that order, as the query returns them.
    public static func query_inequalitiesOnTheNameAndAField_inTheFieldsOrder(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 5], "c/b": ["n": 2], "c/c": ["n": 1], "c/d": ["n": 0]])
        let byNameAndN = try query(
            "c",
            where: and(
                try filter("__name__", .greaterThan, try store.reference("c/a")), try filter("n", .greaterThan, 0)))
        let probe = ListenerProbe(store, .query(parent: nil, query: byNameAndN))

        let initial = try await probe.next("initial snapshot")

        try expectEqual(try await store.ids(byNameAndN), ["c", "b"], "query results")
        try expectEqual(ids(initial), ["c", "b"], "documents")
        try expectEqual(changes(initial), ["added c -→0", "added b -→1"], "changes")
    }

    /// A projection returns only the selected fields, ordered by a field it does not select.
    public static func query_projection_returnsSelectedFieldsInQueryOrder(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 2, "name": "A"], "c/b": ["n": 1, "name": "B"]])
        let probe = ListenerProbe(
            store, .query(parent: nil, query: try query("c", select: ["name"], orderBy: [asc("n")])))
        try await probe.next("initial snapshot")

        try await store.set("c/c", ["n": 1.5, "name": "C"])
        let snapshot = try await probe.next("the addition") { $0.documents.count == 3 }

        try expectEqual(
            snapshot.documents.map(\.fields), [["name": "B"], ["name": "C"], ["name": "A"]], "projected documents")
        try expectEqual(changes(snapshot), ["added c -→1"], "changes")
    }

    /// A collection-group listener sees documents of every collection with that ID, at any depth.
    public static func query_collectionGroup_seesEveryCollectionWithTheID(_ store: any DocumentStore) async throws {
        try await store.set("posts/p1", ["n": 1])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("posts", group: true)))
        try await probe.next("initial snapshot")

        try await store.set("users/u/posts/p2", ["n": 2])
        try await store.set("users/u/postsx/p3", ["n": 3])
        let snapshot = try await probe.next("the nested addition") { $0.documents.count == 2 }

        try expectEqual(snapshot.documents.map(\.path.path), ["posts/p1", "users/u/posts/p2"], "documents")
    }

    // MARK: Limits

    /// When a document leaves a full limit window, the next result enters it.
    public static func limit_documentLeavesWindow_nextDocumentEnters(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2], "c/c": ["n": 3], "c/d": ["n": 4]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")], limit: 2)))
        let initial = try await probe.next("initial snapshot")

        try await store.delete("c/a")
        let snapshot = try await probe.next("the refill") { ids($0) == ["b", "c"] }

        try expectEqual(ids(initial), ["a", "b"], "initial window")
        try expectEqual(changes(snapshot), ["removed a 0→-", "added c -→1"], "changes")
    }

    /// A document entering a full limit window before its last document pushes that one out.
    public static func limit_documentEntersBeforeBoundary_pushesLastOut(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2], "c/c": ["n": 3]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")], limit: 2)))
        try await probe.next("initial snapshot")

        try await store.set("c/z", ["n": 0])
        let snapshot = try await probe.next("the new first document") { ids($0) == ["z", "a"] }

        try expectEqual(changes(snapshot), ["removed b 1→-", "added z -→0"], "changes")
    }

    /// Changes to documents beyond a limit window are not reported.
    public static func limit_changeBeyondWindow_isNotReported(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2], "c/c": ["n": 3]])
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c", orderBy: [asc("n")], limit: 2)))
        try await probe.next("initial snapshot")

        try await store.set("c/c", ["n": 7])
        try await store.set("c/b", ["n": 1.5])
        let snapshot = try await probe.next("the change in the window") { $0.documents.last?.fields["n"] == 1.5 }

        try expectEqual(changes(snapshot), ["modified b 1→1"], "changes")
        try expectEqual(probe.snapshots.count, 2, "snapshots (initial + the change in the window)")
    }

    /// Through the client API, `limit(toLast:)` shows the last documents in the query's own order, with
    /// indexes in that order.
    public static func limitToLast_clientAPI_showsLastDocumentsInQueryOrder(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["n": 1], "c/b": ["n": 2], "c/c": ["n": 3]])
        var snapshots = Database(store: store).collection("c").order(by: "n").limit(toLast: 2).snapshots()
            .makeAsyncIterator()
        let initial = try unwrap(try await snapshots.next(), "initial snapshot")

        try await store.set("c/d", ["n": 4])
        var next = try unwrap(try await snapshots.next(), "snapshot after the addition")
        while next.documents.map(\.documentID) != ["c", "d"] {
            next = try unwrap(try await snapshots.next(), "snapshot with c, d")
        }

        try expectEqual(initial.documents.map(\.documentID), ["b", "c"], "initial documents")
        try expectEqual(
            next.documentChanges.map {
                "\($0.type) \($0.document.documentID) \($0.oldIndex ?? -1)→\($0.newIndex ?? -1)"
            },
            ["removed b 0→-1", "added d -1→1"],
            "changes"
        )
    }

    // MARK: Lifecycle

    /// Ten listeners on different queries of one collection all see one commit.
    public static func manyListeners_eachSeesTheCommit(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let probes = try (0..<10).map { index in
            ListenerProbe(
                store,
                .query(
                    parent: nil, query: try query("c", where: try filter("n", .lessThan, .integer(Int64(10 + index))))))
        }
        for probe in probes { try await probe.next("initial snapshot") }

        try await store.set("c/b", ["n": 2])
        for probe in probes {
            let snapshot = try await probe.next("the addition") { $0.documents.count == 2 }
            try expectEqual(changes(snapshot), ["added b -→1"], "changes")
        }
    }

    /// Cancelling the consuming task ends the stream without an error; the store keeps working.
    public static func cancellation_endsTheStreamWithoutError(_ store: any DocumentStore) async throws {
        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c")))
        try await probe.next("initial snapshot")

        probe.cancel()
        let error = try await probe.ended()
        try await store.set("c/a", ["n": 1])

        try expectTrue(error == nil, "the stream ends without an error (got \(String(describing: error)))")
        try expectEqual(try await store.ids(try query("c")), ["a"], "documents after cancellation")
    }

    /// Breaking out of the iteration stops the listener; a new listener then sees later commits.
    public static func endingIteration_thenANewListener_works(_ store: any DocumentStore) async throws {
        for try await _ in store.listen(.query(parent: nil, query: try query("c")), options: ListenOptions()) { break }

        let probe = ListenerProbe(store, .query(parent: nil, query: try query("c")))
        try await probe.next("initial snapshot")
        try await store.set("c/a", ["n": 1])

        try await probe.next("the addition") { $0.documents.count == 1 }
    }

    /// An invalid query fails the stream with `invalidArgument`.
    public static func invalidQuery_failsWithInvalidArgument(_ store: any DocumentStore) async throws {
        let invalid = try query("c", where: try filter("n", .in, .array(Array(repeating: 1, count: 31))))

        try await expectThrows(code: .invalidArgument, "listening to a query with 31 in values") {
            for try await _ in store.listen(.query(parent: nil, query: invalid), options: ListenOptions()) {}
        }
    }
}

// MARK: - Helpers

private func ids(_ snapshot: ListenSnapshot) -> [String] {
    snapshot.documents.map(\.path.documentID)
}

private func kinds(_ snapshot: ListenSnapshot) -> [String] {
    snapshot.changes.map { "\($0.kind) \($0.document.path.documentID)" }
}

private func changes(_ snapshot: ListenSnapshot) -> [String] {
    snapshot.changes.map {
        "\($0.kind) \($0.document.path.documentID) \($0.oldIndex.map(String.init) ?? "-")→\($0.newIndex.map(String.init) ?? "-")"
    }
}
