import HearthDomain
import Testing

@Suite("AuthError")
struct AuthErrorTests {
    /// The Firebase Authentication codes each `AuthError.Code` covers (../shared/reference/AUTH.md, "Errors",
    /// and the Apple SDK's mapping): the table the REST adapter translates with.
    static let firebaseCodes: [(String, AuthError.Code)] = [
        ("INVALID_LOGIN_CREDENTIALS", .invalidCredentials), ("EMAIL_NOT_FOUND", .invalidCredentials),
        ("INVALID_PASSWORD", .invalidCredentials), ("EMAIL_EXISTS", .emailAlreadyInUse),
        ("WEAK_PASSWORD", .weakPassword), ("PASSWORD_DOES_NOT_MEET_REQUIREMENTS", .weakPassword),
        ("MISSING_PASSWORD", .weakPassword), ("INVALID_EMAIL", .invalidEmail), ("MISSING_EMAIL", .invalidEmail),
        ("USER_DISABLED", .userDisabled), ("TOO_MANY_ATTEMPTS_TRY_LATER", .tooManyRequests),
        ("QUOTA_EXCEEDED", .tooManyRequests), ("TOKEN_EXPIRED", .sessionExpired),
        ("INVALID_ID_TOKEN", .sessionExpired), ("INVALID_REFRESH_TOKEN", .sessionExpired),
        ("USER_NOT_FOUND", .sessionExpired), ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .requiresRecentLogin),
        ("INVALID_GRANT_TYPE", .internal), ("MISSING_REFRESH_TOKEN", .internal),
    ]

    @Test(arguments: AuthErrorTests.firebaseCodes)
    func firebaseCode_mapsToItsCode(_ firebaseCode: String, _ expected: AuthError.Code) {
        #expect(AuthError.Code(firebaseCode: firebaseCode) == expected)
        #expect(expected.firebaseCodes.contains(firebaseCode))
    }

    @Test func everyListedFirebaseCode_isInTheTable_andInOneCodeOnly() {
        let listed = AuthError.Code.allCases.flatMap(\.firebaseCodes)

        #expect(listed.sorted() == Self.firebaseCodes.map(\.0).sorted())
        #expect(Set(listed).count == listed.count)
        #expect(AuthError.Code.connectivity.firebaseCodes.isEmpty)
    }

    @Test(arguments: ["", "OPERATION_NOT_ALLOWED", "invalid_password", "EMAIL_NOT_FOUND : detail"])
    func unknownFirebaseCode_isNil(_ firebaseCode: String) {
        #expect(AuthError.Code(firebaseCode: firebaseCode) == nil)
    }

    @Test func codes_areFoundByName_andDistinct() throws {
        let names = [
            "invalidCredentials", "emailAlreadyInUse", "weakPassword", "invalidEmail", "userDisabled",
            "tooManyRequests", "sessionExpired", "requiresRecentLogin", "connectivity", "internal",
        ]

        #expect(AuthError.Code.allCases.map(\.name) == names)
        for name in names { #expect(try #require(AuthError.Code(name: name)).description == name) }
        #expect(AuthError.Code(name: "INVALID_CREDENTIALS") == nil)
    }

    @Test func predefinedErrors_carryTheirCode() {
        let predefined: [AuthError] = [
            .invalidCredentials, .emailAlreadyInUse, .weakPassword, .invalidEmail, .userDisabled, .tooManyRequests,
            .sessionExpired, .requiresRecentLogin, .connectivity, .internal,
        ]

        #expect(predefined.map(\.code) == AuthError.Code.allCases)
    }

    @Test func description_isCodeMessageAndCause() {
        let plain = AuthError(.connectivity, "The host is down.")
        let caused = AuthError(.internal, "Bad answer.", underlying: AuthError.userDisabled)

        #expect(plain.description == "connectivity: The host is down.")
        #expect(caused.description == "internal: Bad answer. (cause: userDisabled: The account is disabled.)")
    }

    @Test func predefinedErrors_matchInCatch_byCode() {
        func signIn() throws { throw AuthError(.invalidCredentials, "another message") }

        var matched = false
        do {
            try signIn()
        } catch AuthError.userDisabled {
            Issue.record("matched the wrong code")
        } catch AuthError.invalidCredentials {
            matched = true
        } catch {
            Issue.record("not matched: \(error)")
        }
        #expect(matched)
    }
}
