public import HearthDomain

/// One model kept by a sync engine's local persistence: the document ID and the model's fields as typed
/// Firestore values (timestamps, bytes, references and geo points stay what they are, unlike the JSON
/// that seed 001's library writes).
public struct SyncRecord: Sendable, Hashable {
    /// The document ID the model is stored under.
    public let id: String
    /// The model's fields, as Firestore values.
    public let fields: MapValue

    /// A record for the document `id`. Throws `invalidArgument` naming `id` when it is empty.
    public init(id: String, fields: MapValue) throws(DocumentStoreError) {
        guard !id.isEmpty else {
            throw DocumentStoreError(.invalidArgument, "SyncRecord id: a document ID cannot be empty.")
        }
        self.id = id
        self.fields = fields
    }
}
