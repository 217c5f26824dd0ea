public import HearthDomain
public import HearthPort

/// The stores one rules behaviour runs on: the same new, empty database seen by an admin (rules bypassed,
/// to arrange and to check) and by any caller, every request of which the store checks against the
/// security rules the behaviour asked for.
public struct RulesStores: Sendable {
    /// The database as `admin` sees it (the rules are bypassed).
    public let admin: any DocumentStore
    /// The database as `context` sees it; throws when the adapter cannot make that caller's store.
    public let acting: @Sendable (AuthContext) throws -> any DocumentStore

    /// Stores over one database: `admin` and the views `acting` makes.
    public init(admin: any DocumentStore, acting: @escaping @Sendable (AuthContext) throws -> any DocumentStore) {
        self.admin = admin
        self.acting = acting
    }
}

/// One behaviour of ``RulesContract``: a named check of a store enforcing ``RulesContract/rules``.
public struct RulesBehaviour: Sendable, CustomStringConvertible {
    /// `subject_condition_outcome`, unique in ``RulesContract/behaviours``.
    public let name: String
    /// Runs the behaviour on stores enforcing ``RulesContract/rules``, over a new, empty database; throws
    /// ``ContractFailure`` when the store is wrong.
    public let run: @Sendable (RulesStores) async throws -> Void

    /// `rules/<name>`.
    public var description: String { "rules/\(name)" }
}

