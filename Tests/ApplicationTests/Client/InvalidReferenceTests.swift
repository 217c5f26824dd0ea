import HearthApplication
import HearthDomain
import HearthPort
import Synchronization
import Testing

/// `collection(_:)`, `document(_:)` and `collectionGroup(_:)` never throw (Firebase's shape): an invalid
/// path makes a reference whose every operation throws `invalidArgument` naming the path, before
/// anything reaches the store.
@Suite("Invalid references")
struct InvalidReferenceTests {
    /// Firebase code keeps its collection in a computed property; with throwing constructors this needed
    /// `get throws`.
    struct MemberRepository {
        let db: Firestore
        let collectionName: String
        var collection: CollectionReference { db.collection(collectionName) }
        var setup: DocumentReference { db.document("app_config/setup") }
    }

    @Test func aComputedReferenceProperty_compilesWithoutThrows() async throws {
        let repository = MemberRepository(db: Database(store: ScriptedStore()), collectionName: "members")

        #expect(repository.collection.path.path == "members")
        #expect(repository.setup.documentID == "setup")
    }

    // MARK: Documents

    @Test func everyDocumentOperation_throwsThePathError_andReachesNoStore() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let ghost = db.document("members")
        let text = "members"

        await expectInvalid(naming: text) { _ = try await ghost.getDocument() }
        await expectInvalid(naming: text) { _ = try await ghost.getDocument(fieldMask: [FieldPath("name")]) }
        await expectInvalid(naming: text) { _ = try await ghost.getDocument(source: .server) }
        await expectInvalid(naming: text) { _ = try await ghost.getDocument(as: Member.self) }
        await expectInvalid(naming: text) { _ = try await ghost.getDocumentIfExists(as: Member.self) }
        await expectInvalid(naming: text) { try await ghost.create(data: ["name": "Ana"]) }
        await expectInvalid(naming: text) { try await ghost.create(from: Member(name: "Ana")) }
        await expectInvalid(naming: text) { try await ghost.setData(["name": "Ana"]) }
        await expectInvalid(naming: text) { try await ghost.setData(["name": "Ana"], merge: true) }
        await expectInvalid(naming: text) { try await ghost.setData(["name": "Ana"], mergeFields: ["name"]) }
        await expectInvalid(naming: text) { try await ghost.setData(["name": "Ana"], mergeFields: [FieldPath("name")]) }
        await expectInvalid(naming: text) { try await ghost.updateData(["name": "Ana"]) }
        await expectInvalid(naming: text) { try await ghost.updateData([FieldPath("name"): "Ana"]) }
        await expectInvalid(naming: text) { try await ghost.updateData(from: Member(name: "Ana")) }
        await expectInvalid(naming: text) { try await ghost.delete() }
        await expectInvalid(naming: text) { _ = try await ghost.collections() }
        await expectInvalid(naming: text) { try ghost.setData(from: Member(name: "Ana")) }
        await expectInvalid(naming: text) { try ghost.setData(from: Member(name: "Ana"), mergeFields: ["name"]) }
        await expectInvalid(naming: text) { _ = try await db.getDocuments([db.document("members/ana"), ghost]) }
        await expectInvalid(naming: text) { try await db.recursiveDelete(ghost) }
        await expectInvalid(naming: text) { _ = try await ghost.collection("visits").document("v1").getDocument() }
        await expectInvalid(naming: text) { _ = try await ghost.parent.getDocuments() }

