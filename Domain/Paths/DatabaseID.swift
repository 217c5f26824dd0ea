/// A Firestore database: a project ID and a database ID (`(default)` unless a named database is used).
public struct DatabaseID: Hashable, Sendable, CustomStringConvertible {
    /// The ID of the default database of a project.
    public static let defaultDatabase = "(default)"

    /// The Google Cloud project ID.
    public let projectID: String
    /// The database ID within the project; `(default)` for the default database.
    public let databaseID: String

    /// Validates both IDs: each must be non-empty and must not contain `/`. Throws `invalidArgument`.
    public init(projectID: String, databaseID: String = DatabaseID.defaultDatabase) throws(DocumentStoreError) {
        for (name, value) in [("project ID", projectID), ("database ID", databaseID)] {
            if value.isEmpty { throw .invalidArgument("A \(name) must not be empty.") }
            if UTF8Split.contains(value, UInt8(ascii: "/")) {
                throw .invalidArgument("A \(name) must not contain '/': \(PathSegment.quoted(value)).")
            }
        }
        self.projectID = projectID
        self.databaseID = databaseID
    }

    /// The default database of a project whose ID is a literal the package knows to be valid (non-empty,
    /// no `/`): no validation, so no error to handle for a constant.
    package init(literalProjectID projectID: StaticString) {
        self.projectID = "\(projectID)"
        self.databaseID = Self.defaultDatabase
    }

    /// `projects/{projectID}/databases/{databaseID}`.
    public var resourceName: String { "projects/\(projectID)/databases/\(databaseID)" }

    /// `projects/{projectID}/databases/{databaseID}/documents`: the root of every document name.
    public var documentsRoot: String { resourceName + "/documents" }

    /// The resource name, `projects/{projectID}/databases/{databaseID}`.
    public var description: String { resourceName }

    /// Equal when both IDs have exactly the same UTF-8 bytes.
    public static func == (lhs: DatabaseID, rhs: DatabaseID) -> Bool {
        ExactText.equal(lhs.projectID, rhs.projectID) && ExactText.equal(lhs.databaseID, rhs.databaseID)
    }

    public func hash(into hasher: inout Hasher) {
        ExactText.hash(projectID, into: &hasher)
        ExactText.hash(databaseID, into: &hasher)
    }
}
