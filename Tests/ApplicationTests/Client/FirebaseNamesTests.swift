import Foundation
import HearthApplication
import HearthDomain
import HearthInMemory
import HearthPort
import Synchronization
import Testing

/// Firebase's names and shapes: `Firestore`, `Firestore.Encoder`/`Decoder`, `source:`, `count` as an
/// `NSNumber`, the two-argument listener closure, `TransactionOptions`.
@Suite("Firebase's names and shapes")
struct FirebaseNamesTests {
    struct Member: Codable, Equatable {
        var id: String
        var name: String
        var isActive: Bool
    }

    private func database() throws -> Firestore {
        Database(store: InMemoryDocumentStore(database: try DatabaseID(projectID: "firebase-names")))
    }

    // MARK: Firestore, Encoder, Decoder

    @Test func seedEncoderLines_writeTheModel_withAndWithoutMerge() async throws {
        let db = try database()
        let collection = db.collection("members")
        let member = Member(id: "m1", name: "Juan", isActive: true)
        try await collection.document(member.id).setData(["notes": "kept by merge"])

        let encoded = try Firestore.Encoder().encode(member)
        try await collection.document(member.id).setData(encoded, merge: true)

        let merged = try await collection.document(member.id).getDocument()
        #expect(merged.get("name") as? String == "Juan")
        #expect(merged.get("notes") as? String == "kept by merge")

        try await collection.document(member.id).setData(encoded)
        let replaced = try await collection.document(member.id).getDocument()
        #expect(replaced.get("notes") == nil)
        #expect(try replaced.data(as: Member.self) == member)
        #expect(try Firestore.Decoder().decode(Member.self, from: try #require(replaced.fields)) == member)
    }

    // MARK: Source

    @Test func defaultAndServerSources_readTheStore_andCacheIsUnavailable() async throws {
        let db = try database()
        let members = db.collection("members")
        try await members.document("ana").setData(["id": "ana", "name": "Ana", "isActive": true])

        #expect(try await members.document("ana").getDocument(source: .default).exists)
        #expect(try await members.document("ana").getDocument(source: .server).get("name") as? String == "Ana")
        #expect(try await members.getDocuments(source: .server).count == 1)
        #expect(try await members.whereField("isActive", isEqualTo: true).getDocuments(source: .default).count == 1)
        #expect(try await members.document("ana").getDocument(source: .server, as: Member.self).name == "Ana")

        for read in [
            { _ = try await members.document("ana").getDocument(source: .cache) },
            { _ = try await members.getDocuments(source: .cache) },
            { _ = try await members.count.getAggregation(source: .cache) },
        ] as [() async throws -> Void] {
            let error = await #expect(throws: DocumentStoreError.self) { try await read() }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("cache") == true)
        }
    }

    // MARK: count

    /// Seed 000's count, as written for Firebase.
    func getUserCount(_ collection: CollectionReference) async throws -> Int {
        let countQuery = collection.count
        let snapshot = try await countQuery.getAggregation(source: .server)
        return Int(truncating: snapshot.count)
    }

    @Test func count_isAnNSNumber_andCountValueTheInt64() async throws {
        let db = try database()
        let members = db.collection("members")
        for id in ["a", "b", "c"] { try await members.document(id).setData(["isActive": .value(.boolean(id != "b"))]) }

        #expect(try await getUserCount(members) == 3)
        let active = try await members.whereField("isActive", isEqualTo: true).count.getAggregation()
        #expect(active.count.intValue == 2)
        #expect(active.countValue == 2)

        let sumOnly = try await members.aggregate([.sum("n")]).getAggregation()
        #expect(sumOnly.countValue == nil)
        #expect(sumOnly.count == 0)
    }

    // MARK: Two-argument listeners

    @Test func queryListener_twoArguments_receivesSnapshotsWithANilError() async throws {
        let db = try database()
        let rooms = db.collection("rooms")
        let seen = Mutex<[Int]>([])
        let errors = Mutex<Int>(0)

        let registration = rooms.addSnapshotListener { snapshot, error in
            if let snapshot { seen.withLock { $0.append(snapshot.count) } }
            if error != nil { errors.withLock { $0 += 1 } }
        }
        defer { registration.remove() }
        try await waitUntil { seen.withLock { $0 } == [0] }
        try await rooms.document("lobby").setData(["open": true])
        try await waitUntil { seen.withLock { $0.last } == 1 }

        #expect(seen.withLock { $0 }.first == 0)
        #expect(errors.withLock { $0 } == 0)
    }

