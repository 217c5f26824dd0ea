import Foundation
import HearthContract
import HearthDomain
import HearthPort

/// Creating accounts.
enum SignUpContract {
    static let behaviours: [AuthBehaviour] = [
        AuthBehaviour("createUser_returnsSessionOfNewUser") { gateway in
            let credentials = Credentials(email: try freshEmail(), password: try freshPassword())

            let session = try await gateway.createUser(credentials)

            try expectEqual(session.email, credentials.email, "the session's email")
            try expectTrue(!session.idToken.isEmpty && !session.refreshToken.isEmpty, "both tokens present")
            try expectTrue(
                !session.expires(of: Timestamp(date: Date())),
                "the ID token is not already expired (\(session.expiresAt))")
            try await expectWorking(session, of: session.userID, credentials, on: gateway)
        },
        AuthBehaviour("createUser_twoUsers_getDistinctIDsAndTokens") { gateway in
            let first = try await signedUpUser(on: gateway).session
            let second = try await signedUpUser(on: gateway).session

            try expectTrue(first.userID != second.userID, "two users have two IDs")
            try expectTrue(first.idToken != second.idToken, "two users have two ID tokens")
            try expectTrue(first.refreshToken != second.refreshToken, "two users have two refresh tokens")
        },
        AuthBehaviour("createUser_duplicateEmail_isEmailAlreadyInUse") { gateway in
            let (credentials, _) = try await signedUpUser(on: gateway)

            try await expectAuthError(.emailAlreadyInUse, "a second account with the same email") {
                try await gateway.createUser(withEmail: credentials.email, password: try freshPassword())
            }
        },
        AuthBehaviour("createUser_duplicateEmailInOtherCase_isEmailAlreadyInUse") { gateway in
            let (credentials, _) = try await signedUpUser(on: gateway)

            try await expectAuthError(.emailAlreadyInUse, "the same email in upper case, padded") {
                try await gateway.createUser(
                    withEmail: "  " + credentials.email.value.uppercased() + " ", password: "another-password")
            }
        },
        AuthBehaviour("createUser_shortPassword_isWeakPasswordNamingField") { gateway in
            let error = try await expectAuthError(.weakPassword, "a 5-character password") {
                try await gateway.createUser(withEmail: try freshEmail().value, password: "q7#Zk")
            }

            try expectTrue(error.message.contains("password"), "the message names the field: \(error.message)")
            try expectTrue(!error.description.contains("q7#Zk"), "the message does not quote the password")
        },
        AuthBehaviour("createUser_hugePassword_isWeakPassword") { gateway in
            try await expectAuthError(.weakPassword, "a 1 MB password") {
                try await gateway.createUser(
                    withEmail: try freshEmail().value, password: String(repeating: "x", count: 1 << 20))
            }
        },
        AuthBehaviour("createUser_malformedEmail_isInvalidEmailNamingField") { gateway in
            for malformed in [
                "", "   ", "plain", "a@", "@example.com", "a@@example.com", "a@b@example.com",
                "a b@example.com", "a@example..com", "a@.example.com", "a@example.com.", "a\u{0}@example.com",
            ] {
                let error = try await expectAuthError(.invalidEmail, "the email \(malformed.debugDescription)") {
                    try await gateway.createUser(withEmail: malformed, password: "good-password")
                }
                try expectTrue(error.message.hasPrefix("email:"), "the message names the field: \(error.message)")
            }
        },
        AuthBehaviour("createUser_emailIsTrimmedAndLowerCased") { gateway in
            let email = try freshEmail()
            let password = try freshPassword()

            let session = try await gateway.createUser(
                withEmail: " \t" + email.value.uppercased() + "\n", password: password.value)
            let again = try await gateway.signIn(withEmail: email, password: password)

            try expectEqual(session.email.value, email.value, "the stored email")
            try expectEqual(again.userID, session.userID, "the user signing in with the normalised email")
        },
    ]
}
