import HearthCrypto
import Testing

@Suite("Crypto: constant-time comparison")
struct ConstantTimeEqualsTests {
    @Test func equalBytes_areEqual() {
        #expect(constantTimeEquals([UInt8](), [UInt8]()))
        #expect(constantTimeEquals(SHA256.hash(utf8("a")), SHA256.hash(utf8("a"))))
    }

    @Test func aDifferenceAnywhere_isUnequal() {
        let digest = SHA256.hash(utf8("a"))
        for index in digest.indices {
            for bit in 0..<8 {
                var altered = digest
                altered[index] ^= 1 << bit
                #expect(!constantTimeEquals(digest, altered), "byte \(index), bit \(bit)")
            }
        }
    }

    @Test func differentLengths_areUnequal() {
        #expect(!constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!constantTimeEquals([UInt8](), [0]))
    }

    @Test func slicesAndArrays_compareByContent() {
        let bytes: [UInt8] = [9, 1, 2, 3, 9]
        #expect(constantTimeEquals(bytes[1..<4], [1, 2, 3]))
    }
}
