import HearthDomain

/// The checks Firestore makes on a commit's writes before applying any of them. Every failure is
/// `invalidArgument`.
enum WriteValidator {
    /// The most field transforms one document may receive in one commit.
    static let maximumTransformsPerDocument = 500

    private enum WriteKind: String {
        case upsert, update, insert, delete

        init(_ write: Write) {
            if case .delete = write.operation {
                self = .delete
                return
            }
            switch write.precondition {
            case .exists(false)?: self = .insert
            case .exists(true)?, .updateTime?: self = .update
            case nil: self = .upsert
            }
        }
    }

    /// Validates every write, and the combinations the server refuses when one commit writes a document
    /// several times (its writes are collapsed into one mutation): an `exists: false` write (insert or
    /// delete) after anything but a delete, an `exists: true` write right after a delete, and an `updateTime`
    /// precondition that differs from the one of the document's first write in the commit.
    static func validate(_ writes: [Write]) throws(DocumentStoreError) {
        var lastKind: [DocumentPath: WriteKind] = [:]
        var firstVersion: [DocumentPath: Timestamp?] = [:]
        var transformCounts: [DocumentPath: Int] = [:]
        for write in writes {
            try validate(write)
            let kind = WriteKind(write)
            let version: Timestamp? = if case .updateTime(let time)? = write.precondition { time } else { nil }
            if let previous = lastKind[write.path] {
                if write.precondition == .exists(false), previous != .delete {
                    throw .invalidArgument(
                        "Cannot \(previous.rawValue) then \(kind.rawValue) \(write.path) with exists: false in the same commit."
                    )
                }
                if previous == .delete, write.precondition == .exists(true) {
                    throw .invalidArgument(
                        "Cannot delete then \(kind.rawValue) \(write.path) with exists: true in the same commit.")
                }
                if let version, firstVersion[write.path] != .some(version) {
                    throw .invalidArgument(
                        "Cannot combine writes of \(write.path) with different updateTime preconditions in the same commit."
                    )
                }
            } else {
                firstVersion[write.path] = .some(version)
            }
            lastKind[write.path] = kind
            transformCounts[write.path, default: 0] += write.transforms.count
            if let count = transformCounts[write.path], count > maximumTransformsPerDocument {
                throw .invalidArgument(
                    "A commit may apply at most \(maximumTransformsPerDocument) field transforms to \(write.path); it has \(count)."
                )
            }
        }
    }

    private static func validate(_ write: Write) throws(DocumentStoreError) {
        let path = write.path
        switch write.operation {
        case .update(let fields, let mask):
            try ValueRules.validateFields(fields, of: path)
            for fieldPath in mask ?? [] {
                try FieldPathRules.validate(fieldPath, allowDocumentID: false, use: "the update mask of \(path)")
            }
        case .delete:
            if !write.transforms.isEmpty {
                throw .invalidArgument("The delete of \(path) cannot carry field transforms.")
            }
        case .transform:
            if write.transforms.isEmpty {
                throw .invalidArgument("The transform write of \(path) has no field transforms.")
            }
        }
        for transform in write.transforms {
            try validate(transform, of: path)
        }
        if case .updateTime(let time)? = write.precondition, !TimeMath.isMicrosecondAligned(time) {
            throw .invalidArgument(
                "The updateTime precondition of \(path) has more than microsecond precision: \(time).")
        }
    }

    private static func validate(_ transform: FieldTransform, of document: DocumentPath) throws(DocumentStoreError) {
        let fieldPath = transform.fieldPath
        try FieldPathRules.validate(fieldPath, allowDocumentID: false, use: "a field transform of \(document)")
        let baseDepth = fieldPath.segments.count - 1
        let location = fieldPath.canonicalString
        switch transform.operation {
        case .serverTimestamp:
            try checkDepth(baseDepth, of: fieldPath, in: document)
        case .increment(let operand), .maximum(let operand), .minimum(let operand):
            guard operand.isNumber else {
                throw .invalidArgument(
                    "The operand of the \(name(of: transform.operation)) transform on \(location) in \(document) must be an integer or a double, not \(operand.kind.rawValue)."
                )
            }
            try checkDepth(baseDepth, of: fieldPath, in: document)
        case .appendMissingElements(let elements), .removeAllFromArray(let elements):
            try checkDepth(baseDepth + 1, of: fieldPath, in: document)
            for (index, element) in elements.enumerated() {
                try ValueRules.validate(
                    element, at: "\(location)[\(index)]", depth: baseDepth + 1, insideArray: true, of: document)
            }
        }
    }

    private static func checkDepth(
        _ depth: Int, of path: FieldPath, in document: DocumentPath
    ) throws(DocumentStoreError) {
        if depth > ValueRules.maximumDepth {
            throw .invalidArgument(
                "The field transform on \(path) in \(document) nests maps more than \(ValueRules.maximumDepth) levels deep."
            )
        }
    }

    private static func name(of operation: FieldTransform.Operation) -> String {
        switch operation {
        case .serverTimestamp: "serverTimestamp"
        case .increment: "increment"
        case .maximum: "maximum"
        case .minimum: "minimum"
        case .appendMissingElements: "arrayUnion"
        case .removeAllFromArray: "arrayRemove"
        }
    }
}
