import HearthContract
import HearthDomain
import HearthPort

/// Passwords and tokens never reach a description, a dump or an error message.
enum SecrecyContract {
    static let behaviours: [AuthBehaviour] = [
        AuthBehaviour("descriptions_neverShowPasswordOrTokens") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)
            let refreshed = try await gateway.refresh(session)
            let secrets = [
                credentials.password.value, session.idToken, session.refreshToken, refreshed.idToken,
                refreshed.refreshToken,
            ]

            try expectRedacted(credentials, hiding: secrets, "the credentials")
            try expectRedacted(credentials.password, hiding: secrets, "the password")
            try expectRedacted(session, hiding: secrets, "the session")
            try expectRedacted(refreshed, hiding: secrets, "the refreshed session")
            try expectRedacted(gateway, hiding: secrets, "the gateway")
            try expectRedacted(try await gateway.lookupUser(session), hiding: secrets, "the account")
        },
        AuthBehaviour("errors_neverShowPasswordOrTokens") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)
            let wrong = try freshPassword()
            let secrets = [credentials.password.value, wrong.value, session.idToken, session.refreshToken]

            let wrongPassword = try await expectAuthError(.invalidCredentials, "a wrong password") {
                try await gateway.signIn(withEmail: credentials.email, password: wrong)
            }
            let duplicate = try await expectAuthError(.emailAlreadyInUse, "a duplicate account") {
                try await gateway.createUser(credentials)
            }
            let weak = try await expectAuthError(.weakPassword, "a short password") {
                try await gateway.createUser(withEmail: try freshEmail().value, password: String(wrong.value.prefix(5)))
            }
            try await gateway.deleteUser(session)
            let expired = try await expectAuthError(.sessionExpired, "refreshing a deleted user's session") {
                try await gateway.refresh(session)
            }

            for error in [wrongPassword, duplicate, weak, expired] {
                try expectRedacted(error, hiding: secrets + [String(wrong.value.prefix(5))], "the error \(error.code)")
            }
        },
    ]
}
