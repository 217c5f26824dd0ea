import HearthDomain
public import HearthPort

/// Reads at a past read time (a commit time, so microsecond-aligned) see the database as it was then.
public enum ReadTimesContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("batchGet_atPastReadTime_seesOldValue", batchGet_atPastReadTime_seesOldValue),
        b("batchGet_atPastReadTime_reportsThatReadTime", batchGet_atPastReadTime_reportsThatReadTime),
        b("batchGet_beforeCreation_isMissing", batchGet_beforeCreation_isMissing),
        b("batchGet_beforeDeletion_seesDocument", batchGet_beforeDeletion_seesDocument),
        b("get_atPastReadTime_seesOldValue", get_atPastReadTime_seesOldValue),
        b("query_atPastReadTime_seesOldResults", query_atPastReadTime_seesOldResults),
        b("aggregation_atPastReadTime_countsOldState", aggregation_atPastReadTime_countsOldState),
        b(
            "listCollectionIDs_atPastReadTime_omitsLaterCollections",
            listCollectionIDs_atPastReadTime_omitsLaterCollections),
        b(
            "listDocuments_atPastReadTime_seesOldState",
            listDocuments_atPastReadTime_seesOldState,
            .emulatorQuirk("the emulator rejects readTime in a query string (GET ?readTime=) as INVALID_ARGUMENT")
        ),
        b("readTime_inTheFuture_fails", readTime_inTheFuture_fails),
        b("readTime_longAgo_fails", readTime_longAgo_fails),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .readTimes, name: name, traits: traits, run: run)
    }

    /// A batch get at the commit time of an earlier write sees that write, not later ones.
    public static func batchGet_atPastReadTime_seesOldValue(_ store: any DocumentStore) async throws {
        let old = try await store.set("c/a", ["n": 1])
        try await store.set("c/a", ["n": 2])

        let response = try await store.batchGetDocuments(
            [try path("c/a")], mask: nil, consistency: .readTime(old.commitTime))

        try expectField(response.documents.first?.document, try field("n"), 1)
    }

    /// A batch get at a read time reports that read time.
    public static func batchGet_atPastReadTime_reportsThatReadTime(_ store: any DocumentStore) async throws {
        let old = try await store.set("c/a", ["n": 1])
        try await store.set("c/a", ["n": 2])

        let response = try await store.batchGetDocuments(
            [try path("c/a")], mask: nil, consistency: .readTime(old.commitTime))

        try expectEqual(response.readTime, old.commitTime, "readTime")
    }

    /// A document created after the read time is missing at that time.
    public static func batchGet_beforeCreation_isMissing(_ store: any DocumentStore) async throws {
        let old = try await store.set("c/other", ["n": 1])
        try await store.set("c/a", ["n": 1])

        let response = try await store.batchGetDocuments(
            [try path("c/a")], mask: nil, consistency: .readTime(old.commitTime))

        try expectEqual(response.documents.map { $0.document == nil }, [true], "c/a missing at the old read time")
    }

    /// A document deleted after the read time is still there at that time.
    public static func batchGet_beforeDeletion_seesDocument(_ store: any DocumentStore) async throws {
        let old = try await store.set("c/a", ["n": 1])
        try await store.delete("c/a")

        let response = try await store.batchGetDocuments(
            [try path("c/a")], mask: nil, consistency: .readTime(old.commitTime))

        try expectField(response.documents.first?.document, try field("n"), 1)
    }

    /// A single get at a read time sees the old value too.
    public static func get_atPastReadTime_seesOldValue(_ store: any DocumentStore) async throws {
        let old = try await store.set("c/a", ["n": 1])
        try await store.set("c/a", ["n": 2])

        try expectField(try await store.get("c/a", consistency: .readTime(old.commitTime)), try field("n"), 1)
    }

    /// A query at a read time matches and returns the documents as they were.
    public static func query_atPastReadTime_seesOldResults(_ store: any DocumentStore) async throws {
        let old = try await store.seed(["c/a": ["v": "old"], "c/b": ["v": "old"]])
        try await store.seed(["c/a": ["v": "new"], "c/c": ["v": "old"]])

        let ids = try await store.ids(
            try query("c", where: try filter("v", .equal, "old")), consistency: .readTime(old.commitTime))

        try expectEqual(ids, ["a", "b"], "v == 'old' at the old read time")
    }

    /// An aggregation at a read time aggregates the documents as they were.
    public static func aggregation_atPastReadTime_countsOldState(_ store: any DocumentStore) async throws {
        let old = try await store.seed(["c/a": ["v": 1]])
        try await store.seed(["c/b": ["v": 2], "c/c": ["v": 3]])

        let values = try await store.aggregate(
            try query("c"), [try sum("v", as: "s")], consistency: .readTime(old.commitTime))

        try expectEqual(values, ["s": 1], "sum v at the old read time")
    }

    /// Collections created after the read time are not listed at that time.
    public static func listCollectionIDs_atPastReadTime_omitsLaterCollections(_ store: any DocumentStore) async throws {
        let old = try await store.set("a/x", ["n": 1])
        try await store.set("b/x", ["n": 1])

        let response = try await store.listCollectionIDs(
            ListCollectionIDsRequest(consistency: .readTime(old.commitTime)))

        try expectEqual(response.collectionIDs, ["a"], "collection IDs at the old read time")
    }

    /// Listing documents at a read time lists them as they were.
    public static func listDocuments_atPastReadTime_seesOldState(_ store: any DocumentStore) async throws {
        let old = try await store.seed(["c/a": ["n": 1]])
        try await store.seed(["c/a": ["n": 2], "c/b": ["n": 1]])

        let response = try await store.listDocuments(
            ListDocumentsRequest(collectionID: "c", consistency: .readTime(old.commitTime)))

        try expectEqual(response.documents.map { $0.document?.fields }, [["n": 1]], "documents at the old read time")
    }

    /// A read time in the future is refused.
    public static func readTime_inTheFuture_fails(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])

        try await expectThrows(anyOf: [.invalidArgument, .failedPrecondition], "batch get at 2099") {
            try await store.batchGetDocuments(
                [try path("c/a")], mask: nil, consistency: .readTime(try timestamp("2099-01-01T00:00:00Z")))
        }
    }

    /// A read time older than the store keeps versions for (the year 2000) is refused.
    public static func readTime_longAgo_fails(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["n": 1])

        try await expectThrows(anyOf: [.failedPrecondition, .invalidArgument], "batch get at 2000") {
            try await store.batchGetDocuments(
                [try path("c/a")], mask: nil, consistency: .readTime(try timestamp("2000-01-01T00:00:00Z")))
        }
    }
}
