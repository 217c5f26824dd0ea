import HearthCrypto
import Testing

/// Vectors: RFC 7914 section 11 (PBKDF2-HMAC-SHA256), and the RFC 6070-style SHA-256 vectors published
/// in the answer "PBKDF2-HMAC-SHA256 test vectors" (Stack Overflow question 5130513), which take RFC 6070's
/// inputs with SHA-256 in place of SHA-1 (also checked against Python's `hashlib.pbkdf2_hmac`).
@Suite("Crypto: PBKDF2-HMAC-SHA-256")
struct PBKDF2Tests {
    @Test func rfc7914Section11_oneIteration() throws {
        let key = try PBKDF2.hmacSHA256(password: utf8("passwd"), salt: utf8("salt"), iterations: 1, keyByteCount: 64)
        #expect(
            key
                == hex(
                    """
                    55 ac 04 6e 56 e3 08 9f ec 16 91 c2 25 44 b6 05 f9 41 85 21 6d de 04 65 e6 8b 9d 57 c2 0d ac bc
                    49 ca 9c cc f1 79 b6 45 99 16 64 b3 9d 77 ef 31 7c 71 b8 45 b1 e3 0b d5 09 11 20 41 d3 a1 97 83
                    """))
    }

    @Test func rfc7914Section11_80000Iterations() throws {
        let key = try PBKDF2.hmacSHA256(
            password: utf8("Password"), salt: utf8("NaCl"), iterations: 80_000, keyByteCount: 64)
        #expect(
            key
                == hex(
                    """
                    4d dc d8 f6 0b 98 be 21 83 0c ee 5e f2 27 01 f9 64 1a 44 18 d0 4c 04 14 ae ff 08 87 6b 34 ab 56
                    a1 d4 25 a1 22 58 33 54 9a db 84 1b 51 c9 b3 17 6a 27 2b de bb a1 d0 78 47 8f 62 b3 97 f3 3c 8d
                    """))
    }

    @Test(arguments: [
        (1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        (2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        (4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
    ])
    func rfc6070Style_passwordSalt(iterations: Int, expected: String) throws {
        // The 16,777,216-iteration vector of the set is left out: minutes in a debug build.
        let key = try PBKDF2.hmacSHA256(
            password: utf8("password"), salt: utf8("salt"), iterations: iterations, keyByteCount: 32)
        #expect(hexString(key) == expected)
    }

    @Test func rfc6070Style_longPasswordAndSalt_keyLongerThanOneBlock() throws {
        let key = try PBKDF2.hmacSHA256(
            password: utf8("passwordPASSWORDpassword"), salt: utf8("saltSALTsaltSALTsaltSALTsaltSALTsalt"),
            iterations: 4096, keyByteCount: 40)
        #expect(hexString(key) == "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9")
    }

    @Test func rfc6070Style_embeddedZeroBytes_truncatedKey() throws {
        let key = try PBKDF2.hmacSHA256(
            password: utf8("pass\0word"), salt: utf8("sa\0lt"), iterations: 4096, keyByteCount: 16)
        #expect(hexString(key) == "89b69d0516f829893c696226650a8687")
    }

    @Test(arguments: [0, -1, Int.min])
    func iterationsBelowOne_throwNamingIterations(iterations: Int) {
        #expect(throws: CryptoError.invalidParameter("iterations", reason: "must be at least 1")) {
            try PBKDF2.hmacSHA256(password: utf8("p"), salt: utf8("s"), iterations: iterations, keyByteCount: 32)
        }
    }

    @Test(arguments: [0, -5, PBKDF2.maximumKeyByteCount + 1, Int.max])
    func keyByteCountOutOfRange_throwsNamingKeyByteCount(keyByteCount: Int) {
        do {
            _ = try PBKDF2.hmacSHA256(password: utf8("p"), salt: utf8("s"), iterations: 1, keyByteCount: keyByteCount)
            Issue.record("expected an error")
        } catch {
            guard case .invalidParameter("keyByteCount", _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }
}
