public import HearthDomain

/// What the rules' `get()`, `exists()`, `getAfter()` and `existsAfter()` read, for one request.
public protocol AccessReader: Sendable {
    /// The document at `path` before the request (`after: false`), or as the request would leave the
    /// database (`after: true`: a commit's own writes applied); `nil` when missing.
    func document(at path: DocumentPath, after: Bool) -> Document?
}
