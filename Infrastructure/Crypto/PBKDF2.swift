/// PBKDF2 (RFC 8018 section 5.2) with HMAC-SHA-256 as its pseudorandom function: a key of any length
/// derived from a password and a salt, made slow by its iteration count.
public enum PBKDF2 {
    /// The longest key ``hmacSHA256(password:salt:iterations:keyByteCount:)`` derives: 64 MiB. RFC 8018
    /// allows up to (2^32 − 1) × 32 bytes; this cap keeps a bad length from exhausting memory.
    public static let maximumKeyByteCount = 64 << 20

    /// The key of `keyByteCount` bytes that PBKDF2-HMAC-SHA-256 derives from `password` and `salt` in
    /// `iterations` rounds.
    ///
    /// The time taken grows linearly with `iterations` (the work factor); the password is the HMAC key.
    /// - Throws: ``CryptoError/invalidParameter(_:reason:)`` naming `iterations` when it is below 1, or
    ///   `keyByteCount` when it is below 1 or above ``maximumKeyByteCount``. Never traps.
    public static func hmacSHA256(
        password: some Sequence<UInt8>, salt: some Sequence<UInt8>, iterations: Int, keyByteCount: Int
    ) throws(CryptoError) -> [UInt8] {
        guard iterations >= 1 else {
            throw .invalidParameter("iterations", reason: "must be at least 1")
        }
        guard keyByteCount >= 1, keyByteCount <= maximumKeyByteCount else {
            throw .invalidParameter("keyByteCount", reason: "must be between 1 and \(maximumKeyByteCount)")
        }
        let keyed = HMACSHA256(key: password)
        let saltBytes = Array(salt)
        var key: [UInt8] = []
        key.reserveCapacity(keyByteCount)
        var blockIndex: UInt32 = 1
        while key.count < keyByteCount {
            var mac = keyed
            mac.update(saltBytes)
            mac.update([
                UInt8(truncatingIfNeeded: blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
                UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
            ])
            var u = mac.finalize()
            var block = u
            for _ in 1..<iterations {
                var next = keyed
                next.update(u)
                u = next.finalize()
                for index in 0..<block.count {
                    block[index] ^= u[index]
                }
            }
            key.append(contentsOf: block.prefix(keyByteCount - key.count))
            blockIndex &+= 1
        }
        return key
    }
}
