import Foundation
import HearthContract
import HearthDomain
import HearthPort

// What the behaviours are written with: emails and passwords of their own (random, so that behaviours
// sharing a backend never collide, and distinctive, so that finding one in a description means a leak).

/// A new email no other behaviour uses: `contract-<random>@example.com`.
func freshEmail() throws -> Email {
    try Email("contract-\(randomText())@example.com")
}

/// A new valid password, distinctive enough to be searched for in descriptions.
func freshPassword() throws -> Password {
    try Password("pw-\(randomText())")
}

/// A new account on `gateway`: its credentials and first session.
func signedUpUser(on gateway: any AuthGateway) async throws -> (credentials: Credentials, session: Session) {
    let credentials = Credentials(email: try freshEmail(), password: try freshPassword())
    return (credentials, try await gateway.createUser(credentials))
}

/// Fails unless `session` belongs to `credentials`' account and `gateway` accepts it.
func expectWorking(
    _ session: Session, of user: UserID, _ credentials: Credentials, on gateway: any AuthGateway,
    file: String = #fileID, line: Int = #line
) async throws {
    try expectEqual(session.userID, user, "the session's user", file: file, line: line)
    try expectEqual(session.email, credentials.email, "the session's email", file: file, line: line)
    let account = try await gateway.lookupUser(session)
    try expectEqual(account.uid, user, "the looked-up user", file: file, line: line)
    try expectEqual(account.email, credentials.email, "the looked-up email", file: file, line: line)
}

/// The claims of a JWT (its middle, base64url-encoded JSON part), or `nil` when it is not one.
func jwtClaims(_ token: String) -> [String: Any]? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
    guard let data = Data(base64Encoded: text) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

private func randomText() -> String {
    String(UInt64.random(in: 0...UInt64.max), radix: 36)
}
