import Foundation
import HearthDomain
import HearthRules
import HearthTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The rules engine against Google's emulator, the oracle: random requests (users, claims, methods, paths,
/// documents) over the seeds' rules, a file using functions, `resource`, `request.resource`, `diff` and
/// `exists()`, and the corpus in `Tests/RulesCorpus` (one file per part of the language: strings, lists,
/// maps, sets, time, math, conversions, `get`/`exists`/`getAfter`/`existsAfter`, wildcards, collection
/// groups, functions with `let`, names and paths, query constraints, claims, overlapping matches,
/// version 1, nulls, errors), each sent to the emulator as that user and decided by the engine; every
/// allow/deny must agree. The engine reads other documents from a model of the emulator's database, kept
/// in step with every write the emulator accepted. Reproducible: the seed is printed with every mismatch.
/// `HEARTH_RULES_DIFFERENTIAL_REQUESTS` sets how many requests per rules file (default 40).
@Suite(
    "Rules engine vs the emulator",
    .enabled(if: FirestoreEmulator.availability.isAvailable, "\(FirestoreEmulator.availability.reason)"))
struct RulesDifferentialTests {
    static let notes = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            function signedIn() { return request.auth != null; }
            function isOwner(data) { return signedIn() && data.owner == request.auth.uid; }
            match /notes/{id} {
              allow get: if resource == null || isOwner(resource.data) || resource.data.public == true;
              allow list: if isOwner(resource.data) && request.query.limit <= 50;
              allow create: if isOwner(request.resource.data) && request.resource.data.n is int
                && request.resource.data.n < 10 && request.resource.data.title.size() <= 8;
              allow update: if isOwner(resource.data)
                && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['n', 'title']);
              allow delete: if isOwner(resource.data)
                || exists(/databases/$(database)/documents/admins/$(request.auth.uid));
            }
            match /admins/{uid} { allow get: if request.auth.uid == uid; }
          }
        }
        """

    static let files: [(name: String, rules: String)] =
        [("seed001", RulesParserTests.seed001), ("seed002", RulesParserTests.seed002), ("notes", notes)]
        + corpus

    /// The rules files of `Tests/RulesCorpus`, by name.
    static let corpus: [(name: String, rules: String)] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RulesCorpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".rules") }.sorted().map { name in
            let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) ?? Data()
            return (String(name.dropLast(".rules".count)), String(decoding: data, as: UTF8.self))
        }
    }()

    static var requestsPerFile: Int {
        ProcessInfo.processInfo.environment["HEARTH_RULES_DIFFERENTIAL_REQUESTS"].flatMap(Int.init) ?? 40
    }

    @Test func theCorpusHoldsEveryFile_andEachParses() throws {
        #expect(Self.corpus.count >= 27, "\(Self.corpus.map(\.name))")
        for (name, text) in Self.corpus {
            #expect(throws: Never.self, "\(name)") { try RulesParser().parse(text, fileName: name + ".rules") }
        }
    }

    @Test(arguments: files.indices)
    func everyDecision_matchesTheEmulator(_ index: Int) async throws {
        let (name, text) = Self.files[index]
        let emulator = try await FirestoreEmulator.shared()
        let project = FirestoreEmulator.newProjectID(prefix: "rules-\(name.replacingOccurrences(of: "_", with: "-"))")
        try await emulator.setRules(text, projectID: project)
        let engine = RulesEngine(file: try RulesParser().parse(text))
        let client = EmulatorREST(base: emulator.baseURL, project: project)
        let seed = UInt64(index + 1) &* 0x9E37_79B9
        var random = SplitMix64(seed: seed)
        try await client.write("admins/admin", ["owner": "admin"], token: nil)
        var database = ModelDatabase(documents: ["admins/admin": ["owner": "admin"]])

        var mismatches: [String] = []
        var allowed = 0
        var byMethod: [RulesMethod: (allowed: Int, total: Int)] = [:]
        for number in 0..<Self.requestsPerFile {
            let request = RandomRequest(&random)
            let status = try await client.send(request)
            database.documents[request.path] = request.existing
            let emulatorAllows = status != 403
            let decision = engine.allows(
                RulesRequest(
                    method: request.method, path: request.rulesPath,
                    auth: request.user.map {
                        RulesAuth(uid: $0.uid, token: Self.token(uid: $0.uid, claims: $0.claims))
                    },
                    time: Timestamp(date: Date()), existing: request.existing.map(RulesValue.fields),
                    incoming: request.incoming.map(RulesValue.fields), query: request.rulesQuery),
                reader: database.reader(after: request.write))
            if emulatorAllows, let write = request.write { database.documents[write.path] = write.fields }
            if emulatorAllows { allowed += 1 }
            byMethod[request.method, default: (0, 0)].total += 1
            if emulatorAllows { byMethod[request.method, default: (0, 0)].allowed += 1 }
            if decision != emulatorAllows {
                mismatches.append(
                    "#\(number) (seed \(seed)): \(request) — emulator \(emulatorAllows ? "allows" : "denies") (HTTP \(status)), Hearth \(decision ? "allows" : "denies")"
                )
            }
        }
        FileHandle.standardError.write(
            Data(
                "rules differential, \(name): \(Self.requestsPerFile) requests, \(allowed) allowed (\(RulesMethod.allCases.map { "\($0.rawValue) \(byMethod[$0]?.allowed ?? 0)/\(byMethod[$0]?.total ?? 0)" }.joined(separator: ", "))), \(mismatches.count) mismatches\n"
                    .utf8))
        #expect(
            mismatches.isEmpty,
            "\(name): \(mismatches.count) mismatches:\n\(mismatches.prefix(10).joined(separator: "\n"))")
        #expect(allowed > 0 && allowed < Self.requestsPerFile, "\(name): both outcomes seen (\(allowed) allowed)")
    }
}

extension RulesDifferentialTests {
    /// The claims of the ID token `EmulatorREST.token` sends, as the emulator shows them to the rules
    /// (`request.auth.token`): the user's own claims, `sub`, `user_id`, `aud`, `iss` and `firebase`.
    static func token(uid: String, claims: [String: Value]) -> [String: RulesValue] {
        var token = claims.mapValues(RulesValue.init)
        token["sub"] = RulesValue(.string(uid))
        token["user_id"] = RulesValue(.string(uid))
        return token
    }
}

/// The emulator's documents as the test wrote them (a model, so that the engine's `get()` and `exists()`
/// read what the emulator's do): every owner write, and every user write the emulator allowed.
struct ModelDatabase {
    var documents: [String: MapValue]

    /// A reader of the documents now, and after `write` (`getAfter`, `existsAfter`) when given.
    func reader(after write: (path: String, fields: MapValue?)?) -> Reader {
        var after = documents
        if let write { after[write.path] = write.fields }
        return Reader(before: documents, after: after)
    }

    struct Reader: RulesDocumentReader {
        let before: [String: MapValue]
        let after: [String: MapValue]

        func document(at path: [String], after isAfter: Bool) throws -> [String: RulesValue]? {
            guard let fields = (isAfter ? after : before)[path.joined(separator: "/")] else { return nil }
            return RulesValue.fields(fields)
        }
    }
}

/// One random request: who, what, where, and the document's state before it.
struct RandomRequest: CustomStringConvertible {
    enum Operation {
        case get, set(MapValue), delete
        /// A query of the request's collection, with a filter and a limit when given.
        case list(filter: StructuredQuery.Filter?, limit: Int?)
    }

    let user: (uid: String, claims: [String: Value])?
    let path: String
    let existing: MapValue?
    let operation: Operation

    static let users: [(uid: String, claims: [String: Value])?] = [
        nil, ("u1", [:]), ("u2", [:]), ("admin", ["admin": .boolean(true)]), ("u3", ["admin": .string("yes")]),
    ]
    static let paths = [
        "users/u1", "users/u2", "products/p1", "products/p1/reviews/r1", "other/x", "users/u1/private/p",
        "notes/a", "notes/b",
    ]

    init(_ random: inout SplitMix64) {
        user = Self.users[Int(random.next() % UInt64(Self.users.count))]
        path = Self.paths[Int(random.next() % UInt64(Self.paths.count))]
        existing = random.next() % 3 == 0 ? nil : Self.fields(&random)
        switch random.next() % 4 {
        case 0: operation = .get
        case 1: operation = .set(Self.fields(&random))
        case 2: operation = .delete
        default:
            operation = .list(
                filter: Self.filter(&random), limit: random.next() % 2 == 0 ? nil : Int(random.next() % 60) + 1)
        }
    }

    /// A query's filter: none, `owner ==` or `in`, a bound on `n` (`<`, `<=`, `>`, `>=`, `!=`, `in`,
    /// `not-in`, a range), or `tags array-contains`: what a `list` rule must prove for every document.
    static func filter(_ random: inout SplitMix64) -> StructuredQuery.Filter? {
        // Field names of one segment, valid by construction.
        guard let owner = try? FieldPath(["owner"]), let n = try? FieldPath(["n"]), let tags = try? FieldPath(["tags"])
        else { return nil }
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let owners: [Value] = ["u1", "u2", "admin"]
        let number = { (random: inout SplitMix64) -> Value in .integer(Int64(random.next() % 14)) }
        switch random.next() % 10 {
        case 0, 1: return nil
        case 2, 3, 4: return .field(owner, .equal, pick(owners))
        case 5: return .field(owner, .in, .array([pick(owners), pick(owners)]))
        case 6:
            let ops: [FieldOperator] = [.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual]
            return .field(n, pick(ops), number(&random))
        case 7:
            let values: [Value] = [number(&random), number(&random)]
            return .field(n, pick([FieldOperator.in, .notIn]), .array(values))
        case 8:
            let low = number(&random)
            let high = number(&random)
            return .composite(.and, [.field(n, .greaterThan, low), .field(n, .lessThanOrEqual, high)])
        default: return .field(tags, .arrayContains, pick(["a", "b"]))
        }
    }

    /// The query a `list` sends.
    var structuredQuery: StructuredQuery? {
        guard case .list(let filter, let limit) = operation else { return nil }
        return StructuredQuery(
            from: CollectionSelector(
                collectionID: UTF8Split.split(collection, separator: UInt8(ascii: "/")).last ?? ""),
            filter: filter, limit: limit)
    }

    /// The collection a `list` queries: the path without its document ID.
    var collection: String { UTF8Split.split(path, separator: UInt8(ascii: "/")).dropLast().joined(separator: "/") }

    static func fields(_ random: inout SplitMix64) -> MapValue {
        var fields: [String: Value] = [:]
        let owners = ["u1", "u2", "admin"]
        if random.next() % 4 != 0 { fields["owner"] = .string(owners[Int(random.next() % 3)]) }
        if random.next() % 3 != 0 { fields["n"] = .integer(Int64(random.next() % 14)) }
        if random.next() % 2 == 0 {
            fields["title"] = .string(["hi", "a title", "far too long"][Int(random.next() % 3)])
        }
        if random.next() % 3 == 0 { fields["public"] = .boolean(random.next() % 2 == 0) }
        return MapValue(fields)
    }

    var method: RulesMethod {
        switch operation {
        case .get: .get
        case .set: existing == nil ? .create : .update
        case .delete: .delete
        case .list: .list
        }
    }

    /// What the engine is asked for a `list`: the collection with an empty document ID, and the query.
    var rulesPath: [String] {
        guard case .list = operation else { return UTF8Split.split(path, separator: UInt8(ascii: "/")) }
        return UTF8Split.split(collection, separator: UInt8(ascii: "/")) + [""]
    }

    var rulesQuery: RulesQuery? {
        structuredQuery.map(RulesQuery.init)
    }

    var incoming: MapValue? {
        if case .set(let fields) = operation { return fields }
        return nil
    }

    /// The document this request writes and its fields after (`nil`: deleted), for a write.
    var write: (path: String, fields: MapValue?)? {
        switch operation {
        case .set(let fields): (path, fields)
        case .delete: (path, nil)
        case .get, .list: nil
        }
    }

    var description: String {
        "\(user.map { "\($0.uid)\($0.claims.isEmpty ? "" : " \($0.claims)")" } ?? "anonymous") \(method) \(path) \(rulesQuery.map { "\($0)" } ?? "") (existing: \(existing.map { "\($0)" } ?? "none"), incoming: \(incoming.map { "\($0)" } ?? "none"))"
    }
}

/// The emulator's REST API, as the owner (`token: nil`: `Bearer owner`), unauthenticated (`""`) or as a
/// user (an unsigned ID token).
struct EmulatorREST {
    let base: URL
    let project: String

    var documents: String { "v1/projects/\(project)/databases/(default)/documents" }

    static func token(uid: String, claims: [String: Value], project: String) -> String {
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let now = Int(Date().timeIntervalSince1970)
        var payload: [String: Any] = [
            "iss": "https://securetoken.google.com/\(project)", "aud": project, "sub": uid, "user_id": uid,
            "iat": now, "exp": now + 3600, "auth_time": now,
            "firebase": ["sign_in_provider": "password", "identities": [:] as [String: Any]],
        ]
        for (key, value) in claims {
            switch value {
            case .boolean(let bool): payload[key] = bool
            case .string(let text): payload[key] = text
            case .integer(let int): payload[key] = int
            default: break
            }
        }
        let header = (try? JSONSerialization.data(withJSONObject: ["alg": "none", "typ": "JWT"])) ?? Data()
        let body = (try? JSONSerialization.data(withJSONObject: payload)) ?? Data()
        return "\(base64URL(header)).\(base64URL(body))."
    }

    /// Writes the document's state before `request` as the owner (rules bypassed), then sends `request` as
    /// its user (an unsigned ID token, or no `Authorization` header at all: unauthenticated); returns the
    /// HTTP status (403: denied).
    func send(_ request: RandomRequest) async throws -> Int {
        if let existing = request.existing {
            try await write(request.path, existing, token: nil)
        } else {
            try await delete(request.path, token: nil)
        }
        let token = request.user.map { Self.token(uid: $0.uid, claims: $0.claims, project: project) } ?? ""
        switch request.operation {
        case .get: return try await get(request.path, token: token)
        case .set(let fields): return try await write(request.path, fields, token: token)
        case .delete: return try await delete(request.path, token: token)
        case .list(let filter, let limit):
            return try await query(request.collection, filter: filter, limit: limit, token: token)
        }
    }

    func send(_ method: String, _ path: String, body: Data? = nil, token: String?) async throws -> Int {
        var request = URLRequest(url: base.appendingPathComponent(documents).appendingPathComponent(path))
        request.httpMethod = method
        switch token {
        case nil: request.setValue("Bearer owner", forHTTPHeaderField: "Authorization")
        case ""?: break  // unauthenticated
        case let token?: request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// Reads `path` (as the owner when `token` is nil).
    func get(_ path: String, token: String?) async throws -> Int { try await send("GET", path, token: token) }

    /// Replaces `path` with `fields`.
    @discardableResult
    func write(_ path: String, _ fields: MapValue, token: String?) async throws -> Int {
        var encoded: [String: Any] = [:]
        for field in fields.fields {
            switch field.value {
            case .string(let text): encoded[field.key] = ["stringValue": text]
            case .integer(let int): encoded[field.key] = ["integerValue": String(int)]
            case .boolean(let bool): encoded[field.key] = ["booleanValue": bool]
            default: break
            }
        }
        let body = try JSONSerialization.data(withJSONObject: ["fields": encoded])
        return try await send("PATCH", path, body: body, token: token)
    }

    /// Runs a query of `collection` (`filter` and `limit` when given).
    func query(_ collection: String, filter: StructuredQuery.Filter?, limit: Int?, token: String?) async throws -> Int {
        let segments = UTF8Split.split(collection, separator: UInt8(ascii: "/"))
        var query: [String: Any] = ["from": [["collectionId": segments.last ?? ""]]]
        if let filter { query["where"] = Self.json(filter) }
        if let limit { query["limit"] = limit }
        let parent = segments.dropLast().joined(separator: "/")
        var request = URLRequest(
            url: base.appendingPathComponent(documents + (parent.isEmpty ? "" : "/" + parent) + ":runQuery"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: ["structuredQuery": query])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        switch token {
        case nil: request.setValue("Bearer owner", forHTTPHeaderField: "Authorization")
        case ""?: break
        case let token?: request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// `filter` as the REST API spells it (the operators and values `RandomRequest.filter` makes).
    static func json(_ filter: StructuredQuery.Filter) -> Any {
        func encoded(_ value: Value) -> Any {
            switch value {
            case .string(let text): return ["stringValue": text]
            case .integer(let int): return ["integerValue": String(int)]
            case .array(let items): return ["arrayValue": ["values": items.map(encoded)]]
            default: return ["nullValue": NSNull()]
            }
        }
        switch filter {
        case .field(let field, let op, let operand):
            let names: [FieldOperator: String] = [
                .lessThan: "LESS_THAN", .lessThanOrEqual: "LESS_THAN_OR_EQUAL", .greaterThan: "GREATER_THAN",
                .greaterThanOrEqual: "GREATER_THAN_OR_EQUAL", .equal: "EQUAL", .notEqual: "NOT_EQUAL",
                .arrayContains: "ARRAY_CONTAINS", .in: "IN", .arrayContainsAny: "ARRAY_CONTAINS_ANY", .notIn: "NOT_IN",
            ]
            return [
                "fieldFilter": [
                    "field": ["fieldPath": field.canonicalString], "op": names[op] ?? "EQUAL",
                    "value": encoded(operand),
                ]
            ]
        case .composite(_, let filters):
            return ["compositeFilter": ["op": "AND", "filters": filters.map(json)]]
        case .unary(let field, _):
            return ["unaryFilter": ["field": ["fieldPath": field.canonicalString], "op": "IS_NULL"]]
        }
    }

    /// Deletes `path`.
    @discardableResult
    func delete(_ path: String, token: String?) async throws -> Int { try await send("DELETE", path, token: token) }
}
