import HearthCrypto
import HearthDomain
import HearthPort

/// A password as the auth file keeps it: scrypt's key of the password under a random salt, with the
/// parameters it was derived with, so that it keeps verifying when the gateway's work factor changes.
struct PasswordHash: Equatable, Sendable {
    static let keyByteCount = 32
    static let saltByteCount = 16

    let workFactor: ScryptWorkFactor
    let salt: [UInt8]
    let key: [UInt8]

    /// The hash of `password` under a new random salt (slow: one scrypt derivation).
    init(of password: Password, workFactor: ScryptWorkFactor) throws(AuthError) {
        let salt = LocalAuthSupport.randomBytes(count: Self.saltByteCount)
        self.init(workFactor: workFactor, salt: salt, key: try Self.derive(password, workFactor, salt))
    }

    init(workFactor: ScryptWorkFactor, salt: [UInt8], key: [UInt8]) {
        self.workFactor = workFactor
        self.salt = salt
        self.key = key
    }

    /// A hash no password matches (a random salt, an all-zero key), to spend on an email with no account
    /// the work a wrong password costs.
    static func unmatchable(_ workFactor: ScryptWorkFactor) -> PasswordHash {
        PasswordHash(
            workFactor: workFactor, salt: LocalAuthSupport.randomBytes(count: saltByteCount),
            key: [UInt8](repeating: 0, count: keyByteCount))
    }

    /// Whether `password` hashes to this key (slow: one derivation with this hash's own parameters); the
    /// keys are compared in constant time.
    func matches(_ password: Password) throws(AuthError) -> Bool {
        constantTimeEquals(try Self.derive(password, workFactor, salt), key)
    }

    private static func derive(
        _ password: Password, _ workFactor: ScryptWorkFactor, _ salt: [UInt8]
    ) throws(AuthError) -> [UInt8] {
        do {
            return try Scrypt.deriveKey(
                password: password.value.utf8, salt: salt, n: workFactor.n, r: workFactor.r, p: workFactor.p,
                keyByteCount: keyByteCount, maximumMemoryByteCount: ScryptWorkFactor.maximumMemoryByteCount)
        } catch {
            throw AuthError(.internal, "Hashing the password failed: \(error).")
        }
    }
}
