import HearthContract
import HearthDomain
import HearthPort

/// Changing the password and deleting the account.
enum AccountChangesContract {
    static let behaviours: [AuthBehaviour] = [
        AuthBehaviour("updatePassword_oldFails_newWorks") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)
            let newPassword = try freshPassword()

            _ = try await gateway.updatePassword(to: newPassword, for: session)

            try await expectAuthError(.invalidCredentials, "the old password") {
                try await gateway.signIn(credentials)
            }
            let again = try await gateway.signIn(withEmail: credentials.email, password: newPassword)
            try expectEqual(again.userID, session.userID, "the user signing in with the new password")
        },
        AuthBehaviour("updatePassword_returnsWorkingSession") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)

            let updated = try await gateway.updatePassword(to: try freshPassword(), for: session)

            try await expectWorking(updated, of: session.userID, credentials, on: gateway)
            _ = try await gateway.refresh(updated)
        },
        AuthBehaviour("deleteUser_thenSignIn_isInvalidCredentials") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)

            try await gateway.deleteUser(session)

            try await expectAuthError(.invalidCredentials, "signing in as a deleted user") {
                try await gateway.signIn(credentials)
            }
        },
        AuthBehaviour("deleteUser_thenRefreshAndLookup_areSessionExpired") { gateway in
            let (_, session) = try await signedUpUser(on: gateway)

            try await gateway.deleteUser(session)

            try await expectAuthError(.sessionExpired, "refreshing a deleted user's session") {
                try await gateway.refresh(session)
            }
            try await expectAuthError(.sessionExpired, "looking up a deleted user") {
                try await gateway.lookupUser(session)
            }
        },
        AuthBehaviour("deleteUser_thenEmailCanBeUsedAgain") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)

            try await gateway.deleteUser(session)
            let newcomer = try await gateway.createUser(withEmail: credentials.email, password: try freshPassword())

            try expectTrue(newcomer.userID != session.userID, "the new account has a new user ID")
        },
        AuthBehaviour("deleteUser_leavesOtherUsers") { gateway in
            let (_, doomed) = try await signedUpUser(on: gateway)
            let (survivorCredentials, survivor) = try await signedUpUser(on: gateway)

            try await gateway.deleteUser(doomed)

            let again = try await gateway.signIn(survivorCredentials)
            try await expectWorking(again, of: survivor.userID, survivorCredentials, on: gateway)
        },
    ]
}
