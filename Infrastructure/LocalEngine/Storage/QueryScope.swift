import HearthDomain

/// The collections a query or listing reads: `collectionID` directly under `parent`, or with
/// `allDescendants` at any depth under it. An empty `collectionID` selects every collection (a kindless
/// query, as Firestore's recursive delete uses).
struct QueryScope: Sendable, Hashable {
    let parent: DocumentPath?
    let collectionID: String
    let allDescendants: Bool

    /// Whether `path` lies in a collection this scope selects.
    func contains(_ path: DocumentPath) -> Bool {
        let collection = path.parent
        if !collectionID.isEmpty, !UTF8Order.equal(collection.collectionID, collectionID) { return false }
        if allDescendants {
            guard let parent else { return true }
            return PathPrefix.isStrictPrefix(parent.segments, of: path.segments)
        }
        guard let parent else { return collection.segments.count == 1 }
        return collection.segments.count == parent.segments.count + 1
            && PathPrefix.isStrictPrefix(parent.segments, of: collection.segments)
    }
}

/// Prefix tests on path segments by exact UTF-8 bytes.
enum PathPrefix {
    static func isStrictPrefix(_ prefix: [String], of segments: [String]) -> Bool {
        guard segments.count > prefix.count else { return false }
        for (left, right) in zip(prefix, segments) where !UTF8Order.equal(left, right) { return false }
        return true
    }
}
