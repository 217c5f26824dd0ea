/// A path to a field inside a document: one or more non-empty segments, such as `address.city`.
///
/// Three textual forms exist, and each has its own initializer:
/// - segments, taken literally: `try FieldPath(["address", "city"])` (any characters allowed);
/// - the dotted form users write in `whereField("address.city", ...)`: `try FieldPath(dotted:)`, split on
///   `.`, rejecting empty segments and the characters `~ * / [ ]` as Firebase's SDKs do;
/// - the canonical encoded form used on the wire (masks, `fieldPath` of filters and orders): simple
///   segments (`[A-Za-z_][A-Za-z0-9_]*`) bare, every other segment between backticks, with a backtick or
///   a `\` inside escaped by `\`. ``canonicalString`` prints it; `try FieldPath(canonical:)` parses it.
///
/// `Comparable` segment by segment, by UTF-8 bytes, a prefix first.
public struct FieldPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The segments, each non-empty.
    public let segments: [String]

    /// The special path naming a document's ID (`__name__`), used to filter and order by document name.
    public static let documentID = FieldPath(uncheckedSegments: ["__name__"])

    /// The maximum length of a field path, in UTF-8 bytes of its canonical form.
    public static let maximumUTF8Length = 1_500

    /// A path from literal segments. Throws `invalidArgument` when there are none or one is empty.
    public init(_ segments: [String]) throws(DocumentStoreError) {
        guard !segments.isEmpty else { throw .invalidArgument("A field path needs at least one segment.") }
        if let index = segments.firstIndex(where: \.isEmpty) {
            throw .invalidArgument("Field path segment \(index) is empty in \(segments).")
        }
        self.segments = segments
    }

    /// A path from literal segments: `try FieldPath("address", "city")`.
    public init(_ first: String, _ rest: String...) throws(DocumentStoreError) {
        try self.init([first] + rest)
    }

    init(uncheckedSegments segments: [String]) {
        self.segments = segments
    }

    /// Parses the dotted form users write (`"address.city"`): segments split at every `.` byte (so
    /// `"a.\u{301}b"` is `a` and `\u{301}b`, although `.\u{301}` is one `Character`). Throws
    /// `invalidArgument` for an empty path, an empty segment (`"a..b"`, `".a"`) or any of `~ * / [ ]`.
    /// `"__name__"` is the document-ID path.
    public init(dotted: String) throws(DocumentStoreError) {
        if dotted.isEmpty { throw .invalidArgument("A field path must not be empty.") }
        if let bad = UTF8Split.firstByte(of: dotted, in: "~*/[]") {
            throw .invalidArgument(
                "Invalid field path \(PathSegment.quoted(dotted)): paths must not contain '~', '*', '/', '[' or ']' (found '\(bad)')."
            )
        }
        let parts = UTF8Split.split(dotted, separator: UInt8(ascii: "."))
        if parts.contains(where: \.isEmpty) {
            throw .invalidArgument(
                "Invalid field path \(PathSegment.quoted(dotted)): empty segment (leading, trailing or double '.').")
        }
        self.segments = parts
    }

    /// Parses the canonical encoded form: `.`-separated segments, each either simple or backtick-quoted
    /// with `\` escapes, such as this path of three segments (`a`, `b.c`, and `x` and `y` joined by a backtick):
    ///
    ///     a.`b.c`.`x\`y`
    ///
    /// Throws `invalidArgument` naming the position of the problem.
    public init(canonical text: String) throws(DocumentStoreError) {
        if text.isEmpty { throw .invalidArgument("A field path must not be empty.") }
        var segments: [String] = []
        var current = ""
        var inQuotes = false
        var segmentWasQuoted = false
        var iterator = Array(text.unicodeScalars).makeIterator()
        var offset = 0
        func fail(_ reason: String) -> DocumentStoreError {
            .invalidArgument("Invalid field path \(PathSegment.quoted(text)) at character \(offset): \(reason).")
        }
        while let scalar = iterator.next() {
            defer { offset += 1 }
            if inQuotes {
                switch scalar {
                case "\\":
                    guard let escaped = iterator.next() else { throw fail("dangling escape") }
                    offset += 1
                    current.unicodeScalars.append(escaped)
                case "`":
                    inQuotes = false
                default:
                    current.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "`":
                guard current.isEmpty, !segmentWasQuoted else { throw fail("a backtick may only open a segment") }
                inQuotes = true
                segmentWasQuoted = true
            case ".":
                guard !current.isEmpty else { throw fail("empty segment") }
                segments.append(current)
                current = ""
                segmentWasQuoted = false
            default:
                if segmentWasQuoted { throw fail("text after a closing backtick") }
                current.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .invalidArgument("Invalid field path \(PathSegment.quoted(text)): unterminated backtick.") }
        guard !current.isEmpty else {
            throw .invalidArgument("Invalid field path \(PathSegment.quoted(text)): empty segment.")
        }
        segments.append(current)
        self.segments = segments
    }

    /// Whether this is the document-ID path `__name__`.
    public var isDocumentID: Bool { segments.count == 1 && UTF8Order.equal(segments[0], "__name__") }

    /// The canonical encoded form: simple segments bare, others between backticks, with a backtick or a `\`
    /// inside escaped by `\`.
    public var canonicalString: String {
        segments.map(FieldPath.encodeSegment).joined(separator: ".")
    }

    /// The canonical encoded form (``canonicalString``), such as `address.city`; a segment that is not a
    /// simple name is quoted in backticks.
    public var description: String { canonicalString }

    /// The first segment.
    public var firstSegment: String { segments[0] }

    /// The path without its last segment, or `nil` for a single-segment path.
    public var parent: FieldPath? {
        segments.count > 1 ? FieldPath(uncheckedSegments: Array(segments.dropLast())) : nil
    }

    /// This path extended by `segment` (which must be non-empty).
    public func appending(_ segment: String) throws(DocumentStoreError) -> FieldPath {
        try FieldPath(segments + [segment])
    }

    /// This path extended by the segments of `other`.
    public func appending(_ other: FieldPath) -> FieldPath {
        FieldPath(uncheckedSegments: segments + other.segments)
    }

    /// Whether `self` is a proper or improper prefix of `other` (`a` is a prefix of `a` and of `a.b`).
    public func isPrefix(of other: FieldPath) -> Bool {
        other.segments.count >= segments.count && other.segments.starts(with: segments, by: ExactText.equal)
    }

    /// Whether `segment` may appear bare in the canonical form: `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isSimple(_ segment: String) -> Bool {
        guard let first = segment.utf8.first else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: "_")
        }
        guard isLetter(first) else { return false }
        return segment.utf8.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    static func encodeSegment(_ segment: String) -> String {
        if isSimple(segment) { return segment }
        var escaped = "`"
        for character in segment.unicodeScalars {
            if character == "`" || character == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(character)
        }
        escaped.append("`")
        return escaped
    }

    /// Firestore's field path order: segment by segment, each by UTF-8 bytes, a path before the paths below it
    /// (`a` < `a.b` < `b`).
    public static func < (lhs: FieldPath, rhs: FieldPath) -> Bool {
        ResourcePath.compare(lhs.segments, rhs.segments) < 0
    }

    /// Equal when every segment has exactly the same UTF-8 bytes.
    public static func == (lhs: FieldPath, rhs: FieldPath) -> Bool { ExactText.equal(lhs.segments, rhs.segments) }
    public func hash(into hasher: inout Hasher) { ExactText.hash(segments, into: &hasher) }
}
