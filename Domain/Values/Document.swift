/// A stored document: its path, its fields and the server-assigned create and update times.
public struct Document: Sendable, Hashable {
    /// Where the document lives.
    public var path: DocumentPath
    /// The document's fields.
    public var fields: MapValue
    /// When the document was created; increases if it is deleted and created again.
    public var createTime: Timestamp
    /// When the document last changed; a write that changes nothing keeps it.
    public var updateTime: Timestamp

    /// A document as stored; the times are the server's (stores assign them at commit).
    public init(path: DocumentPath, fields: MapValue, createTime: Timestamp, updateTime: Timestamp) {
        self.path = path
        self.fields = fields
        self.createTime = createTime
        self.updateTime = updateTime
    }

    /// The value at `fieldPath`, or `nil` when it is missing. (`__name__` is not a stored field: ask
    /// for ``path`` instead.)
    public func value(at fieldPath: FieldPath) -> Value? {
        fields.value(at: fieldPath)
    }
}