    @Test func documentListener_twoArguments_labelledForm_receivesSnapshots() async throws {
        let db = try database()
        let lobby = db.document("rooms/lobby")
        let seen = Mutex<[Bool]>([])

        let registration = lobby.addSnapshotListener(
            includeMetadataChanges: false,
            listener: { snapshot, _ in
                if let snapshot { seen.withLock { $0.append(snapshot.exists) } }
            })
        defer { registration.remove() }
        try await waitUntil { seen.withLock { $0 } == [false] }
        try await lobby.setData(["open": true])
        try await waitUntil { seen.withLock { $0 } == [false, true] }

        #expect(seen.withLock { $0 } == [false, true])
    }

    @Test func aFailingListener_receivesANilSnapshotAndTheError_once() async throws {
        let db = try database()
        let outcomes = Mutex<[String]>([])

        let registration = db.collection("rooms").whereField("n", isLessThan: nil).addSnapshotListener {
            snapshot, error in
            outcomes.withLock {
                $0.append(snapshot == nil ? ((error as? DocumentStoreError)?.code.name ?? "no error") : "snapshot")
            }
        }
        defer { registration.remove() }
        try await waitUntil { !outcomes.withLock { $0 }.isEmpty }
        try await Task.sleep(for: .milliseconds(50))

        #expect(outcomes.withLock { $0 } == ["INVALID_ARGUMENT"])
    }

    // MARK: TransactionOptions

    @Test func transactionOptions_defaultToFiveAttempts_andLimitTheAttempts() async throws {
        #expect(TransactionOptions().maxAttempts == 5)
        let store = ScriptedStore(
            script: .init(commitFailures: Array(repeating: DocumentStoreError(.aborted, "contention"), count: 10)))
        let db = Database(store: store, options: SleepRecorder().options)
        var options = TransactionOptions()
        options.maxAttempts = 3

        let error = await #expect(throws: DocumentStoreError.self) {
            try await db.runTransaction(with: options) { transaction in
                _ = transaction.setData(["n": 1], forDocument: db.document("c/a"))
            }
        }

        #expect(error?.code == .aborted)
        #expect(store.calls.filter { if case .begin = $0 { true } else { false } }.count == 3)
        #expect(TransactionOptions(maxAttempts: 2).maxAttempts == 2)
    }

    @Test func transactionOptions_withLessThanOneAttempt_isInvalidArgument_beforeAnythingRuns() async throws {
        let store = ScriptedStore()
        let db = Database(store: store)

        let error = await #expect(throws: DocumentStoreError.self) {
            try await db.runTransaction(with: TransactionOptions(maxAttempts: 0)) { _ in }
        }

        #expect(error?.code == .invalidArgument)
        #expect(store.calls.isEmpty)
    }

    @Test func transactionOptions_nil_usesTheDatabaseDefault() async throws {
        let db = try database()
        let counter = db.document("stats/counter")

        let result = try await db.runTransaction(with: nil) { transaction in
            let snapshot = try await transaction.getDocument(counter)
            _ = transaction.setData(["n": 1], forDocument: counter)
            return snapshot.exists
        }

        #expect(result == false)
        #expect(try await counter.getDocument().get("n") as? Int == 1)
    }

    // MARK: FieldValue.minimum / maximum

    @Test func fieldValueMinimumAndMaximum_arePublicFactories() async throws {
        let db = try database()
        let stats = db.document("stats/range")
        try await stats.setData(["low": 5, "high": 5])

        try await stats.updateData(["low": FieldValue.minimum(3), "high": FieldValue.maximum(9)])

        let snapshot = try await stats.getDocument()
        #expect(snapshot.get("low") as? Int == 3)
        #expect(snapshot.get("high") as? Int == 9)
    }

    // MARK: - Helpers

    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<6_000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
