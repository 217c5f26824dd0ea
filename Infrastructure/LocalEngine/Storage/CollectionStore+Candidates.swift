import HearthDomain

extension CollectionStore {
    /// Calls `body` with the candidates of `path` at `time`, until it returns `false` (then returns
    /// `false`). Index reads return each document at most once, in index order.
    func forEachCandidate(
        _ path: AccessPath,
        at time: Timestamp,
        names: FieldNameTable,
        _ body: (Document) -> Bool
    ) -> Bool {
        switch path {
        case .scan:
            return forEachDocument(at: time, names: names, body)
        case .index(let scan):
            guard let list = index(scan.index) else { return true }
            if scan.mergeRanges, scan.ranges.count > 1 { return merge(scan, list: list, at: time, names: names, body) }
            return read(scan, list: list, at: time, names: names, body)
        case .intersection(let scans):
            return intersect(scans, at: time, names: names, body)
        case .union(let paths):
            var seen = Set<TextKey>()
            for path in paths {
                let finished = forEachCandidate(path, at: time, names: names) { document in
                    seen.insert(TextKey(document.path.documentID)).inserted ? body(document) : true
                }
                if !finished { return false }
            }
            return true
        }
    }

    /// The ranges one after the other.
    private func read(
        _ scan: IndexScan, list: SortedKeyList, at time: Timestamp, names: FieldNameTable, _ body: (Document) -> Bool
    ) -> Bool {
        var seen: Set<UInt32>?
        if case .arrayContains = scan.index, scan.ranges.count > 1 { seen = [] }
        for range in scan.reverse ? scan.ranges.reversed() : scan.ranges {
            let finished = list.forEach(from: range.lower, to: range.upper, reverse: scan.reverse) { entry in
                guard let document = candidate(entry, in: scan.index, at: time, names: names) else { return true }
                if seen != nil, seen?.insert(IndexKeyEncoding.slot(of: entry)).inserted == false { return true }
                return body(document)
            }
            if !finished { return false }
        }
        return true
    }

    /// The ranges merged on the keys after their prefixes (the query's order), each document once.
    private func merge(
        _ scan: IndexScan, list: SortedKeyList, at time: Timestamp, names: FieldNameTable, _ body: (Document) -> Bool
    ) -> Bool {
        struct Reader {
            var position: KeyPosition?
            let first: KeyPosition
            let end: KeyPosition
            let prefixLength: Int
            var suffix: [UInt8] = []
        }
        var readers: [Reader] = scan.ranges.map { range in
            let first = list.lowerBound(range.lower)
            let end = list.position(before: range.upper)
            let start = scan.reverse ? list.previous(end) : first
            return Reader(position: start, first: first, end: end, prefixLength: range.prefixLength)
        }
        func refresh(_ index: Int) {
            guard let position = readers[index].position,
                scan.reverse ? position >= readers[index].first : position < readers[index].end
            else {
                readers[index].position = nil
                return
            }
            readers[index].suffix = Array(list.key(at: position).dropFirst(readers[index].prefixLength))
        }
        for index in readers.indices { refresh(index) }
        var lastSuffix: [UInt8]?
        while true {
            var chosen: Int?
            for index in readers.indices where readers[index].position != nil {
                guard let current = chosen else {
                    chosen = index
                    continue
                }
                let order = Bytes.compare(readers[index].suffix, readers[current].suffix)
                if scan.reverse ? order > 0 : order < 0 { chosen = index }
            }
            guard let chosen, let position = readers[chosen].position else { return true }
            let suffix = readers[chosen].suffix
            if lastSuffix != suffix {
                let document = list.withKey(at: position) { candidate($0, in: scan.index, at: time, names: names) }
                if let document {
                    lastSuffix = suffix
                    if !body(document) { return false }
                }
            }
            readers[chosen].position = scan.reverse ? list.previous(position) : list.next(position)
            refresh(chosen)
        }
    }

    /// Point lookups (one range each) intersected on their names: leapfrogging seeks, in name order.
    private func intersect(
        _ scans: [IndexScan], at time: Timestamp, names: FieldNameTable, _ body: (Document) -> Bool
    ) -> Bool {
        var lists: [SortedKeyList] = []
        for scan in scans {
            guard let list = index(scan.index), scan.ranges.count == 1 else { return true }
            lists.append(list)
        }
        let prefixes = scans.map { Array($0.ranges[0].lower.prefix($0.ranges[0].prefixLength)) }
        let ends = zip(lists, scans).map { list, scan in list.position(before: scan.ranges[0].upper) }
        func suffix(_ index: Int, atLeast target: [UInt8]) -> [UInt8]? {
            let position = lists[index].lowerBound(prefixes[index] + target)
            guard position < ends[index] else { return nil }
            return Array(lists[index].key(at: position).dropFirst(prefixes[index].count))
        }
        guard var target = suffix(0, atLeast: []) else { return true }
        while true {
            var agreed = true
            for index in lists.indices {
                guard let found = suffix(index, atLeast: target) else { return true }
                if found != target {
                    target = found
                    agreed = false
                    break
                }
            }
            guard agreed else { continue }
            let slot = target.withUnsafeBytes { IndexKeyEncoding.slot(of: $0) }
            if Int(slot) < slots.count, let document = document(inSlot: slot, at: time, names: names), !body(document) {
                return false
            }
            guard let next = IndexKeyEncoding.prefixEnd(target), let following = suffix(0, atLeast: next) else {
                return true
            }
            target = following
        }
    }
}
