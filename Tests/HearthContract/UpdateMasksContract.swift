import HearthDomain
public import HearthPort

/// Updates with a field mask: only masked paths change; masked paths absent from the data are deleted.
public enum UpdateMasksContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("mask_setsMaskedFields_keepsOthers", mask_setsMaskedFields_keepsOthers),
        b("mask_pathAbsentFromData_deletesField", mask_pathAbsentFromData_deletesField),
        b("mask_fieldNotInMask_isNotWritten", mask_fieldNotInMask_isNotWritten),
        b("mask_nestedPath_setsOnlyThatLeaf", mask_nestedPath_setsOnlyThatLeaf),
        b("mask_nestedPathAbsent_deletesLeafKeepsSiblings", mask_nestedPathAbsent_deletesLeafKeepsSiblings),
        b("mask_wholeMap_replacesMap", mask_wholeMap_replacesMap),
        b("mask_pathThroughNonMap_replacesItWithMap", mask_pathThroughNonMap_replacesItWithMap),
        b("mask_onMissingDocument_createsIt", mask_onMissingDocument_createsIt),
        b("mask_empty_onMissingDocument_createsEmptyDocument", mask_empty_onMissingDocument_createsEmptyDocument),
        b("mask_empty_onExistingDocument_changesNothing", mask_empty_onExistingDocument_changesNothing),
        b("mask_segmentWithDot_isOneKey", mask_segmentWithDot_isOneKey),
        b("mask_deleteOfAbsentField_isHarmless", mask_deleteOfAbsentField_isHarmless),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .updateMasks, name: name, traits: traits, run: run)
    }

    private static func update(
        _ store: any DocumentStore, _ documentPath: String, _ data: MapValue, mask: [String]
    ) async throws {
        try await store.commit(.update(try path(documentPath), fields: data, mask: try fields(mask)))
    }

    /// Masked fields are written; fields outside the mask keep their values.
    public static func mask_setsMaskedFields_keepsOthers(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1, "y": 2])

        try await update(store, "c/a", ["x": 10], mask: ["x"])

        try expectEqual(try await store.get("c/a")?.fields, ["x": 10, "y": 2], "fields")
    }

    /// A masked path that the data does not contain is deleted (the SDKs' `FieldValue.delete()`).
    public static func mask_pathAbsentFromData_deletesField(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1, "y": 2])

        try await update(store, "c/a", [:], mask: ["y"])

        try expectEqual(try await store.get("c/a")?.fields, ["x": 1], "fields")
    }

    /// Data outside the mask is ignored: it is neither written nor used.
    public static func mask_fieldNotInMask_isNotWritten(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1, "y": 2])

        try await update(store, "c/a", ["x": 5], mask: ["y"])

        try expectEqual(try await store.get("c/a")?.fields, ["x": 1], "fields (y deleted, x untouched)")
    }

    /// A nested mask path writes only that leaf, even when the data holds siblings.
    public static func mask_nestedPath_setsOnlyThatLeaf(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["z": ["p": 1, "r": 1]])

        try await update(store, "c/a", ["z": ["p": 9, "q": 9]], mask: ["z.p"])

        try expectEqual(try await store.get("c/a")?.fields, ["z": ["p": 9, "r": 1]], "fields")
    }

    /// A nested masked path absent from the data deletes that leaf and keeps its siblings.
    public static func mask_nestedPathAbsent_deletesLeafKeepsSiblings(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["z": ["p": 1, "q": 2]])

        try await update(store, "c/a", [:], mask: ["z.p"])

        try expectEqual(try await store.get("c/a")?.fields, ["z": ["q": 2]], "fields")
    }

    /// Masking a whole map replaces the map: its old keys are gone.
    public static func mask_wholeMap_replacesMap(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["z": ["p": 1, "q": 2], "k": 0])

        try await update(store, "c/a", ["z": ["r": 3]], mask: ["z"])

        try expectEqual(try await store.get("c/a")?.fields, ["z": ["r": 3], "k": 0], "fields")
    }

    /// A nested path through a field that is not a map replaces that field with a map.
    public static func mask_pathThroughNonMap_replacesItWithMap(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 7])

        try await update(store, "c/a", ["x": ["b": 1]], mask: ["x.b"])

        try expectEqual(try await store.get("c/a")?.fields, ["x": ["b": 1]], "fields")
    }

    /// A masked update without precondition creates a missing document (an upsert).
    public static func mask_onMissingDocument_createsIt(_ store: any DocumentStore) async throws {
        try await update(store, "c/a", ["x": 1, "y": 2], mask: ["x"])

        try expectEqual(try await store.get("c/a")?.fields, ["x": 1], "fields")
    }

    /// An empty mask on a missing document creates an empty document.
    public static func mask_empty_onMissingDocument_createsEmptyDocument(_ store: any DocumentStore) async throws {
        try await update(store, "c/a", [:], mask: [])

        let document = try unwrap(try await store.get("c/a"), "c/a")
        try expectTrue(document.fields.isEmpty, "no fields, got \(document.fields)")
    }

    /// An empty mask on an existing document changes nothing, not even its update time.
    public static func mask_empty_onExistingDocument_changesNothing(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])
        let before = try unwrap(try await store.get("c/a"), "c/a")

        try await update(store, "c/a", ["x": 2], mask: [])

        try expectEqual(try await store.get("c/a"), before, "document")
    }

    /// A mask segment containing a dot names one key, not a nested path.
    public static func mask_segmentWithDot_isOneKey(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["a": ["b": 1]])

        try await store.commit(.update(try path("c/a"), fields: ["a.b": 2], mask: [try FieldPath(["a.b"])]))

        try expectEqual(try await store.get("c/a")?.fields, ["a": ["b": 1], "a.b": 2], "fields")
    }

    /// Deleting (by mask) a field that does not exist is not an error and changes nothing else.
    public static func mask_deleteOfAbsentField_isHarmless(_ store: any DocumentStore) async throws {
        try await store.set("c/a", ["x": 1])

        try await update(store, "c/a", [:], mask: ["nope", "deep.nope"])

        try expectEqual(try await store.get("c/a")?.fields, ["x": 1], "fields")
    }
}
