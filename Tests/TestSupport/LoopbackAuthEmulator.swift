import Foundation
import Synchronization

/// A loopback Identity Toolkit and Secure Token server for tests of the REST auth gateway (and of anything
/// run against it, such as the command line with `FIREBASE_AUTH_EMULATOR_HOST`), following the
/// Firebase Auth emulator's documented behaviour (`../shared/reference/AUTH.md`; firebase-tools'
/// `src/emulator/auth`), which cannot be installed here. A test double, kept small:
///
/// - URLs `http://HOST/identitytoolkit.googleapis.com/v1/accounts:{signUp,signInWithPassword,lookup,update,delete}`
///   and `http://HOST/securetoken.googleapis.com/v1/token`, every one a `POST`; the API key only from the
///   `?key=` query (any non-empty key), or `Authorization: Bearer owner` for admin calls; neither → 403
///   "The request is missing a valid API key." (a key in the `x-goog-api-key` header does not count, as in
///   the emulator).
/// - Bodies as JSON or form-encoded, snake_case keys read as camelCase; errors as
///   `{"error":{"code":400,"message":"CODE[ : detail]","errors":[…]}}` without `status`.
/// - signUp: `MISSING_EMAIL`/`MISSING_PASSWORD`, `INVALID_EMAIL`, `EMAIL_EXISTS`, `WEAK_PASSWORD : Password
///   should be at least 6 characters`; an empty body creates an anonymous user. signInWithPassword checks
///   in the emulator's order; with improved email privacy (`PATCH /emulator/v1/projects/{p}/config`, off by
///   default as in the emulator) `INVALID_LOGIN_CREDENTIALS` replaces `EMAIL_NOT_FOUND`/`INVALID_PASSWORD`.
/// - ID tokens are unsigned (`alg: none`) JWTs with `iss`, `aud`, `sub` = `user_id` (28 random characters),
///   `iat`, `exp` = `iat` + 3600, `auth_time`, `email`, `email_verified`, `firebase.identities`,
///   `firebase.sign_in_provider`; `exp` is not checked (as in the emulator), a token issued before the
///   user's last password change is `TOKEN_EXPIRED`, a token of a deleted user `USER_NOT_FOUND`, of a
///   disabled one `USER_DISABLED`, an unreadable one `INVALID_ID_TOKEN`. Refresh tokens are base64 JSON
///   records, `INVALID_REFRESH_TOKEN` once their user is gone.
/// - accounts:update: `password` (revokes earlier ID tokens, answers new tokens), and as admin `{localId,
///   disableUser}`; accounts:delete by ID token (or `localId` as admin); `DELETE
///   /emulator/v1/projects/{p}/accounts` wipes every account. Anything else: 404, or 501 for an update
///   field this double does not implement.
public final class LoopbackAuthEmulator: Sendable {
    /// The project its tokens name (`aud`, `iss`) and its `/emulator/v1/projects/{p}/…` routes use.
    public let projectID: String
    private let accounts: AuthEmulatorAccounts
    private let server: LoopbackServer

    /// `127.0.0.1:PORT`: what `FIREBASE_AUTH_EMULATOR_HOST` would hold.
    public var hostAndPort: String { "127.0.0.1:\(server.port)" }
    /// Every request received, in order.
    public var requests: [LoopbackServer.Request] { server.requests }

    /// A server for `projectID` on an ephemeral loopback port; throws the failing socket call's error.
    public init(projectID: String = "demo-hearth") throws {
        let accounts = AuthEmulatorAccounts(projectID: projectID)
        self.projectID = projectID
        self.accounts = accounts
        server = try LoopbackServer { request in accounts.handle(request) }
    }

    /// Closes the server and its connections.
    public func stop() { server.stop() }
}

/// The double's accounts and its request handling.
private final class AuthEmulatorAccounts: Sendable {
    struct Account {
        var localID: String
        var email: String?
        var password: String?
        var disabled = false
        /// Seconds since 1970: ID tokens issued earlier are revoked.
        var validSince: Int
    }

    struct Refusal: Error {
        var status = 400
        var message: String
        var statusName: String? = nil
    }

    private let projectID: String
    private let state = Mutex<(accounts: [String: Account], improvedEmailPrivacy: Bool)>(([:], false))

    init(projectID: String) {
        self.projectID = projectID
    }

    func handle(_ request: LoopbackServer.Request) -> LoopbackServer.Action {
        do {
            return try route(request)
        } catch let refusal as Refusal {
            var error: [String: Any] = [
                "code": refusal.status, "message": refusal.message,
                "errors": [["message": refusal.message, "reason": "invalid", "domain": "global"]],
            ]
            if let status = refusal.statusName { error["status"] = status }
            return Self.json(refusal.status, ["error": error])
        } catch {
            return Self.json(500, ["error": ["code": 500, "message": "\(error)", "status": "INTERNAL"]])
        }
    }

