import HearthDomain

/// One generated document.
struct DatasetDocument: Sendable {
    let path: DocumentPath
    let fields: MapValue
}

/// A random dataset: documents in root collections (`c1`, `c2`, `sub`), in subcollections (`sub` and a
/// nested `c1` under documents, some of them missing "ghost" documents), so that collection groups and
/// parent-scoped groups differ from plain collections. Fields share a small set of names so that
/// queries match often; their values are drawn from every kind.
struct DifferentialDataset: Sendable {
    let index: Int
    let seed: UInt64
    let database: DatabaseID
    let documents: [DatasetDocument]
    /// Documents (existing or missing) that have documents in subcollections, for parent-scoped queries.
    let parents: [DocumentPath]
    let values: ValueGenerator

    /// The top-level field names documents use (`x.y` is one field whose name contains a dot).
    static let topLevelFields = ["a", "b", "c", "n", "s", "t", "arr", "m", "vec", "é", "a b", "x.y"]

    /// The field paths queries filter, order, project and aggregate on, including nested and absent ones.
    static let queryPaths: [FieldPath] = {
        var paths = topLevelFields.compactMap { try? FieldPath([$0]) }
        paths += [["m", "x"], ["m", "y"], ["m", "é"], ["zz"]].compactMap { try? FieldPath($0) }
        return paths
    }()

    /// The documents a query with this scope reads (in no particular order).
    func documents(in scope: QueryScopeChoice) -> [DatasetDocument] {
        documents.filter { document in
            let path = document.path
            guard path.collectionID == scope.selector.collectionID else { return false }
            if scope.selector.allDescendants {
                guard let parent = scope.parent else { return true }
                return path.isDescendant(of: parent)
            }
            let directParent = path.parent.parent
            return directParent == scope.parent
        }
    }

    /// Every value stored at `path` in `documents`.
    static func values(at path: FieldPath, in documents: [DatasetDocument]) -> [Value] {
        documents.compactMap { $0.fields.value(at: path) }
    }
}

/// Where a generated query reads: a collection or collection group, under the root or a parent document.
struct QueryScopeChoice: Sendable {
    let parent: DocumentPath?
    let selector: CollectionSelector

    var description: String {
        let under = parent.map { " under \($0.path)" } ?? ""
        return (selector.allDescendants ? "group " : "") + selector.collectionID + under
    }
}
