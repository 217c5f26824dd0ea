import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import HearthTestSupport
import Synchronization
import Testing

@Suite("Client listeners: snapshots() and addSnapshotListener", .timeLimit(.minutes(1)))
struct ClientListenerTests {
    @Test func querySnapshots_initialThenChanges() async throws {
        let db = makeDatabase()
        let rooms = db.collection("rooms")
        try await rooms.document("a").setData(["n": 1])
        var iterator = rooms.order(by: "n").snapshots().makeAsyncIterator()
        let initial = try #require(try await iterator.next())

        try await rooms.document("b").setData(["n": 2])
        let next = try #require(try await iterator.next())

        #expect(initial.documents.map(\.documentID) == ["a"])
        #expect(initial.documentChanges.map(\.type) == [.added])
        #expect(next.documents.map(\.documentID) == ["a", "b"])
        #expect(
            next.documentChanges.map { "\($0.type) \($0.document.documentID) \($0.newIndex ?? -1)" } == ["added b 1"])
    }

    @Test func limitToLast_showsTheLastDocumentsInQueryOrder_withForwardIndexes() async throws {
        let db = makeDatabase()
        let rooms = db.collection("rooms")
        for (id, n) in [("a", 1), ("b", 2), ("c", 3)] {
            try await rooms.document(id).setData(["n": .value(.integer(Int64(n)))])
        }
        var iterator = rooms.order(by: "n").limit(toLast: 2).snapshots().makeAsyncIterator()
        let initial = try #require(try await iterator.next())

        try await rooms.document("d").setData(["n": 4])
        let next = try #require(try await iterator.next())

        #expect(initial.documents.map(\.documentID) == ["b", "c"])
        #expect(
            initial.documentChanges.map { "\($0.type) \($0.document.documentID) \($0.newIndex ?? -1)" } == [
                "added b 0", "added c 1",
            ])
        #expect(next.documents.map(\.documentID) == ["c", "d"])
        #expect(
            next.documentChanges.map {
                "\($0.type) \($0.document.documentID) \($0.oldIndex ?? -1)→\($0.newIndex ?? -1)"
            }
                == ["removed b 0→-1", "added d -1→1"]
        )
    }

    @Test func invalidQuery_throwsInvalidArgumentAtTheFirstElement() async throws {
        let db = makeDatabase()
        var iterator = db.collection("rooms").limit(toLast: 2).snapshots().makeAsyncIterator()

        let code = await errorCode { _ = try await iterator.next() }

        #expect(code == .invalidArgument)
    }

    @Test func documentSnapshots_followTheDocument() async throws {
        let db = makeDatabase()
        let room = db.document("rooms/a")
        var iterator = room.snapshots().makeAsyncIterator()
        let missing = try #require(try await iterator.next())

        try await room.setData(["open": true])
        let created = try #require(try await iterator.next())

        #expect(!missing.exists)
        #expect(created.value(at: "open") == .boolean(true))
    }

    @Test func addSnapshotListener_deliversUntilRemoved() async throws {
        let db = makeDatabase()
        let rooms = db.collection("rooms")
        let received = Mutex<[Int]>([])
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let registration = rooms.addSnapshotListener { result in
            if case .success(let snapshot) = result {
                received.withLock { $0.append(snapshot.count) }
                continuation.yield(snapshot.count)
            }
        }
        var counts = stream.makeAsyncIterator()
        _ = await counts.next()

        try await rooms.document("a").setData(["n": 1])
        _ = await counts.next()
        registration.remove()

        #expect(received.withLock { $0 } == [0, 1])
        #expect(registration.isRemoved)
    }

    @Test func callbacksOfOneListener_runOneAtATime_inSnapshotOrder() async throws {
        let db = makeDatabase()
        let rooms = db.collection("rooms")
        let running = Atomic<Int>(0)
        let mostAtOnce = Atomic<Int>(0)
        let counts = Mutex<[Int]>([])
        let registration = rooms.addSnapshotListener { result in
            let now = running.add(1, ordering: .acquiringAndReleasing).newValue
            mostAtOnce.max(now, ordering: .acquiringAndReleasing)
            if case .success(let snapshot) = result { counts.withLock { $0.append(snapshot.count) } }
            running.subtract(1, ordering: .acquiringAndReleasing)
        }

        for index in 0..<5 { try await rooms.document("d\(index)").setData(["n": .value(.integer(Int64(index)))]) }
        while counts.withLock({ $0.last }) != 5 { try await Task.sleep(for: .milliseconds(1)) }
        registration.remove()

        let seen = counts.withLock { $0 }
        #expect(mostAtOnce.load(ordering: .acquiring) == 1)
        #expect(seen == seen.sorted())
    }

    @Test func databaseClose_endsSequences_withoutAnError_andRefusesLaterListeners() async throws {
        let db = makeDatabase()
        let rooms = db.collection("rooms")
        var snapshots = rooms.snapshots().makeAsyncIterator()
        _ = try await snapshots.next()

        try await db.close()
        let after = try await snapshots.next()
        var later = rooms.snapshots().makeAsyncIterator()
        let code = await errorCode { _ = try await later.next() }

        #expect(after == nil)
        #expect(code == .failedPrecondition)
    }
}

private func makeDatabase() -> Database {
    Database(
        store: InMemoryDocumentStore(database: (try? DatabaseID(projectID: "client-listeners")) ?? fallbackDatabase))
}

private var fallbackDatabase: DatabaseID { preconditionFailure("literal database ID") }
