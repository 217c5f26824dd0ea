import Foundation

/// The lexical layer of strict RFC 8259 JSON, shared by ``JSONParser`` (which builds ``JSON`` trees) and
/// the byte-level REST readers (which build domain values without a tree), so that both accept exactly
/// the same text: whitespace, literals, number lexemes, strings with their escapes, and nesting depth.
///
/// The scanner reads a buffer the caller keeps alive. Errors are ``JSONParseError``s naming the byte offset.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private(set) var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The byte at the current position, or `nil` at the end.
    @inline(__always)
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    var isAtEnd: Bool { index >= bytes.count }

    func fail(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` when it is next; returns whether it was.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw fail("unexpected end of input") }
        let literalBytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != literalBytes[offset] {
            throw fail("invalid literal")
        }
        index += count
    }

    /// Enters an array or object: counts one more level of nesting, throwing beyond
    /// ``JSONParser/maximumDepth``. The caller then consumes the opening bracket.
    @inline(__always)
    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw fail("nesting deeper than \(JSONParser.maximumDepth) levels") }
    }

    @inline(__always)
    mutating func leave() {
        depth -= 1
    }

    /// Scans a number lexeme starting at the current position; returns its bounds.
    mutating func scanNumber() throws(JSONParseError) -> Range<Int> {
        let start = index
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a fraction needs digits") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("an exponent needs digits") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return start..<index
    }

    /// The number lexeme at the current position, as text.
    mutating func parseNumber() throws(JSONParseError) -> String {
        let range = try scanNumber()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A string scanned (quotes, escapes and control characters checked) but not yet validated as UTF-8.
    struct ScannedString {
        /// Where the string's content starts (after the opening quote): the offset of a UTF-8 error.
        let start: Int
        /// The content straight from the input, when it has no escapes.
        let raw: UnsafeBufferPointer<UInt8>?
        /// The unescaped content, when it has escapes.
        let unescaped: [UInt8]?
        /// Whether every byte of the content is ASCII (so it is valid UTF-8).
        let isASCII: Bool

        /// Runs `body` on the unescaped content.
        @inline(__always)
        func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
            if let raw { return try body(raw) }
            return try (unescaped ?? []).withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(buffer) }
        }

        /// The content as a string, or `nil` when it is not valid UTF-8.
        var string: String? {
            withBytes { bytes in
                let text = String(decoding: bytes, as: UTF8.self)
                return isASCII || JSONScanner.isLossless(text, of: bytes) ? text : nil
            }
        }
    }

    /// Whether `text`, decoded from `bytes`, has exactly these bytes: decoding replaces every ill-formed
    /// sequence, so it keeps the bytes exactly when they are valid UTF-8 (the rule of `String(validating:)`).
    static func isLossless(_ text: String, of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var copy = text
        return copy.withUTF8 { decoded in
            guard decoded.count == bytes.count else { return false }
            guard let left = decoded.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, bytes.count) == 0
        }
    }

    /// Scans the string whose opening quote is at the current position.
    mutating func scanString() throws(JSONParseError) -> ScannedString {
        index += 1
        let start = index
        var high: UInt8 = 0
        if let base = bytes.baseAddress {
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                if special & highs != 0 { break }
                if word & highs != 0 { high = 0x80 }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return ScannedString(start: start, raw: slice, unescaped: nil, isASCII: high < 0x80)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("unescaped control character in a string") }
            high |= byte
            index += 1
        }
        return try scanEscapedString(from: start)
    }

    /// The rest of a string with escapes, from its content's `start` (the scanner is at the first escape
    /// or at the end of the input).
    @inline(never)
    private mutating func scanEscapedString(from start: Int) throws(JSONParseError) -> ScannedString {
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return ScannedString(start: start, raw: nil, unescaped: scalars, isASCII: false)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw fail("lone high surrogate")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("lone low surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid code point") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            default:
                if byte < 0x20 { throw fail("unescaped control character in a string") }
                scalars.append(byte)
                index += 1
            }
        }
    }

    /// The string whose opening quote is at the current position, validated as UTF-8.
    mutating func parseString() throws(JSONParseError) -> String {
        let scanned = try scanString()
        guard let text = scanned.string else {
            throw JSONParseError(offset: scanned.start, reason: "invalid UTF-8 in a string")
        }
        return text
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
