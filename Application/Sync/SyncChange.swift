/// One change of a listened query, as a sync engine applies it: a document added or modified (the
/// model decoded from it), a document that left the results (its ID), or the mark that the listener's
/// first snapshot is complete.
public enum SyncChange<Model: Sendable>: Sendable {
    /// The document was added to the results or changed: its current model.
    case updated(Model)
    /// The document with this ID was deleted or no longer matches the query.
    case removed(id: String)
    /// Sent once, after the ``updated(_:)`` changes of the listener's first snapshot: those were every
    /// document of the results at that moment, so a document not among them is not in the results (an
    /// engine drops what its bulk load had that left meanwhile).
    case synchronized
}
