import HearthDomain

extension DocumentStorage: CandidateSource {
    func documentCount(in collection: CollectionPath) -> Int {
        collections[collection]?.chainCount ?? 0
    }

    func entryCount(in collection: CollectionPath, index: IndexSelector, ranges: [KeyRange]) -> Int {
        guard let list = collections[collection]?.index(index) else { return 0 }
        if ranges.count == 1, ranges[0].lower.isEmpty, ranges[0].upper == nil { return list.count }
        return ranges.reduce(0) { $0 + list.count(from: $1.lower, to: $1.upper) }
    }

    func composites(in collection: CollectionPath) -> [CompositeIndexDefinition] {
        collections[collection]?.composites ?? []
    }

    func forEachCandidate(of plan: QueryPlan, at time: Timestamp, _ body: (Document) -> Bool) {
        for access in plan.accesses {
            guard let store = collections[access.collection] else { continue }
            if !store.forEachCandidate(access.path, at: time, names: names, body) { return }
        }
    }
}
