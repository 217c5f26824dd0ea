/// Base64url without padding (RFC 4648 section 5, padding omitted as RFC 7515 section 2 requires for JSON
/// Web Tokens): the alphabet `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`, and no `=`.
public enum Base64URL {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    /// The unpadded base64url text of `bytes`: 4 characters per 3 bytes, and 2 or 3 for a last group of 1
    /// or 2 bytes.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let remaining = input.count - index
            let b0 = UInt32(input[index])
            let b1 = remaining > 1 ? UInt32(input[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(input[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            if remaining > 1 { output.append(alphabet[Int(group >> 6 & 0x3F)]) }
            if remaining > 2 { output.append(alphabet[Int(group & 0x3F)]) }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes that the unpadded base64url `text` encodes.
    ///
    /// Strict, so that one value has one spelling (a token cannot be altered without changing its text):
    /// - Throws: ``CryptoError/invalidEncoding(_:reason:)`` (`"base64url"`) for a character outside the
    ///   alphabet (padding `=`, whitespace, `+` and `/` included; the error gives its offset, not the
    ///   character), a length of 1 modulo 4 (no whole byte), or unused low bits of the last character that
    ///   are not zero.
    public static func decode(_ text: some StringProtocol) throws(CryptoError) -> [UInt8] {
        let input = Array(text.utf8)
        guard input.count % 4 != 1 else {
            throw .invalidEncoding("base64url", reason: "length \(input.count) is 1 more than a multiple of 4")
        }
        let tail = input.count % 4
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3 + 2)
        for start in stride(from: 0, to: input.count - tail, by: 4) {
            let group = try sextets(input, start, count: 4)
            output += [UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8)]
            output.append(UInt8(truncatingIfNeeded: group))
        }
        // A last group of 2 or 3 characters holds 1 or 2 bytes; the bits left over must be zero.
        guard tail > 0 else { return output }
        let group = try sextets(input, input.count - tail, count: tail)
        let unusedBits = tail == 2 ? 4 : 2
        guard group & ((1 << unusedBits) - 1) == 0 else {
            throw .invalidEncoding("base64url", reason: "the last character has non-zero unused bits")
        }
        let last = group >> UInt32(unusedBits)
        if tail == 3 { output.append(UInt8(truncatingIfNeeded: last >> 8)) }
        output.append(UInt8(truncatingIfNeeded: last))
        return output
    }

    /// The `count` characters of `input` from `start`, 6 bits each, in the low bits of one word.
    private static func sextets(_ input: [UInt8], _ start: Int, count: Int) throws(CryptoError) -> UInt32 {
        var group: UInt32 = 0
        for offset in start..<(start + count) {
            let value = values[Int(input[offset])]
            guard value != 0xFF else {
                throw .invalidEncoding("base64url", reason: "character at offset \(offset) is not in the alphabet")
            }
            group = group << 6 | UInt32(value)
        }
        return group
    }
}
