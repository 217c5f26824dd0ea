import HearthDomain
public import HearthPort

/// Query cursors: start/end, inclusive/exclusive, prefixes, descending orders and `__name__`.
///
/// The data (findings §7): a{v:1,w:1} b{v:2,w:1} c{v:2,w:2} d{v:3,w:1} e{v:4,w:9} f{v:"x",w:0}.
public enum CursorsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("startAt_isInclusive", startAt_isInclusive),
        b("startAfter_isExclusive", startAfter_isExclusive),
        b("endAt_isInclusive", endAt_isInclusive),
        b("endBefore_isExclusive", endBefore_isExclusive),
        b("startAndEnd_boundBothSides", startAndEnd_boundBothSides),
        b("startAfterEnd_isEmpty", startAfterEnd_isEmpty),
        b("cursorBetweenValues_positionsBetweenThem", cursorBetweenValues_positionsBetweenThem),
        b("cursorOfOtherKind_positionsByKindOrder", cursorOfOtherKind_positionsByKindOrder),
        b("startAtNull_includesEverything", startAtNull_includesEverything),
        b("descending_startAt_includesEqualAndBelow", descending_startAt_includesEqualAndBelow),
        b("descending_startAfter_skipsEqual", descending_startAfter_skipsEqual),
        b("descending_endAt_stopsAfterEqual", descending_endAt_stopsAfterEqual),
        b("prefixCursor_comparesLeadingOrdersOnly", prefixCursor_comparesLeadingOrdersOnly),
        b("fullCursor_respectsDescendingSecondOrder", fullCursor_respectsDescendingSecondOrder),
        b("startAfter_fullCursor_descendingSecondOrder", startAfter_fullCursor_descendingSecondOrder),
        b("nameOrder_startAfterReference", nameOrder_startAfterReference),
        b("nameOrder_endBeforeReference", nameOrder_endBeforeReference),
        b(
            "nameOrder_referenceIntoOtherCollection_positionsByPath",
            nameOrder_referenceIntoOtherCollection_positionsByPath),
        b("fieldAndNameCursor_positionsWithinTies", fieldAndNameCursor_positionsWithinTies),
        b("cursor_withInequalityFilter_bothApply", cursor_withInequalityFilter_bothApply),
        b("cursor_thenOffset_thenLimit", cursor_thenOffset_thenLimit),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .cursors, name: name, traits: traits, run: run)
    }

    private static func ids(
        _ store: any DocumentStore,
        orderBy: [Order]? = nil,
        startAt: Cursor? = nil,
        endAt: Cursor? = nil,
        offset: Int = 0,
        limit: Int? = nil
    ) async throws -> [String] {
        try await ContractFixtures.seedCursorData(store)
        return try await store.ids(
            try query(
                "c", orderBy: try orderBy ?? [asc("v")], startAt: startAt, endAt: endAt, offset: offset, limit: limit))
    }

    /// `startAt` (`before: true`) includes the documents equal to the cursor.
    public static func startAt_isInclusive(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, startAt: startAt(2)), ["b", "c", "d", "e", "f"], "startAt 2")
    }

    /// `startAfter` (`before: false` on a start cursor) skips the documents equal to the cursor.
    public static func startAfter_isExclusive(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, startAt: startAfter(2)), ["d", "e", "f"], "startAfter 2")
    }

    /// `endAt` (`before: false` on an end cursor) includes the documents equal to the cursor.
    public static func endAt_isInclusive(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, endAt: endAt(2)), ["a", "b", "c"], "endAt 2")
    }

    /// `endBefore` (`before: true` on an end cursor) stops before the documents equal to the cursor.
    public static func endBefore_isExclusive(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, endAt: endBefore(2)), ["a"], "endBefore 2")
    }

    /// A start and an end cursor bound the results on both sides.
    public static func startAndEnd_boundBothSides(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ids(store, startAt: startAt(2), endAt: endAt(3)), ["b", "c", "d"], "startAt 2 endAt 3")
    }

    /// A start cursor after the end cursor gives no results (not an error).
    public static func startAfterEnd_isEmpty(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, startAt: startAt(3), endAt: endAt(2)), [], "startAt 3 endAt 2")
    }

    /// A cursor need not match a document: 1.5 positions between 1 and 2.
    public static func cursorBetweenValues_positionsBetweenThem(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, startAt: startAt(1.5)), ["b", "c", "d", "e", "f"], "startAt 1.5")
    }

    /// A cursor of another kind positions by the order of kinds (a string after every number).
    public static func cursorOfOtherKind_positionsByKindOrder(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, startAt: startAt("a")), ["f"], "startAt 'a'")
    }

    /// null is the smallest value: `startAt null` includes everything.
    public static func startAtNull_includesEverything(_ store: any DocumentStore) async throws {
        try expectEqual(try await ids(store, startAt: startAt(.null)), ["a", "b", "c", "d", "e", "f"], "startAt null")
    }

    /// On a descending order, `startAt 2` starts at the 2s and goes down.
    public static func descending_startAt_includesEqualAndBelow(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ids(store, orderBy: [try desc("v")], startAt: startAt(2)), ["c", "b", "a"],
            "orderBy v DESC startAt 2")
    }

    /// On a descending order, `startAfter 2` starts below the 2s.
    public static func descending_startAfter_skipsEqual(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ids(store, orderBy: [try desc("v")], startAt: startAfter(2)), ["a"], "orderBy v DESC startAfter 2"
        )
    }

    /// On a descending order, `endAt 2` stops after the 2s.
    public static func descending_endAt_stopsAfterEqual(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ids(store, orderBy: [try desc("v")], endAt: endAt(2)), ["f", "e", "d", "c", "b"],
            "orderBy v DESC endAt 2")
    }

    /// A cursor shorter than the orders compares only the leading orders.
    public static func prefixCursor_comparesLeadingOrdersOnly(_ store: any DocumentStore) async throws {
        let ids = try await ids(store, orderBy: [try asc("v"), try desc("w")], startAt: startAfter(2))

        try expectEqual(ids, ["d", "e", "f"], "orderBy v, w DESC startAfter [2]")
    }

    /// A full cursor compares each order in its own direction (`w` descending).
    public static func fullCursor_respectsDescendingSecondOrder(_ store: any DocumentStore) async throws {
        let ids = try await ids(store, orderBy: [try asc("v"), try desc("w")], startAt: startAt(2, 1))

        try expectEqual(ids, ["b", "d", "e", "f"], "orderBy v, w DESC startAt [2, 1]")
    }

    /// `startAfter [2, 2]` on `v, w DESC` skips c (w 2) and keeps b (w 1, after it in DESC order).
    public static func startAfter_fullCursor_descendingSecondOrder(_ store: any DocumentStore) async throws {
        let ids = try await ids(store, orderBy: [try asc("v"), try desc("w")], startAt: startAfter(2, 2))

        try expectEqual(ids, ["b", "d", "e", "f"], "orderBy v, w DESC startAfter [2, 2]")
    }

    /// On `orderBy __name__`, a reference cursor positions by name.
    public static func nameOrder_startAfterReference(_ store: any DocumentStore) async throws {
        let ids = try await ids(store, orderBy: [try asc("__name__")], startAt: startAfter(try store.reference("c/b")))

        try expectEqual(ids, ["c", "d", "e", "f"], "orderBy __name__ startAfter c/b")
    }

    /// `endBefore` a reference stops before that name.
    public static func nameOrder_endBeforeReference(_ store: any DocumentStore) async throws {
        let ids = try await ids(store, orderBy: [try asc("__name__")], endAt: endBefore(try store.reference("c/c")))

        try expectEqual(ids, ["a", "b"], "orderBy __name__ endBefore c/c")
    }

    /// A reference cursor into another collection positions by full path (here: before everything).
    public static func nameOrder_referenceIntoOtherCollection_positionsByPath(_ store: any DocumentStore) async throws {
        let ids = try await ids(store, orderBy: [try asc("__name__")], startAt: startAt(try store.reference("b/zzz")))

        try expectEqual(ids, ["a", "b", "c", "d", "e", "f"], "orderBy __name__ startAt b/zzz")
    }

    /// A cursor on `v, __name__` (the SDKs' cursor from a snapshot) positions inside a tie of `v`.
    public static func fieldAndNameCursor_positionsWithinTies(_ store: any DocumentStore) async throws {
        let ids = try await ids(
            store, orderBy: [try asc("v"), try asc("__name__")], startAt: startAfter(2, try store.reference("c/b")))

        try expectEqual(ids, ["c", "d", "e", "f"], "orderBy v, __name__ startAfter [2, c/b]")
    }

    /// A cursor and an inequality filter on the ordered field both apply.
    public static func cursor_withInequalityFilter_bothApply(_ store: any DocumentStore) async throws {
        try await ContractFixtures.seedCursorData(store)

        let ids = try await store.ids(
            try query("c", where: try filter("v", .greaterThan, 1), orderBy: [try asc("v")], startAt: startAfter(2)))

        try expectEqual(ids, ["d", "e"], "v > 1 orderBy v startAfter 2")
    }

    /// The offset applies after the cursor, and the limit after the offset.
    public static func cursor_thenOffset_thenLimit(_ store: any DocumentStore) async throws {
        try expectEqual(
            try await ids(store, startAt: startAt(2), offset: 1, limit: 1), ["c"], "startAt 2, offset 1, limit 1")
    }
}
