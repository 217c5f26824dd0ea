public import HearthDomain
public import HearthPort
import Synchronization

/// The security rules as the local stores' `AccessPolicy`: each `Access` becomes a ``RulesRequest``
/// decided by a ``RulesEngine``, and a denial is `permissionDenied` naming the method and the path.
///
/// - `get` and writes: `resource` is the document before, `request.resource` the document after the
///   whole commit; `get()`/`exists()` read before the request, `getAfter()`/`existsAfter()` after it.
/// - `list`: decided by the query's constraints (``RulesQuery/init(_:)``): its filters on top-level fields
///   (equalities, `in`, bounds), its limit, its offset (`null` when 0) and its first order's field. A
///   collection-group query is allowed only by `match` blocks with a recursive wildcard.
/// - `request.auth.token` holds the user's claims, and `sub` (the user ID) when they lack it, as every ID
///   token has it.
/// - An `admin` context is allowed without evaluating anything.
public struct RulesAccessPolicy: AccessPolicy {
    /// The engine deciding.
    public let engine: RulesEngine
    /// The database ID the rules see (`{database}` in `/databases/{database}/documents`).
    public let database: String
    /// The last caller's `request.auth`, kept: one store view asks for one caller again and again.
    private let authentication = LastAuth()

    /// A policy deciding by `engine` for the database `database` (default `(default)`).
    public init(engine: RulesEngine, database: String = "(default)") {
        self.engine = engine
        self.database = database
    }

    /// A policy deciding by the rules file `text` (named `fileName` in errors). Throws `invalidArgument`
    /// naming the file, line and column when it does not parse (see ``RulesParser``).
    public init(
        rules text: String, fileName: String = "firestore.rules", database: String = "(default)"
    )
        throws(DocumentStoreError)
    {
        self.init(engine: RulesEngine(file: try RulesParser().parse(text, fileName: fileName)), database: database)
    }

    /// Allows `access` when the rules allow it for `context` at `time`; otherwise throws
    /// `Access.denied` (`permissionDenied`). `admin` is always allowed.
    public func check(
        _ access: Access, as context: AuthContext, at time: Timestamp, reader: any AccessReader
    ) throws(DocumentStoreError) {
        if case .admin = context { return }
        let auth = auth(context)
        guard engine.allows(request(access, auth: auth, at: time), reader: RulesReader(reader: reader)) else {
            throw access.denied
        }
    }

    /// Allows a commit's `writes` when the rules allow each of them, their document reads counted
    /// together (``RulesEngine/firstDenied(_:reader:)``); otherwise throws the first denied write's
    /// `Access.denied`. `admin` is always allowed.
    public func checkCommit(
        _ writes: [Access], as context: AuthContext, at time: Timestamp, reader: any AccessReader
    ) throws(DocumentStoreError) {
        if case .admin = context { return }
        let auth = auth(context)
        let requests = writes.map { request($0, auth: auth, at: time) }
        if let denied = engine.firstDenied(requests, reader: RulesReader(reader: reader)) {
            throw writes[denied].denied
        }
    }

    /// `request.auth` for `context`: `nil` unauthenticated (`admin` is never decided).
    private func auth(_ context: AuthContext) -> RulesAuth? {
        guard case .user(let id, let claims) = context else { return nil }
        return authentication.auth(id, claims)
    }

    /// The rules request `access` makes.
    private func request(_ access: Access, auth: RulesAuth?, at time: Timestamp) -> RulesRequest {
        switch access {
        case .get(let path, let existing):
            return RulesRequest(
                method: .get, database: database, path: path.segments, auth: auth, time: time,
                existing: existing?.fields, incoming: nil)
        case .write(let path, let before, let after):
            let method: RulesMethod =
                before == nil ? (after == nil ? .delete : .create) : (after == nil ? .delete : .update)
            return RulesRequest(
                method: method, database: database, path: path.segments, auth: auth, time: time,
                existing: before?.fields, incoming: after?.fields)
        case .list(let parent, let query):
            var path = parent?.segments ?? []
            path.append(query.from.collectionID)
            path.append("")
            var request = RulesRequest(
                method: .list, database: database, path: path, auth: auth, time: time, query: RulesQuery(query))
            request.collectionGroup = query.from.allDescendants
            return request
        }
    }
}

/// `request.auth` of the last user decided, so that a store view's caller is converted once rather than
/// at every decision (claims to rules values, `sub`).
private final class LastAuth: Sendable {
    private let last = Mutex<(id: UserID, claims: [String: Value], auth: RulesAuth)?>(nil)

    /// `request.auth` for user `id` with `claims`: the token holds the claims, and `sub` when they lack it.
    func auth(_ id: UserID, _ claims: [String: Value]) -> RulesAuth {
        if let kept = last.withLock({ $0 }), kept.id == id, kept.claims == claims { return kept.auth }
        var token = claims.mapValues(RulesValue.init)
        if token["sub"] == nil { token["sub"] = .string(id.rawValue) }
        let auth = RulesAuth(uid: id.rawValue, token: token)
        last.withLock { $0 = (id, claims, auth) }
        return auth
    }
}

/// The rules' document reads through an `AccessReader`: a path that is not a document's denies.
private struct RulesReader: RulesDocumentReader {
    let reader: any AccessReader

    func document(at path: [String], after: Bool) throws -> [String: RulesValue]? {
        let documentPath = try DocumentPath(segments: path)
        return reader.document(at: documentPath, after: after).map { RulesValue.fields($0.fields) }
    }
}
