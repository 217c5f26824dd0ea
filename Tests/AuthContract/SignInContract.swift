import HearthContract
import HearthDomain
import HearthPort

/// Signing in.
enum SignInContract {
    static let behaviours: [AuthBehaviour] = [
        AuthBehaviour("signIn_afterCreateUser_returnsSameUser") { gateway in
            let (credentials, created) = try await signedUpUser(on: gateway)

            let session = try await gateway.signIn(credentials)

            try await expectWorking(session, of: created.userID, credentials, on: gateway)
        },
        AuthBehaviour("signIn_seedAuthenticate_returnsSameUser") { gateway in
            let (credentials, created) = try await signedUpUser(on: gateway)

            let session = try await gateway.authenticate(credentials)

            try expectEqual(session.userId, created.userID.rawValue, "seed 002's userId")
            try expectTrue(!session.token.isEmpty, "seed 002's token is present")
        },
        AuthBehaviour("signIn_wrongPassword_isInvalidCredentials") { gateway in
            let (credentials, _) = try await signedUpUser(on: gateway)

            try await expectAuthError(.invalidCredentials, "a wrong password") {
                try await gateway.signIn(withEmail: credentials.email, password: try freshPassword())
            }
        },
        AuthBehaviour("signIn_unknownEmail_isInvalidCredentials") { gateway in
            try await expectAuthError(.invalidCredentials, "an email with no account") {
                try await gateway.signIn(withEmail: try freshEmail(), password: try freshPassword())
            }
        },
        AuthBehaviour("signIn_passwordOfOtherUser_isInvalidCredentials") { gateway in
            let (first, _) = try await signedUpUser(on: gateway)
            let (second, _) = try await signedUpUser(on: gateway)

            try await expectAuthError(.invalidCredentials, "the second user's password for the first") {
                try await gateway.signIn(withEmail: first.email, password: second.password)
            }
        },
        AuthBehaviour("signIn_malformedEmail_isInvalidEmail") { gateway in
            try await expectAuthError(.invalidEmail, "an email without @") {
                try await gateway.signIn(withEmail: "nobody.example.com", password: "good-password")
            }
        },
        AuthBehaviour("idToken_isJWTNamingUserInSub") { gateway in
            let (_, session) = try await signedUpUser(on: gateway)

            let claims = try unwrap(jwtClaims(session.idToken), "the ID token's JWT claims")

            try expectEqual(claims["sub"] as? String, session.userID.rawValue, "the sub claim")
            try expectEqual(claims["email"] as? String, session.email.value, "the email claim")
        },
    ]
}
