/// Base64 as protobuf's JSON mapping uses it for `bytes` fields: written in the standard alphabet with
/// padding; read in the standard or the URL-safe alphabet, padding optional.
enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0...63 for an alphabet character (both `+/` and `-_`), 0xFF otherwise.
    private static let sextets: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        return table
    }()

    /// Standard base64 with `=` padding.
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 0x3F)])
            output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 0x3F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of standard or URL-safe base64 text, with or without padding; `nil` when malformed
    /// (a character outside both alphabets, misplaced or excess padding, or a length that cannot occur).
    /// Non-zero bits after the last byte are ignored, as common decoders do.
    static func decode(_ text: String) -> [UInt8]? {
        var copy = text
        return copy.withUTF8 { decode($0) }
    }

    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var end = input.count
        var padding = 0
        while end > 0, input[end - 1] == UInt8(ascii: "=") {
            end -= 1
            padding += 1
        }
        let remainder = end % 4
        if remainder == 1 || padding > 2 { return nil }
        if padding > 0, (end + padding) % 4 != 0 { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(end / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var pending = 0
        for index in 0..<end {
            let sextet = sextets[Int(input[index])]
            if sextet == 0xFF { return nil }
            accumulator = accumulator << 6 | UInt32(sextet)
            pending += 1
            if pending == 4 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                pending = 0
            }
        }
        switch pending {
        case 2:
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            break
        }
        return output
    }
}
