import HearthDomain

/// Builds a collection's indexes at once from many documents (a snapshot's, on open): every key is
/// appended to one byte buffer per index — no array per key — then each index is sorted once, as key
/// numbers compared in place, and packed into full chunks. The entries are exactly those of
/// ``IndexEntries/forEach(_:suffix:composites:_:)``.
struct BulkIndexBuilder {
    private var runs: [IndexKeyRun] = []
    private var selectors: [IndexSelector] = []
    private var runBySelector: [IndexSelector: Int] = [:]
    /// The runs of a top-level field (its value index, its array-contains index), or `nil` when the name
    /// is not a valid field path (not indexed).
    private var runsByTopLevelName: [String: (value: Int, array: Int)?] = [:]
    private let composites: [CompositeIndexDefinition]

    init(composites: [CompositeIndexDefinition]) {
        self.composites = composites
    }

    /// Adds the entries of a document whose name suffix is `suffix`.
    mutating func add(_ fields: MapValue, suffix: [UInt8]) {
        append(suffix: suffix, to: run(for: .name))
        for field in fields {
            let known: (value: Int, array: Int)?
            if let cached = runsByTopLevelName[field.key] {
                known = cached
            } else {
                known = (try? FieldPath([field.key])).map { (run(for: .value($0)), run(for: .arrayContains($0))) }
                runsByTopLevelName[field.key] = known
            }
            guard let known else { continue }
            add(field.value, runs: known, path: [field.key], suffix: suffix)
        }
        for definition in composites {
            if let key = IndexEntries.compositeKey(definition, fields: fields, suffix: suffix) {
                let index = run(for: .composite(definition))
                runs[index].endKey(suffix: key)
            }
        }
    }

    /// The entries of the field at `path` holding `value`, recursively into maps.
    private mutating func add(_ value: Value, runs known: (value: Int, array: Int), path: [String], suffix: [UInt8]) {
        runs[known.value].append(value)
        runs[known.value].endKey(suffix: suffix)
        switch value {
        case .array(let elements):
            for element in elements {
                runs[known.array].append(element)
                runs[known.array].endKey(suffix: suffix)
            }
        case .map(let nested):
            for field in nested {
                let segments = path + [field.key]
                guard let fieldPath = try? FieldPath(segments) else { continue }
                let inner = (run(for: .value(fieldPath)), run(for: .arrayContains(fieldPath)))
                add(field.value, runs: inner, path: segments, suffix: suffix)
            }
        default:
            break
        }
    }

    private mutating func append(suffix: [UInt8], to index: Int) {
        runs[index].endKey(suffix: suffix)
    }

    private mutating func run(for selector: IndexSelector) -> Int {
        if let index = runBySelector[selector] { return index }
        runs.append(IndexKeyRun())
        selectors.append(selector)
        runBySelector[selector] = runs.count - 1
        return runs.count - 1
    }

    /// Every non-empty index, its keys sorted and deduplicated.
    func build() -> [IndexSelector: SortedKeyList] {
        var indexes: [IndexSelector: SortedKeyList] = [:]
        for (number, run) in runs.enumerated() where !run.isEmpty {
            indexes[selectors[number]] = run.sortedKeyList()
        }
        return indexes
    }
}

/// The keys of one index gathered for a bulk build, back to back in one buffer (no array per key); sorted
/// once when the list is made, as key numbers compared by their first 8 bytes, then in place.
struct IndexKeyRun {
    private var bytes: [UInt8] = []
    /// `ends[i]` is the offset just past key `i`.
    private var ends: [Int] = []

    var isEmpty: Bool { ends.isEmpty }

    /// Appends the encoding of `value` to the key being built.
    mutating func append(_ value: Value) {
        IndexKeyEncoding.append(value, to: &bytes)
    }

    /// Ends the key being built with `suffix` (its document's name suffix).
    mutating func endKey(suffix: [UInt8]) {
        bytes.append(contentsOf: suffix)
        ends.append(bytes.count)
    }

    /// Drops the key being built (a document without every field of a composite index).
    mutating func abandonKey() {
        bytes.removeLast(bytes.count - (ends.last ?? 0))
    }

    /// The keys, sorted and deduplicated (already sorted runs are only checked).
    func sortedKeyList() -> SortedKeyList {
        bytes.withUnsafeBytes { bytes in
            ends.withUnsafeBufferPointer { ends in
                func key(_ index: Int) -> UnsafeRawBufferPointer {
                    UnsafeRawBufferPointer(rebasing: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
                }
                var order = Array(0..<ends.count)
                let sorted = (1..<max(ends.count, 1)).allSatisfy { UTF8Order.compareBytes(key($0 - 1), key($0)) < 0 }
                if !sorted {
                    // By the first 8 bytes as one integer (zeros past a short key's end: a prefix still
                    // sorts first), the whole keys only when those are equal.
                    var prefixed = order.map { index in
                        let bytes = key(index)
                        var prefix: UInt64 = 0
                        for position in 0..<8 {
                            prefix = prefix << 8 | UInt64(position < bytes.count ? bytes[position] : 0)
                        }
                        return (prefix: prefix, index: index)
                    }
                    prefixed.sort { left, right in
                        left.prefix != right.prefix
                            ? left.prefix < right.prefix
                            : UTF8Order.compareBytes(key(left.index), key(right.index)) < 0
                    }
                    order = prefixed.map(\.index)
                }
                var list = SortedKeyList()
                var previous: UnsafeRawBufferPointer?
                for index in order {
                    let current = key(index)
                    if let previous, UTF8Order.compareBytes(previous, current) == 0 { continue }
                    list.appendGreatest(current)
                    previous = current
                }
                return list
            }
        }
    }
}
