public import HearthDomain

/// How one document changed between two snapshots of a listener, with its positions.
///
/// A snapshot's changes come in Firestore's order: removals, then additions, then modifications, each
/// group in the order of the documents (removed documents in their old order). Indexes refer to the
/// documents as the earlier changes of the same snapshot left them: apply the changes one after
/// another to the previous snapshot's documents and you get the new snapshot's documents.
public struct ListenChange: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of change.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The document entered the results.
        case added
        /// The document stayed in the results but changed (a new update time); it may have moved.
        case modified
        /// The document left the results (deleted, or no longer matching, or pushed out of a limit).
        case removed
    }

    /// Whether the document was added, modified or removed.
    public var kind: Kind
    /// The document: its new state when added or modified, its last state when removed.
    public var document: Document
    /// Its position before the change; `nil` when added.
    public var oldIndex: Int?
    /// Its position after the change; `nil` when removed.
    public var newIndex: Int?

    /// A change, as a store's listener reports it.
    public init(kind: Kind, document: Document, oldIndex: Int?, newIndex: Int?) {
        self.kind = kind
        self.document = document
        self.oldIndex = oldIndex
        self.newIndex = newIndex
    }

    /// `kind path old→new`, with `-` for a missing index, such as `modified users/ana 2→0` (no field values).
    public var description: String {
        "\(kind) \(document.path) \(oldIndex.map(String.init) ?? "-")→\(newIndex.map(String.init) ?? "-")"
    }
}
