/// scrypt (RFC 7914): a password-based key derivation function that is slow *and* needs memory, so that
/// guessing passwords in parallel on special hardware costs as much memory per guess as a sign-in does.
///
/// Its cost is set by three parameters: `n` (the CPU/memory cost, a power of two), `r` (the block size)
/// and `p` (parallelization). One derivation takes about 128 × `r` × `n` bytes of memory and time
/// proportional to `n` × `r` × `p`. Parameters are validated and bad ones are refused with an error naming
/// the parameter; parameters that would need more memory than the cap given (by default
/// ``defaultMaximumMemoryByteCount``) are refused rather than attempted.
public enum Scrypt {
    /// The default cap on the memory one derivation may use: 256 MiB. The common interactive choice
    /// (n = 2^14 or 2^15, r = 8) needs 16 or 32 MiB.
    public static let defaultMaximumMemoryByteCount = 256 << 20

    /// The key of `keyByteCount` bytes that scrypt derives from `password` and `salt` with cost parameters
    /// `n`, `r` and `p` (RFC 7914 section 6).
    ///
    /// - Parameters:
    ///   - password: the password's bytes (for text, its UTF-8).
    ///   - salt: the salt's bytes: random, unique per password, 16 bytes or more.
    ///   - n: CPU/memory cost: a power of two greater than 1, and less than 2^(16 × `r`).
    ///   - r: block size, at least 1.
    ///   - p: parallelization, at least 1 and at most (2^32 − 1) × 32 / (128 × `r`).
    ///   - keyByteCount: the key's length, 1 to ``PBKDF2/maximumKeyByteCount``.
    ///   - maximumMemoryByteCount: the most memory this derivation may take: 128 × `r` × `n` (the table)
    ///     and 128 × `r` × `p` (the blocks) must each be at most this.
    /// - Throws: ``CryptoError/invalidParameter(_:reason:)`` naming `n`, `r`, `p` or `keyByteCount` when it
    ///   is out of range, or `maximumMemoryByteCount` when the parameters need more memory than it allows.
    ///   Never traps.
    public static func deriveKey(
        password: some Sequence<UInt8>, salt: some Sequence<UInt8>, n: Int, r: Int, p: Int, keyByteCount: Int,
        maximumMemoryByteCount: Int = defaultMaximumMemoryByteCount
    ) throws(CryptoError) -> [UInt8] {
        try validate(n: n, r: r, p: p, keyByteCount: keyByteCount, maximumMemoryByteCount: maximumMemoryByteCount)
        let passwordBytes = Array(password)
        let blockWords = 32 * r
        var blocks = try PBKDF2.hmacSHA256(
            password: passwordBytes, salt: salt, iterations: 1, keyByteCount: 4 * blockWords * p)
        var words = [UInt32](repeating: 0, count: blockWords)
        var table = [UInt32](repeating: 0, count: blockWords * n)
        var scratch = [UInt32](repeating: 0, count: blockWords)
        for block in 0..<p {
            let start = 4 * blockWords * block
            decode(blocks, from: start, into: &words)
            roMix(&words, r: r, n: n, table: &table, scratch: &scratch)
            encode(words, into: &blocks, at: start)
        }
        return try PBKDF2.hmacSHA256(
            password: passwordBytes, salt: blocks, iterations: 1, keyByteCount: keyByteCount)
    }

    /// Checks parameters as ``deriveKey(password:salt:n:r:p:keyByteCount:maximumMemoryByteCount:)`` does
    /// before it derives anything, so that a configuration can be refused when it is made rather than at
    /// its first use.
    ///
    /// - Throws: ``CryptoError/invalidParameter(_:reason:)`` naming `n`, `r`, `p`, `keyByteCount` or
    ///   `maximumMemoryByteCount`, exactly as ``deriveKey(password:salt:n:r:p:keyByteCount:maximumMemoryByteCount:)``
    ///   would throw it.
    public static func validate(
        n: Int, r: Int, p: Int, keyByteCount: Int, maximumMemoryByteCount: Int = defaultMaximumMemoryByteCount
    ) throws(CryptoError) {
        guard r >= 1 else { throw .invalidParameter("r", reason: "must be at least 1") }
        guard p >= 1 else { throw .invalidParameter("p", reason: "must be at least 1") }
        guard n > 1, n & (n - 1) == 0 else {
            throw .invalidParameter("n", reason: "must be a power of two greater than 1")
        }
        // RFC 7914 section 2: n < 2^(128 × r / 8).
        if 16 * min(r, 4) < 64, n >= 1 << (16 * min(r, 4)) {
            throw .invalidParameter("n", reason: "must be less than 2^(16 × r)")
        }
        let blockBytes = r.multipliedReportingOverflow(by: 128)
        guard !blockBytes.overflow else {
            throw .invalidParameter("r", reason: "128 × r overflows")
        }
        // RFC 7914 section 2: p ≤ ((2^32 − 1) × hLen) / MFLen, MFLen = 128 × r.
        guard p <= 0xFFFF_FFFF * 32 / blockBytes.partialValue else {
            throw .invalidParameter("p", reason: "must be at most (2^32 − 1) × 32 / (128 × r)")
        }
        guard keyByteCount >= 1, keyByteCount <= PBKDF2.maximumKeyByteCount else {
            throw .invalidParameter("keyByteCount", reason: "must be between 1 and \(PBKDF2.maximumKeyByteCount)")
        }
        let tableBytes = blockBytes.partialValue.multipliedReportingOverflow(by: n)
        guard !tableBytes.overflow, tableBytes.partialValue <= maximumMemoryByteCount else {
            throw .invalidParameter(
                "maximumMemoryByteCount", reason: "128 × r × n exceeds \(maximumMemoryByteCount) bytes")
        }
        let blocksBytes = blockBytes.partialValue.multipliedReportingOverflow(by: p)
        guard !blocksBytes.overflow, blocksBytes.partialValue <= maximumMemoryByteCount else {
            throw .invalidParameter(
                "maximumMemoryByteCount", reason: "128 × r × p exceeds \(maximumMemoryByteCount) bytes")
        }
    }

