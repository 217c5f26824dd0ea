public import HearthDomain

/// What an offline cache knows of one document beyond its fields: whether writes of it wait for the
/// server, and which of its fields hold a server timestamp the server has not set yet.
public struct PendingDocumentState: Sendable, Hashable {
    /// Whether a write of the document was applied locally and is not acknowledged by the server yet.
    public var hasPendingWrites: Bool
    /// The fields holding a pending server timestamp (`FieldValue.serverTimestamp()` written locally, not
    /// acknowledged), each with the value the field had before that write (`nil`: none, or not known).
    /// The document's own value at these fields is the local estimate (the time of the local write).
    public var serverTimestamps: [FieldPath: Value?]

    /// A state: `hasPendingWrites`, and the pending server timestamps with their previous values.
    public init(hasPendingWrites: Bool, serverTimestamps: [FieldPath: Value?] = [:]) {
        self.hasPendingWrites = hasPendingWrites
        self.serverTimestamps = serverTimestamps
    }
}
