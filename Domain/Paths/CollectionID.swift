/// A validated collection ID: the last segment of a ``CollectionPath``, or the name of a collection group.
public struct CollectionID: Hashable, Sendable, CustomStringConvertible {
    /// The ID as text.
    public let rawValue: String

    /// Validates `rawValue` as a collection ID; throws `invalidArgument` naming the problem.
    public init(_ rawValue: String) throws(DocumentStoreError) {
        try PathSegment.validate(rawValue, kind: "collection ID")
        self.rawValue = rawValue
    }

    /// The ID as text.
    public var description: String { rawValue }

    /// Equal when the IDs have exactly the same UTF-8 bytes (a precomposed and a decomposed `"é"` differ).
    public static func == (lhs: CollectionID, rhs: CollectionID) -> Bool { UTF8Order.equal(lhs.rawValue, rhs.rawValue) }
    public func hash(into hasher: inout Hasher) { ExactText.hash(rawValue, into: &hasher) }

    init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }
}
