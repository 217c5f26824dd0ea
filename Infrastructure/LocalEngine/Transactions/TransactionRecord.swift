import HearthDomain

/// What the engine remembers about an open transaction.
struct TransactionRecord: Sendable {
    enum Mode: Sendable {
        /// Reads see the state at `snapshot`.
        case readOnly(snapshot: Timestamp)
        /// Reads see the latest published state and are recorded for validation at commit.
        case readWrite
    }

    let mode: Mode
    let began: Timestamp
    var lastActivity: Timestamp
    /// The update time of each document read (`nil`: it was missing), as first seen.
    var documentReads: [DocumentPath: Timestamp?] = [:]
    /// Each query run, with the identities of its results, for re-running at commit.
    var queryReads: [RecordedQuery] = []
    /// Set when a conflict was already detected: every later use fails with `aborted`.
    var doomed = false
    /// Set when the idle or lifetime limit passed: every later use fails with `aborted`.
    var expired = false

    var isReadOnly: Bool {
        if case .readOnly = mode { return true }
        return false
    }
}

/// A query a read-write transaction ran and the identity (path and update time) of each result.
///
/// What is known about the results in the head state, by storage generation (``DocumentStorage/generation``):
/// at `currentAt` the head's results were `results`, at `staleAt` they differed. Either stays true
/// while ``DocumentStorage/isUnchanged(_:since:)`` holds for the query's scope, so a commit re-runs the
/// query only when a document it selects may have changed since (and then outside the engine's lock).
struct RecordedQuery: Sendable {
    let query: ValidatedQuery
    let results: [ResultIdentity]
    var currentAt: UInt64?
    var staleAt: UInt64?
}

/// A document as a transaction saw it: which one and which version.
struct ResultIdentity: Sendable, Hashable {
    let path: DocumentPath
    let updateTime: Timestamp

    init(_ document: Document) {
        path = document.path
        updateTime = document.updateTime
    }
}