    // MARK: Routing

    private func route(_ request: LoopbackServer.Request) throws -> LoopbackServer.Action {
        let parts = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts.first ?? "")
        let query = parts.count > 1 ? Self.form(String(parts[1])) : [:]
        let bearer = request.headers["authorization"].flatMap { value -> String? in
            value.lowercased().hasPrefix("bearer ") ? String(value.dropFirst(7)) : nil
        }
        if let bearer, bearer.lowercased() != "owner" {
            throw Refusal(
                status: 401, message: "Request had invalid authentication credentials.", statusName: "UNAUTHENTICATED")
        }
        let admin = bearer != nil
        if path.hasPrefix("/emulator/v1/projects/\(projectID)/") {
            return try emulatorRoute(
                request.method, String(path.dropFirst("/emulator/v1/projects/\(projectID)/".count)), request)
        }
        let accountsPrefix = "/identitytoolkit.googleapis.com/v1/accounts:"
        let isToken = path == "/securetoken.googleapis.com/v1/token"
        guard request.method == "POST", isToken || path.hasPrefix(accountsPrefix) else {
            throw Refusal(status: 404, message: "Not Found", statusName: "NOT_FOUND")
        }
        guard admin || !(query["key"] ?? "").isEmpty else {
            throw Refusal(
                status: 403, message: "The request is missing a valid API key.", statusName: "PERMISSION_DENIED")
        }
        let body = try Self.body(of: request)
        if isToken { return Self.json(200, try grantToken(body)) }
        switch path.dropFirst(accountsPrefix.count) {
        case "signUp": return Self.json(200, try signUp(body, admin: admin))
        case "signInWithPassword": return Self.json(200, try signIn(body))
        case "lookup": return Self.json(200, try lookup(body))
        case "update": return Self.json(200, try update(body, admin: admin))
        case "delete": return Self.json(200, try delete(body, admin: admin))
        default: throw Refusal(status: 404, message: "Not Found", statusName: "NOT_FOUND")
        }
    }

    private func emulatorRoute(
        _ method: String, _ rest: String, _ request: LoopbackServer.Request
    ) throws
        -> LoopbackServer.Action
    {
        switch (method, rest) {
        case ("DELETE", "accounts"):
            state.withLock { $0.accounts = [:] }
            return Self.json(200, [:])
        case ("PATCH", "config"):
            let body = try Self.body(of: request)
            if let privacy = (body["emailPrivacyConfig"] as? [String: Any])?["enableImprovedEmailPrivacy"] as? Bool {
                state.withLock { $0.improvedEmailPrivacy = privacy }
            }
            fallthrough
        case ("GET", "config"):
            let privacy = state.withLock { $0.improvedEmailPrivacy }
            return Self.json(
                200,
                [
                    "signIn": ["allowDuplicateEmails": false],
                    "emailPrivacyConfig": ["enableImprovedEmailPrivacy": privacy],
                ])
        default:
            throw Refusal(status: 404, message: "Not Found", statusName: "NOT_FOUND")
        }
    }

    // MARK: Operations

    private func signUp(_ body: [String: Any], admin: Bool) throws -> [String: Any] {
        let email = body["email"] as? String
        let password = body["password"] as? String
        if !admin { guard body["localId"] == nil else { throw Refusal(message: "UNEXPECTED_PARAMETER : User ID") } }
        let anonymous = email == nil && password == nil && body["idToken"] == nil
        if !anonymous && !admin {
            guard let email, !email.isEmpty else { throw Refusal(message: "MISSING_EMAIL") }
            guard let password, !password.isEmpty else { throw Refusal(message: "MISSING_PASSWORD") }
        }
        var canonical: String?
        if let email {
            guard Self.isValidEmail(email) else { throw Refusal(message: "INVALID_EMAIL") }
            canonical = email.lowercased()
        }
        if let password, !password.isEmpty {
            guard password.utf16.count >= 6 else {
                throw Refusal(message: "WEAK_PASSWORD : Password should be at least 6 characters")
            }
        }
        let now = Self.now()
        let account = try state.withLock { state -> Account in
            if let canonical, state.accounts.values.contains(where: { $0.email == canonical }) {
                throw Refusal(message: "EMAIL_EXISTS")
            }
            let localID = (admin ? body["localId"] as? String : nil) ?? Self.randomID()
            guard state.accounts[localID] == nil else { throw Refusal(message: "DUPLICATE_LOCAL_ID") }
            let account = Account(
                localID: localID, email: canonical, password: password,
                disabled: admin && body["disabled"] as? Bool == true,
                validSince: now)
            state.accounts[localID] = account
            return account
        }
        var answer: [String: Any] = ["kind": "identitytoolkit#SignupNewUserResponse", "localId": account.localID]
        if let email = account.email { answer["email"] = email }
        if admin { return answer }
        return answer.merging(tokens(for: account, provider: anonymous ? "anonymous" : "password")) { $1 }
    }

    private func signIn(_ body: [String: Any]) throws -> [String: Any] {
        guard let email = body["email"] as? String else { throw Refusal(message: "MISSING_EMAIL") }
        guard Self.isValidEmail(email) else { throw Refusal(message: "INVALID_EMAIL") }
        guard let password = body["password"] as? String, !password.isEmpty else {
            throw Refusal(message: "MISSING_PASSWORD")
        }
        let canonical = email.lowercased()
        let (found, privacy) = state.withLock { state in
            (state.accounts.values.first { $0.email == canonical }, state.improvedEmailPrivacy)
        }
        guard let account = found else {
            throw Refusal(message: privacy ? "INVALID_LOGIN_CREDENTIALS" : "EMAIL_NOT_FOUND")
        }
        guard !account.disabled else { throw Refusal(message: "USER_DISABLED") }
        guard account.password == password else {
            throw Refusal(message: privacy ? "INVALID_LOGIN_CREDENTIALS" : "INVALID_PASSWORD")
        }
        let answer: [String: Any] = [
            "kind": "identitytoolkit#VerifyPasswordResponse", "registered": true, "localId": account.localID,
            "email": canonical,
        ]
        return answer.merging(tokens(for: account, provider: "password")) { $1 }
    }

    private func lookup(_ body: [String: Any]) throws -> [String: Any] {
        guard let idToken = body["idToken"] as? String else { throw Refusal(message: "MISSING_ID_TOKEN") }
        let account = try user(ofIDToken: idToken)
        var user: [String: Any] = [
            "localId": account.localID, "emailVerified": false, "validSince": String(account.validSince),
            "providerUserInfo": [] as [Any],
        ]
        if let email = account.email { user["email"] = email }
        return ["kind": "identitytoolkit#GetAccountInfoResponse", "users": [user]]
    }

    private func update(_ body: [String: Any], admin: Bool) throws -> [String: Any] {
        let known: Set = ["idToken", "localId", "password", "returnSecureToken", "disableUser"]
        if let unknown = body.keys.first(where: { !known.contains($0) }) {
            throw Refusal(
                status: 501, message: "\(unknown) is not implemented in this test double.",
                statusName: "NOT_IMPLEMENTED")
        }
        var account: Account
        if let idToken = body["idToken"] as? String {
            account = try user(ofIDToken: idToken)
            guard body["disableUser"] == nil else { throw Refusal(message: "OPERATION_NOT_ALLOWED") }
        } else if admin {
            guard let localID = body["localId"] as? String else { throw Refusal(message: "MISSING_LOCAL_ID") }
            guard let found = state.withLock({ $0.accounts[localID] }) else { throw Refusal(message: "USER_NOT_FOUND") }
            account = found
        } else {
            throw Refusal(message: "INVALID_REQ_TYPE : Unsupported request parameters.")
        }
        var revoked = false
        if let password = body["password"] as? String, !password.isEmpty {
            guard password.utf16.count >= 6 else {
                throw Refusal(message: "WEAK_PASSWORD : Password should be at least 6 characters")
            }
            account.password = password
            account.validSince = Self.now()
            revoked = true
        }
        if admin, let disable = body["disableUser"] as? Bool { account.disabled = disable }
        let updated = account
        state.withLock { $0.accounts[updated.localID] = updated }
        var answer: [String: Any] = [
            "kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.localID, "emailVerified": false,
            "providerUserInfo": [] as [Any],
        ]
        if let email = account.email { answer["email"] = email }
        // As the emulator: new tokens whenever the change revoked the earlier ones.
        return revoked ? answer.merging(tokens(for: account, provider: "password")) { $1 } : answer
    }

    private func delete(_ body: [String: Any], admin: Bool) throws -> [String: Any] {
        let account: Account
        if let idToken = body["idToken"] as? String {
            account = try user(ofIDToken: idToken)
        } else if admin, let localID = body["localId"] as? String,
            let found = state.withLock({ $0.accounts[localID] })
        {
            account = found
        } else {
            throw Refusal(message: admin ? "USER_NOT_FOUND" : "MISSING_ID_TOKEN")
        }
        state.withLock { _ = $0.accounts.removeValue(forKey: account.localID) }
        return ["kind": "identitytoolkit#DeleteAccountResponse"]
    }

    private func grantToken(_ body: [String: Any]) throws -> [String: Any] {
        guard let grantType = body["grantType"] as? String else { throw Refusal(message: "MISSING_GRANT_TYPE") }
        guard grantType == "refresh_token" else { throw Refusal(message: "INVALID_GRANT_TYPE") }
        guard let refreshToken = body["refreshToken"] as? String, !refreshToken.isEmpty else {
            throw Refusal(message: "MISSING_REFRESH_TOKEN")
        }
        guard let data = Data(base64Encoded: refreshToken),
            let record = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            record["_AuthEmulatorRefreshToken"] != nil, record["projectId"] as? String == projectID,
            let localID = record["localId"] as? String
        else { throw Refusal(message: "INVALID_REFRESH_TOKEN") }
        guard let account = state.withLock({ $0.accounts[localID] }) else {
            throw Refusal(message: "INVALID_REFRESH_TOKEN")
        }
        guard !account.disabled else { throw Refusal(message: "USER_DISABLED") }
        let issued = tokens(for: account, provider: record["provider"] as? String ?? "password")
        return [
            "id_token": issued["idToken"] ?? "", "access_token": issued["idToken"] ?? "",
            "expires_in": issued["expiresIn"] ?? "", "refresh_token": issued["refreshToken"] ?? "",
            "token_type": "Bearer", "user_id": account.localID, "project_id": "12345",
        ]
    }

    // MARK: Tokens

    private func tokens(for account: Account, provider: String) -> [String: Any] {
        let now = Self.now()
        var claims: [String: Any] = [
            "iss": "https://securetoken.google.com/\(projectID)", "aud": projectID, "auth_time": now,
            "user_id": account.localID, "sub": account.localID, "iat": now, "exp": now + 3_600,
            "email_verified": false,
            "firebase": [
                "identities": account.email.map { ["email": [$0]] } ?? [:], "sign_in_provider": provider,
            ] as [String: Any],
        ]
        if let email = account.email { claims["email"] = email }
        let header = Self.base64URL(Self.serialize(["alg": "none", "typ": "JWT"]))
        let idToken = header + "." + Self.base64URL(Self.serialize(claims)) + "."
        let record: [String: Any] = [
            "_AuthEmulatorRefreshToken": "DO NOT MODIFY", "localId": account.localID, "provider": provider,
            "extraClaims": [:] as [String: Any], "projectId": projectID,
        ]
        return [
            "idToken": idToken, "refreshToken": Data(Self.serialize(record)).base64EncodedString(),
            "expiresIn": "3600",
        ]
    }

    /// The account an ID token names, checked as the emulator's `parseIdToken` does.
    private func user(ofIDToken idToken: String) throws -> Account {
        let parts = idToken.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Self.base64URLDecoded(String(parts[1])),
            let claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any],
            let localID = claims["user_id"] as? String, let issuedAt = claims["iat"] as? Int
        else { throw Refusal(message: "INVALID_ID_TOKEN") }
        guard let account = state.withLock({ $0.accounts[localID] }) else { throw Refusal(message: "USER_NOT_FOUND") }
        guard issuedAt >= account.validSince else { throw Refusal(message: "TOKEN_EXPIRED") }
        guard !account.disabled else { throw Refusal(message: "USER_DISABLED") }
        return account
    }

    // MARK: Wire helpers

    private static func body(of request: LoopbackServer.Request) throws -> [String: Any] {
        let raw: [String: Any]
        if request.body.isEmpty {
            raw = [:]
        } else if (request.headers["content-type"] ?? "").hasPrefix("application/x-www-form-urlencoded") {
            raw = form(request.bodyText)
        } else {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
                throw Refusal(message: "Invalid JSON payload received.", statusName: "INVALID_ARGUMENT")
            }
            raw = object
        }
        return Dictionary(raw.map { (camelCase($0.key), $0.value) }, uniquingKeysWith: { $1 })
    }

    private static func form(_ text: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            items[decode(halves[0])] = halves.count > 1 ? decode(halves[1]) : ""
        }
        return items
    }

    private static func camelCase(_ key: String) -> String {
        let words = key.split(separator: "_")
        guard let first = words.first else { return key }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func isValidEmail(_ email: String) -> Bool {
        let halves = email.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let labels = halves[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty } && (labels.last?.count ?? 0) >= 2
    }

    private static func json(_ status: Int, _ object: [String: Any]) -> LoopbackServer.Action {
        .respond(status: status, headers: [("Content-Type", "application/json")], body: serialize(object))
    }

    private static func serialize(_ object: [String: Any]) -> [UInt8] {
        Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8))
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    private static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    private static func now() -> Int { Int(Date().timeIntervalSince1970) }

    private static func randomID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<28).map { _ in alphabet.randomElement() ?? "A" })
    }
}
