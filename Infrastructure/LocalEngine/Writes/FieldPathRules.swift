import HearthDomain

/// Rules for field paths named by writes and queries.
enum FieldPathRules {
    /// Throws `invalidArgument` when a segment is reserved (`__.*__`, including `__name__` unless
    /// `allowDocumentID` and the path is exactly `__name__`) or the path is longer than 1,500 bytes.
    static func validate(_ path: FieldPath, allowDocumentID: Bool, use: String) throws(DocumentStoreError) {
        if path.isDocumentID {
            if allowDocumentID { return }
            throw .invalidArgument("The field path __name__ is reserved and cannot be used in \(use).")
        }
        if let reserved = path.segments.first(where: ValueRules.isReserved) {
            throw .invalidArgument("Invalid reserved name \(reserved) in field path \(path) (\(use)).")
        }
        if path.canonicalString.utf8.count > FieldPath.maximumUTF8Length {
            throw .invalidArgument(
                "Field path \(Excerpt.of(path.description)) in \(use) is longer than \(FieldPath.maximumUTF8Length) bytes."
            )
        }
    }
}
