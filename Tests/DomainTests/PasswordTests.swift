import HearthDomain
import Testing

@Suite("Password")
struct PasswordTests {
    @Test(arguments: ["123456", "correct horse battery staple", " spaced ", "ñandú€😀", "\u{1F600}\u{1F600}\u{1F600}"])
    func valid_isKeptAsTyped(_ text: String) throws {
        #expect(try Password(text).value == text)
    }

    @Test(arguments: ["", "1", "12345", "abcd\u{301}", "😀😀"])
    func shorterThanSix_isWeakPasswordNamingField(_ text: String) throws {
        let error = try #require(authError { try Password(text) })

        #expect(error.code == .weakPassword)
        #expect(error.message == "password: must have at least 6 characters.")
    }

    @Test func lengthIsCountedInUTF16Units_asFirebaseCounts() throws {
        // Three emoji are six UTF-16 code units (a surrogate pair each) though three characters.
        #expect(try Password("😀😀😀").value.count == 3)
        // "e" + U+0301 is one character but two code units: six of them make 3 characters, 6 units.
        #expect(throws: Never.self) { try Password("e\u{301}e\u{301}e\u{301}") }
    }

    @Test func maximum_isAcceptedAndOneMoreRefused() throws {
        let atLimit = String(repeating: "p", count: Password.maximumLength)

        #expect(try Password(atLimit).value.utf16.count == 4_096)
        let error = try #require(authError { try Password(atLimit + "p") })
        #expect(error.code == .weakPassword)
        #expect(error.message == "password: is longer than 4096 characters.")
        #expect(authError { try Password(String(repeating: "€", count: 4_097)) }?.code == .weakPassword)
    }

    @Test func huge_isRefused() {
        #expect(authError { try Password(String(repeating: "x", count: 50_000_000)) }?.code == .weakPassword)
    }

    @Test func descriptionDebugDescriptionAndDump_neverShowIt() throws {
        let password = try Password("s3cr3t-Pa55")

        let shown = everythingShown(password) + "\(password)" + everythingShown([password])

        #expect(!shown.contains("s3cr3t"))
        #expect(password.description == "Password(redacted)")
        #expect(shown.contains("<redacted>"))
    }

    @Test func credentials_showEmailAndRedactPassword() throws {
        let credentials = try Credentials(email: " Ana@Example.com", password: "s3cr3t-Pa55")

        let shown = everythingShown(credentials)

        #expect(!shown.contains("s3cr3t"))
        #expect(credentials.description == "Credentials(email: ana@example.com, password: redacted)")
        #expect(credentials.email.value == "ana@example.com")
        #expect(credentials.password.value == "s3cr3t-Pa55")
    }

    @Test func credentials_fromStrings_validateEmailFirst() {
        #expect(authError { try Credentials(email: "bad", password: "123") }?.code == .invalidEmail)
        #expect(authError { try Credentials(email: "a@b.c", password: "123") }?.code == .weakPassword)
    }
}
