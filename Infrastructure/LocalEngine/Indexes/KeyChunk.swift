import HearthDomain

/// A run of sorted, unique byte-string keys stored back to back in one buffer, with the end offset of
/// each: two allocations for up to a few hundred keys.
struct KeyChunk: Sendable {
    private(set) var bytes: [UInt8] = []
    /// `ends[i]` is the offset just past key `i`.
    private(set) var ends: [UInt32] = []

    var count: Int { ends.count }
    var byteCount: Int { bytes.count }

    init() {}

    init(bytes: [UInt8], ends: [UInt32]) {
        self.bytes = bytes
        self.ends = ends
    }

    func bounds(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    func key(_ index: Int) -> [UInt8] {
        Array(bytes[bounds(index)])
    }

    func withKey<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let range = bounds(index)
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The index of the first key not less than `probe` (`count` when every key is less).
    func lowerBound(_ probe: UnsafeRawBufferPointer) -> Int {
        bytes.withUnsafeBytes { buffer in
            ends.withUnsafeBufferPointer { ends in
                var low = 0
                var high = ends.count
                while low < high {
                    let middle = (low + high) / 2
                    let start = middle == 0 ? 0 : Int(ends[middle - 1])
                    let key = UnsafeRawBufferPointer(rebasing: buffer[start..<Int(ends[middle])])
                    if UTF8Order.compareBytes(key, probe) < 0 { low = middle + 1 } else { high = middle }
                }
                return low
            }
        }
    }

    func compare(_ index: Int, _ probe: UnsafeRawBufferPointer) -> Int {
        withKey(index) { UTF8Order.compareBytes($0, probe) }
    }

    mutating func insert(_ key: UnsafeRawBufferPointer, at index: Int) {
        let offset = index == 0 ? 0 : Int(ends[index - 1])
        bytes.insert(contentsOf: key, at: offset)
        let length = UInt32(key.count)
        ends.insert(UInt32(offset), at: index)
        ends.withUnsafeMutableBufferPointer { ends in
            for position in index..<ends.count { ends[position] += length }
        }
    }

    mutating func append(_ key: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: key)
        ends.append(UInt32(bytes.count))
    }

    /// Appends a key made of this chunk's bytes in `prefix` (which lie before the end), then `rest`.
    mutating func append(copying prefix: Range<Int>, then rest: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(byteCount: prefix.count + rest.count, alignment: 1) { key in
            bytes.withUnsafeBytes { key.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[prefix])) }
            UnsafeMutableRawBufferPointer(rebasing: key[prefix.count...]).copyMemory(from: rest)
            bytes.append(contentsOf: UnsafeRawBufferPointer(key))
        }
        ends.append(UInt32(bytes.count))
    }

    mutating func remove(at index: Int) {
        let range = bounds(index)
        bytes.removeSubrange(range)
        ends.remove(at: index)
        let length = UInt32(range.count)
        ends.withUnsafeMutableBufferPointer { ends in
            for position in index..<ends.count { ends[position] -= length }
        }
    }

    /// The keys from `index` on, moved out into a new chunk.
    mutating func split(at index: Int) -> KeyChunk {
        let offset = index == 0 ? 0 : Int(ends[index - 1])
        let tailBytes = Array(bytes[offset...])
        let tailEnds = ends[index...].map { $0 - UInt32(offset) }
        bytes = Array(bytes[..<offset])
        ends = Array(ends[..<index])
        return KeyChunk(bytes: tailBytes, ends: tailEnds)
    }

    /// Appends every key of `other` (all greater than this chunk's keys).
    mutating func absorb(_ other: KeyChunk) {
        let offset = UInt32(bytes.count)
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.map { $0 + offset })
    }
}
