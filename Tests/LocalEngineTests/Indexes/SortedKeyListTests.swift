import HearthTestSupport
@testable import HearthLocalEngine
import Testing

@Suite("Indexes: sorted key list")
struct SortedKeyListTests {
    @Test func randomInsertsAndRemovals_matchASortedSet() {
        var generator = SeededGenerator(seed: 3)
        var sut = SortedKeyList()
        var reference = Set<[UInt8]>()
        for step in 0..<30_000 {
            let key = randomKey(&generator)
            if Int.random(in: 0..<3, using: &generator) == 0 {
                #expect(sut.remove(key) == (reference.remove(key) != nil))
            } else {
                #expect(sut.insert(key) == reference.insert(key).inserted)
            }
            if step % 5_000 == 0 { #expect(allKeys(sut) == sorted(reference)) }
        }

        #expect(allKeys(sut) == sorted(reference))
        #expect(sut.count == reference.count)
        #expect(sut.chunks.count > 1)
    }

    @Test func rangesForwardAndBackward_matchTheSortedSet() {
        var generator = SeededGenerator(seed: 4)
        var sut = SortedKeyList()
        var reference = Set<[UInt8]>()
        for _ in 0..<5_000 {
            let key = randomKey(&generator)
            sut.insert(key)
            reference.insert(key)
        }
        let all = sorted(reference)
        for _ in 0..<300 {
            let lower = randomKey(&generator)
            let upper: [UInt8]? = Bool.random(using: &generator) ? randomKey(&generator) : nil
            let expected = all.filter { key in
                Bytes.compare(key, lower) >= 0 && (upper.map { Bytes.compare(key, $0) < 0 } ?? true)
            }

            var forward: [[UInt8]] = []
            sut.forEach(from: lower, to: upper, reverse: false) {
                forward.append(Array($0)); return true
            }
            var backward: [[UInt8]] = []
            sut.forEach(from: lower, to: upper, reverse: true) {
                backward.append(Array($0)); return true
            }

            #expect(forward == expected)
            #expect(backward == expected.reversed())
            #expect(sut.count(from: lower, to: upper) == expected.count)
        }
    }

    @Test func keysInOrder_fillChunksCompletely() {
        var sut = SortedKeyList()
        for index in 0..<10_000 {
            sut.insert(Array("k\(100_000 + index)".utf8))
        }

        #expect(sut.chunks.count == 10_000 / SortedKeyList.maximumChunkKeys + 1)
    }

    @Test func forEach_stopsWhenTheBodySaysSo() {
        var sut = SortedKeyList()
        for byte in UInt8(0)..<100 { sut.insert([byte]) }
        var seen = 0

        let finished = sut.forEach(from: [], to: nil, reverse: false) { _ in
            seen += 1
            return seen < 10
        }

        #expect(!finished)
        #expect(seen == 10)
    }

    // MARK: Helpers

    private func randomKey(_ generator: inout SeededGenerator) -> [UInt8] {
        (0..<Int.random(in: 0..<6, using: &generator)).map { _ in UInt8.random(in: 0...4, using: &generator) * 63 }
    }

    private func sorted(_ keys: Set<[UInt8]>) -> [[UInt8]] {
        keys.sorted { Bytes.compare($0, $1) < 0 }
    }

    private func allKeys(_ list: SortedKeyList) -> [[UInt8]] {
        var keys: [[UInt8]] = []
        list.forEach(from: [], to: nil, reverse: false) {
            keys.append(Array($0)); return true
        }
        return keys
    }
}
