@testable import Hearth
import Synchronization
import Testing

/// `Firestore.firestore()`: the process-wide default database, made once from the environment; a
/// configuration that does not hold becomes a database whose every operation throws its error.
@Suite("Firestore.firestore()")
struct FirestoreDefaultTests {
    /// Seed 000's repository, as written for Firebase (only `import Hearth` differs).
    actor FirestoreMemberRepository {
        private let db: Firestore
        private let collectionName: String

        private var collection: CollectionReference {
            db.collection(collectionName)
        }

        init(collection: String = "members", db: Firestore = Firestore.firestore()) {
            self.collectionName = collection
            self.db = db
        }

        func count() async throws -> Int {
            Int(truncating: try await collection.count.getAggregation(source: .server).count)
        }
    }

    @Test func theDefaultDatabase_followsTheEnvironment() async throws {
        let db = HearthConfiguration.defaultDatabase(environment: ["HEARTH_STORE": "memory"])
        let repository = FirestoreMemberRepository(db: db)

        try await db.collection("members").document("ana").setData(["name": "Ana"])

        #expect(try await repository.count() == 1)
        #expect(db.databaseID == HearthConfiguration.defaultLocalDatabase)
    }

    @Test func anInvalidEnvironment_makesADatabaseWhoseEveryOperationThrowsTheConfigurationError() async throws {
        let db = HearthConfiguration.defaultDatabase(environment: ["HEARTH_STORE": "sqlite"])
        let members = db.collection("members")
        let ana = members.document("ana")

        let operations: [(String, () async throws -> Void)] = [
            ("getDocument", { _ = try await ana.getDocument() }),
            ("setData", { try await ana.setData(["name": "Ana"]) }),
            ("updateData", { try await ana.updateData(["name": "Ana"]) }),
            ("delete", { try await ana.delete() }),
            ("getDocuments", { _ = try await members.whereField("active", isEqualTo: true).getDocuments() }),
            ("count", { _ = try await members.count.getAggregation() }),
            (
                "listen",
                {
                    var snapshots = members.snapshots().makeAsyncIterator(); _ = try await snapshots.next()
                }
            ),
            ("batch", { try await db.batch().setData(["n": 1], forDocument: ana).commit() }),
            (
                "transaction",
                { try await db.runTransaction { transaction in _ = try await transaction.getDocument(ana) } }
            ),
            ("collections", { _ = try await db.collections() }),
        ]
        for (name, operation) in operations {
            do {
                try await operation()
                Issue.record("\(name) succeeded on a database that could not be configured")
            } catch let error as DocumentStoreError {
                #expect(error.code == .invalidArgument, "\(name): \(error)")
                #expect(error.message.contains("HEARTH_STORE"), "\(name): \(error.message)")
            }
        }

        let reported = Mutex<String?>(nil)
        try ana.setData(from: ["name": "Ana"]) { error in reported.withLock { $0 = "\(error.map { "\($0)" } ?? "nil")" }
        }
        _ = try? await ana.getDocument()
        #expect(reported.withLock { $0 }?.contains("HEARTH_STORE") == true)
        try await db.close()
    }

    @Test func anInvalidEnvironment_closed_refusesEveryCallWithFailedPrecondition_asEveryStore() async throws {
        let db = HearthConfiguration.defaultDatabase(environment: ["HEARTH_STORE": "sqlite"])
        let ana = db.document("members/ana")

        try await db.close()
        let error = await #expect(throws: DocumentStoreError.self) { _ = try await ana.getDocument() }
        var snapshots = ana.snapshots().makeAsyncIterator()
        let listenError = await #expect(throws: DocumentStoreError.self) { _ = try await snapshots.next() }

        #expect(db.store.isClosed)
        #expect(error?.code == .failedPrecondition, "\(String(describing: error))")
        #expect(listenError?.code == .failedPrecondition, "\(String(describing: listenError))")
        #expect(
            error?.message.contains("HEARTH_STORE") == true, "the refusal still names why the store could not be made")
    }

    @Test func aProfileThatRefusesTheStore_makesADatabaseThatThrowsFailedPrecondition() async throws {
        let db = HearthConfiguration.defaultDatabase(environment: [
            "HEARTH_ENV": "production", "HEARTH_STORE": "memory",
        ])

        let error = await #expect(throws: DocumentStoreError.self) {
            _ = try await db.document("members/ana").getDocument()
        }

        #expect(error?.code == .failedPrecondition)
    }

    @Test func theDefault_isMadeOnce_evenUnderConcurrentFirstCalls() async throws {
        let made = Mutex(0)
        let defaults = DefaultDatabase {
            made.withLock { $0 += 1 }
            return HearthConfiguration.defaultDatabase(environment: ["HEARTH_STORE": "memory"])
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try await defaults.database.document("members/m\(index)").setData([
                        "n": .value(.integer(Int64(index)))
                    ])
                }
            }
            try await group.waitForAll()
        }

        #expect(made.withLock { $0 } == 1)
        // Every task wrote through the same database (one memory store), so one count sees them all.
        #expect(try await defaults.database.collection("members").count.getAggregation().countValue == 16)
    }

    @Test func firestore_isTheProcessDefault() {
        let firestore: () -> Firestore = Firestore.firestore
        #expect(type(of: firestore) == (() -> Database).self)
    }
}
