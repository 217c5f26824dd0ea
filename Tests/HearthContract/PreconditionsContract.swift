import HearthDomain
public import HearthPort

/// Write preconditions: `exists` and `updateTime`, on updates, deletes and transforms.
public enum PreconditionsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("existsTrue_onMissingDocument_failsNotFound", existsTrue_onMissingDocument_failsNotFound),
        b("existsTrue_onExistingDocument_writes", existsTrue_onExistingDocument_writes),
        b("existsFalse_onMissingDocument_creates", existsFalse_onMissingDocument_creates),
        b("existsFalse_onExistingDocument_failsAlreadyExists", existsFalse_onExistingDocument_failsAlreadyExists),
        b("existsFalse_afterDelete_creates", existsFalse_afterDelete_creates),
        b("updateTime_matching_writes", updateTime_matching_writes),
        b("updateTime_stale_failsFailedPrecondition", updateTime_stale_failsFailedPrecondition),
        b("updateTime_onMissingDocument_failsFailedPrecondition", updateTime_onMissingDocument_failsFailedPrecondition),
        b("failedPrecondition_leavesDocumentUnchanged", failedPrecondition_leavesDocumentUnchanged),
        b("deleteExistsTrue_onMissingDocument_failsNotFound", deleteExistsTrue_onMissingDocument_failsNotFound),
        b("deleteExistsFalse_onMissingDocument_succeeds", deleteExistsFalse_onMissingDocument_succeeds),
        b(
            "deleteExistsFalse_onExistingDocument_failsAlreadyExists",
            deleteExistsFalse_onExistingDocument_failsAlreadyExists),
        b("deleteUpdateTime_matching_deletes", deleteUpdateTime_matching_deletes),
        b("deleteUpdateTime_stale_failsFailedPrecondition", deleteUpdateTime_stale_failsFailedPrecondition),
        b("transformExistsTrue_onMissingDocument_failsNotFound", transformExistsTrue_onMissingDocument_failsNotFound),
        b(
            "maskedUpdateExistsTrue_onMissingDocument_failsNotFound",
            maskedUpdateExistsTrue_onMissingDocument_failsNotFound),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .preconditions, name: name, traits: traits, run: run)
    }

    /// `exists: true` on a missing document fails with `notFound` and creates nothing.
    public static func existsTrue_onMissingDocument_failsNotFound(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .notFound, "update with exists: true on a missing document") {
            try await store.commit(.update(try path("c/a"), fields: ["x": 1], precondition: .exists(true)))
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// `exists: true` on an existing document lets the write through.
    public static func existsTrue_onExistingDocument_writes(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])

        try await store.commit(.update(try path("c/a"), fields: ["x": 2], precondition: .exists(true)))

        try expectField(try await store.get("c/a"), try field("x"), 2)
    }

    /// `exists: false` on a missing document creates it.
    public static func existsFalse_onMissingDocument_creates(_ store: any DocumentStore) async throws {
        try await store.commit(.update(try path("c/a"), fields: ["x": 1], precondition: .exists(false)))

        try expectField(try await store.get("c/a"), try field("x"), 1)
    }

    /// `exists: false` on an existing document fails with `alreadyExists`.
    public static func existsFalse_onExistingDocument_failsAlreadyExists(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])

        try await expectThrows(code: .alreadyExists, "create over an existing document") {
            try await store.commit(.update(try path("c/a"), fields: ["x": 2], precondition: .exists(false)))
        }
    }

    /// A deleted document no longer exists: `exists: false` creates it again.
    public static func existsFalse_afterDelete_creates(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])
        try await store.delete("c/a")

        try await store.commit(.update(try path("c/a"), fields: ["x": 2], precondition: .exists(false)))

        try expectField(try await store.get("c/a"), try field("x"), 2)
    }

    /// An `updateTime` precondition equal to the document's update time lets the write through.
    public static func updateTime_matching_writes(_ store: any DocumentStore) async throws {
        let created = try await store.set("c/a", ["x": 1])
        let updateTime = try unwrap(created.writeResults.first?.updateTime, "updateTime of the create")

        try await store.commit(.update(try path("c/a"), fields: ["x": 2], precondition: .updateTime(updateTime)))

        try expectField(try await store.get("c/a"), try field("x"), 2)
    }

    /// An `updateTime` precondition older than the document's update time fails with `failedPrecondition`.
    public static func updateTime_stale_failsFailedPrecondition(_ store: any DocumentStore) async throws {
        let created = try await store.set("c/a", ["x": 1])
        let stale = try unwrap(created.writeResults.first?.updateTime, "updateTime of the create")
        try await store.set("c/a", ["x": 2])

        try await expectThrows(code: .failedPrecondition, "update with a stale updateTime") {
            try await store.commit(.update(try path("c/a"), fields: ["x": 3], precondition: .updateTime(stale)))
        }
    }

    /// An `updateTime` precondition on a missing document fails with `failedPrecondition`.
    public static func updateTime_onMissingDocument_failsFailedPrecondition(_ store: any DocumentStore) async throws {
        let other = try await store.set("c/other", ["x": 1])

        try await expectThrows(code: .failedPrecondition, "update of a missing document with an updateTime") {
            try await store.commit(
                .update(try path("c/a"), fields: ["x": 1], precondition: .updateTime(other.commitTime)))
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// A write whose precondition fails changes nothing: fields and update time are as before.
    public static func failedPrecondition_leavesDocumentUnchanged(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])
        let before = try unwrap(try await store.get("c/a"), "c/a")

        _ = try? await store.commit(.update(try path("c/a"), fields: ["x": 2], precondition: .exists(false)))

        try expectEqual(try await store.get("c/a"), before, "document after the failed write")
    }

    /// Deleting with `exists: true` a document that does not exist fails with `notFound`.
    public static func deleteExistsTrue_onMissingDocument_failsNotFound(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .notFound, "delete with exists: true of a missing document") {
            try await store.commit(.delete(try path("c/a"), precondition: .exists(true)))
        }
    }

    /// Deleting with `exists: false` a document that does not exist succeeds.
    public static func deleteExistsFalse_onMissingDocument_succeeds(_ store: any DocumentStore) async throws {
        let response = try await store.commit(.delete(try path("c/a"), precondition: .exists(false)))

        try expectEqual(response.writeResults.count, 1, "write results")
    }

    /// Deleting with `exists: false` a document that exists fails with `alreadyExists` and keeps it.
    public static func deleteExistsFalse_onExistingDocument_failsAlreadyExists(_ store: any DocumentStore) async throws
    {
        try await store.set("c/a", ["x": 1])

        try await expectThrows(code: .alreadyExists, "delete with exists: false of an existing document") {
            try await store.commit(.delete(try path("c/a"), precondition: .exists(false)))
        }

        try expectField(try await store.get("c/a"), try field("x"), 1)
    }

    /// Deleting with the document's current update time deletes it.
    public static func deleteUpdateTime_matching_deletes(_ store: any DocumentStore) async throws {
        let created = try await store.set("c/a", ["x": 1])
        let updateTime = try unwrap(created.writeResults.first?.updateTime, "updateTime of the create")

        try await store.commit(.delete(try path("c/a"), precondition: .updateTime(updateTime)))

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// Deleting with a stale update time fails with `failedPrecondition` and keeps the document.
    public static func deleteUpdateTime_stale_failsFailedPrecondition(_ store: any DocumentStore) async throws {
        let created = try await store.set("c/a", ["x": 1])
        let stale = try unwrap(created.writeResults.first?.updateTime, "updateTime of the create")
        try await store.set("c/a", ["x": 2])

        try await expectThrows(code: .failedPrecondition, "delete with a stale updateTime") {
            try await store.commit(.delete(try path("c/a"), precondition: .updateTime(stale)))
        }

        try expectField(try await store.get("c/a"), try field("x"), 2)
    }

    /// A transform-only write with `exists: true` on a missing document fails with `notFound`.
    public static func transformExistsTrue_onMissingDocument_failsNotFound(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .notFound, "transform with exists: true of a missing document") {
            try await store.commit(
                Write(
                    path: try path("c/a"), operation: .transform, transforms: [try transform("n", .increment(1))],
                    precondition: .exists(true))
            )
        }

        try expectNil(try await store.get("c/a"), "c/a")
    }

    /// A masked update (the SDKs' `updateData`) with `exists: true` on a missing document fails with `notFound`.
    public static func maskedUpdateExistsTrue_onMissingDocument_failsNotFound(_ store: any DocumentStore) async throws {
        try await expectThrows(code: .notFound, "masked update with exists: true of a missing document") {
            try await store.commit(
                .update(try path("c/a"), fields: ["x": 1], mask: [try field("x")], precondition: .exists(true)))
        }
    }
}
