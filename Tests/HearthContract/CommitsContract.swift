import HearthDomain
public import HearthPort

/// Commits: several writes applied atomically and in order, including several writes to one document.
public enum CommitsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("commit_severalDocuments_allApplied", commit_severalDocuments_allApplied),
        b(
            "commit_failingPreconditionInLaterWrite_appliesNothing",
            commit_failingPreconditionInLaterWrite_appliesNothing),
        b("commit_invalidValueInLaterWrite_appliesNothing", commit_invalidValueInLaterWrite_appliesNothing),
        b("commit_invalidTransformInLaterWrite_appliesNothing", commit_invalidTransformInLaterWrite_appliesNothing),
        b("commit_writeResults_onePerWriteInOrder", commit_writeResults_onePerWriteInOrder),
        b("commit_sameDocumentTwice_appliesInOrder", commit_sameDocumentTwice_appliesInOrder),
        b("commit_createThenUpdate_preconditionSeesEarlierWrite", commit_createThenUpdate_preconditionSeesEarlierWrite),
        b("commit_deleteThenCreate_preconditionSeesDelete", commit_deleteThenCreate_preconditionSeesDelete),
        b("commit_setThenDelete_leavesNoDocument", commit_setThenDelete_leavesNoDocument),
        b("commit_setThenTransform_transformSeesSet", commit_setThenTransform_transformSeesSet),
        b("commit_deleteAndRecreateExisting_getsNewCreateTime", commit_deleteAndRecreateExisting_getsNewCreateTime),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .commits, name: name, traits: traits, run: run)
    }

    /// Writes to several documents in one commit are all applied.
    public static func commit_severalDocuments_allApplied(_ store: any DocumentStore) async throws {
        try await store.set("c/gone", ["x": 0])

        try await store.commit(
            .update(try path("c/a"), fields: ["x": 1]),
            .update(try path("d/b"), fields: ["y": 2]),
            .delete(try path("c/gone"))
        )

        try expectField(try await store.get("c/a"), try field("x"), 1)
        try expectField(try await store.get("d/b"), try field("y"), 2)
        try expectNil(try await store.get("c/gone"), "c/gone")
    }

    /// When a later write's precondition fails, the earlier writes of the commit are not applied.
    public static func commit_failingPreconditionInLaterWrite_appliesNothing(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])

        try await expectThrows(code: .notFound, "commit whose second write needs a missing document") {
            try await store.commit(
                .update(try path("c/a"), fields: ["x": 2]),
                .update(try path("c/b"), fields: ["y": 1]),
                .update(try path("c/missing"), fields: ["z": 1], precondition: .exists(true))
            )
        }

        try expectField(try await store.get("c/a"), try field("x"), 1)
        try expectNil(try await store.get("c/b"), "c/b")
    }

    /// When a later write holds an invalid value, nothing of the commit is applied.
    public static func commit_invalidValueInLaterWrite_appliesNothing(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .invalidArgument, "commit whose second write holds a nested array") {
            try await store.commit(
                .update(try path("c/a"), fields: ["x": 1]),
                .update(try path("c/b"), fields: ["bad": [[1]]])
            )
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// When a later write has an invalid transform operand, nothing of the commit is applied.
    public static func commit_invalidTransformInLaterWrite_appliesNothing(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .invalidArgument, "commit whose second write increments by a string") {
            try await store.commit(
                .update(try path("c/a"), fields: ["x": 1]),
                Write(path: try path("c/b"), operation: .transform, transforms: [try transform("n", .increment("one"))])
            )
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// A commit reports one write result per write, in order, each with its own transform results.
    public static func commit_writeResults_onePerWriteInOrder(_ store: any DocumentStore) async throws {
        let response = try await store.commit(
            .update(try path("c/a"), fields: ["x": 1]),
            Write(path: try path("c/b"), operation: .transform, transforms: [try transform("n", .increment(1))]),
            .delete(try path("c/z"))
        )

        try expectEqual(response.writeResults.map(\.transformResults), [[], [1], []], "transform results per write")
        try expectEqual(
            response.writeResults.map { $0.updateTime != nil }, [true, true, false], "which results have an updateTime")
    }

    /// Two writes to one document in one commit apply in order, the second on the first's result.
    public static func commit_sameDocumentTwice_appliesInOrder(_ store: any DocumentStore) async throws {
        try await store.commit(
            .update(try path("c/a"), fields: ["a": 1]),
            .update(try path("c/a"), fields: ["b": 2], mask: [try field("b")])
        )

        try expectEqual(try await store.get("c/a")?.fields, ["a": 1, "b": 2], "fields")
    }

    /// A precondition sees the earlier writes of its own commit (create, then update with `exists: true`).
    public static func commit_createThenUpdate_preconditionSeesEarlierWrite(_ store: any DocumentStore) async throws {
        try await store.commit(
            .update(try path("c/a"), fields: ["x": 1], precondition: .exists(false)),
            .update(try path("c/a"), fields: ["y": 2], mask: [try field("y")], precondition: .exists(true))
        )

        try expectEqual(try await store.get("c/a")?.fields, ["x": 1, "y": 2], "fields")
    }

    /// After a delete earlier in the commit, `exists: false` holds for the same document.
    public static func commit_deleteThenCreate_preconditionSeesDelete(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["old": true])

        try await store.commit(
            .delete(try path("c/a")),
            .update(try path("c/a"), fields: ["new": true], precondition: .exists(false))
        )

        try expectEqual(try await store.get("c/a")?.fields, ["new": true], "fields")
    }

    /// A set followed by a delete of the same document in one commit leaves no document.
    public static func commit_setThenDelete_leavesNoDocument(_ store: any DocumentStore) async throws {
        try await store.commit(.update(try path("c/a"), fields: ["x": 1]), .delete(try path("c/a")))

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// A transform in a later write sees the value an earlier write of the same commit stored.
    public static func commit_setThenTransform_transformSeesSet(_ store: any DocumentStore) async throws {
        let response = try await store.commit(
            .update(try path("c/a"), fields: ["n": 5]),
            Write(path: try path("c/a"), operation: .transform, transforms: [try transform("n", .increment(1))])
        )

        try expectEqual(response.writeResults.last?.transformResults, [6], "transform result")
        try expectField(try await store.get("c/a"), try field("n"), 6)
    }

    /// Deleting and writing an existing document again in one commit recreates it at that commit.
    public static func commit_deleteAndRecreateExisting_getsNewCreateTime(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])

        let response = try await store.commit(
            .update(try path("c/a"), fields: ["x": 2]),
            .delete(try path("c/a")),
            .update(try path("c/a"), fields: ["x": 3])
        )

        let document = try unwrap(try await store.get("c/a"), "c/a")
        try expectEqual(document.fields, ["x": 3], "fields")
        try expectEqual(document.createTime, response.commitTime, "createTime")
        try expectEqual(response.writeResults.count, 3, "write results")
    }
}
