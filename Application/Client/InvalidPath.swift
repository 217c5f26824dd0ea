import HearthDomain

/// What a reference made from an invalid path carries instead of a path: the text it was made from and
/// the `invalidArgument` error that every operation on it throws.
///
/// Such a reference holds a placeholder path made of the reserved ID `__invalid__` (reserved IDs are
/// never valid, so the placeholder names no real document and no store accepts it).
struct InvalidPath: Sendable {
    /// The path as the caller wrote it (relative parts joined to their parent's path).
    let text: String
    let error: DocumentStoreError

    static let placeholderID = "__invalid__"
    static let collection = CollectionPath(uncheckedSegments: [placeholderID])
    static let document = DocumentPath(uncheckedSegments: [placeholderID, placeholderID])

    init(text: String, error: DocumentStoreError) {
        self.text = text
        self.error = error
    }

    /// `reason` (a path validation failure) restated so that it names the whole path given.
    init(_ kind: String, text: String, reason: DocumentStoreError) {
        self.init(text: text, error: .invalidArgument("Invalid \(kind) \(Excerpt.quoted(text)): \(reason.message)"))
    }

    /// Whether `segments` are a placeholder (taken from an invalid reference's `path`).
    static func isPlaceholder(_ segments: [String]) -> Bool {
        segments.contains { UTF8Order.equal($0, placeholderID) }
    }

    /// The error of a reference built on a placeholder path taken from an invalid reference.
    static func fromPlaceholder(_ kind: String, _ path: String) -> InvalidPath {
        InvalidPath(
            text: path,
            error: .invalidArgument(
                "Invalid \(kind) \(Excerpt.quoted(path)): it is the placeholder path of an invalid reference.")
        )
    }

    /// Both valid, or both invalid and made from the same text (compared by UTF-8 bytes).
    static func sameText(_ lhs: InvalidPath?, _ rhs: InvalidPath?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let left?, let right?): UTF8Order.equal(left.text, right.text)
        default: false
        }
    }

    /// `parent` joined with a relative path, for messages.
    static func join(_ parent: [String], _ relative: String) -> String {
        parent.isEmpty ? relative : parent.joined(separator: "/") + "/" + relative
    }
}
