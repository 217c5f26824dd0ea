import HearthDomain

/// The documents one commit is changing, applied write by write in order (the same document may be
/// written several times). Nothing here touches storage: the engine installs the outcome only when every
/// write has succeeded, so a commit is all or nothing.
struct CommitWorkspace {
    let commitTime: Timestamp
    /// The time `REQUEST_TIME` transforms write: the commit time with millisecond precision.
    let serverTime: Timestamp

    private var original: [DocumentPath: Document?] = [:]
    private var current: [DocumentPath: Document?] = [:]
    private var deletedDuringCommit: Set<DocumentPath> = []
    private(set) var touchOrder: [DocumentPath] = []

    init(commitTime: Timestamp) {
        self.commitTime = commitTime
        self.serverTime = commitTime.truncatedToMilliseconds
    }

    /// Applies one write on top of the earlier ones and returns its transform results.
    /// `load` gives a document's state before the commit.
    /// Throws `notFound` / `alreadyExists` / `failedPrecondition` for a failed precondition.
    mutating func apply(_ write: Write, load: (DocumentPath) -> Document?) throws(DocumentStoreError) -> [Value] {
        let path = write.path
        if original[path] == nil {
            let loaded = load(path)
            original[path] = .some(loaded)
            current[path] = .some(loaded)
            touchOrder.append(path)
        }
        let existing = current[path] ?? nil
        if case .updateTime? = write.precondition {
            // The server collapses a commit's writes of one document into one mutation: an update-time
            // precondition (which must equal the first write's) is checked against the state before the commit.
            try check(write.precondition, against: original[path] ?? nil, path: path)
        } else {
            try check(write.precondition, against: existing, path: path)
        }

        var fields: MapValue?
        switch write.operation {
        case .delete:
            fields = nil
        case .update(let newFields, let mask?):
            var merged = existing?.fields ?? MapValue()
            for fieldPath in mask {
                if let value = newFields.value(at: fieldPath) {
                    merged.setValue(ValueRules.normalized(value), at: fieldPath)
                } else {
                    merged.removeValue(at: fieldPath)
                }
            }
            fields = merged
        case .update(let newFields, nil):
            fields = ValueRules.normalized(newFields)
        case .transform:
            fields = existing?.fields ?? MapValue()
        }

        var results: [Value] = []
        if var transformed = fields {
            results.reserveCapacity(write.transforms.count)
            for transform in write.transforms {
                results.append(FieldTransformer.apply(transform, to: &transformed, serverTime: serverTime))
            }
            fields = transformed
        }

        let next: Document?
        if let fields {
            if let existing {
                next =
                    existing.fields == fields
                    ? existing
                    : Document(path: path, fields: fields, createTime: existing.createTime, updateTime: commitTime)
            } else {
                next = Document(path: path, fields: fields, createTime: commitTime, updateTime: commitTime)
            }
        } else {
            if existing != nil { deletedDuringCommit.insert(path) }
            next = nil
        }
        current[path] = .some(next)
        return results
    }

    /// Each touched document's state before and after the commit, in first-touch order. A document that
    /// ends with the fields it started with, without having been deleted in between, keeps its times.
    func outcome() -> [(path: DocumentPath, before: Document?, after: Document?)] {
        touchOrder.map { path in
            let before = original[path] ?? nil
            var after = current[path] ?? nil
            if let before, let candidate = after, !deletedDuringCommit.contains(path), candidate.fields == before.fields
            {
                after = before
            }
            return (path, before, after)
        }
    }

    private func check(
        _ precondition: Precondition?, against existing: Document?, path: DocumentPath
    ) throws(DocumentStoreError) {
        switch precondition {
        case nil:
            return
        case .exists(true)?:
            if existing == nil { throw DocumentStoreError(.notFound, "No document to update: \(path).") }
        case .exists(false)?:
            if existing != nil { throw DocumentStoreError(.alreadyExists, "Document already exists: \(path).") }
        case .updateTime(let expected)?:
            guard let existing else {
                throw DocumentStoreError(
                    .failedPrecondition, "The document \(path) does not exist; expected update time \(expected).")
            }
            if expected > existing.updateTime {
                throw .invalidArgument(
                    "The updateTime precondition \(expected) of \(path) is later than the document's update time \(existing.updateTime)."
                )
            }
            if existing.updateTime != expected {
                throw DocumentStoreError(
                    .failedPrecondition,
                    "The document \(path) was updated at \(existing.updateTime), not at the expected \(expected)."
                )
            }
        }
    }
}
