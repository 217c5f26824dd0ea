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

    /// Fields the query lets take one of several values (`in`): the rule must hold for each value.
    public let choices: [String: [RulesValue]]
    /// Fields the query bounds without fixing them (`<`, `<=`, `>`, `>=`, `!=`, `not-in`,
    /// `array-contains`): a `list` rule reads them as ``RulesValue/constraint(_:)``.
    public let bounds: [String: RulesFieldConstraint]

    /// A query's constraints.
    public init(
        limit: Int64? = nil, offset: Int64? = nil, orderBy: String? = nil, equalities: [String: RulesValue] = [:],
        choices: [String: [RulesValue]] = [:], bounds: [String: RulesFieldConstraint] = [:]
    ) {
        self.limit = limit
        self.offset = offset
        self.orderBy = orderBy
        self.equalities = equalities
        self.choices = choices
        self.bounds = bounds
    }

    /// This query with `field` fixed to `value`, one of its `in` choices (that choice removed): a query of
    /// `in` is decided as one query per value.
    func choosing(_ value: RulesValue, for field: String) -> RulesQuery {
        var equalities = self.equalities
        equalities[field] = value
        var choices = self.choices
        choices[field] = nil
        return RulesQuery(
            limit: limit, offset: offset, orderBy: orderBy, equalities: equalities, choices: choices, bounds: bounds)
    }

    /// What `request.query` and a `list` rule's `resource.data` see of `query`: its limit, its offset
    /// (`nil` when 0), its first order's field, and its filters on top-level fields (also inside `and`):
    /// `==` (and `is null`) fix a field, `in` gives it a choice of values, the others bound it. Other
    /// filters (`array-contains-any`, `or`, nested fields) constrain nothing a rule can read.
    public init(_ query: StructuredQuery) {
        var equalities: [String: RulesValue] = [:]
        var choices: [String: [RulesValue]] = [:]
        var bounds: [String: RulesFieldConstraint] = [:]
        func collect(_ filter: StructuredQuery.Filter?) {
            switch filter {
            case .composite(.and, let filters)?:
                for filter in filters { collect(filter) }
            case .unary(let field, .isNull)? where field.segments.count == 1 && !field.isDocumentID:
                equalities[field.segments[0]] = .null
            case .field(let field, let op, let value)? where field.segments.count == 1 && !field.isDocumentID:
                let name = field.segments[0]
                let rules = RulesValue(value)
                switch op {
                case .equal: equalities[name] = rules
                case .in:
                    if case .list(let values) = rules { choices[name] = values }
                case .arrayContainsAny: break
                default: bounds[name, default: RulesFieldConstraint()].add(op, rules)
                }
            default: return
            }
        }
        collect(query.filter)
        for name in equalities.keys {
            choices[name] = nil
            bounds[name] = nil
        }
        for name in choices.keys { bounds[name] = nil }
        self.init(
            limit: query.limit.map(Int64.init), offset: query.offset > 0 ? Int64(query.offset) : nil,
            orderBy: query.orderBy.first?.field.canonicalString, equalities: equalities, choices: choices,
            bounds: bounds)
    }
}

/// What a `list` rule knows of a field its query bounds without fixing: every document the query can
/// return has a value within the bounds (of the bounds' type), none of `excluded`, and, when `contained`
/// is not empty, an array holding each of `contained`. A comparison is decided only when it holds, or
/// fails, for every such value; otherwise it is an error (the rule cannot be proven, and denies), as the
/// emulator decides (`resource.data.n < 10` allows a query of `n < 5`, not one of `n < 20`).
public struct RulesFieldConstraint: Sendable, Hashable {
    /// The lower bound, if any.
    public var lower: RulesValue?
    /// Whether ``lower`` itself is within.
    public var lowerInclusive = false
    /// The upper bound, if any.
    public var upper: RulesValue?
    /// Whether ``upper`` itself is within.
    public var upperInclusive = false
    /// Values no returned document has (`!=`, `not-in`).
    public var excluded: [RulesValue] = []
    /// Elements every returned document's array holds (`array-contains`).
    public var contained: [RulesValue] = []

    /// No bound.
    public init() {}

    /// Adds the filter `field op value` (the tighter bound wins; bounds of different types keep the first).
    mutating func add(_ op: FieldOperator, _ value: RulesValue) {
        switch op {
        case .lessThan, .lessThanOrEqual:
            let inclusive = op == .lessThanOrEqual
            if let upper {
                // Keep the bound there is when it is as tight, or of another type.
                guard let order = try? RulesEvaluator.compare(value, upper),
                    order < 0 || (order == 0 && !inclusive && upperInclusive)
                else { return }
            }
            (upper, upperInclusive) = (value, inclusive)
        case .greaterThan, .greaterThanOrEqual:
            let inclusive = op == .greaterThanOrEqual
            if let lower {
                guard let order = try? RulesEvaluator.compare(value, lower),
                    order > 0 || (order == 0 && !inclusive && lowerInclusive)
                else { return }
            }
            (lower, lowerInclusive) = (value, inclusive)
        case .notEqual: excluded.append(value)
        case .notIn:
            if case .list(let values) = value { excluded += values }
        case .arrayContains: contained.append(value)
        case .equal, .in, .arrayContainsAny: return
        }
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
