public import HearthDomain
import HearthCrypto

/// How slow ``FileAuthGateway`` makes each password hash: scrypt's cost parameters (RFC 7914), `n` (CPU and
/// memory cost, a power of two), `r` (block size) and `p` (parallelization).
///
/// One derivation takes about 128 × `r` × `n` bytes of memory and time proportional to `n` × `r` × `p`, and
/// a sign-in takes one derivation. The gateway hashes new passwords with the work factor it is given and
/// stores the parameters beside each hash, so an account keeps verifying with the parameters it was hashed
/// with when the default changes. ``default`` is the measured choice: see Docs/Performance.md
/// ("Authentication") and `hearth-bench auth`.
public struct ScryptWorkFactor: Hashable, Sendable, CustomStringConvertible {
    /// The CPU and memory cost: a power of two greater than 1.
    public let n: Int
    /// The block size: at least 1.
    public let r: Int
    /// The parallelization: at least 1.
    public let p: Int

    /// The most memory a work factor may need (128 × `r` × `n` and 128 × `r` × `p`): 256 MiB, the cap
    /// `Scrypt` applies by default.
    public static let maximumMemoryByteCount = Scrypt.defaultMaximumMemoryByteCount

    /// n = 2^14, r = 8, p = 1: 16 MiB and about 50 ms per derivation in a release build on the two-core
    /// development machine (`hearth-bench auth`), scrypt's author's interactive setting. Sign-ins and
    /// password changes take that long; guessing a password offline costs as much per guess.
    public static let `default` = ScryptWorkFactor(checkedN: 1 << 14, r: 8, p: 1)

    /// Validates the parameters as `Scrypt.deriveKey` does: throws `internal` naming `n`, `r` or `p` (or
    /// the memory they need, beyond ``maximumMemoryByteCount``) and saying what is allowed.
    public init(n: Int, r: Int, p: Int) throws(AuthError) {
        do {
            try Scrypt.validate(
                n: n, r: r, p: p, keyByteCount: PasswordHash.keyByteCount,
                maximumMemoryByteCount: Self.maximumMemoryByteCount)
        } catch {
            throw AuthError(.internal, "The scrypt work factor is invalid: \(error).")
        }
        self.init(checkedN: n, r: r, p: p)
    }

    private init(checkedN n: Int, r: Int, p: Int) {
        self.n = n
        self.r = r
        self.p = p
    }

    /// The memory one derivation needs: 128 × `r` × `n` bytes.
    public var memoryByteCount: Int { 128 * r * n }

    /// `scrypt(n: 16384, r: 8, p: 1)`.
    public var description: String { "scrypt(n: \(n), r: \(r), p: \(p))" }
}