/// Security rules enforced by a store (issue 19): a database opened as a user is checked against
/// ``rules`` on every read, write, query, aggregation, listener and transaction; `admin` bypasses them.
/// Every adapter runs these behaviours: the memory and file stores enforcing ``rules`` in process, and the
/// Firestore REST adapter against the emulator holding the same ``rules`` (the server decides).
///
/// ```swift
/// @Test(arguments: RulesContract.behaviours)
/// func rules(_ behaviour: RulesBehaviour) async throws {
///     try await behaviour.run(try makeStores(rules: RulesContract.rules))
/// }
/// ```
public enum RulesContract {
    /// The rules every behaviour runs under: users own `users/{uid}`; anyone signed in reads `products`,
    /// only `admin == true` claims write them; `notes` belong to their `owner` (queries must filter on it,
    /// with a limit of at most 20); a `rooms` document is created only with its `logs` entry in the same
    /// commit (`existsAfter`, `getAfter`); `reviews` are read by collection group.
    public static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            function signedIn() { return request.auth != null; }
            match /users/{userId} {
              allow read, write: if signedIn() && request.auth.uid == userId;
            }
            match /products/{id} {
              allow read: if signedIn();
              allow write: if signedIn() && request.auth.token.admin == true;
            }
            match /notes/{id} {
              allow get, delete: if signedIn() && resource.data.owner == request.auth.uid;
              allow list: if signedIn() && resource.data.owner == request.auth.uid && request.query.limit <= 20;
              allow create: if signedIn() && request.resource.data.owner == request.auth.uid
                && request.resource.data.n is int;
              allow update: if signedIn() && resource.data.owner == request.auth.uid
                && request.resource.data.owner == resource.data.owner;
            }
            match /rooms/{room} {
              allow read: if signedIn();
              allow create: if signedIn() && existsAfter(/databases/$(database)/documents/logs/$(room));
            }
            match /logs/{room} {
              allow create: if signedIn()
                && getAfter(/databases/$(database)/documents/rooms/$(room)).data.by == request.auth.uid;
            }
            match /{path=**}/reviews/{id} {
              allow read: if signedIn();
            }
          }
        }
        """

    /// Every behaviour, in a stable order.
    public static let behaviours: [RulesBehaviour] = [
        b("user_ownDocument_readsAndWrites", user_ownDocument_readsAndWrites),
        b(
            "user_anotherUsersDocument_permissionDeniedNamingThePath",
            user_anotherUsersDocument_permissionDeniedNamingThePath),
        b("unauthenticated_isDenied", unauthenticated_isDenied),
        b("admin_bypassesTheRules", admin_bypassesTheRules),
        b("claims_decideAsTheTokenSays", claims_decideAsTheTokenSays),
        b("notes_createUpdateDelete_decidedByBeforeAndAfter", notes_createUpdateDelete_decidedByBeforeAndAfter),
        b("query_withTheOwnerFilter_allowed_withoutIt_denied", query_withTheOwnerFilter_allowed_withoutIt_denied),
        b("aggregation_isDecidedAsItsQuery", aggregation_isDecidedAsItsQuery),
        b("batchGet_oneDeniedDocument_deniesTheRead", batchGet_oneDeniedDocument_deniesTheRead),
        b("listen_denied_failsWithPermissionDenied", listen_denied_failsWithPermissionDenied),
        b(
            "listen_documentChangedSoTheRulesDeny_endsWithPermissionDenied",
            listen_documentChangedSoTheRulesDeny_endsWithPermissionDenied),
        b("batch_oneDeniedWrite_appliesNothing", batch_oneDeniedWrite_appliesNothing),
        b("transaction_deniedCommit_leavesNothing", transaction_deniedCommit_leavesNothing),
        b("getAfter_seesTheWholeBatch", getAfter_seesTheWholeBatch),
        b("collectionGroup_onlyRecursiveMatchesAllow", collectionGroup_onlyRecursiveMatchesAllow),
        b("listCollectionIDs_onlyForAdmin", listCollectionIDs_onlyForAdmin),
    ]

    private static func b(
        _ name: String, _ run: @escaping @Sendable (RulesStores) async throws -> Void
    ) -> RulesBehaviour {
        RulesBehaviour(name: name, run: run)
    }

    static func user(_ uid: String, _ claims: [String: Value] = [:]) throws -> AuthContext {
        .user(try UserID(uid), claims: claims)
    }

    static func denied<T>(
        _ what: String, naming target: String, file: String = #fileID, line: Int = #line,
        _ body: () async throws -> T
    ) async throws {
        let error = try await expectThrows(code: .permissionDenied, what, file: file, line: line, body)
        try expectTrue(
            error.message.contains(target), "\(what): the error names \(target) (got \(error.message))", file: file,
            line: line)
    }

    /// A user reads, writes, updates and deletes their own document.
    public static func user_ownDocument_readsAndWrites(_ stores: RulesStores) async throws {
        let u1 = try stores.acting(user("u1"))

        try await u1.set("users/u1", ["name": "Ada"])
        let read = try await u1.get("users/u1")
        try await u1.commit(.update(try path("users/u1"), fields: ["name": "Grace"], mask: [try field("name")]))
        try await u1.delete("users/u1")

        try expectField(read, try field("name"), .string("Ada"))
        try expectNil(try await stores.admin.get("users/u1"), "the document is deleted")
    }

    /// Reading or writing another user's document is `permissionDenied` naming the document.
    public static func user_anotherUsersDocument_permissionDeniedNamingThePath(_ stores: RulesStores) async throws {
        try await stores.admin.set("users/u2", ["name": "Bob"])
        let u1 = try stores.acting(user("u1"))

        try await denied("u1 reads users/u2", naming: "users/u2") { try await u1.get("users/u2") }
        try await denied("u1 writes users/u2", naming: "users/u2") { try await u1.set("users/u2", ["name": "Eve"]) }
        try await denied("u1 deletes users/u2", naming: "users/u2") { try await u1.delete("users/u2") }
        try expectField(try await stores.admin.get("users/u2"), try field("name"), .string("Bob"))
    }

    /// Without a user (`request.auth == null`) every rule here denies.
    public static func unauthenticated_isDenied(_ stores: RulesStores) async throws {
        try await stores.admin.seed(["users/u1": ["name": "Ada"], "products/p1": ["price": 3]])
        let nobody = try stores.acting(.unauthenticated)

        try await denied("reading users/u1", naming: "users/u1") { try await nobody.get("users/u1") }
        try await denied("reading products/p1", naming: "products/p1") { try await nobody.get("products/p1") }
        try await denied("querying products", naming: "products") { try await nobody.documents(try query("products")) }
        try await denied("writing users/u1", naming: "users/u1") { try await nobody.set("users/u1", ["name": "X"]) }
    }

    /// `admin` (a view made with the admin context) reads and writes where no rule allows anyone.
    public static func admin_bypassesTheRules(_ stores: RulesStores) async throws {
        let admin = try stores.acting(.admin)

        try await admin.set("unmatched/x", ["n": 1])
        let read = try await admin.get("unmatched/x")
        let listed = try await admin.ids(try query("unmatched"))

        try expectField(read, try field("n"), .integer(1))
        try expectEqual(listed, ["x"], "the admin's query of a collection no rule matches")
    }

    /// `request.auth.token.admin == true` holds only for a boolean `true` claim.
    public static func claims_decideAsTheTokenSays(_ stores: RulesStores) async throws {
        let plain = try stores.acting(user("u1"))
        let yes = try stores.acting(user("u2", ["admin": .string("yes")]))
        let admin = try stores.acting(user("u3", ["admin": .boolean(true)]))

        try await denied("a user without the claim", naming: "products/p1") { try await plain.set("products/p1", [:]) }
        try await denied("admin: \"yes\"", naming: "products/p1") { try await yes.set("products/p1", [:]) }
        try await admin.set("products/p1", ["price": 5])

        try expectField(try await plain.get("products/p1"), try field("price"), .integer(5))
    }

    /// `create` sees `request.resource`, `update` both, `delete` `resource`: each decided by its own rule.
    public static func notes_createUpdateDelete_decidedByBeforeAndAfter(_ stores: RulesStores) async throws {
        let u1 = try stores.acting(user("u1"))
        let u2 = try stores.acting(user("u2"))

        try await denied("create without an int n", naming: "notes/a") { try await u1.set("notes/a", ["owner": "u1"]) }
        try await denied("create for another owner", naming: "notes/a") {
            try await u1.set("notes/a", ["owner": "u2", "n": 1])
        }
        try await u1.set("notes/a", ["owner": "u1", "n": 1])
        try await u1.set("notes/a", ["owner": "u1", "n": 2])
        try await denied("update giving the note away", naming: "notes/a") {
            try await u1.set("notes/a", ["owner": "u2", "n": 2])
        }
        try await denied("another user's update", naming: "notes/a") {
            try await u2.set("notes/a", ["owner": "u1", "n": 3])
        }
        try await denied("another user's delete", naming: "notes/a") { try await u2.delete("notes/a") }

        try expectField(try await stores.admin.get("notes/a"), try field("n"), .integer(2))
        try await u1.delete("notes/a")
        try expectNil(try await stores.admin.get("notes/a"), "the owner deleted the note")
    }

    /// A query is decided by its constraints: filtered on the caller's `owner` with a limit of at most 20 it
    /// is allowed (and returns only their notes); without the filter, for another owner, without a limit
    /// or with a larger one it is denied, whatever the results would be.
    public static func query_withTheOwnerFilter_allowed_withoutIt_denied(_ stores: RulesStores) async throws {
        try await stores.admin.seed([
            "notes/a": ["owner": "u1", "n": 1], "notes/b": ["owner": "u2", "n": 2], "notes/c": ["owner": "u1", "n": 3],
        ])
        let u1 = try stores.acting(user("u1"))
        let mine = try filter("owner", .equal, "u1")

        let ids = try await u1.ids(try query("notes", where: mine, limit: 10))
        try await denied("no owner filter", naming: "notes") { try await u1.ids(try query("notes", limit: 10)) }
        try await denied("another owner", naming: "notes") {
            try await u1.ids(try query("notes", where: try filter("owner", .equal, "u2"), limit: 10))
        }
        try await denied("no limit", naming: "notes") { try await u1.ids(try query("notes", where: mine)) }
        try await denied("limit 50", naming: "notes") { try await u1.ids(try query("notes", where: mine, limit: 50)) }
        let both = try await u1.ids(
            try query("notes", where: and(mine, try filter("n", .greaterThan, 1)), limit: 20))

        try expectEqual(ids, ["a", "c"], "u1's notes")
        try expectEqual(both, ["c"], "an extra filter keeps the query allowed")
    }

    /// An aggregation is a `list` of its query.
    public static func aggregation_isDecidedAsItsQuery(_ stores: RulesStores) async throws {
        try await stores.admin.seed(["notes/a": ["owner": "u1", "n": 1], "notes/b": ["owner": "u2", "n": 2]])
        let u1 = try stores.acting(user("u1"))

        let counted = try await u1.aggregate(
            try query("notes", where: try filter("owner", .equal, "u1"), limit: 20), [count(as: "n")])
        try await denied("counting every note", naming: "notes") {
            try await u1.aggregate(try query("notes", limit: 20), [count(as: "n")])
        }

        try expectEqual(counted.value(at: try field("n")), .integer(1), "u1's count")
    }

    /// A batch read with one document the caller may not read fails as a whole.
    public static func batchGet_oneDeniedDocument_deniesTheRead(_ stores: RulesStores) async throws {
        try await stores.admin.seed(["users/u1": ["n": 1], "users/u2": ["n": 2]])
        let u1 = try stores.acting(user("u1"))

        let own = try await u1.batchGetDocuments([try path("users/u1")], mask: nil, consistency: .latest)
        try await denied("reading users/u1 and users/u2", naming: "users/u2") {
            try await u1.batchGetDocuments(
                [try path("users/u1"), try path("users/u2")], mask: nil, consistency: .latest)
        }

        try expectEqual(own.documents.count, 1, "the caller's own document")
    }

    /// A listener the rules deny fails with `permissionDenied`; an allowed one gets its snapshots.
    public static func listen_denied_failsWithPermissionDenied(_ stores: RulesStores) async throws {
        try await stores.admin.seed(["users/u1": ["n": 1], "users/u2": ["n": 2], "notes/a": ["owner": "u1", "n": 1]])
        let u1 = try stores.acting(user("u1"))

        let own = ListenerProbe(u1, .document(try path("users/u1")))
        let other = ListenerProbe(u1, .document(try path("users/u2")))
        let everyNote = ListenerProbe(u1, .query(parent: nil, query: try query("notes", limit: 5)))
        let first = try await own.next("the own document's first snapshot")
        let otherError = try await other.ended()
        let notesError = try await everyNote.ended()
        own.cancel()

        try expectEqual(first.documents.count, 1, "the own document")
        try expectTrue(
            (otherError as? DocumentStoreError)?.code == .permissionDenied,
            "listening to users/u2 fails with permissionDenied (got \(String(describing: otherError)))")
        try expectTrue(
            (notesError as? DocumentStoreError)?.code == .permissionDenied,
            "listening to every note fails with permissionDenied (got \(String(describing: notesError)))")
    }

    /// A document listener whose document changes so that the rules deny it (the note given to another
    /// owner) ends with `permissionDenied`, as Firestore ends it; the change before that reaches it.
    public static func listen_documentChangedSoTheRulesDeny_endsWithPermissionDenied(
        _ stores: RulesStores
    ) async throws {
        try await stores.admin.seed(["notes/a": ["owner": "u1", "n": 1]])
        let u1 = try stores.acting(user("u1"))
        let note = ListenerProbe(u1, .document(try path("notes/a")))
        let first = try await note.next("the note's first snapshot")

        try await stores.admin.set("notes/a", ["owner": "u1", "n": 2])
        let second = try await note.next("the note's change, still allowed")
        try await stores.admin.set("notes/a", ["owner": "u2", "n": 3])
        let error = try await note.ended()

        try expectField(first.documents.first, try field("n"), .integer(1))
        try expectField(second.documents.first, try field("n"), .integer(2))
        try expectTrue(
            (error as? DocumentStoreError)?.code == .permissionDenied,
            "the listener ends with permissionDenied once the rules deny (got \(String(describing: error)))")
    }

    /// A commit with one denied write fails whole: the allowed writes are not applied either.
    public static func batch_oneDeniedWrite_appliesNothing(_ stores: RulesStores) async throws {
        let u1 = try stores.acting(user("u1"))

        try await denied("writing users/u1 and users/u2", naming: "users/u2") {
            try await u1.commit(
                .update(try path("users/u1"), fields: ["n": 1]), .update(try path("users/u2"), fields: ["n": 1]))
        }

        try expectNil(try await stores.admin.get("users/u1"), "the allowed write was not applied")
        try expectNil(try await stores.admin.get("users/u2"), "the denied write was not applied")
    }

    /// A transaction whose commit is denied applies nothing; its reads were checked too.
    public static func transaction_deniedCommit_leavesNothing(_ stores: RulesStores) async throws {
        try await stores.admin.seed(["users/u1": ["n": 1], "users/u2": ["n": 2]])
        let u1 = try stores.acting(user("u1"))

        let transaction = try await u1.beginTransaction(.readWrite)
        let read = try await u1.get("users/u1", consistency: .transaction(transaction))
        try await denied("reading users/u2 in the transaction", naming: "users/u2") {
            try await u1.get("users/u2", consistency: .transaction(transaction))
        }
        try await denied("committing a write of users/u2", naming: "users/u2") {
            try await u1.commit(
                [.update(try path("users/u1"), fields: ["n": 10]), .update(try path("users/u2"), fields: ["n": 20])],
                in: transaction)
        }

        try expectField(read, try field("n"), .integer(1))
        try expectField(try await stores.admin.get("users/u1"), try field("n"), .integer(1))
        try expectField(try await stores.admin.get("users/u2"), try field("n"), .integer(2))
    }

    /// `existsAfter()` and `getAfter()` see the whole commit: a room is created only with its log entry,
    /// and the log entry only beside a room the caller creates.
    public static func getAfter_seesTheWholeBatch(_ stores: RulesStores) async throws {
        let u1 = try stores.acting(user("u1"))

        try await denied("a room alone", naming: "rooms/r1") { try await u1.set("rooms/r1", ["by": "u1"]) }
        try await denied("a room by someone else", naming: "logs/r2") {
            try await u1.commit(
                .update(try path("rooms/r2"), fields: ["by": "u2"]), .update(try path("logs/r2"), fields: ["at": 1]))
        }
        try await u1.commit(
            .update(try path("rooms/r1"), fields: ["by": "u1"]), .update(try path("logs/r1"), fields: ["at": 1]))

        try expectField(try await stores.admin.get("logs/r1"), try field("at"), .integer(1))
        try expectNil(try await stores.admin.get("rooms/r2"), "the denied batch applied nothing")
    }

    /// A collection-group query is allowed by a `{path=**}` match; a match of one collection (`products`)
    /// does not cover the group.
    public static func collectionGroup_onlyRecursiveMatchesAllow(_ stores: RulesStores) async throws {
        try await stores.admin.seed(["products/p1": ["n": 1], "products/p1/reviews/r1": ["stars": 5]])
        let u1 = try stores.acting(user("u1"))

        let reviews = try await u1.paths(try query("reviews", group: true))
        let products = try await u1.ids(try query("products"))
        try await denied("the products group", naming: "**/products") {
            try await u1.ids(try query("products", group: true))
        }
        try await denied("reviews, unauthenticated", naming: "**/reviews") {
            try await stores.acting(.unauthenticated).ids(try query("reviews", group: true))
        }

        try expectEqual(reviews, ["products/p1/reviews/r1"], "the reviews group")
        try expectEqual(products, ["p1"], "the products collection")
    }

    /// Only an admin lists collection IDs (as Firestore, where only the server SDKs can).
    public static func listCollectionIDs_onlyForAdmin(_ stores: RulesStores) async throws {
        try await stores.admin.set("users/u1", ["n": 1])

        let ids = try await stores.acting(.admin).listCollectionIDs(ListCollectionIDsRequest(parent: nil))
        try await expectThrows(code: .permissionDenied, "a user lists collection IDs") {
            try await stores.acting(user("u1")).listCollectionIDs(ListCollectionIDsRequest(parent: nil))
        }

        try expectEqual(ids.collectionIDs, ["users"], "the admin's listing")
    }
}
