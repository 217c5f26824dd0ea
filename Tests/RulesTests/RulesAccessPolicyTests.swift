import HearthDomain
import HearthPort
import HearthRules
import Testing

@Suite("RulesAccessPolicy")
struct RulesAccessPolicyTests {
    private struct NoDocuments: AccessReader {
        func document(at path: DocumentPath, after: Bool) -> Document? { nil }
    }

    /// The policy keeps the last caller's `request.auth`; a caller whose uid differs only in its bytes (a
    /// decomposed `é` after a precomposed one) is another user, with a `request.auth.uid` of its own.
    @Test func callersWhoseUIDsDifferOnlyInTheirBytes_areDecidedEachAsItself() throws {
        let policy = try RulesAccessPolicy(
            rules: """
                rules_version = '2';
                service cloud.firestore {
                  match /databases/{database}/documents { match /c/{id} { allow get: if request.auth.uid == 'caf\u{E9}'; } }
                }
                """)
        let path = try DocumentPath("c/d")
        let time = try Timestamp(seconds: 0, nanoseconds: 0)
        let precomposed = AuthContext.user(try UserID("caf\u{E9}"), claims: [:])
        let decomposed = AuthContext.user(try UserID("cafe\u{301}"), claims: [:])

        try policy.check(.get(path, existing: nil), as: precomposed, at: time, reader: NoDocuments())
        #expect(throws: DocumentStoreError.self) {
            try policy.check(.get(path, existing: nil), as: decomposed, at: time, reader: NoDocuments())
        }
        try policy.check(.get(path, existing: nil), as: precomposed, at: time, reader: NoDocuments())
    }
}
