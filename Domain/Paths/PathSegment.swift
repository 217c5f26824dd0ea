/// The rules Firestore applies to one segment of a resource path (a collection or document ID).
enum PathSegment {
    /// The maximum length of an ID in UTF-8 bytes.
    static let maximumUTF8Length = 1_500

    /// Throws `invalidArgument` when `segment` is not a valid collection or document ID.
    ///
    /// Invalid: empty, containing `/`, exactly `.` or `..`, matching `__.*__`, longer than 1,500 UTF-8 bytes.
    static func validate(_ segment: String, kind: String) throws(DocumentStoreError) {
        if segment.isEmpty {
            throw .invalidArgument("A \(kind) must not be empty.")
        }
        if segment.utf8.contains(UInt8(ascii: "/")) {
            throw .invalidArgument("A \(kind) must not contain '/': \(quoted(segment)).")
        }
        if UTF8Order.equal(segment, ".") || UTF8Order.equal(segment, "..") {
            throw .invalidArgument("A \(kind) must not be '.' or '..': \(quoted(segment)).")
        }
        if isReserved(segment) {
            throw .invalidArgument("A \(kind) must not match __.*__ (reserved): \(quoted(segment)).")
        }
        if segment.utf8.count > maximumUTF8Length {
            throw .invalidArgument(
                "A \(kind) must be at most \(maximumUTF8Length) bytes of UTF-8; this one has \(segment.utf8.count)."
            )
        }
    }

    /// Whether `name` matches Firestore's reserved pattern `__.*__`.
    static func isReserved(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.count >= 4 else { return false }
        let underscore = UInt8(ascii: "_")
        return bytes.prefix(2).allSatisfy { $0 == underscore } && bytes.suffix(2).allSatisfy { $0 == underscore }
    }

    /// A short, quoted rendering of user input for error messages.
    static func quoted(_ text: String) -> String { Excerpt.quoted(text) }
}
