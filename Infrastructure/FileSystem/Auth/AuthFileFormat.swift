import Foundation
import HearthCrypto
import HearthDomain

/// The auth file's format, version 1 (Docs/Authentication.md): one JSON object,
///
///     {"format": "hearth-auth", "version": 1, "signingKey": base64url,
///      "accounts": [{"uid", "email", "disabled",
///                    "password": {"algorithm": "scrypt", "n", "r", "p", "salt": base64url, "key": base64url}}],
///      "signIns": [{"id", "uid", "refreshTokenSHA256": base64url, "authTime": seconds since 1970}],
///      "failedSignIns": [{"email", "times": [seconds since 1970]}]}
///
/// Decoding validates every field as the types do (emails, user IDs, scrypt parameters, key lengths,
/// references between records) and throws `internal` whose message names the field at fault
/// (`accounts[2].password.n: …`), never a value from the file.
enum AuthFileFormat {
    static let formatName = "hearth-auth"
    static let version = 1

    static func encode(_ records: AuthRecords) throws(AuthError) -> [UInt8] {
        let file = FileV1(
            format: formatName, version: version, signingKey: Base64URL.encode(records.signingKey),
            accounts: records.accounts.values.sorted { $0.email.value < $1.email.value }.map { account in
                FileV1.Account(
                    uid: account.uid.rawValue, email: account.email.value, disabled: account.disabled,
                    password: FileV1.Password(
                        algorithm: "scrypt", n: account.password.workFactor.n, r: account.password.workFactor.r,
                        p: account.password.workFactor.p, salt: Base64URL.encode(account.password.salt),
                        key: Base64URL.encode(account.password.key)))
            },
            signIns: records.signIns.values.sorted { $0.id < $1.id }.map { signIn in
                FileV1.SignIn(
                    id: signIn.id, uid: signIn.uid.rawValue,
                    refreshTokenSHA256: Base64URL.encode(signIn.refreshTokenHash),
                    authTime: signIn.authTime.timeIntervalSince1970)
            },
            failedSignIns: records.failures.sorted { $0.key.value < $1.key.value }.map { email, times in
                FileV1.Failures(email: email.value, times: times.map(\.timeIntervalSince1970))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(file) else {
            throw AuthError(.internal, "Encoding the auth file's records failed.")
        }
        return Array(data)
    }

    static func decode(_ bytes: [UInt8]) throws(AuthError) -> AuthRecords {
        let file: FileV1
        do {
            let header = try JSONDecoder().decode(Header.self, from: Data(bytes))
            guard header.format == formatName else { throw damaged("format", "is not \"\(formatName)\"") }
            guard header.version == version else {
                throw damaged("version", "is \(header.version); this Hearth reads version \(version)")
            }
            file = try JSONDecoder().decode(FileV1.self, from: Data(bytes))
        } catch let error as AuthError {
            throw error
        } catch let error as DecodingError {
            throw damaged(error)
        } catch {
            throw damaged("", "could not be decoded")
        }
        var records = AuthRecords(signingKey: try decoded(file.signingKey, "signingKey", count: 32...64))
        for (index, stored) in file.accounts.enumerated() {
            let field = "accounts[\(index)]"
            let account = AuthRecords.Account(
                uid: try valid("\(field).uid") { () throws(AuthError) in try UserID(stored.uid) },
                email: try valid("\(field).email") { () throws(AuthError) in try Email(stored.email) },
                password: try passwordHash(stored.password, "\(field).password"), disabled: stored.disabled)
            guard account.email.value == stored.email else { throw damaged("\(field).email", "is not normalised") }
            guard records.accounts[account.email] == nil else { throw damaged("\(field).email", "is used twice") }
            guard records.account(of: account.uid) == nil else { throw damaged("\(field).uid", "is used twice") }
            records.add(account)
        }
        for (index, stored) in file.signIns.enumerated() {
            let field = "signIns[\(index)]"
            let uid = try valid("\(field).uid") { () throws(AuthError) in try UserID(stored.uid) }
            guard records.account(of: uid) != nil else { throw damaged("\(field).uid", "names no account") }
            guard !stored.id.isEmpty, records.signIns[stored.id] == nil else {
                throw damaged("\(field).id", "is empty or used twice")
            }
            let hash = try decoded(stored.refreshTokenSHA256, "\(field).refreshTokenSHA256", count: 32...32)
            guard records.signIn(forRefreshTokenHash: hash) == nil else {
                throw damaged("\(field).refreshTokenSHA256", "is used twice")
            }
            records.insert(
                AuthRecords.SignIn(
                    id: stored.id, uid: uid, refreshTokenHash: hash,
                    authTime: try time(stored.authTime, "\(field).authTime")))
        }
        for (index, stored) in file.failedSignIns.enumerated() {
            let field = "failedSignIns[\(index)]"
            let email = try valid("\(field).email") { () throws(AuthError) in try Email(stored.email) }
            var times: [Date] = []
            for (position, seconds) in stored.times.enumerated() {
                times.append(try time(seconds, "\(field).times[\(position)]"))
            }
            records.setFailures(times, of: email)
        }
        return records
    }

    // MARK: Fields

    private static func passwordHash(_ stored: FileV1.Password, _ field: String) throws(AuthError) -> PasswordHash {
        guard stored.algorithm == "scrypt" else { throw damaged("\(field).algorithm", "is not \"scrypt\"") }
        let workFactor = try valid(field) { () throws(AuthError) in
            try ScryptWorkFactor(n: stored.n, r: stored.r, p: stored.p)
        }
        return PasswordHash(
            workFactor: workFactor, salt: try decoded(stored.salt, "\(field).salt", count: 8...1024),
            key: try decoded(stored.key, "\(field).key", count: PasswordHash.keyByteCount...PasswordHash.keyByteCount))
    }

    private static func decoded(_ text: String, _ field: String, count: ClosedRange<Int>) throws(AuthError) -> [UInt8] {
        guard let bytes = try? Base64URL.decode(text) else { throw damaged(field, "is not base64url") }
        guard count.contains(bytes.count) else {
            throw damaged(field, "has \(bytes.count) bytes, not \(count.lowerBound)…\(count.upperBound)")
        }
        return bytes
    }

    private static func time(_ seconds: Double, _ field: String) throws(AuthError) -> Date {
        guard seconds.isFinite, abs(seconds) < 1e12 else { throw damaged(field, "is not a time") }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The value `make` builds, or `internal` naming `field` and the value's own rule.
    private static func valid<Value>(_ field: String, _ make: () throws(AuthError) -> Value) throws(AuthError) -> Value
    {
        do {
            return try make()
        } catch {
            throw damaged(field, error.message)
        }
    }

    private static func damaged(_ field: String, _ problem: String) -> AuthError {
        let problem = problem.hasSuffix(".") ? String(problem.dropLast()) : problem
        return AuthError(.internal, field.isEmpty ? "\(problem)." : "\(field): \(problem).")
    }

    /// The field a decoding error names and what is wrong with it, without the decoder's own text (which may
    /// quote the file).
    private static func damaged(_ error: DecodingError) -> AuthError {
        func path(_ keys: [any CodingKey]) -> String {
            if keys.isEmpty { return "the top level" }
            return keys.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context): return damaged(path(context.codingPath + [key]), "is missing")
        case .valueNotFound(_, let context): return damaged(path(context.codingPath), "is null")
        case .typeMismatch(_, let context): return damaged(path(context.codingPath), "has the wrong type")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return damaged("", "is not JSON (cut short or overwritten?)")
        case .dataCorrupted(let context): return damaged(path(context.codingPath), "is not valid")
        @unknown default: return damaged("", "could not be decoded")
        }
    }

    // MARK: The wire shapes

    private struct Header: Decodable {
        let format: String
        let version: Int
    }

    private struct FileV1: Codable {
        struct Password: Codable {
            let algorithm: String
            let n: Int
            let r: Int
            let p: Int
            let salt: String
            let key: String
        }
        struct Account: Codable {
            let uid: String
            let email: String
            let disabled: Bool
            let password: Password
        }
        struct SignIn: Codable {
            let id: String
            let uid: String
            let refreshTokenSHA256: String
            let authTime: Double
        }
        struct Failures: Codable {
            let email: String
            let times: [Double]
        }
        let format: String
        let version: Int
        let signingKey: String
        let accounts: [Account]
        let signIns: [SignIn]
        let failedSignIns: [Failures]
    }
}
