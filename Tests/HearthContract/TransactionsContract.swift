import HearthDomain
public import HearthPort

/// Transactions: read-write and read-only, commit and rollback, closed and unknown transactions, and
/// contention (ABORTED). Contention behaviours are `.slow`: they hold both for optimistic engines (the
/// later committer loses) and for the emulator's pessimistic locks (the waiting writer loses after ~2 s).
public enum TransactionsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("readWrite_commit_appliesWrites", readWrite_commit_appliesWrites),
        b("readWrite_readThenWrite_commitsNewValue", readWrite_readThenWrite_commitsNewValue),
        b("readWrite_batchGet_returnsDocuments", readWrite_batchGet_returnsDocuments),
        b("readWrite_query_returnsDocuments", readWrite_query_returnsDocuments),
        b("readWrite_aggregation_counts", readWrite_aggregation_counts),
        b("readWrite_writesInvisibleBeforeCommit", readWrite_writesInvisibleBeforeCommit),
        b("commitTwice_failsInvalidArgument", commitTwice_failsInvalidArgument),
        b("readAfterCommit_failsInvalidArgument", readAfterCommit_failsInvalidArgument),
        b("rollback_leavesDataUnchanged", rollback_leavesDataUnchanged),
        b("commitAfterRollback_failsInvalidArgument", commitAfterRollback_failsInvalidArgument),
        b("readAfterRollback_failsInvalidArgument", readAfterRollback_failsInvalidArgument),
        b("commitOfUnknownTransaction_failsInvalidArgument", commitOfUnknownTransaction_failsInvalidArgument),
        b("rollbackOfUnknownTransaction_failsInvalidArgument", rollbackOfUnknownTransaction_failsInvalidArgument),
        b("readOnly_writes_failInvalidArgument", readOnly_writes_failInvalidArgument),
        b("readOnly_seesOneSnapshot", readOnly_seesOneSnapshot),
        b("readOnly_querySeesSnapshot", readOnly_querySeesSnapshot),
        b("readOnly_atReadTime_seesOldState", readOnly_atReadTime_seesOldState),
        b("readWrite_retryingRolledBackTransaction_commits", readWrite_retryingRolledBackTransaction_commits),
        b("contention_twoReadModifyWrites_noUpdateLost", contention_twoReadModifyWrites_noUpdateLost, .slow),
        b("contention_readThenOutsideWrite_oneAborts", contention_readThenOutsideWrite_oneAborts, .slow),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .transactions, name: name, traits: traits, run: run)
    }

    private static let unknownTransaction = TransactionID(bytes: [
        0x5A, 0x5A, 0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05,
    ])

    /// A read-write transaction's writes are applied by its commit.
    public static func readWrite_commit_appliesWrites(_ store: any DocumentStore) async throws {
        let transaction = try await store.beginTransaction(.readWrite)

        let response = try await store.commit(
            [.update(try path("c/a"), fields: ["x": 1]), .update(try path("c/b"), fields: ["y": 2])], in: transaction)

        try expectEqual(response.writeResults.count, 2, "write results")
        try expectField(try await store.get("c/a"), try field("x"), 1)
        try expectField(try await store.get("c/b"), try field("y"), 2)
    }

    /// A transaction reads a value and commits a value computed from it.
    public static func readWrite_readThenWrite_commitsNewValue(_ store: any DocumentStore) async throws {
        try await store.set("c/counter", ["n": 41])
        let transaction = try await store.beginTransaction(.readWrite)

        let read = try await store.get("c/counter", consistency: .transaction(transaction))
        guard case .integer(let n)? = read?.value(at: try field("n")) else {
            throw fail("read n: got \(String(describing: read))")
        }
        try await store.commit([.update(try path("c/counter"), fields: ["n": .integer(n + 1)])], in: transaction)

        try expectField(try await store.get("c/counter"), try field("n"), 42)
    }

    /// A batch get inside a transaction returns found and missing documents.
    public static func readWrite_batchGet_returnsDocuments(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])
        let transaction = try await store.beginTransaction(.readWrite)

        let response = try await store.batchGetDocuments(
            [try path("c/a"), try path("c/none")], mask: nil, consistency: .transaction(transaction))
        try await store.rollback(transaction)

        try expectEqual(response.documents.map { $0.document?.fields }, [["x": 1], nil], "documents")
    }

    /// A query inside a transaction returns the committed documents.
    public static func readWrite_query_returnsDocuments(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["v": 1], "c/b": ["v": 2]])
        let transaction = try await store.beginTransaction(.readWrite)

        let ids = try await store.ids(
            try query("c", where: try filter("v", .greaterThan, 1)), consistency: .transaction(transaction))
        try await store.rollback(transaction)

        try expectEqual(ids, ["b"], "v > 1 in a transaction")
    }

    /// An aggregation inside a transaction counts the committed documents.
    public static func readWrite_aggregation_counts(_ store: any DocumentStore) async throws {
        try await store.seed(["c/a": ["v": 1], "c/b": ["v": 2]])
        let transaction = try await store.beginTransaction(.readWrite)

        let values = try await store.aggregate(try query("c"), [count(as: "n")], consistency: .transaction(transaction))
        try await store.rollback(transaction)

        try expectEqual(values, ["n": 2], "count in a transaction")
    }

    /// Nothing of a transaction is visible before its commit (writes are sent with the commit).
    public static func readWrite_writesInvisibleBeforeCommit(_ store: any DocumentStore) async throws {
        let transaction = try await store.beginTransaction(.readWrite)

        try expectNil(try await store.get("c/a"), "c/a before the commit")
        try await store.commit([.update(try path("c/a"), fields: ["x": 1])], in: transaction)

        try expectField(try await store.get("c/a"), try field("x"), 1)
    }

    /// A committed transaction is closed: committing it again fails with `invalidArgument`.
    public static func commitTwice_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let transaction = try await store.beginTransaction(.readWrite)
        try await store.commit([.update(try path("c/a"), fields: ["x": 1])], in: transaction)

        try await expectThrows(code: .invalidArgument, "second commit of a transaction") {
            try await store.commit([.update(try path("c/a"), fields: ["x": 2])], in: transaction)
        }

        try expectField(try await store.get("c/a"), try field("x"), 1)
    }

    /// A committed transaction cannot be read through.
    public static func readAfterCommit_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let transaction = try await store.beginTransaction(.readWrite)
        try await store.commit([.update(try path("c/a"), fields: ["x": 1])], in: transaction)

        try await expectThrows(code: .invalidArgument, "read in a committed transaction") {
            try await store.batchGetDocuments([try path("c/a")], mask: nil, consistency: .transaction(transaction))
        }
    }

    /// Rolling back changes no data.
    public static func rollback_leavesDataUnchanged(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])
        let before = try await store.get("c/a")
        let transaction = try await store.beginTransaction(.readWrite)
        _ = try await store.get("c/a", consistency: .transaction(transaction))

        try await store.rollback(transaction)

        try expectEqual(try await store.get("c/a"), before, "c/a after the rollback")
    }

    /// A rolled-back transaction cannot be committed.
    public static func commitAfterRollback_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let transaction = try await store.beginTransaction(.readWrite)
        try await store.rollback(transaction)

        try await expectThrows(code: .invalidArgument, "commit after rollback") {
            try await store.commit([.update(try path("c/a"), fields: ["x": 1])], in: transaction)
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// A rolled-back transaction cannot be read through.
    public static func readAfterRollback_failsInvalidArgument(_ store: any DocumentStore) async throws {
        let transaction = try await store.beginTransaction(.readWrite)
        try await store.rollback(transaction)

        try await expectThrows(code: .invalidArgument, "read after rollback") {
            try await store.batchGetDocuments([try path("c/a")], mask: nil, consistency: .transaction(transaction))
        }
    }

    /// Committing with a transaction ID the store never issued fails with `invalidArgument`.
    public static func commitOfUnknownTransaction_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .invalidArgument, "commit with an unknown transaction") {
            try await store.commit([.update(try path("c/a"), fields: ["x": 1])], transaction: unknownTransaction)
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// Rolling back a transaction ID the store never issued fails with `invalidArgument`.
    public static func rollbackOfUnknownTransaction_failsInvalidArgument(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .invalidArgument, "rollback of an unknown transaction") {
            try await store.rollback(unknownTransaction)
        }
    }

    /// A read-only transaction cannot write.
    public static func readOnly_writes_failInvalidArgument(_ store: any DocumentStore) async throws {
        let transaction = try await store.beginTransaction(.readOnly(readTime: nil))

        try await expectThrows(code: .invalidArgument, "writes in a read-only transaction") {
            try await store.commit([.update(try path("c/a"), fields: ["x": 1])], in: transaction)
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// A read-only transaction keeps seeing the state of its first read, whatever is committed later.
    public static func readOnly_seesOneSnapshot(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let transaction = try await store.beginTransaction(.readOnly(readTime: nil))
        let first = try await store.get("c/a", consistency: .transaction(transaction))

        try await store.set("c/a", ["n": 2])
        let second = try await store.get("c/a", consistency: .transaction(transaction))

        try expectField(first, try field("n"), 1)
        try expectField(second, try field("n"), 1)
        try expectField(try await store.get("c/a"), try field("n"), 2)
    }

    /// Queries in a read-only transaction see its snapshot too.
    public static func readOnly_querySeesSnapshot(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])
        let transaction = try await store.beginTransaction(.readOnly(readTime: nil))
        _ = try await store.get("c/a", consistency: .transaction(transaction))

        try await store.set("c/b", ["n": 2])
        let ids = try await store.ids(try query("c"), consistency: .transaction(transaction))

        try expectEqual(ids, ["a"], "documents in the snapshot")
    }

    /// A read-only transaction at a past read time sees the state at that time.
    public static func readOnly_atReadTime_seesOldState(_ store: any DocumentStore) async throws {
        let old = try await store.set("c/a", ["n": 1])
        try await store.set("c/a", ["n": 2])

        let transaction = try await store.beginTransaction(.readOnly(readTime: old.commitTime))
        let document = try await store.get("c/a", consistency: .transaction(transaction))

        try expectField(document, try field("n"), 1)
    }

    /// A transaction that retries a rolled-back one works like any read-write transaction.
    public static func readWrite_retryingRolledBackTransaction_commits(_ store: any DocumentStore) async throws {
        let first = try await store.beginTransaction(.readWrite)
        try await store.rollback(first)

        let retry = try await store.beginTransaction(.readWrite(retrying: first))
        try await store.commit([.update(try path("c/a"), fields: ["x": 1])], in: retry)

        try expectField(try await store.get("c/a"), try field("x"), 1)
    }

    /// Two transactions read a counter, then each commits counter + 1: at least one of them is aborted,
    /// and the counter grows by exactly the number of commits that succeeded (no lost update).
    public static func contention_twoReadModifyWrites_noUpdateLost(_ store: any DocumentStore) async throws {
        try await store.set("k/counter", ["n": 10])
        let transactions = [try await store.beginTransaction(.readWrite), try await store.beginTransaction(.readWrite)]
        var read: [Int: Int64] = [:]
        var aborted = 0
        var committed = 0

        for (index, transaction) in transactions.enumerated() {
            do {
                let document = try await store.get("k/counter", consistency: .transaction(transaction))
                guard case .integer(let n)? = document?.value(at: try field("n")) else {
                    throw fail("read: got \(String(describing: document))")
                }
                read[index] = n
            } catch let error as DocumentStoreError where error.code == .aborted {
                aborted += 1
                try? await store.rollback(transaction)
            }
        }
        for (index, transaction) in transactions.enumerated() {
            guard let n = read[index] else { continue }
            do {
                try await store.commit(
                    [.update(try path("k/counter"), fields: ["n": .integer(n + 1)])], in: transaction)
                committed += 1
            } catch let error as DocumentStoreError where error.code == .aborted {
                aborted += 1
                try? await store.rollback(transaction)
            }
        }

        try expectTrue(aborted >= 1, "at least one transaction aborted (aborted \(aborted), committed \(committed))")
        try expectField(try await store.get("k/counter"), try field("n"), .integer(10 + Int64(committed)))
    }

    /// A transaction reads a document, then a write outside it changes that document, then the
    /// transaction writes it: one of the two writes is aborted, and the survivor's value is stored.
    public static func contention_readThenOutsideWrite_oneAborts(_ store: any DocumentStore) async throws {
        try await store.set("k/doc", ["n": 0])
        let transaction = try await store.beginTransaction(.readWrite)
        _ = try await store.get("k/doc", consistency: .transaction(transaction))

        var outsideCommitted = false
        do {
            try await store.set("k/doc", ["n": 10])
            outsideCommitted = true
        } catch let error as DocumentStoreError where error.code == .aborted {}
        var transactionCommitted = false
        do {
            try await store.commit([.update(try path("k/doc"), fields: ["n": 1])], in: transaction)
            transactionCommitted = true
        } catch let error as DocumentStoreError where error.code == .aborted {
            try? await store.rollback(transaction)
        }

        try expectTrue(
            !(outsideCommitted && transactionCommitted), "not both committed (that would lose the outside write)")
        let expected: Value = transactionCommitted ? 1 : (outsideCommitted ? 10 : 0)
        try expectField(try await store.get("k/doc"), try field("n"), expected)
    }
}
