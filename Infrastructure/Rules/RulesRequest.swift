public import HearthDomain

/// Who makes a request, as `request.auth` shows it: `nil` for an unauthenticated request.
public struct RulesAuth: Sendable, Hashable {
    /// `request.auth.uid`.
    public let uid: String
    /// `request.auth.token`: the ID token's claims (`email`, `email_verified`, custom claims…).
    public let token: [String: RulesValue]
    /// `request.auth` as the rules read it (`{uid, token}`), built once rather than at every use.
    let value: RulesValue

    /// The auth of user `uid` with `token`'s claims.
    public init(uid: String, token: [String: RulesValue] = [:]) {
        self.uid = uid
        self.token = token
        value = .map(["uid": .string(uid), "token": .map(token)])
    }
}

/// A query's constraints, as `request.query` shows them to a `list` rule.
public struct RulesQuery: Sendable, Hashable {
    /// `request.query.limit` (`nil`: no limit, reads as `null`).
    public let limit: Int64?
    /// `request.query.offset`.
    public let offset: Int64?
    /// `request.query.orderBy`: the first order's field path (`nil`: none).
    public let orderBy: String?
    /// The query's equality filters (`field == value`, top-level fields): what a `list` rule may read of
    /// `resource.data`, since every document the query can return has those values. A rule that reads
    /// any other field of `resource` cannot be proven for every such document, and denies.
    public let equalities: [String: RulesValue]

    /// A query's constraints.
    public init(
        limit: Int64? = nil, offset: Int64? = nil, orderBy: String? = nil, equalities: [String: RulesValue] = [:]
    ) {
        self.limit = limit
        self.offset = offset
        self.orderBy = orderBy
        self.equalities = equalities
    }
}

/// One request to decide: a method on a document, by whom, when, and with what. For `list`, `path` is the
/// collection's path followed by an empty document ID (any document the query could return) and `query`
/// says what the query constrains.
public struct RulesRequest: Sendable {
    /// The method (`get`, `list`, `create`, `update`, `delete`).
    public var method: RulesMethod
    /// The database ID (`(default)`).
    public var database: String
    /// The document's path under `/databases/<database>/documents`.
    public var path: [String]
    /// `request.auth`, `nil` when unauthenticated.
    public var auth: RulesAuth?
    /// `request.time`.
    public var time: Timestamp
    /// The document as it is (`resource.data`), `nil` when it does not exist.
    public var existing: [String: RulesValue]? {
        get { existingFields?.values }
        set { existingFields = newValue.map(RulesFields.values) }
    }
    /// The document as the write would leave it (`request.resource.data`), for create and update.
    public var incoming: [String: RulesValue]? {
        get { incomingFields?.values }
        set { incomingFields = newValue.map(RulesFields.values) }
    }
    /// ``existing``, kept as the store's document until a rule reads it.
    var existingFields: RulesFields?
    /// ``incoming``, likewise.
    var incomingFields: RulesFields?
    /// `request.query`, for `list`.
    public var query: RulesQuery?
    /// Whether a `list` is a collection-group query: then only `match` blocks that bound a recursive
    /// wildcard (`/{path=**}/reviews/{id}`) can allow it, as in Firestore (a rule for one collection does
    /// not cover the group). Default `false`.
    public var collectionGroup = false

    /// A request; see the properties.
    public init(
        method: RulesMethod, database: String = "(default)", path: [String], auth: RulesAuth?, time: Timestamp,
        existing: [String: RulesValue]? = nil, incoming: [String: RulesValue]? = nil, query: RulesQuery? = nil
    ) {
        self.method = method
        self.database = database
        self.path = path
        self.auth = auth
        self.time = time
        self.existingFields = existing.map(RulesFields.values)
        self.incomingFields = incoming.map(RulesFields.values)
        self.query = query
    }

    /// A request about stored documents (`existing`, `incoming`), converted to rules values only when a
    /// rule reads them: most decisions never read `resource` (a check of the caller's ID or claims).
    init(
        method: RulesMethod, database: String, path: [String], auth: RulesAuth?, time: Timestamp,
        existing: MapValue?, incoming: MapValue?
    ) {
        self.init(method: method, database: database, path: path, auth: auth, time: time)
        existingFields = existing.map(RulesFields.document)
        incomingFields = incoming.map(RulesFields.document)
    }
}

/// A document's fields as a request holds them: rules values, or the stored map, converted at first use.
enum RulesFields: Sendable {
    case values([String: RulesValue])
    case document(MapValue)

    /// The fields as rules values.
    var values: [String: RulesValue] {
        switch self {
        case .values(let values): values
        case .document(let map): RulesValue.fields(map)
        }
    }
}

/// What `get()`, `exists()`, `getAfter()` and `existsAfter()` read: a document's fields by its path under
/// `/databases/<database>/documents`, before the request or as it would leave the database; `nil` when
/// missing. A thrown error denies the request.
public protocol RulesDocumentReader: Sendable {
    /// The document at `path` before the request (`after: false`) or after it (`after: true`).
    func document(at path: [String], after: Bool) throws -> [String: RulesValue]?
}

/// A reader for requests that read no other document: every document is missing.
public struct NoDocuments: RulesDocumentReader {
    /// The reader.
    public init() {}
    /// Always `nil`.
    public func document(at path: [String], after: Bool) throws -> [String: RulesValue]? { nil }
}
