import HearthDomain
@testable import HearthLocalEngine
import Testing

@Suite("Indexes: order-preserving key encoding")
struct IndexKeyEncodingTests {
    @Test func encodings_compareAsFirestoreOrdersValues() {
        var random = RandomValues(seed: 1)
        for _ in 0..<20_000 {
            let left = random.value()
            let right = random.value()

            let byKeys = Bytes.compare(IndexKeyEncoding.encode(left), IndexKeyEncoding.encode(right))

            #expect(byKeys == Value.compare(left, right), "\(left) vs \(right)")
        }
    }

    @Test func concatenatedEncodings_compareComponentByComponent() {
        var random = RandomValues(seed: 2)
        for _ in 0..<10_000 {
            let (a, b, x, y) = (random.value(), random.value(), random.value(), random.value())
            var left = IndexKeyEncoding.encode(a)
            IndexKeyEncoding.append(x, to: &left)
            var right = IndexKeyEncoding.encode(b)
            IndexKeyEncoding.append(y, to: &right)

            let first = Value.compare(a, b)
            let expected = first != 0 ? first : Value.compare(x, y)

            #expect(Bytes.compare(left, right) == expected, "(\(a), \(x)) vs (\(b), \(y))")
        }
    }

    @Test func integersAndDoubles_compareExactly() {
        let big: Int64 = 1 << 53
        #expect(compare(.integer(big + 1), .double(9_007_199_254_740_992.0)) == 1)
        #expect(compare(.integer(Int64.max), .double(9_223_372_036_854_775_808.0)) == -1)
        #expect(compare(.integer(Int64.min), .double(-9_223_372_036_854_775_808.0)) == 0)
        #expect(compare(.integer(1), .double(1.0)) == 0)
        #expect(compare(.double(-0.0), .double(0.0)) == 0)
        #expect(compare(.double(.nan), .double(-.infinity)) == -1)
    }

    @Test func names_orderByDocumentIDAndEndWithTheSlot() {
        var a: [UInt8] = []
        IndexKeyEncoding.appendName("a", slot: 7, to: &a)
        var ab: [UInt8] = []
        IndexKeyEncoding.appendName("a\u{0}", slot: 1, to: &ab)

        #expect(Bytes.compare(a, ab) < 0)
        #expect(a.withUnsafeBytes { IndexKeyEncoding.slot(of: $0) } == 7)
    }

    @Test func prefixEnd_boundsEveryExtension() {
        #expect(IndexKeyEncoding.prefixEnd([1, 2]) == [1, 3])
        #expect(IndexKeyEncoding.prefixEnd([1, 0xFF]) == [2])
        #expect(IndexKeyEncoding.prefixEnd([0xFF]) == nil)
    }

    private func compare(_ left: Value, _ right: Value) -> Int {
        Bytes.compare(IndexKeyEncoding.encode(left), IndexKeyEncoding.encode(right))
    }
}
