/// One write of a commit: an update (with optional mask), a delete, or a transform-only write, plus field
/// transforms applied after it and an optional precondition. Mirrors Firestore's `Write` message.
public struct Write: Sendable, Hashable {
    /// What the write does to the document.
    public enum Operation: Sendable, Hashable {
        /// Sets fields. With `mask == nil` the document is replaced by `fields` (created if missing);
        /// with a mask, only the masked paths are touched: a masked path present in `fields` is set, a
        /// masked path absent from `fields` is deleted, every other field is kept.
        case update(fields: MapValue, mask: [FieldPath]?)
        /// Deletes the document (deleting a missing document succeeds unless a precondition says otherwise).
        case delete
        /// Applies ``Write/transforms`` only (Firestore's `DocumentTransform` write).
        case transform
    }

    /// The document written.
    public var path: DocumentPath
    /// What the write does.
    public var operation: Operation
    /// Field transforms applied in order after the update (`updateTransforms`), or by a transform write.
    public var transforms: [FieldTransform]
    /// A condition the document must meet for the whole commit to succeed.
    public var precondition: Precondition?

    /// A write of `operation` to `path`, then `transforms` in order, under `precondition`. Not validated here:
    /// stores reject an invalid write (reserved field names, nested arrays, oversized values, a transform on
    /// a field the update also sets) with `invalidArgument` when it is committed.
    public init(
        path: DocumentPath, operation: Operation, transforms: [FieldTransform] = [], precondition: Precondition? = nil
    ) {
        self.path = path
        self.operation = operation
        self.transforms = transforms
        self.precondition = precondition
    }

    /// An update write.
    public static func update(
        _ path: DocumentPath,
        fields: MapValue,
        mask: [FieldPath]? = nil,
        transforms: [FieldTransform] = [],
        precondition: Precondition? = nil
    ) -> Write {
        Write(
            path: path, operation: .update(fields: fields, mask: mask), transforms: transforms,
            precondition: precondition)
    }

    /// A delete write.
    public static func delete(_ path: DocumentPath, precondition: Precondition? = nil) -> Write {
        Write(path: path, operation: .delete, precondition: precondition)
    }
}

/// A condition on the current state of a document, checked when a write is applied.
public enum Precondition: Sendable, Hashable {
    /// The document must exist (`true`, else `notFound`) or must not exist (`false`, else `alreadyExists`).
    case exists(Bool)
    /// The document must exist with exactly this update time (else `failedPrecondition`).
    case updateTime(Timestamp)
}

/// A server-side change to one field, applied after a write's update.
public struct FieldTransform: Sendable, Hashable {
    /// The operation.
    public enum Operation: Sendable, Hashable {
        /// Sets the field to the commit's request time (millisecond precision, the same for every such
        /// transform in one commit).
        case serverTimestamp
        /// Adds a number: integer arithmetic saturates at the Int64 bounds; a double on either side makes
        /// the result a double; a non-numeric or missing field becomes the operand.
        case increment(Value)
        /// Sets the field to the larger of itself and the operand (numbers only; otherwise the operand).
        case maximum(Value)
        /// Sets the field to the smaller of itself and the operand (numbers only; otherwise the operand).
        case minimum(Value)
        /// Appends each element not already present (Firestore equivalence); a non-array field becomes `[]` first.
        case appendMissingElements([Value])
        /// Removes every element equivalent to one of these; a non-array field becomes `[]`.
        case removeAllFromArray([Value])
    }

    /// The field transformed.
    public var fieldPath: FieldPath
    /// What happens to it.
    public var operation: Operation

    /// A transform of the field at `fieldPath`.
    public init(fieldPath: FieldPath, operation: Operation) {
        self.fieldPath = fieldPath
        self.operation = operation
    }
}

/// The outcome of one write of a commit.
public struct WriteResult: Sendable, Hashable {
    /// The document's update time after the write: the previous one when the write changed nothing,
    /// `nil` for deletes.
    public var updateTime: Timestamp?
    /// One value per field transform of the write, in order (`null` for the array transforms).
    public var transformResults: [Value]

    /// The outcome of one write, as a store reports it.
    public init(updateTime: Timestamp?, transformResults: [Value] = []) {
        self.updateTime = updateTime
        self.transformResults = transformResults
    }
}

/// The outcome of a commit: one result per write, in order, and the commit time.
public struct CommitResponse: Sendable, Hashable {
    /// One result per write of the commit, in the order of the writes.
    public var writeResults: [WriteResult]
    /// The time at which every write of the commit became visible.
    public var commitTime: Timestamp

    /// The outcome of a commit, as a store reports it.
    public init(writeResults: [WriteResult], commitTime: Timestamp) {
        self.writeResults = writeResults
        self.commitTime = commitTime
    }
}
