/// SHA-256 as FIPS 180-4 specifies it: a 32-byte digest of any sequence of bytes.
///
/// Hash at once with ``hash(_:)``, or incrementally: make a hasher, ``update(_:)`` it with the message in
/// as many pieces as convenient (the digest is the same however the message is split), then
/// ``finalize()``. A hasher is a value: copying it forks the computation. It holds the message's bytes
/// only until a 64-byte block is complete, and never prints them.
public struct SHA256: Sendable, CustomStringConvertible, CustomReflectable {
    /// The digest's length in bytes: 32.
    public static let digestByteCount = 32
    /// The length in bytes of the blocks the compression function reads: 64 (HMAC pads keys to this).
    public static let blockByteCount = 64

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: State = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var pending: [UInt8] = []
    private var messageByteCount: UInt64 = 0

    /// `SHA256(…)`: never the bytes read, which may be a secret (HMAC hashes its key into one).
    public var description: String { "SHA256(…)" }

    /// A mirror with no children, so that `dump` and debuggers show no bytes read.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// A hasher that has read nothing yet; ``finalize()`` on it gives the digest of the empty message.
    public init() {
        pending.reserveCapacity(Self.blockByteCount)
    }

    /// The SHA-256 digest (32 bytes) of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Reads the next piece of the message. Pieces may have any length, including zero.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { update(buffer: $0) }
        }
    }

    /// The digest (32 bytes) of everything read so far. The hasher itself is left as it was, free to read
    /// more (the digest then covers the longer message).
    public func finalize() -> [UInt8] {
        var copy = self
        return copy.finish()
    }

    private mutating func finish() -> [UInt8] {
        // The length is the message's length in bits modulo 2^64, as FIPS 180-4 section 5.1.1 allows no more.
        let bitCount = messageByteCount &* 8
        var padding: [UInt8] = [0x80]
        let afterMarker = (pending.count + 1) % Self.blockByteCount
        let zeros = afterMarker <= 56 ? 56 - afterMarker : 120 - afterMarker
        padding.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
        }
        let savedCount = messageByteCount
        update(padding)
        messageByteCount = savedCount
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in words {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    private mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        messageByteCount &+= UInt64(buffer.count)
        var index = 0
        if !pending.isEmpty {
            let take = min(Self.blockByteCount - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            index = take
            if pending.count == Self.blockByteCount {
                let block = pending
                block.withUnsafeBufferPointer { compress($0, from: 0) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        while buffer.count - index >= Self.blockByteCount {
            compress(buffer, from: index)
            index += Self.blockByteCount
        }
        if index < buffer.count {
            pending.append(contentsOf: buffer[index...])
        }
    }

    private mutating func compress(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for t in 0..<16 {
                let offset = start + 4 * t
                schedule[t] =
                    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                    | UInt32(bytes[offset + 3])
            }
            Self.compress(&state, schedule: schedule)
        }
    }

    /// The chaining value after the whole blocks read so far: the whole state when the bytes read are a
    /// multiple of 64 (HMAC's inner and outer hashes after the padded key).
    var chainingState: State { state }

    /// The eight 32-bit words of SHA-256's chaining value.
    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    /// One application of the compression function: `schedule` holds at least 64 words, the block's 16
    /// big-endian words first; the rest is overwritten with the message schedule.
    static func compress(_ state: inout State, schedule: UnsafeMutableBufferPointer<UInt32>) {
        for t in 16..<64 {
            let w15 = schedule[t - 15]
            let w2 = schedule[t - 2]
            let sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
            let sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
            schedule[t] = sigma1 &+ schedule[t - 7] &+ sigma0 &+ schedule[t - 16]
        }
        var (a, b, c, d, e, f, g, h) = state
        roundConstants.withUnsafeBufferPointer { k in
            for t in 0..<64 {
                let bigSigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ bigSigma1 &+ choice &+ k[t] &+ schedule[t]
                let bigSigma0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = bigSigma0 &+ majority
                h = g
                g = f
                f = e
                e = d &+ t1
                d = c
                c = b
                b = a
                a = t1 &+ t2
            }
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }
}

@inline(__always)
func rotateRight(_ word: UInt32, _ count: UInt32) -> UInt32 {
    (word >> count) | (word << (32 &- count))
}

@inline(__always)
func rotateLeft(_ word: UInt32, _ count: UInt32) -> UInt32 {
    (word << count) | (word >> (32 &- count))
}
