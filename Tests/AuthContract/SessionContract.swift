import HearthContract
import HearthDomain
import HearthPort

/// Refreshing, looking up and ending sessions.
enum SessionContract {
    static let behaviours: [AuthBehaviour] = [
        AuthBehaviour("refresh_returnsWorkingSessionOfSameUser") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)

            let refreshed = try await gateway.refresh(session)

            // Not "a different token": a backend may issue the same JWT again within one second.
            try expectTrue(refreshed.expiresAt >= session.expiresAt, "the expiry does not move back")
            try await expectWorking(refreshed, of: session.userID, credentials, on: gateway)
        },
        AuthBehaviour("refresh_twice_keepsWorking") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)

            let once = try await gateway.refresh(session)
            let twice = try await gateway.refresh(once)

            try await expectWorking(twice, of: session.userID, credentials, on: gateway)
        },
        AuthBehaviour("lookupUser_returnsAccountOfSession") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)

            let user = try await gateway.lookupUser(session)

            try expectEqual(user, AuthUser(uid: session.userID, email: credentials.email), "the account")
        },
        AuthBehaviour("signOut_thenSignInAgain_works") { gateway in
            let (credentials, session) = try await signedUpUser(on: gateway)

            try await gateway.signOut(session)
            let again = try await gateway.signIn(credentials)

            try await expectWorking(again, of: session.userID, credentials, on: gateway)
        },
        AuthBehaviour("signOut_twice_succeeds") { gateway in
            let (_, session) = try await signedUpUser(on: gateway)

            try await gateway.signOut(session)
            try await gateway.signOut(session)
        },
    ]
}
