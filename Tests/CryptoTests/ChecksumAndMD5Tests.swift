import HearthCrypto
import Testing

/// MD5 against RFC 1321's test suite (§A.5), and both CRCs against their check values ("123456789") and
/// the emulator's answers for `hashing.crc32('abc')` and `hashing.crc32c('abc')`.
struct ChecksumAndMD5Tests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"), ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"), ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
            "d174ab98d277d9f5a5611c2c9f419d9f"
        ),
        (
            "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
            "57edf4a22be3c955ac49da2e2107b67a"
        ),
    ])
    func md5_matchesRFC1321(_ message: String, _ digest: String) {
        #expect(hexString(MD5.hash(Array(message.utf8))) == digest)
    }

    @Test func md5_ofMessagesAroundTheBlockBoundary_differAndHave16Bytes() {
        let digests = (50..<70).map { MD5.hash([UInt8](repeating: 0x61, count: $0)) }
        #expect(Set(digests.map(hexString)).count == 20)
        #expect(digests.allSatisfy { $0.count == 16 })
    }

    @Test func crcs_matchTheirCheckValues_andTheEmulator() {
        #expect(CRC32.isoHDLC.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.castagnoli.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32.isoHDLC.checksum(Array("abc".utf8)) == 0x3524_41C2)
        #expect(CRC32.castagnoli.checksum(Array("abc".utf8)) == 0x364B_3FB7)
        // Incremental: any split gives the same checksum (the slicing path and the byte path meet).
        let message = Array("The quick brown fox jumps over the lazy dog".utf8)
        for split in 0...message.count {
            let first = message[..<split].withUnsafeBytes { CRC32.isoHDLC.checksum($0) }
            let whole = message[split...].withUnsafeBytes { CRC32.isoHDLC.update(first, $0) }
            #expect(whole == 0x414F_A339, "split at \(split)")
        }
    }
}
