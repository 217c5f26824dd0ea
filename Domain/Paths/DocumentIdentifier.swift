/// A validated document ID: the last segment of a ``DocumentPath``.
///
/// Invalid IDs (empty, containing `/`, exactly `.` or `..`, matching `__.*__`, longer than 1,500 UTF-8
/// bytes) are rejected at construction with `invalidArgument`.
///
/// (Not named `DocumentID`: that name belongs to the Codable property wrapper `@DocumentID` in
/// HearthApplication, which users import together with this module.)
public struct DocumentIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The ID as text.
    public let rawValue: String

    /// Validates `rawValue` as a document ID; throws `invalidArgument` naming the problem.
    public init(_ rawValue: String) throws(DocumentStoreError) {
        try PathSegment.validate(rawValue, kind: "document ID")
        self.rawValue = rawValue
    }

    /// The ID as text.
    public var description: String { rawValue }

    /// Equal when the IDs have exactly the same UTF-8 bytes (a precomposed and a decomposed `"é"` differ).
    public static func == (lhs: DocumentIdentifier, rhs: DocumentIdentifier) -> Bool {
        UTF8Order.equal(lhs.rawValue, rhs.rawValue)
    }
    public func hash(into hasher: inout Hasher) { ExactText.hash(rawValue, into: &hasher) }

    /// A new random document ID: 20 characters from `[A-Za-z0-9]`, drawn without bias.
    public static func autoID() -> DocumentIdentifier {
        var generator = SystemRandomNumberGenerator()
        return autoID(using: &generator)
    }

    /// A new random document ID drawn from `generator` (inject a seeded generator for reproducible IDs).
    public static func autoID<G: RandomNumberGenerator>(using generator: inout G) -> DocumentIdentifier {
        DocumentIdentifier(unchecked: AutoID.make(using: &generator))
    }

    init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }
}
