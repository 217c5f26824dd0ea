/// HMAC (RFC 2104) over SHA-256: a 32-byte message authentication code under a secret key.
///
/// Compute at once with ``authenticationCode(for:key:)``, or incrementally: make one with the key,
/// ``update(_:)`` it with the message in pieces, then ``finalize()``. Keys of any length are accepted:
/// longer than 64 bytes they are hashed first, as RFC 2104 section 3 says. Compare codes with
/// ``constantTimeEquals(_:_:)``, never with `==`. The key never appears in a description or a mirror.
public struct HMACSHA256: Sendable, CustomStringConvertible, CustomReflectable {
    /// The code's length in bytes: 32.
    public static let byteCount = SHA256.digestByteCount

    private var inner: SHA256
    private var outer: SHA256

    /// A computation under `key` that has read nothing yet.
    public init(key: some Sequence<UInt8>) {
        var block = Array(key)
        if block.count > SHA256.blockByteCount {
            block = SHA256.hash(block)
        }
        block.append(contentsOf: repeatElement(0, count: SHA256.blockByteCount - block.count))
        inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
    }

    /// The HMAC-SHA-256 code (32 bytes) of `message` under `key`.
    public static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>) -> [UInt8] {
        var mac = HMACSHA256(key: key)
        mac.update(message)
        return mac.finalize()
    }

    /// Reads the next piece of the message. Pieces may have any length, including zero.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        inner.update(bytes)
    }

    /// The code (32 bytes) of everything read so far under the key. The computation is left as it was,
    /// free to read more.
    public func finalize() -> [UInt8] {
        var result = outer
        result.update(inner.finalize())
        return result.finalize()
    }

    /// The inner and outer hashes' chaining values after the padded key, before any message: what PBKDF2
    /// continues from on each iteration.
    var keyedStates: (inner: SHA256.State, outer: SHA256.State) { (inner.chainingState, outer.chainingState) }

    /// `HMACSHA256(…)`: never the key or the bytes read.
    public var description: String { "HMACSHA256(…)" }

    /// A mirror with no children, so that `dump` and debuggers show nothing of the key.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
