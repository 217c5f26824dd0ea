import HearthDomain

extension DocumentStore {
    /// Collects ``runQuery(parent:query:consistency:)`` to its end.
    public func runQueryAll(
        parent: DocumentPath?, query: StructuredQuery, consistency: ReadConsistency
    ) async throws
        -> [RunQueryResponse]
    {
        var elements: [RunQueryResponse] = []
        for try await element in runQuery(parent: parent, query: query, consistency: consistency) {
            elements.append(element)
        }
        return elements
    }
}
