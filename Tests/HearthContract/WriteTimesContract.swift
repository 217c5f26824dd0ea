import HearthDomain
public import HearthPort

/// createTime, updateTime and commitTime: when they move and when they do not.
public enum WriteTimesContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("create_resultUpdateTimeIsCommitTime", create_resultUpdateTimeIsCommitTime),
        b("read_updateTimeMatchesWriteResult", read_updateTimeMatchesWriteResult),
        b("change_advancesUpdateTime_keepsCreateTime", change_advancesUpdateTime_keepsCreateTime),
        b("noOpSet_keepsUpdateTime", noOpSet_keepsUpdateTime),
        b("noOpSet_reportsPreviousUpdateTime", noOpSet_reportsPreviousUpdateTime),
        b("integerToEqualDouble_isAChange", integerToEqualDouble_isAChange),
        b("noOpTransform_keepsUpdateTime", noOpTransform_keepsUpdateTime),
        b("noOpMaskedUpdate_keepsUpdateTime", noOpMaskedUpdate_keepsUpdateTime),
        b("deleteOfAbsentField_keepsUpdateTime", deleteOfAbsentField_keepsUpdateTime),
        b("delete_resultHasNoUpdateTime", delete_resultHasNoUpdateTime),
        b("deleteOfMissingDocument_resultHasNoUpdateTime", deleteOfMissingDocument_resultHasNoUpdateTime),
        b("recreate_getsNewCreateTime", recreate_getsNewCreateTime),
        b("commitTime_isNotBeforeAnyUpdateTime", commitTime_isNotBeforeAnyUpdateTime),
        b("commitTimes_increaseAcrossCommits", commitTimes_increaseAcrossCommits),
        b("commitTime_hasMicrosecondPrecision", commitTime_hasMicrosecondPrecision),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .writeTimes, name: name, traits: traits, run: run)
    }

    private static func updateTime(_ response: CommitResponse, _ index: Int = 0) throws -> Timestamp {
        try unwrap(
            response.writeResults.indices.contains(index) ? response.writeResults[index].updateTime : nil,
            "updateTime of write \(index)")
    }

    /// Creating a document reports the commit time as its update time.
    public static func create_resultUpdateTimeIsCommitTime(_ store: any DocumentStore) async throws {
        let response = try await store.set("c/a", ["x": 1])

        try expectEqual(try updateTime(response), response.commitTime, "updateTime")
    }

    /// The update time a write reports is the update time a read returns.
    public static func read_updateTimeMatchesWriteResult(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])
        let response = try await store.set("c/a", ["x": 2])

        let document = try unwrap(try await store.get("c/a"), "c/a")

        try expectEqual(document.updateTime, try updateTime(response), "updateTime")
    }

    /// A change moves updateTime to the new commit time and keeps createTime.
    public static func change_advancesUpdateTime_keepsCreateTime(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 1])
        let second = try await store.set("c/a", ["x": 2])

        let document = try unwrap(try await store.get("c/a"), "c/a")

        try expectEqual(document.createTime, first.commitTime, "createTime")
        try expectEqual(document.updateTime, second.commitTime, "updateTime")
        try expectTrue(
            second.commitTime > first.commitTime, "second commit \(second.commitTime) after first \(first.commitTime)")
    }

    /// Setting the same content again does not change the document's update time.
    public static func noOpSet_keepsUpdateTime(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 1, "m": ["k": "v"]])
        try await store.set("c/a", ["x": 1, "m": ["k": "v"]])

        let document = try unwrap(try await store.get("c/a"), "c/a")

        try expectEqual(document.updateTime, first.commitTime, "updateTime")
    }

    /// A write that changes nothing reports the previous update time, not its commit time.
    public static func noOpSet_reportsPreviousUpdateTime(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 1])

        let second = try await store.set("c/a", ["x": 1])

        try expectEqual(try updateTime(second), first.commitTime, "reported updateTime")
        try expectTrue(
            second.commitTime > first.commitTime, "a new commit time \(second.commitTime) > \(first.commitTime)")
    }

    /// `1` and `1.0` are equal in queries but different stored values: replacing one by the other is a change.
    public static func integerToEqualDouble_isAChange(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 1])

        let second = try await store.set("c/a", ["x": 1.0])

        try expectEqual(try updateTime(second), second.commitTime, "reported updateTime")
        try expectTrue(second.commitTime > first.commitTime, "the commit time moved")
        try expectField(try await store.get("c/a"), try field("x"), 1.0)
    }

    /// A transform that leaves the value as it was (maximum(3, 3.0)) keeps the update time.
    public static func noOpTransform_keepsUpdateTime(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 3])

        let second = try await store.transform("c/a", try transform("x", .maximum(3.0)))

        try expectEqual(try updateTime(second), first.commitTime, "reported updateTime")
        try expectEqual(try await store.get("c/a")?.updateTime, first.commitTime, "stored updateTime")
    }

    /// A masked update writing the value already there keeps the update time.
    public static func noOpMaskedUpdate_keepsUpdateTime(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 1, "y": 2])

        try await store.commit(.update(try path("c/a"), fields: ["x": 1], mask: [try field("x")]))

        try expectEqual(try await store.get("c/a")?.updateTime, first.commitTime, "updateTime")
    }

    /// Deleting (by mask) a field that is not there changes nothing, so the update time stays.
    public static func deleteOfAbsentField_keepsUpdateTime(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 1])

        try await store.commit(.update(try path("c/a"), fields: [:], mask: [try field("absent")]))

        try expectEqual(try await store.get("c/a")?.updateTime, first.commitTime, "updateTime")
    }

    /// A delete's write result has no update time.
    public static func delete_resultHasNoUpdateTime(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])

        let response = try await store.delete("c/a")

        try expectNil(response.writeResults.first?.updateTime, "updateTime of the delete")
    }

    /// Deleting a missing document reports no update time either.
    public static func deleteOfMissingDocument_resultHasNoUpdateTime(_ store: any DocumentStore) async throws {
        let response = try await store.delete("c/never")

        try expectNil(response.writeResults.first?.updateTime, "updateTime of the delete")
    }

    /// A document created again after a delete gets a new createTime (its new commit time).
    public static func recreate_getsNewCreateTime(_ store: any DocumentStore) async throws {
        let first = try await store.set("c/a", ["x": 1])
        try await store.delete("c/a")

        let again = try await store.set("c/a", ["x": 1])

        let document = try unwrap(try await store.get("c/a"), "c/a")
        try expectEqual(document.createTime, again.commitTime, "createTime")
        try expectTrue(
            document.createTime > first.commitTime, "new createTime \(document.createTime) > old \(first.commitTime)")
    }

    /// In a commit of several writes, every changing write's update time is the commit time.
    public static func commitTime_isNotBeforeAnyUpdateTime(_ store: any DocumentStore) async throws {
        try await store.set("c/same", ["x": 1])

        let response = try await store.commit(
            .update(try path("c/a"), fields: ["x": 1]),
            .update(try path("c/same"), fields: ["x": 1]),
            .update(try path("c/b"), fields: ["x": 2])
        )

        try expectEqual(response.writeResults.count, 3, "write results")
        for index in 0..<3 {
            try expectTrue(try updateTime(response, index) <= response.commitTime, "updateTime \(index) <= commitTime")
        }
        try expectEqual(try updateTime(response, 0), response.commitTime, "updateTime of the new c/a")
        try expectEqual(try updateTime(response, 2), response.commitTime, "updateTime of the new c/b")
    }

    /// Each commit's time is later than the previous commit's.
    public static func commitTimes_increaseAcrossCommits(_ store: any DocumentStore) async throws {
        var last: Timestamp?
        for index in 0..<5 {
            let response = try await store.set("c/\(index)", ["i": .integer(Int64(index))])
            if let last {
                try expectTrue(response.commitTime > last, "commit \(index) at \(response.commitTime) after \(last)")
            }
            last = response.commitTime
        }
    }

    /// Commit times have microsecond precision (so they can be used as read times and preconditions).
    public static func commitTime_hasMicrosecondPrecision(_ store: any DocumentStore) async throws {
        let response = try await store.set("c/a", ["x": 1])

        try expectEqual(
            response.commitTime.nanoseconds % 1_000, 0, "nanoseconds beyond microseconds of \(response.commitTime)")
    }
}
