import HearthDomain

/// Where a query's candidate documents come from. The executor re-checks every filter, order and cursor
/// on each candidate, so a plan only has to produce a superset of the results: a plan can never make a
/// query wrong, only slow.
struct QueryPlan: Sendable, CustomStringConvertible {
    /// One access per selected collection.
    var accesses: [CollectionAccess]
    /// Whether the candidates come in the query's order (then the executor stops at the limit).
    var ordered: Bool
    /// An automatic composite index that would make this query much cheaper (built by the engine, which
    /// then plans again).
    var recommendation: IndexRecommendation?

    /// Every document of the selected collections, in no particular order.
    static func collectionScan(_ collections: [CollectionPath]) -> QueryPlan {
        QueryPlan(accesses: collections.map { CollectionAccess(collection: $0, path: .scan) }, ordered: false)
    }

    var description: String {
        (ordered ? "ordered " : "") + accesses.map { "\($0.collection): \($0.path)" }.joined(separator: "; ")
    }
}

/// An automatic composite index that would serve a query on a collection better than its current plan.
struct IndexRecommendation: Sendable, Equatable {
    let collection: CollectionPath
    let definition: CompositeIndexDefinition
    /// The entries one run of the query would visit beyond those the index would (estimated).
    let saving: Double
    /// What building the index costs, in entries visited: one per document of the collection.
    let buildCost: Double
}

/// How one collection is read.
struct CollectionAccess: Sendable {
    let collection: CollectionPath
    let path: AccessPath
}

/// How the candidates of one collection are found.
indirect enum AccessPath: Sendable, CustomStringConvertible {
    /// Every document.
    case scan
    /// The entries of one index in some key ranges.
    case index(IndexScan)
    /// The documents found in every one of several point lookups (equalities), merged by name.
    case intersection([IndexScan])
    /// The documents of any of several accesses (the disjunctions of an `OR`), each once.
    case union([AccessPath])

    /// No candidates at all (the filter can match nothing).
    static let nothing = AccessPath.union([])

    var description: String {
        switch self {
        case .scan: "scan"
        case .index(let scan): scan.description
        case .intersection(let scans): "intersection(" + scans.map(\.description).joined(separator: ", ") + ")"
        case .union(let paths):
            paths.isEmpty ? "nothing" : "union(" + paths.map(\.description).joined(separator: ", ") + ")"
        }
    }
}

/// A read of one index: its entries in `ranges` (sorted, disjoint), backwards with `reverse`. With
/// `mergeRanges`, the ranges are points whose keys continue in query order after their prefixes, and they
/// are merged on those suffixes instead of read one after the other.
struct IndexScan: Sendable, CustomStringConvertible {
    let index: IndexSelector
    var ranges: [KeyRange]
    var reverse = false
    var mergeRanges = false

    var description: String {
        "index(\(index)\(reverse ? " desc" : "")\(mergeRanges ? " merged" : ""), \(ranges.count) range\(ranges.count == 1 ? "" : "s"))"
    }
}

/// What the planner may ask the storage: collections, sizes and index entry counts.
protocol IndexCatalog {
    /// The registered collections a scope selects.
    func collections(in scope: QueryScope) -> [CollectionPath]
    /// The documents (paths with retained versions) of a collection.
    func documentCount(in collection: CollectionPath) -> Int
    /// The entries of `index` in `ranges`.
    func entryCount(in collection: CollectionPath, index: IndexSelector, ranges: [KeyRange]) -> Int
    /// The automatic composite indexes of a collection.
    func composites(in collection: CollectionPath) -> [CompositeIndexDefinition]
}

/// Produces the candidates of a plan at a read time.
protocol CandidateSource: IndexCatalog {
    /// Calls `body` with the candidates of `plan` as of `time` (in the query's order when `plan.ordered`),
    /// until it returns `false`.
    func forEachCandidate(of plan: QueryPlan, at time: Timestamp, _ body: (Document) -> Bool)
}
