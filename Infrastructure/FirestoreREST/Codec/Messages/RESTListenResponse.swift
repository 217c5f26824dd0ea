package import HearthDomain

/// One message of Firestore's `Listen` stream (`google.firestore.v1.ListenResponse`), as gRPC or
/// WebChannel deliver it: exactly one of a target change, a document change, a document delete, a
/// document remove or an existence filter. ``WatchStateMachine`` turns a sequence of them into snapshots.
package enum RESTListenResponse: Sendable, Hashable {
    /// The state of targets changed (added, current, reset, removed, or a consistent point).
    case targetChange(RESTTargetChange)
    /// A document changed; it now matches `targetIDs` and no longer matches `removedTargetIDs`.
    case documentChange(Document, targetIDs: [Int32], removedTargetIDs: [Int32])
    /// A document was deleted.
    case documentDelete(DocumentPath, removedTargetIDs: [Int32], readTime: Timestamp?)
    /// A document left the targets (it may still exist, or its fate is unknown).
    case documentRemove(DocumentPath, removedTargetIDs: [Int32], readTime: Timestamp?)
    /// An existence filter: the target `targetID` has `count` documents on the server.
    case filter(targetID: Int32, count: Int)
}

/// `google.firestore.v1.TargetChange`.
package struct RESTTargetChange: Sendable, Hashable {
    /// `TargetChangeType`; `NO_CHANGE` is 0, the default omitted on the wire.
    package enum Kind: Sendable, Hashable, CaseIterable, RESTWireNamed {
        /// Nothing changed for the targets; with a read time, they are consistent at it.
        case noChange
        /// The targets were added.
        case add
        /// The targets were removed (with a `cause` when the server ended them).
        case remove
        /// The targets are current: everything up to the next global consistent snapshot has been sent.
        case current
        /// The targets were reset: their documents will be sent again in full.
        case reset

        /// The `TargetChangeType` name (`NO_CHANGE`, `ADD`, …).
        package var wireName: String {
            switch self {
            case .noChange: "NO_CHANGE"
            case .add: "ADD"
            case .remove: "REMOVE"
            case .current: "CURRENT"
            case .reset: "RESET"
            }
        }
    }

    /// What happened to the targets.
    package var kind: Kind
    /// The targets that changed; empty means every target.
    package var targetIDs: [Int32]
    /// Why a target was removed, when it was.
    package var cause: RESTStatus?
    /// A token to resume the targets from here (empty when absent).
    package var resumeToken: [UInt8]
    /// The consistent time of every target, on a global `NO_CHANGE`.
    package var readTime: Timestamp?

    /// A target change; every part defaults to its wire default (omitted on the wire).
    package init(
        kind: Kind = .noChange, targetIDs: [Int32] = [], cause: RESTStatus? = nil, resumeToken: [UInt8] = [],
        readTime: Timestamp? = nil
    ) {
        self.kind = kind
        self.targetIDs = targetIDs
        self.cause = cause
        self.resumeToken = resumeToken
        self.readTime = readTime
    }
}
