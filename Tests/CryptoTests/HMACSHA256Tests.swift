import HearthCrypto
import Testing

/// Vectors: RFC 4231 section 4 (test cases 1 to 7, HMAC-SHA-256 rows).
@Suite("Crypto: HMAC-SHA-256")
struct HMACSHA256Tests {
    @Test func rfc4231TestCase1() {
        let code = HMACSHA256.authenticationCode(
            for: utf8("Hi There"), key: [UInt8](repeating: 0x0b, count: 20))
        #expect(hexString(code) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func rfc4231TestCase2_keyShorterThanTheOutput() {
        let code = HMACSHA256.authenticationCode(for: utf8("what do ya want for nothing?"), key: utf8("Jefe"))
        #expect(hexString(code) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func rfc4231TestCase3_combinedKeyAndDataOf50Bytes() {
        let code = HMACSHA256.authenticationCode(
            for: [UInt8](repeating: 0xdd, count: 50), key: [UInt8](repeating: 0xaa, count: 20))
        #expect(hexString(code) == "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
    }

    @Test func rfc4231TestCase4() {
        let code = HMACSHA256.authenticationCode(
            for: [UInt8](repeating: 0xcd, count: 50), key: hex("0102030405060708090a0b0c0d0e0f10111213141516171819"))
        #expect(hexString(code) == "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
    }

    @Test func rfc4231TestCase5_truncatedTo128Bits() {
        let code = HMACSHA256.authenticationCode(
            for: utf8("Test With Truncation"), key: [UInt8](repeating: 0x0c, count: 20))
        #expect(hexString(Array(code.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
    }

    @Test func rfc4231TestCase6_keyLongerThanTheBlockIsHashedFirst() {
        let code = HMACSHA256.authenticationCode(
            for: utf8("Test Using Larger Than Block-Size Key - Hash Key First"),
            key: [UInt8](repeating: 0xaa, count: 131))
        #expect(hexString(code) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func rfc4231TestCase7_keyAndDataLongerThanTheBlock() {
        let data = utf8(
            "This is a test using a larger than block-size key and a larger than block-size data. "
                + "The key needs to be hashed before being used by the HMAC algorithm.")
        let code = HMACSHA256.authenticationCode(for: data, key: [UInt8](repeating: 0xaa, count: 131))
        #expect(hexString(code) == "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
    }

    @Test func update_inPieces_givesTheOneShotCode() {
        var mac = HMACSHA256(key: utf8("Jefe"))
        mac.update(utf8("what do ya "))
        mac.update(utf8(""))
        mac.update(utf8("want for nothing?"))
        #expect(hexString(mac.finalize()) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func description_showsNothingOfTheKey() {
        let mac = HMACSHA256(key: utf8("hunter2-secret"))
        #expect(mac.description == "HMACSHA256(…)")
        var dumped = ""
        dump(mac, to: &dumped)
        #expect(Mirror(reflecting: mac).children.isEmpty)
        #expect(!dumped.contains("hunter2"))
    }
}
