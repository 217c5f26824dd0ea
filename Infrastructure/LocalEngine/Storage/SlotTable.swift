/// A collection's document slots, in chunks of ``chunkSize`` that are copied on write one at a time.
///
/// The engine's storage is a value that a published view (``PublishedView``, a transaction's validation)
/// shares copy-on-write. With one flat array, the first commit after a view was taken would copy the
/// whole collection's slots under the engine's lock; in chunks it copies the chunk list and the one
/// chunk it changes: O(n / chunkSize + chunkSize) instead of O(n).
struct SlotTable: Sendable, RandomAccessCollection {
    static let chunkShift = 9
    static let chunkSize = 1 << chunkShift
    static let chunkMask = chunkSize - 1

    private var chunks: [[DocumentSlot]] = []
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> DocumentSlot {
        get { chunks[position >> Self.chunkShift][position & Self.chunkMask] }
        _modify { yield &chunks[position >> Self.chunkShift][position & Self.chunkMask] }
    }

    mutating func append(_ slot: DocumentSlot) {
        if count & Self.chunkMask == 0 {
            var chunk: [DocumentSlot] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(slot)
        count += 1
    }
}
