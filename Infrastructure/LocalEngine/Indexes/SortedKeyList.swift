import HearthDomain

/// A position in a ``SortedKeyList``: a chunk and a key within it. The end position is
/// `(chunks.count, 0)`. Positions stay valid only while the list is not mutated.
struct KeyPosition: Sendable, Comparable {
    var chunk: Int
    var entry: Int

    static func < (lhs: KeyPosition, rhs: KeyPosition) -> Bool {
        (lhs.chunk, lhs.entry) < (rhs.chunk, rhs.entry)
    }
}

/// A sorted set of byte-string keys (unsigned byte order, a prefix first), kept in chunks of a few
/// hundred keys: O(log n) search, insertion and removal that move at most one chunk's bytes, ordered
/// iteration both ways, and range counts from per-chunk counts. The storage of every index.
///
/// Chunks fill completely when keys arrive in order (an insertion past the end of a full chunk starts a
/// new one), and split in the middle otherwise.
struct SortedKeyList: Sendable {
    static let maximumChunkKeys = 256
    static let maximumChunkBytes = 8_192

    private(set) var chunks: [KeyChunk] = []
    /// The key count of each chunk, contiguous so that range counts stay cheap.
    private var chunkCounts: [UInt32] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    var startPosition: KeyPosition { KeyPosition(chunk: 0, entry: 0) }
    var endPosition: KeyPosition { KeyPosition(chunk: chunks.count, entry: 0) }

    // MARK: Search