    // MARK: The steps, on bytes, for the RFC's intermediate test vectors

    /// Salsa20/8 core (RFC 7914 section 3) of 64 bytes; nil when `bytes` is not 64 bytes long.
    package static func salsa20_8(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count == 64 else { return nil }
        var words = [UInt32](repeating: 0, count: 16)
        decode(bytes, from: 0, into: &words)
        words.withUnsafeMutableBufferPointer { salsa($0) }
        var result = [UInt8](repeating: 0, count: 64)
        encode(words, into: &result, at: 0)
        return result
    }

    /// scryptBlockMix (RFC 7914 section 4) of 128 × `r` bytes; nil when the length is not that.
    package static func blockMix(_ bytes: [UInt8], r: Int) -> [UInt8]? {
        guard r >= 1, bytes.count % 128 == 0, bytes.count / 128 == r else { return nil }
        var words = [UInt32](repeating: 0, count: 32 * r)
        decode(bytes, from: 0, into: &words)
        var output = words
        words.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { blockMix(input, into: $0, r: r) }
        }
        var result = bytes
        encode(output, into: &result, at: 0)
        return result
    }

    /// scryptROMix (RFC 7914 section 5) of 128 × `r` bytes with cost `n`; nil when the length is not that,
    /// `n` is not a power of two greater than 1, or the table would exceed ``defaultMaximumMemoryByteCount``.
    package static func roMix(_ bytes: [UInt8], r: Int, n: Int) -> [UInt8]? {
        guard r >= 1, bytes.count % 128 == 0, bytes.count / 128 == r, n > 1, n & (n - 1) == 0,
            n <= defaultMaximumMemoryByteCount / bytes.count
        else { return nil }
        var words = [UInt32](repeating: 0, count: 32 * r)
        decode(bytes, from: 0, into: &words)
        var table = [UInt32](repeating: 0, count: 32 * r * n)
        var scratch = words
        roMix(&words, r: r, n: n, table: &table, scratch: &scratch)
        var result = bytes
        encode(words, into: &result, at: 0)
        return result
    }

    // MARK: The steps, on little-endian words

    private static func decode(_ bytes: [UInt8], from start: Int, into words: inout [UInt32]) {
        bytes.withUnsafeBufferPointer { bytes in
            words.withUnsafeMutableBufferPointer { words in
                for index in 0..<words.count {
                    let offset = start + 4 * index
                    words[index] =
                        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                        | UInt32(bytes[offset + 3]) << 24
                }
            }
        }
    }

    private static func encode(_ words: [UInt32], into bytes: inout [UInt8], at start: Int) {
        words.withUnsafeBufferPointer { words in
            bytes.withUnsafeMutableBufferPointer { bytes in
                for index in 0..<words.count {
                    let offset = start + 4 * index
                    let word = words[index]
                    bytes[offset] = UInt8(truncatingIfNeeded: word)
                    bytes[offset + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    bytes[offset + 2] = UInt8(truncatingIfNeeded: word >> 16)
                    bytes[offset + 3] = UInt8(truncatingIfNeeded: word >> 24)
                }
            }
        }
    }

    /// `x` = ROMix(`x`): `table` holds 32 × `r` × `n` words, `scratch` 32 × `r`.
    private static func roMix(_ x: inout [UInt32], r: Int, n: Int, table: inout [UInt32], scratch: inout [UInt32]) {
        let blockWords = 32 * r
        let last = (2 * r - 1) * 16
        x.withUnsafeMutableBufferPointer { original in
            table.withUnsafeMutableBufferPointer { table in
                scratch.withUnsafeMutableBufferPointer { other in
                    var x = original
                    var y = other
                    for index in 0..<n {
                        let row = index * blockWords
                        for word in 0..<blockWords { table[row + word] = x[word] }
                        blockMix(x, into: y, r: r)
                        swap(&x, &y)
                    }
                    let mask = UInt64(n - 1)
                    for _ in 0..<n {
                        let integer = UInt64(x[last]) | UInt64(x[last + 1]) << 32
                        let row = Int(integer & mask) * blockWords
                        for word in 0..<blockWords { x[word] ^= table[row + word] }
                        blockMix(x, into: y, r: r)
                        swap(&x, &y)
                    }
                    if x.baseAddress != original.baseAddress {
                        for word in 0..<blockWords { original[word] = x[word] }
                    }
                }
            }
        }
    }

    /// `output` = BlockMix(`input`), both 32 × `r` words.
    private static func blockMix(
        _ input: UnsafeMutableBufferPointer<UInt32>, into output: UnsafeMutableBufferPointer<UInt32>, r: Int
    ) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { x in
            let last = (2 * r - 1) * 16
            for word in 0..<16 { x[word] = input[last + word] }
            for block in 0..<(2 * r) {
                let source = block * 16
                for word in 0..<16 { x[word] ^= input[source + word] }
                salsa(x)
                let destination = (block / 2 + (block % 2) * r) * 16
                for word in 0..<16 { output[destination + word] = x[word] }
            }
        }
    }

    /// `b` = Salsa20/8(`b`), 16 words.
    private static func salsa(_ b: UnsafeMutableBufferPointer<UInt32>) {
        var x0 = b[0]
        var x1 = b[1]
        var x2 = b[2]
        var x3 = b[3]
        var x4 = b[4]
        var x5 = b[5]
        var x6 = b[6]
        var x7 = b[7]
        var x8 = b[8]
        var x9 = b[9]
        var x10 = b[10]
        var x11 = b[11]
        var x12 = b[12]
        var x13 = b[13]
        var x14 = b[14]
        var x15 = b[15]
        for _ in 0..<4 {
            x4 ^= rotateLeft(x0 &+ x12, 7)
            x8 ^= rotateLeft(x4 &+ x0, 9)
            x12 ^= rotateLeft(x8 &+ x4, 13)
            x0 ^= rotateLeft(x12 &+ x8, 18)
            x9 ^= rotateLeft(x5 &+ x1, 7)
            x13 ^= rotateLeft(x9 &+ x5, 9)
            x1 ^= rotateLeft(x13 &+ x9, 13)
            x5 ^= rotateLeft(x1 &+ x13, 18)
            x14 ^= rotateLeft(x10 &+ x6, 7)
            x2 ^= rotateLeft(x14 &+ x10, 9)
            x6 ^= rotateLeft(x2 &+ x14, 13)
            x10 ^= rotateLeft(x6 &+ x2, 18)
            x3 ^= rotateLeft(x15 &+ x11, 7)
            x7 ^= rotateLeft(x3 &+ x15, 9)
            x11 ^= rotateLeft(x7 &+ x3, 13)
            x15 ^= rotateLeft(x11 &+ x7, 18)

            x1 ^= rotateLeft(x0 &+ x3, 7)
            x2 ^= rotateLeft(x1 &+ x0, 9)
            x3 ^= rotateLeft(x2 &+ x1, 13)
            x0 ^= rotateLeft(x3 &+ x2, 18)
            x6 ^= rotateLeft(x5 &+ x4, 7)
            x7 ^= rotateLeft(x6 &+ x5, 9)
            x4 ^= rotateLeft(x7 &+ x6, 13)
            x5 ^= rotateLeft(x4 &+ x7, 18)
            x11 ^= rotateLeft(x10 &+ x9, 7)
            x8 ^= rotateLeft(x11 &+ x10, 9)
            x9 ^= rotateLeft(x8 &+ x11, 13)
            x10 ^= rotateLeft(x9 &+ x8, 18)
            x12 ^= rotateLeft(x15 &+ x14, 7)
            x13 ^= rotateLeft(x12 &+ x15, 9)
            x14 ^= rotateLeft(x13 &+ x12, 13)
            x15 ^= rotateLeft(x14 &+ x13, 18)
        }
        b[0] &+= x0
        b[1] &+= x1
        b[2] &+= x2
        b[3] &+= x3
        b[4] &+= x4
        b[5] &+= x5
        b[6] &+= x6
        b[7] &+= x7
        b[8] &+= x8
        b[9] &+= x9
        b[10] &+= x10
        b[11] &+= x11
        b[12] &+= x12
        b[13] &+= x13
        b[14] &+= x14
        b[15] &+= x15
    }
}