        #expect(store.calls.isEmpty)
    }

    @Test func anInvalidDocument_inABatchOrATransaction_failsTheCommit_whichWritesNothing() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let ghost = db.collection("members").document("ana/visits")
        let valid = db.document("members/bea")
        let text = "members/ana/visits"

        // As in Firebase, the batch methods do not throw; the first problem is thrown by commit().
        let adds: [(WriteBatch) -> Void] = [
            { $0.setData(["n": 1], forDocument: ghost) },
            { $0.setData(["n": 1], forDocument: ghost, merge: true) },
            { $0.create(data: ["n": 1], forDocument: ghost) },
            { $0.updateData(["n": 1], forDocument: ghost) },
            { $0.deleteDocument(ghost) },
        ]
        for add in adds {
            let batch = db.batch()
            batch.setData(["n": 1], forDocument: valid)
            add(batch)
            await expectInvalid(naming: text) { try await batch.commit() }
        }
        #expect(store.calls.isEmpty)

        await expectInvalid(naming: text) {
            try await db.runTransaction { transaction in _ = try await transaction.getDocument(ghost) }
        }
        await expectInvalid(naming: text) {
            try await db.runTransaction { transaction in _ = transaction.setData(["n": 1], forDocument: ghost) }
        }
        // The transactions began and were rolled back; nothing was read or committed.
        #expect(!store.calls.contains { if case .commit = $0 { true } else { false } })
        #expect(!store.calls.contains { if case .batchGet = $0 { true } else { false } })
    }

    @Test func listeningToAnInvalidDocument_endsWithThePathError() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let ghost = db.document("members")

        await expectInvalid(naming: "members") {
            var snapshots = ghost.snapshots().makeAsyncIterator()
            _ = try await snapshots.next()
        }
        let received = Mutex<[String]>([])
        let registration = ghost.addSnapshotListener { snapshot, error in
            received.withLock { $0.append(snapshot == nil ? "error: \(error.map { "\($0)" } ?? "none")" : "snapshot") }
        }
        defer { registration.remove() }
        try await waitUntil { received.withLock { !$0.isEmpty } }

        #expect(received.withLock { $0 }.count == 1)
        #expect(received.withLock { $0 }.first?.contains("members") == true)
        #expect(store.calls.isEmpty)
    }

    // MARK: Collections and collection groups

    @Test func everyCollectionOperation_throwsThePathError_andReachesNoStore() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let ghost = db.collection("members/ana")
        let text = "members/ana"

        await expectInvalid(naming: text) { _ = try await ghost.getDocuments() }
        await expectInvalid(naming: text) { _ = try await ghost.getDocuments(source: .default) }
        await expectInvalid(naming: text) {
            _ = try await ghost.whereField("active", isEqualTo: true).order(by: "name").getDocuments()
        }
        await expectInvalid(naming: text) { _ = try await ghost.getDocuments(as: Member.self) }
        await expectInvalid(naming: text) { _ = try await ghost.count.getAggregation() }
        await expectInvalid(naming: text) { _ = try await ghost.count.getAggregation(source: .server) }
        await expectInvalid(naming: text) { _ = try await ghost.aggregate([.sum("n")]).getAggregation() }
        await expectInvalid(naming: text) { try await ghost.addDocument(data: ["name": "Ana"]) }
        await expectInvalid(naming: text) { try ghost.addDocument(from: Member(name: "Ana")) }
        await expectInvalid(naming: text) { _ = try await ghost.listDocuments() }
        await expectInvalid(naming: text) { for try await _ in ghost.documents(pageSize: 10) {} }
        await expectInvalid(naming: text) {
            var snapshots = ghost.snapshots().makeAsyncIterator()
            _ = try await snapshots.next()
        }
        await expectInvalid(naming: text) { try await db.recursiveDelete(ghost) }
        await expectInvalid(naming: text) { _ = try await ghost.document("bea").getDocument() }
        await expectInvalid(naming: text) { _ = try await ghost.document().getDocument() }
        await expectInvalid(naming: text) {
            try await db.runTransaction { transaction in _ = try await transaction.getDocuments(ghost) }
        }

        #expect(!store.calls.contains { if case .runQuery = $0 { true } else { false } })
        #expect(!store.calls.contains { if case .commit = $0 { true } else { false } })
        #expect(!store.calls.contains { if case .listDocuments = $0 { true } else { false } })
        #expect(!store.calls.contains { if case .runAggregation = $0 { true } else { false } })
    }

    @Test func anInvalidCollectionGroup_throwsWhenRun_namingTheID() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)

        await expectInvalid(naming: "a/b") {
            _ = try await db.collectionGroup("a/b").whereField("n", isEqualTo: 1).getDocuments()
        }
        await expectInvalid(naming: "__x__") { _ = try await db.collectionGroup("__x__").count.getAggregation() }
        #expect(store.calls.isEmpty)
        #expect(db.collectionGroup("a/b").pathError?.code == .invalidArgument)
        #expect(db.collectionGroup("posts").pathError == nil)
    }

    // MARK: What an invalid reference shows

    @Test func anInvalidReference_hasThePlaceholderPath_andItsErrorNamesWhatWasGiven() throws {
        let db = Database(store: ScriptedStore())

        let document = db.document("members")
        let collection = db.collection("members/ana")

        #expect(document.path.path == "__invalid__/__invalid__")
        #expect(document.documentID == "__invalid__")
        #expect(collection.path.path == "__invalid__")
        #expect(collection.collectionID == "__invalid__")
        #expect(document.pathError?.message.contains("\"members\"") == true)
        #expect(collection.pathError?.message.contains("\"members/ana\"") == true)
        #expect(db.collection("members").document("").pathError?.message.contains("members/") == true)
        #expect(db.document("members/ana").collection("a//b").pathError?.message.contains("members/ana/a//b") == true)
    }

    @Test func invalidReferences_equalOnlyInvalidReferencesMadeFromTheSameText() throws {
        let db = Database(store: ScriptedStore())

        #expect(db.document("members") == db.document("members"))
        #expect(db.document("members") != db.document("teams"))
        #expect(db.document("members") != db.document("members/ana"))
        #expect(db.collection("a/b") == db.collection("a/b"))
        #expect(db.collection("a/b") != db.collection("a"))
        #expect(
            Set([db.document("members"), db.document("members"), db.document("teams"), db.document("members/ana")])
                .count == 3)
    }

    @Test func thePlaceholderPath_takenFromAnInvalidReference_makesAnInvalidReferenceAgain() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)
        let ghost = db.document("members")

        let rewrapped = db.document(ghost.path)
        let child = db.collection(ghost.path.parent)

        #expect(rewrapped.pathError?.code == .invalidArgument)
        #expect(child.pathError?.code == .invalidArgument)
        await expectInvalid(naming: "__invalid__") { try await rewrapped.setData(["n": 1]) }
        #expect(store.calls.isEmpty)
    }

    // MARK: - Helpers

    struct Member: Codable, Equatable {
        var name: String
    }

    private func expectInvalid(
        naming text: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected invalidArgument naming \(text)", sourceLocation: sourceLocation)
        } catch let error as DocumentStoreError {
            #expect(error.code == .invalidArgument, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected a DocumentStoreError, got \(error)", sourceLocation: sourceLocation)
        }
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<6_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