    /// The chunk a key belongs to: the last whose first key is not greater than `probe` (or the first).
    private func chunkIndex(for probe: UnsafeRawBufferPointer) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            if chunks[middle].compare(0, probe) <= 0 { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The position of the first key not less than `probe` (the end position when none).
    func lowerBound(_ probe: [UInt8]) -> KeyPosition {
        guard !chunks.isEmpty else { return endPosition }
        return probe.withUnsafeBytes { probe in
            let chunk = chunkIndex(for: probe)
            let entry = chunks[chunk].lowerBound(probe)
            return normalized(KeyPosition(chunk: chunk, entry: entry))
        }
    }

    /// The position of the first key not less than `bound`, or the end position for `nil`.
    func position(before bound: [UInt8]?) -> KeyPosition {
        bound.map(lowerBound) ?? endPosition
    }

    func contains(_ key: [UInt8]) -> Bool {
        let position = lowerBound(key)
        guard position != endPosition else { return false }
        return key.withUnsafeBytes { chunks[position.chunk].compare(position.entry, $0) == 0 }
    }

    private func normalized(_ position: KeyPosition) -> KeyPosition {
        if position.chunk < chunks.count, position.entry >= chunks[position.chunk].count {
            return KeyPosition(chunk: position.chunk + 1, entry: 0)
        }
        return position
    }

    // MARK: Iteration

    func next(_ position: KeyPosition) -> KeyPosition {
        normalized(KeyPosition(chunk: position.chunk, entry: position.entry + 1))
    }

    /// The position before `position`, or `nil` at the start.
    func previous(_ position: KeyPosition) -> KeyPosition? {
        if position.entry > 0 { return KeyPosition(chunk: position.chunk, entry: position.entry - 1) }
        var chunk = position.chunk - 1
        while chunk >= 0 {
            if chunks[chunk].count > 0 { return KeyPosition(chunk: chunk, entry: chunks[chunk].count - 1) }
            chunk -= 1
        }
        return nil
    }

    func withKey<R>(at position: KeyPosition, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try chunks[position.chunk].withKey(position.entry, body)
    }

    func key(at position: KeyPosition) -> [UInt8] {
        chunks[position.chunk].key(position.entry)
    }

    /// Calls `body` with each key in `[lower, upper)` (`upper == nil`: to the end), ascending or, with
    /// `reverse`, descending, until it returns `false`. Returns `false` when `body` stopped it.
    @discardableResult
    func forEach(
        from lower: [UInt8],
        to upper: [UInt8]?,
        reverse: Bool,
        _ body: (UnsafeRawBufferPointer) throws -> Bool
    ) rethrows -> Bool {
        let first = lowerBound(lower)
        let end = position(before: upper)
        if end <= first { return true }
        if !reverse {
            var position = first
            while position < end, position.chunk < chunks.count {
                let chunk = chunks[position.chunk]
                let stop = position.chunk == end.chunk ? end.entry : chunk.count
                var entry = position.entry
                while entry < stop {
                    if try !chunk.withKey(entry, body) { return false }
                    entry += 1
                }
                position = KeyPosition(chunk: position.chunk + 1, entry: 0)
            }
            return true
        }
        guard var position = previous(end) else { return true }
        while true {
            if position < first { return true }
            let chunk = chunks[position.chunk]
            let stop = position.chunk == first.chunk ? first.entry : 0
            var entry = position.entry
            while entry >= stop {
                if try !chunk.withKey(entry, body) { return false }
                entry -= 1
            }
            guard let before = previous(KeyPosition(chunk: position.chunk, entry: 0)) else { return true }
            position = before
        }
    }

    /// How many keys lie in `[lower, upper)`.
    func count(from lower: [UInt8], to upper: [UInt8]?) -> Int {
        count(between: lowerBound(lower), and: position(before: upper))
    }

    func count(between first: KeyPosition, and end: KeyPosition) -> Int {
        if end <= first { return 0 }
        if first.chunk == end.chunk { return end.entry - first.entry }
        var total = Int(chunkCounts[first.chunk]) - first.entry
        if first.chunk + 1 < end.chunk {
            chunkCounts.withUnsafeBufferPointer { counts in
                for index in (first.chunk + 1)..<end.chunk { total += Int(counts[index]) }
            }
        }
        return total + end.entry
    }

    // MARK: Mutation

    /// Inserts `key`; returns `false` (and changes nothing) when it is already present.
    @discardableResult
    mutating func insert(_ key: [UInt8]) -> Bool {
        key.withUnsafeBytes { probe in
            if chunks.isEmpty {
                var chunk = KeyChunk()
                chunk.append(probe)
                chunks.append(chunk)
                chunkCounts.append(1)
                count = 1
                return true
            }
            let chunkIndex = chunkIndex(for: probe)
            let entry = chunks[chunkIndex].lowerBound(probe)
            if entry < chunks[chunkIndex].count, chunks[chunkIndex].compare(entry, probe) == 0 { return false }
            let chunk = chunks[chunkIndex]
            let full = chunk.count >= Self.maximumChunkKeys || chunk.byteCount + probe.count > Self.maximumChunkBytes
            if !full {
                chunks[chunkIndex].insert(probe, at: entry)
                chunkCounts[chunkIndex] += 1
            } else if entry == chunk.count {
                var fresh = KeyChunk()
                fresh.append(probe)
                chunks.insert(fresh, at: chunkIndex + 1)
                chunkCounts.insert(1, at: chunkIndex + 1)
            } else if entry == 0 {
                var fresh = KeyChunk()
                fresh.append(probe)
                chunks.insert(fresh, at: chunkIndex)
                chunkCounts.insert(1, at: chunkIndex)
            } else {
                let middle = chunk.count / 2
                let tail = chunks[chunkIndex].split(at: middle)
                chunks.insert(tail, at: chunkIndex + 1)
                chunkCounts.insert(UInt32(tail.count), at: chunkIndex + 1)
                chunkCounts[chunkIndex] = UInt32(chunks[chunkIndex].count)
                let target = entry < middle ? chunkIndex : chunkIndex + 1
                let position = entry < middle ? entry : entry - middle
                chunks[target].insert(probe, at: position)
                chunkCounts[target] += 1
            }
            count += 1
            return true
        }
    }

    /// Removes `key`; returns `false` when it was absent.
    @discardableResult
    mutating func remove(_ key: [UInt8]) -> Bool {
        let position = lowerBound(key)
        guard position != endPosition else { return false }
        let found = key.withUnsafeBytes { chunks[position.chunk].compare(position.entry, $0) == 0 }
        guard found else { return false }
        chunks[position.chunk].remove(at: position.entry)
        chunkCounts[position.chunk] -= 1
        count -= 1
        let chunkIndex = position.chunk
        if chunks[chunkIndex].count == 0 {
            chunks.remove(at: chunkIndex)
            chunkCounts.remove(at: chunkIndex)
        } else if chunks[chunkIndex].count < Self.maximumChunkKeys / 4, chunkIndex + 1 < chunks.count {
            let next = chunks[chunkIndex + 1]
            if chunks[chunkIndex].count + next.count <= Self.maximumChunkKeys / 2,
                chunks[chunkIndex].byteCount + next.byteCount <= Self.maximumChunkBytes / 2
            {
                chunks[chunkIndex].absorb(next)
                chunks.remove(at: chunkIndex + 1)
                chunkCounts.remove(at: chunkIndex + 1)
                chunkCounts[chunkIndex] = UInt32(chunks[chunkIndex].count)
            }
        }
        return true
    }

    /// Appends `key`, greater than every key present (the caller guarantees it), filling the last chunk
    /// before starting another. Only for building a list.
    mutating func appendGreatest(_ key: UnsafeRawBufferPointer) {
        if chunks.isEmpty
            || chunks[chunks.count - 1].count >= Self.maximumChunkKeys
            || chunks[chunks.count - 1].byteCount + key.count > Self.maximumChunkBytes
        {
            chunks.append(KeyChunk())
            chunkCounts.append(0)
        }
        chunks[chunks.count - 1].append(key)
        chunkCounts[chunkCounts.count - 1] += 1
        count += 1
    }

    /// Appends the key made of the first `shared` bytes of the last key, then `rest` (a key written
    /// prefix-compressed), as ``appendGreatest(_:)`` does; `false`, and nothing appended, when the last
    /// key is shorter than `shared`, or there is none and `shared` is not 0.
    mutating func appendGreatest(sharing shared: Int, then rest: UnsafeRawBufferPointer) -> Bool {
        guard shared > 0 else {
            guard shared == 0 else { return false }
            appendGreatest(rest)
            return true
        }
        let last = chunks.count - 1
        guard last >= 0, chunks[last].count > 0 else { return false }
        let previous = chunks[last].bounds(chunks[last].count - 1)
        guard shared <= previous.count else { return false }
        if chunks[last].count < Self.maximumChunkKeys,
            chunks[last].byteCount + shared + rest.count <= Self.maximumChunkBytes
        {
            chunks[last].append(copying: previous.lowerBound..<(previous.lowerBound + shared), then: rest)
            chunkCounts[last] += 1
            count += 1
        } else {
            var key = chunks[last].key(chunks[last].count - 1)
            key.removeSubrange(shared...)
            key.append(contentsOf: rest)
            key.withUnsafeBytes { appendGreatest($0) }
        }
        return true
    }

    /// Calls `body` with the greatest key (`nil`: none).
    func withLastKey<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let last = chunks.last, last.count > 0 else { return try body(nil) }
        return try last.withKey(last.count - 1, body)
    }

    /// Calls `body` with the least key (`nil`: none).
    func withFirstKey<R>(_ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let first = chunks.first, first.count > 0 else { return try body(nil) }
        return try first.withKey(0, body)
    }

    /// Appends the keys of `other`, all greater than this list's (the caller guarantees it), its chunks
    /// as they are. Only for building a list.
    mutating func appendChunks(of other: SortedKeyList) {
        chunks += other.chunks
        chunkCounts += other.chunkCounts
        count += other.count
    }

    init() {}
}
