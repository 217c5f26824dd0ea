/// A strict RFC 8259 parser producing ``JSON`` trees.
///
/// Rejects trailing commas, comments, leading zeros, lone surrogates, unescaped control characters,
/// invalid UTF-8, duplicate object keys, trailing garbage and nesting deeper than ``maximumDepth``
/// (so hostile input cannot exhaust the stack). Duplicate keys are detected by exact UTF-8 bytes.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    /// Parses a complete JSON text.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSON {
        let array = Array(bytes)
        do {
            return try array.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(buffer)
                return try parser.parseDocument()
            }
        } catch let error as JSONParseError {
            throw error
        } catch {
            throw JSONParseError(offset: 0, reason: "\(error)")
        }
    }

    /// Parses a complete JSON text given as a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8))
    }

    /// Checks that `bytes` are one complete JSON text; throws the first problem, as parsing would.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var parser = JSONParser(bytes)
        _ = try parser.parseDocument()
    }

    /// The JSON value at the scanner's position (after any white space), leaving the scanner after it
    /// (the scanner's nesting depth counts toward ``maximumDepth``).
    static func parseValue(_ scanner: inout JSONScanner) throws(JSONParseError) -> JSON {
        var parser = JSONParser(scanner: scanner)
        defer { scanner = parser.scanner }
        parser.scanner.skipWhitespace()
        return try parser.parseValue()
    }

    private var scanner: JSONScanner

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes)
    }

    private init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSON {
        scanner.skipWhitespace()
        let value = try parseValue()
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.fail("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(JSONParseError) -> JSON {
        guard let byte = scanner.current else { throw scanner.fail("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try scanner.parseString())
        case UInt8(ascii: "t"): try scanner.expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try scanner.expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try scanner.expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try scanner.parseNumber())
        default: throw scanner.fail("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSON {
        try scanner.enter()
        scanner.index += 1
        var members: [JSONObject.Member] = []
        var seen = Set<ExactKey>()
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "}")) {
            scanner.leave()
            return .object(JSONObject())
        }
        while true {
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "\"") else { throw scanner.fail("expected a member name") }
            let keyOffset = scanner.index
            let key = try scanner.parseString()
            guard seen.insert(ExactKey(text: key)).inserted else {
                throw JSONParseError(offset: keyOffset, reason: "duplicate member \"\(key)\"")
            }
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: ":")) else { throw scanner.fail("expected ':'") }
            scanner.skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            scanner.skipWhitespace()
            guard let byte = scanner.current else { throw scanner.fail("unexpected end of input in an object") }
            if byte == UInt8(ascii: ",") {
                scanner.index += 1
                continue
            }
            guard byte == UInt8(ascii: "}") else { throw scanner.fail("expected ',' or '}'") }
            scanner.index += 1
            scanner.leave()
            return .object(JSONObject(members: members))
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSON {
        try scanner.enter()
        scanner.index += 1
        var elements: [JSON] = []
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "]")) {
            scanner.leave()
            return .array([])
        }
        while true {
            scanner.skipWhitespace()
            elements.append(try parseValue())
            scanner.skipWhitespace()
            guard let byte = scanner.current else { throw scanner.fail("unexpected end of input in an array") }
            if byte == UInt8(ascii: ",") {
                scanner.index += 1
                continue
            }
            guard byte == UInt8(ascii: "]") else { throw scanner.fail("expected ',' or ']'") }
            scanner.index += 1
            scanner.leave()
            return .array(elements)
        }
    }
}

/// An object key hashed and compared by its exact UTF-8 bytes (two spellings of "é" are distinct keys).
private struct ExactKey: Hashable {
    let text: String

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
