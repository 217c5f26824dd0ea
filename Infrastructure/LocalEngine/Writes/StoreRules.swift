public import HearthDomain

/// Firestore's rules for what a stored document may hold, for callers that must check a document before
/// writing anything (`hearth import` checks its whole input first). The rules themselves live in
/// ``ValueRules``, ``WriteValidator`` and ``DocumentSize``; a commit checks the same ones.
public enum StoreRules {
    /// Checks that `fields` may be stored as the document at `path` by a plain write: field names not
    /// empty, not reserved (`__.*__`) and at most 1,500 bytes; no array directly inside an array; at most
    /// 20 levels of maps and arrays; strings and bytes at most 1 MiB − 89 bytes; and the whole document at
    /// most 1 MiB in Firestore's storage size. Throws the `invalidArgument` a commit writing it would
    /// throw, naming the document and the field.
    public static func validateDocument(_ path: DocumentPath, fields: MapValue) throws(DocumentStoreError) {
        try WriteValidator.validate([.update(path, fields: fields)])
        try DocumentSize.validate(fields, at: path)
    }
}
