import Foundation
import HearthCrypto
import HearthDomain
import HearthPort

/// Everything the auth file holds, validated: the signing key, the accounts, the sign-ins (one per
/// refresh token, which it keeps hashed) and the recent failed sign-ins per email. ``FileAuthGateway``
/// reads it, changes it and writes it back under the file's lock (`AuthFile`); its rules are here.
struct AuthRecords: Equatable, Sendable {
    /// The most sign-ins one user keeps: the oldest is revoked when a sign-in would make one more.
    static let maximumSignInsPerUser = 100
    static let signingKeyByteCount = 32
    static let refreshTokenByteCount = 32

    struct Account: Equatable, Sendable {
        let uid: UserID
        let email: Email
        var password: PasswordHash
        var disabled: Bool
    }

    /// One sign-in: the refresh token it gave (as its SHA-256) and its ID tokens' `sid`.
    struct SignIn: Equatable, Sendable {
        let id: String
        let uid: UserID
        let refreshTokenHash: [UInt8]
        let authTime: Date
    }

    /// The HS256 key of the ID tokens.
    let signingKey: [UInt8]
    private(set) var accounts: [Email: Account] = [:]
    private(set) var emails: [UserID: Email] = [:]
    private(set) var signIns: [String: SignIn] = [:]
    private var signInsByRefreshHash: [[UInt8]: String] = [:]
    /// The times of the recent failed sign-ins per email (known or not), oldest first.
    private(set) var failures: [Email: [Date]] = [:]

    /// Empty records with a new random signing key.
    static func new() -> AuthRecords {
        AuthRecords(signingKey: LocalAuthSupport.randomBytes(count: signingKeyByteCount))
    }

    init(signingKey: [UInt8]) {
        self.signingKey = signingKey
    }

    // MARK: Accounts

    /// Adds `account`; the caller has checked that neither its email nor its user ID is taken.
    mutating func add(_ account: Account) {
        accounts[account.email] = account
        emails[account.uid] = account.email
    }

    func account(of uid: UserID) -> Account? {
        emails[uid].flatMap { accounts[$0] }
    }

    /// A user ID no account has.
    func newUserID() throws(AuthError) -> UserID {
        var uid: UserID
        repeat {
            uid = try LocalAuthSupport.newUserID()
        } while emails[uid] != nil
        return uid
    }

    mutating func update(_ account: Account) {
        guard accounts[account.email]?.uid == account.uid else { return }
        accounts[account.email] = account
    }

    /// Removes the account of `uid`, its sign-ins and its email's failures.
    mutating func removeAccount(of uid: UserID) {
        guard let email = emails.removeValue(forKey: uid) else { return }
        accounts[email] = nil
        failures[email] = nil
        revokeSignIns(of: uid)
    }

    // MARK: Sign-ins

    /// A new sign-in of `uid` at `authTime` and its refresh token (random, returned once: only its hash
    /// is kept). Revokes the user's oldest sign-in when they would have more than
    /// ``maximumSignInsPerUser``.
    mutating func addSignIn(of uid: UserID, at authTime: Date) -> (signIn: SignIn, refreshToken: String) {
        let mine = signIns.values.filter { $0.uid == uid }
        if mine.count >= Self.maximumSignInsPerUser {
            for old in mine.sorted(by: { $0.authTime < $1.authTime }).prefix(
                mine.count - Self.maximumSignInsPerUser + 1)
            {
                revoke(old)
            }
        }
        var id: String
        repeat {
            id = LocalAuthSupport.randomText(count: 20)
        } while signIns[id] != nil
        let refreshToken = Base64URL.encode(LocalAuthSupport.randomBytes(count: Self.refreshTokenByteCount))
        let signIn = SignIn(
            id: id, uid: uid, refreshTokenHash: Self.hash(refreshToken: refreshToken), authTime: authTime)
        insert(signIn)
        return (signIn, refreshToken)
    }

    mutating func insert(_ signIn: SignIn) {
        signIns[signIn.id] = signIn
        signInsByRefreshHash[signIn.refreshTokenHash] = signIn.id
    }

    func signIn(forRefreshToken refreshToken: String) -> SignIn? {
        signIn(forRefreshTokenHash: Self.hash(refreshToken: refreshToken))
    }

    func signIn(forRefreshTokenHash hash: [UInt8]) -> SignIn? {
        signInsByRefreshHash[hash].flatMap { signIns[$0] }
    }

    mutating func revoke(_ signIn: SignIn) {
        signIns[signIn.id] = nil
        signInsByRefreshHash[signIn.refreshTokenHash] = nil
    }

    mutating func revokeSignIns(of uid: UserID) {
        for signIn in signIns.values where signIn.uid == uid { revoke(signIn) }
    }

    /// SHA-256 of the token's UTF-8: what the file keeps instead of a refresh token.
    static func hash(refreshToken: String) -> [UInt8] {
        SHA256.hash(refreshToken.utf8)
    }

    // MARK: Failed sign-ins

    /// The failed sign-ins of `email` later than `now` − `window`, oldest first.
    func recentFailures(of email: Email, now: Date, window: TimeInterval) -> [Date] {
        (failures[email] ?? []).filter { now.timeIntervalSince($0) < window }
    }

    /// Records a failed sign-in of `email` at `now`, keeping only the `keep` most recent within `window`.
    mutating func recordFailure(of email: Email, now: Date, window: TimeInterval, keep: Int) {
        failures[email] = Array((recentFailures(of: email, now: now, window: window) + [now]).suffix(max(keep, 1)))
    }

    mutating func setFailures(_ times: [Date], of email: Email) {
        failures[email] = times.isEmpty ? nil : times
    }

    /// Forgets every failure at or before `now` − `window`, and emails left with none.
    mutating func pruneFailures(now: Date, window: TimeInterval) {
        failures = failures.compactMapValues { times in
            let recent = times.filter { now.timeIntervalSince($0) < window }
            return recent.isEmpty ? nil : recent
        }
    }
}
