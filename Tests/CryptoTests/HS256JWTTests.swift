import Foundation
import HearthCrypto
import Testing

@Suite("Crypto: HS256 JSON Web Tokens")
struct HS256JWTTests {
    /// RFC 7515 appendix A.1: the HS256 example, its key (the JWK's `k`) and its token, whose header is
    /// spelled differently from ours (other order, CRLF and spaces).
    private static let rfc7515Key =
        "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"
    private static let rfc7515Token =
        "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

    @Test func rfc7515AppendixA1_verifiesBeforeItsExpiry() throws {
        let claims = try HS256JWT.verify(
            Self.rfc7515Token, key: try Base64URL.decode(Self.rfc7515Key),
            now: Date(timeIntervalSince1970: 1_300_819_379))
        #expect(
            claims == utf8("{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}"))
    }

    @Test func rfc7515AppendixA1_isExpiredAtItsExp() throws {
        #expect(throws: CryptoError.tokenExpired) {
            try HS256JWT.verify(
                Self.rfc7515Token, key: try Base64URL.decode(Self.rfc7515Key),
                now: Date(timeIntervalSince1970: 1_300_819_380))
        }
    }

    @Test func sign_thenVerify_returnsTheClaimsAsSigned() throws {
        let claims = utf8(#"{"sub":"u1","exp":2000000000,"email":"a@b.c"}"#)
        let token = try HS256JWT.sign(claims: claims, key: key)
        #expect(token.hasPrefix("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."))
        #expect(try HS256JWT.verify(token, key: key, now: beforeExpiry) == claims)
    }

    @Test func sign_isTheHMACOfTheSigningInput() throws {
        let claims = utf8(#"{"exp":1}"#)
        let token = try HS256JWT.sign(claims: claims, key: key)
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let input = parts[0] + "." + parts[1]
        #expect(try Base64URL.decode(parts[2]) == HMACSHA256.authenticationCode(for: utf8(input), key: key))
        #expect(try Base64URL.decode(parts[0]) == utf8(HS256JWT.header))
    }

    @Test func wrongKey_isAnInvalidSignature() throws {
        let token = try HS256JWT.sign(claims: utf8(#"{"exp":2000000000}"#), key: key)
        #expect(throws: CryptoError.invalidSignature) {
            try HS256JWT.verify(token, key: [UInt8](repeating: 8, count: 32), now: beforeExpiry)
        }
    }

    @Test func tamperedClaims_areAnInvalidSignature() throws {
        let token = try HS256JWT.sign(claims: utf8(#"{"sub":"alice","exp":2000000000}"#), key: key)
        let parts = token.split(separator: ".").map(String.init)
        let forged = parts[0] + "." + Base64URL.encode(utf8(#"{"sub":"admin","exp":2000000000}"#)) + "." + parts[2]
        #expect(throws: CryptoError.invalidSignature) { try HS256JWT.verify(forged, key: key, now: beforeExpiry) }
    }

    @Test func everyAlteredSignatureCharacter_isRefused() throws {
        let token = Array(try HS256JWT.sign(claims: utf8(#"{"exp":2000000000}"#), key: key))
        let signatureStart = (token.lastIndex(of: ".") ?? 0) + 1
        for index in signatureStart..<token.count {
            var altered = token
            altered[index] = altered[index] == "A" ? "B" : "A"
            #expect(throws: CryptoError.self) { try HS256JWT.verify(String(altered), key: key, now: beforeExpiry) }
        }
    }

    @Test func unsignedAlgNoneToken_isRefused() {
        let token =
            Base64URL.encode(utf8(#"{"alg":"none","typ":"JWT"}"#)) + "."
            + Base64URL.encode(utf8(#"{"sub":"admin","exp":2000000000}"#)) + "."
        #expect(throws: CryptoError.malformedToken(reason: "the header is not an HS256 JWT header")) {
            try HS256JWT.verify(token, key: key, now: beforeExpiry)
        }
    }

    @Test(arguments: [#"{"exp":"2000000000"}"#, #"{"sub":"u1"}"#, #"{"exp":true}"#, #"[1]"#])
    func claimsWithoutANumericExp_areMalformed(claims: String) throws {
        let token = signedAsIs(claims: claims)
        #expect(throws: CryptoError.malformedToken(reason: "the claims are not a JSON object with a numeric exp")) {
            try HS256JWT.verify(token, key: key, now: beforeExpiry)
        }
    }

    @Test(arguments: [
        "", ".", "..", "a.b", "a.b.c.d", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30", "!!!.e30.AAAA",
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.AA=A", "bm90IGpzb24.e30.AAAA",
    ])
    func garbage_isMalformed(token: String) {
        do {
            _ = try HS256JWT.verify(token, key: key, now: beforeExpiry)
            Issue.record("expected an error")
        } catch {
            guard case .malformedToken = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func hugeToken_isRefusedBeforeDecoding() {
        let token = String(repeating: "A", count: HS256JWT.maximumTokenByteCount + 1)
        #expect(throws: CryptoError.malformedToken(reason: "longer than 16384 bytes")) {
            try HS256JWT.verify(token, key: key, now: beforeExpiry)
        }
    }

    @Test func shortKey_isRefusedWhenSigning() {
        #expect(throws: CryptoError.invalidParameter("key", reason: "must be at least 32 bytes")) {
            try HS256JWT.sign(claims: utf8(#"{"exp":1}"#), key: [UInt8](repeating: 1, count: 31))
        }
    }

    @Test(arguments: ["", "[]", "not json", #""text""#])
    func claimsNotAJSONObject_areRefusedWhenSigning(claims: String) {
        #expect(throws: CryptoError.invalidEncoding("JSON", reason: "the claims are not a JSON object")) {
            try HS256JWT.sign(claims: utf8(claims), key: key)
        }
    }

    @Test func errors_neverQuoteTheTokenOrClaims() throws {
        let token = try HS256JWT.sign(claims: utf8(#"{"sub":"secret-user","exp":1}"#), key: key)
        do {
            _ = try HS256JWT.verify(token, key: key, now: beforeExpiry)
            Issue.record("expected an error")
        } catch {
            #expect(error == .tokenExpired)
            #expect(!error.description.contains("secret-user"))
            #expect(!error.description.contains(token))
        }
    }

    private let key = [UInt8](repeating: 7, count: 32)
    private let beforeExpiry = Date(timeIntervalSince1970: 1_900_000_000)

    /// A token of our header and `claims` with a valid signature, whatever `claims` holds.
    private func signedAsIs(claims: String) -> String {
        let input = Base64URL.encode(utf8(HS256JWT.header)) + "." + Base64URL.encode(utf8(claims))
        return input + "." + Base64URL.encode(HMACSHA256.authenticationCode(for: utf8(input), key: key))
    }
}
