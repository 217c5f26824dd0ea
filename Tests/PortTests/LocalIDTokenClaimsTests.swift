import Foundation
import HearthDomain
import HearthPort
import Testing

/// The claims the local auth gateways put in their ID tokens: Firebase's names and shapes, as the Firebase
/// Auth emulator writes them (../shared/reference/AUTH.md), so that the Firestore emulator reads the user.
@Suite("LocalIDTokenClaims")
struct LocalIDTokenClaimsTests {
    @Test func json_hasFirebasesClaims_sortedWithSlashesUnescaped() throws {
        let claims = LocalIDTokenClaims(
            projectID: "demo-gym", uid: try UserID("uid-1"), email: try Email("ana@example.com"),
            issuedAt: 1_800_000_600, expiresAt: 1_800_004_200, authTime: 1_800_000_000, sessionID: "sign-in-1")

        let text = String(decoding: try claims.json(), as: UTF8.self)

        #expect(text.hasPrefix(#"{"aud":"demo-gym","auth_time":1800000000,"email":"ana@example.com","#))
        #expect(text.contains(#""iss":"https://securetoken.google.com/demo-gym""#))
        #expect(text.contains(#""email_verified":false,"exp":1800004200"#))
        #expect(
            text.contains(#""firebase":{"identities":{"email":["ana@example.com"]},"sign_in_provider":"password"}"#))
        #expect(text.contains(#""iat":1800000600,"iss""#))
        #expect(text.hasSuffix(#""sid":"sign-in-1","sub":"uid-1","user_id":"uid-1"}"#))
        #expect(claims.jti.count == 20 && claims.jti.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(LocalIDTokenClaims(json: Array(try claims.json())) == claims, "read back as written")
    }

    @Test func withoutSessionID_hasNoSid_andTokenIDsDiffer() throws {
        let make = {
            LocalIDTokenClaims(
                projectID: "p", uid: try UserID("u"), email: try Email("a@b.c"), issuedAt: 0, expiresAt: 1, authTime: 0)
        }

        let one = try make()
        let other = try make()

        #expect(!String(decoding: try one.json(), as: UTF8.self).contains("sid"))
        #expect(one.jti != other.jti)
    }

    @Test func json_thatIsNotTheClaims_isNil() {
        #expect(LocalIDTokenClaims(json: Array(#"{"sub":"u"}"#.utf8)) == nil)
        #expect(LocalIDTokenClaims(json: Array("not json".utf8)) == nil)
    }

    @Test func newUserIDs_are28AlphanumericCharacters_andDiffer() throws {
        let ids = try (0..<100).map { _ in try LocalAuthSupport.newUserID().rawValue }

        #expect(ids.allSatisfy { $0.count == 28 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        #expect(Set(ids).count == 100)
    }
}
