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
            let block = iterate(from: mac.finalize(), keyed.keyedStates, rounds: iterations - 1)
            key.append(contentsOf: block.prefix(keyByteCount - key.count))
            blockIndex &+= 1
        }
        return key
    }

    /// U_1 xor U_2 xor … xor U_(rounds + 1), where U_(i+1) = HMAC(password, U_i): each round is two
    /// compressions from the keyed states, on 32-byte messages whose padding is fixed, with no allocation.
    private static func iterate(
        from first: [UInt8], _ keyed: (inner: SHA256.State, outer: SHA256.State), rounds: Int
    ) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { words in
            // words[0..<64]: the schedule; words[64..<72]: U_i; words[72..<80]: the running xor.
            for index in 0..<8 {
                let word =
                    UInt32(first[4 * index]) << 24 | UInt32(first[4 * index + 1]) << 16
                    | UInt32(first[4 * index + 2]) << 8 | UInt32(first[4 * index + 3])
                words[64 + index] = word
                words[72 + index] = word
            }
            for _ in 0..<rounds {
                var inner = keyed.inner
                loadPaddedDigest(from: 64, into: words)
                SHA256.compress(&inner, schedule: words)
                store(inner, into: words, at: 64)
                var outer = keyed.outer
                loadPaddedDigest(from: 64, into: words)
                SHA256.compress(&outer, schedule: words)
                store(outer, into: words, at: 64)
                for index in 0..<8 {
                    words[72 + index] ^= words[64 + index]
                }
            }
            var block: [UInt8] = []
            block.reserveCapacity(32)
            for index in 72..<80 {
                let word = words[index]
                block.append(contentsOf: [
                    UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                    UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
                ])
            }
            return block
        }
    }

    /// The block after a 64-byte key block: the 8 words at `start`, then SHA-256's padding for a 96-byte
    /// message (0x80, zeros, the length 768 in bits).
    private static func loadPaddedDigest(from start: Int, into words: UnsafeMutableBufferPointer<UInt32>) {
        for index in 0..<8 {
            words[index] = words[start + index]
        }
        words[8] = 0x8000_0000
        for index in 9..<15 {
            words[index] = 0
        }
        words[15] = UInt32((SHA256.blockByteCount + SHA256.digestByteCount) * 8)
    }

    private static func store(_ state: SHA256.State, into words: UnsafeMutableBufferPointer<UInt32>, at start: Int) {
        words[start] = state.0
        words[start + 1] = state.1
        words[start + 2] = state.2
        words[start + 3] = state.3
        words[start + 4] = state.4
        words[start + 5] = state.5
        words[start + 6] = state.6
        words[start + 7] = state.7
    }
}
