import HearthDomain
import Testing

@Suite("Email")
struct EmailTests {
    @Test(arguments: [
        ("ana@example.com", "ana@example.com"),
        ("  Ana@Example.COM \n", "ana@example.com"),
        ("\tMIXED.case+tag@Sub.Example.org", "mixed.case+tag@sub.example.org"),
        ("user@localhost", "user@localhost"),
        ("ÉLODIE@exemple.fr", "élodie@exemple.fr"),
    ])
    func valid_isTrimmedAndLowerCased(_ input: String, _ expected: String) throws {
        #expect(try Email(input).value == expected)
        #expect(try Email(input).description == expected)
    }

    @Test func sameAddressInOtherCase_isEqual() throws {
        #expect(try Email("Ana@Example.com") == Email("ana@example.COM"))
        #expect(Set([try Email("A@b.c"), try Email("a@B.C")]).count == 1)
    }

    @Test(arguments: [
        ("", "is empty"), (" \n\t ", "is empty"), ("plain", "has no \"@\""), ("a@b@c.d", "more than one"),
        ("a@@c.d", "more than one"), ("@example.com", "nothing before"), ("ana@", "no domain"),
        ("a b@example.com", "whitespace"), ("a@exa mple.com", "whitespace"), ("a\u{0}@example.com", "control"),
        ("a\u{200B}@example.com", "control"), ("a@example..com", "empty label"), ("a@.example.com", "empty label"),
        ("a@example.com.", "empty label"),
    ])
    func malformed_isInvalidEmailNamingFieldAndRule(_ input: String, _ rule: String) throws {
        let error = try #require(authError { try Email(input) })

        #expect(error.code == .invalidEmail)
        #expect(error.message.hasPrefix("email: "), "\(error.message)")
        #expect(error.message.contains(rule), "\(error.message)")
    }

    @Test func tooLong_isInvalidEmail_withoutQuotingTheInput() throws {
        let local = String(repeating: "l", count: 64)
        let atLimit = local + "@" + String(repeating: "d", count: Email.maximumLength - 65)
        let overLimit = atLimit + "d"
        let longLocal = String(repeating: "l", count: 65) + "@example.com"

        #expect(try Email(atLimit).value.utf8.count == Email.maximumLength)
        let error = try #require(authError { try Email(overLimit) })
        #expect(error.code == .invalidEmail)
        #expect(!error.message.contains("ddd"))
        #expect(authError { try Email(longLocal) }?.message.contains("before the \"@\"") == true)
    }

    @Test func huge_isRefused() throws {
        let huge = String(repeating: "a", count: 10_000_000) + "@example.com"

        #expect(authError { try Email(huge) }?.code == .invalidEmail)
    }

    @Test func message_neverQuotesTheInput() throws {
        let typedPassword = "hunter2-Secret!"

        let error = try #require(authError { try Email(typedPassword) })

        #expect(!error.description.contains("hunter2"))
    }

    /// A combining mark right after "@" or "." is one Character with it; the separators are still found
    /// (the address splits on UTF-8 bytes).
    @Test func combiningMarkAfterASeparator_isStillSplitOn() throws {
        let doubledAt = #expect(throws: AuthError.self) { try Email("ana@\u{301}x@example.com") }
        let emptyLabel = #expect(throws: AuthError.self) { try Email("ana@example..\u{301}com") }

        #expect(doubledAt?.message.contains("more than one") == true)
        #expect(emptyLabel?.message.contains("empty label") == true)
        #expect(try Email("ana@e\u{301}xample.com").value == "ana@e\u{301}xample.com")
    }
}
