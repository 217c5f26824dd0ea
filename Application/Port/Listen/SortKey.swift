import HearthDomain

/// What a document is ordered by in a ``DocumentOrdering``: its values of the field orders (`nil` when
/// missing) and its path.
package struct SortKey: Sendable, Hashable {
    var values: [Value?]
    package var path: DocumentPath

    package init(values: [Value?], path: DocumentPath) {
        self.values = values
        self.path = path
    }
}
