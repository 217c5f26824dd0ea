import HearthCrypto
import Testing

/// Vectors: RFC 4648 section 10 (the "foobar" prefixes), spelled with the base64url alphabet of section 5
/// and no padding.
@Suite("Crypto: base64url")
struct Base64URLTests {
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648Section10_encodesAndDecodes(plain: String, encoded: String) throws {
        #expect(Base64URL.encode(utf8(plain)) == encoded)
        #expect(try Base64URL.decode(encoded) == utf8(plain))
    }

    @Test func urlSafeAlphabet_usesMinusAndUnderscore() throws {
        #expect(Base64URL.encode([0xfb, 0xff, 0xbf]) == "-_-_")
        #expect(try Base64URL.decode("-_-_") == [0xfb, 0xff, 0xbf])
    }

    @Test func jwtHeader_encodesAsEveryHS256TokenBegins() {
        #expect(Base64URL.encode(utf8(#"{"alg":"HS256","typ":"JWT"}"#)) == "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9")
    }

    @Test func everyByteValueAndLength_roundTrips() throws {
        let bytes = (0..<256).map { UInt8($0) }
        for length in 0...bytes.count {
            let prefix = Array(bytes.prefix(length))
            #expect(try Base64URL.decode(Base64URL.encode(prefix)) == prefix)
        }
    }

    @Test(arguments: ["Zg==", "Zm9v Yg", "Zm9v+g", "Zm9v/g", "Zm9v\nYg", "Zm9vYg=", "é", "Zm9\u{0}"])
    func charactersOutsideTheAlphabet_areRefused(text: String) {
        #expect(throws: CryptoError.self) { try Base64URL.decode(text) }
    }

    @Test(arguments: ["Z", "Zm9vY", "Zm9vYmFyZ"])
    func lengthOneMoreThanAMultipleOfFour_isRefused(text: String) {
        #expect(throws: CryptoError.self) { try Base64URL.decode(text) }
    }

    @Test(arguments: ["Zh", "Zm9", "Zm9vYh", "Zm9vYmF"])
    func nonZeroUnusedBits_areRefusedSoThatEachValueHasOneSpelling(text: String) {
        // "Zg" and "Zh" would both decode to "f"; "Zm8" and "Zm9" to "fo".
        #expect(throws: CryptoError.self) { try Base64URL.decode(text) }
    }

    @Test func error_namesTheOffsetNotTheCharacter() {
        do {
            _ = try Base64URL.decode("abcd$ecret")
            Issue.record("expected an error")
        } catch {
            #expect(error == .invalidEncoding("base64url", reason: "character at offset 4 is not in the alphabet"))
            #expect(!error.description.contains("$ecret"))
        }
    }
}
