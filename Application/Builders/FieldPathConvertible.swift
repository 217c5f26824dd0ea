public import HearthDomain

/// A field named in a query: a `String` in dotted form (`"address.city"`, or `"__name__"` for the
/// document's name) or a `FieldPath` (its segments taken literally). The methods that name one field
/// (`whereField` on ``Filter`` and ``QueryBuilding``, `order(by:descending:)`, `select(_:)`,
/// ``AggregateField``'s `sum` and `average`) take either, as Firebase's `String` and `FieldPath` forms of each do.
///
/// Naming a field never fails: a string that is not a valid dotted path is reported as `invalidArgument`,
/// quoting ``fieldPathText``, when the query is built (``QueryBuilder/build()``).
public protocol FieldPathConvertible: Sendable {
    /// The field as written, which error messages quote: the string itself, or the path's
    /// `canonicalString`.
    var fieldPathText: String { get }
    /// The path named: a string parsed as `FieldPath(dotted:)` (which throws `invalidArgument` for an
    /// empty path, an empty segment or any of `~ * / [ ]`), a path itself.
    func fieldPath() throws(DocumentStoreError) -> FieldPath
}

extension String: FieldPathConvertible {
    /// The string itself.
    public var fieldPathText: String { self }
    /// `FieldPath(dotted: self)`.
    public func fieldPath() throws(DocumentStoreError) -> FieldPath { try FieldPath(dotted: self) }
}

extension FieldPath: FieldPathConvertible {
    /// The path's `canonicalString`.
    public var fieldPathText: String { canonicalString }
    /// The path itself.
    public func fieldPath() throws(DocumentStoreError) -> FieldPath { self }
}

extension FieldPathConvertible where Self == FieldPath {
    /// `FieldPath.documentID` (`__name__`), so that `.documentID` names the document's ID wherever a
    /// field is taken: `order(by: .documentID)`, `whereField(.documentID, isEqualTo: reference)`.
    public static var documentID: FieldPath { FieldPath.documentID }
}
