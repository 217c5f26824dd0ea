import HearthCrypto
import Testing

/// Vectors: FIPS 180-4's examples as NIST publishes them ("Cryptographic Standards and Guidelines: Examples
/// with Intermediate Values", SHA256.pdf and SHA2_Additional.pdf): "abc", the 448-bit and 896-bit messages,
/// one million 'a'; and the empty message.
@Suite("Crypto: SHA-256")
struct SHA256Tests {
    @Test func hash_emptyMessage_isThePublishedDigest() {
        #expect(
            hexString(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func hash_abc_isTheFIPS180_4OneBlockExample() {
        #expect(
            hexString(SHA256.hash(utf8("abc")))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func hash_448BitMessage_isTheFIPS180_4TwoBlockExample() {
        let message = utf8("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        #expect(
            hexString(SHA256.hash(message)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func hash_896BitMessage_isThePublishedDigest() {
        let message = utf8(
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        )
        #expect(
            hexString(SHA256.hash(message)) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func hash_oneMillionA_isThePublishedDigest() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            hexString(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func update_oneMillionAInUnevenPieces_givesTheOneShotDigest() {
        var hasher = SHA256()
        var remaining = 1_000_000
        var size = 1
        while remaining > 0 {
            let piece = min(size, remaining)
            hasher.update(repeatElement(UInt8(ascii: "a"), count: piece))
            remaining -= piece
            size = size % 200 + 7
        }
        #expect(
            hexString(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func update_everySplitOfAMessage_givesTheOneShotDigest() {
        let message = (0..<150).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 150] {
            let prefix = Array(message.prefix(length))
            let expected = SHA256.hash(prefix)
            for split in 0...length {
                var hasher = SHA256()
                hasher.update(prefix[..<split])
                hasher.update(prefix[split...])
                #expect(hasher.finalize() == expected, "length \(length), split at \(split)")
            }
        }
    }

    @Test func finalize_leavesTheHasherFreeToReadMore() {
        var hasher = SHA256()
        hasher.update(utf8("ab"))
        #expect(hasher.finalize() == SHA256.hash(utf8("ab")))
        hasher.update(utf8("c"))
        #expect(
            hexString(hasher.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func description_showsNoBytesRead() {
        var hasher = SHA256()
        hasher.update(utf8("secret"))
        #expect(hasher.description == "SHA256(…)")
        #expect(Mirror(reflecting: hasher).children.isEmpty)
        var dumped = ""
        dump(hasher, to: &dumped)
        #expect(!dumped.contains("115"))
    }
}
