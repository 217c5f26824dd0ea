import HearthDomain
public import HearthPort

/// IDs that Swift joins with a neighbouring `/` into one `Character`: a document or collection ID that
/// begins with a grapheme extender (U+0301, U+200D, U+FE0F, U+1F3FB, U+093F) or a collection ID that ends
/// with a prepend character (U+0600). Firestore cuts paths at `/` bytes, so each is an ordinary ID: stored,
/// read back, referenced, queried and listed exactly (on the file store, also after reopening).
public enum GraphemeIDsContract: Sendable {
    static let behaviours: [ContractBehaviour] = [
        b("set_idsBeginningWithGraphemeExtenders_roundTrip", set_idsBeginningWithGraphemeExtenders_roundTrip),
        b("set_referenceToIDBeginningWithExtender_roundTrips", set_referenceToIDBeginningWithExtender_roundTrips),
        b("list_idsBeginningWithGraphemeExtenders_inByteOrder", list_idsBeginningWithGraphemeExtenders_inByteOrder),
        b(
            "query_collectionEndingWithPrependCharacter_matchesEveryDocument",
            query_collectionEndingWithPrependCharacter_matchesEveryDocument),
        b(
            "collectionGroup_idBeginningWithExtender_findsEveryDocument",
            collectionGroup_idBeginningWithExtender_findsEveryDocument),
        b(
            "nameEqual_idBeginningWithExtender_matchesThatDocument",
            nameEqual_idBeginningWithExtender_matchesThatDocument),
        b(
            "underDocument_idsBeginningWithExtenders_areEachListed",
            underDocument_idsBeginningWithExtenders_areEachListed),
    ]

    private static func b(
        _ name: String,
        _ run: @escaping @Sendable (any DocumentStore) async throws -> Void,
        _ traits: ContractTrait...
    ) -> ContractBehaviour {
        ContractBehaviour(area: .graphemeIDs, name: name, traits: traits, run: run)
    }

    /// Combining acute, zero-width joiner, variation selector 16, skin-tone modifier, Devanagari vowel sign I.
    public static let extenders: [String] = ["\u{0301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{093F}"]
    /// A collection ID ending with the prepend character U+0600 (Arabic number sign).
    public static let prependCollection = "c\u{0600}"

    /// `ids` sorted by UTF-8 bytes, as bytes (Swift `String` comparison would equate and reorder them).
    private static func byteSorted(_ ids: [String]) -> [[UInt8]] {
        ids.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    private static func bytes(_ ids: [String]) -> [[UInt8]] { ids.map { Array($0.utf8) } }

    /// Each ID `extender + "d"` in `c\u{0600}`, and a subcollection named by the bare extender under it,
    /// reads back at exactly its path with its fields.
    public static func set_idsBeginningWithGraphemeExtenders_roundTrip(_ store: any DocumentStore) async throws {
        for extender in extenders {
            let id = extender + "d"
            try await store.set("\(prependCollection)/\(id)", ["id": .string(id)])
            try await store.set("\(prependCollection)/\(id)/\(extender)/\(extender)", ["id": .string(extender)])
        }

        for extender in extenders {
            let id = extender + "d"
            for (text, expectedID) in [
                ("\(prependCollection)/\(id)", id), ("\(prependCollection)/\(id)/\(extender)/\(extender)", extender),
            ] {
                let document = try unwrap(try await store.get(text), "get \(bytes([text]))")
                try expectEqual(
                    bytes(document.path.segments), bytes(try path(text).segments), "path of \(bytes([text]))")
                try expectEqual(document.fields, ["id": .string(expectedID)], "fields of \(bytes([text]))")
            }
        }
    }

    /// A plain document holding a reference to such an ID (in another collection ending with U+0600)
    /// reads back with the exact reference.
    public static func set_referenceToIDBeginningWithExtender_roundTrips(_ store: any DocumentStore) async throws {
        var fields = MapValue()
        for (index, extender) in extenders.enumerated() {
            fields["r\(index)"] = try store.reference("\(prependCollection)/\(extender)")
        }
        try await store.set("refs/r", fields)

        let document = try unwrap(try await store.get("refs/r"), "refs/r")

        try expectEqual(document.fields, fields, "references")
        for (index, extender) in extenders.enumerated() {
            guard case .reference(let name)? = document.fields["r\(index)"] else {
                throw fail("r\(index) is not a reference")
            }
            try expectEqual(bytes(name.path.segments), bytes([prependCollection, extender]), "reference r\(index)")
        }
    }

    /// Listing the collection returns every such ID once, by UTF-8 bytes.
    public static func list_idsBeginningWithGraphemeExtenders_inByteOrder(_ store: any DocumentStore) async throws {
        let ids = extenders.map { $0 + "d" } + ["a"]
        for id in ids { try await store.set("\(prependCollection)/\(id)", ["v": 1]) }

        let response = try await store.listDocuments(ListDocumentsRequest(collectionID: prependCollection))

        try expectEqual(bytes(response.documents.map(\.path.documentID)), byteSorted(ids), "listed IDs")
    }

    /// A query of the collection returns every document, ordered by name.
    public static func query_collectionEndingWithPrependCharacter_matchesEveryDocument(
        _ store: any DocumentStore
    ) async throws {
        let ids = extenders.map { $0 + "d" } + ["a"]
        for id in ids { try await store.set("\(prependCollection)/\(id)", ["v": 1]) }

        let found = try await store.ids(try query(prependCollection, where: try filter("v", .equal, 1)))

        try expectEqual(bytes(found), byteSorted(ids), "matched IDs")
    }

    /// A collection group named by a bare extender finds its documents under every parent.
    public static func collectionGroup_idBeginningWithExtender_findsEveryDocument(
        _ store: any DocumentStore
    ) async throws {
        let group = "\u{0301}g"
        for extender in extenders {
            try await store.set("\(prependCollection)/\(extender)/\(group)/\(extender)", ["v": 1])
        }
        try await store.set("\(prependCollection)/x/g/other", ["v": 1])

        let paths = try await store.paths(try query(group, group: true))

        try expectEqual(
            bytes(paths), byteSorted(extenders.map { "\(prependCollection)/\($0)/\(group)/\($0)" }),
            "paths in the group")
    }

    /// `__name__ == ref(c\u{0600}/{extender}d)` matches exactly that document.
    public static func nameEqual_idBeginningWithExtender_matchesThatDocument(_ store: any DocumentStore) async throws {
        for extender in extenders { try await store.set("\(prependCollection)/\(extender)d", ["v": 1]) }
        try await store.set("\(prependCollection)/d", ["v": 1])

        for extender in extenders {
            let operand = try store.reference("\(prependCollection)/\(extender)d")
            let found = try await store.ids(
                try query(prependCollection, where: try filter("__name__", .equal, operand)))
            try expectEqual(bytes(found), bytes([extender + "d"]), "__name__ == \(bytes([extender]))")
        }
    }

    /// A document lists each subcollection whose ID begins with an extender, once. (Their order is not
    /// checked here: the official emulator lists U+1F3FB before U+FE0F, in UTF-16 order.)
    public static func underDocument_idsBeginningWithExtenders_areEachListed(_ store: any DocumentStore) async throws {
        for extender in extenders { try await store.set("\(prependCollection)/\u{0301}/\(extender)/x", ["v": 1]) }

        let response = try await store.listCollectionIDs(
            ListCollectionIDsRequest(parent: try path("\(prependCollection)/\u{0301}")))

        try expectEqual(byteSorted(response.collectionIDs), byteSorted(extenders), "collection IDs")
    }
}
