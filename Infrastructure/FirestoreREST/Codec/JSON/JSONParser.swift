import HearthDomain

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
        var members: [JSONObject.Member] = []
        var seen = Set<ExactKey>()
        guard try open(closing: UInt8(ascii: "}")) else { return .object(JSONObject()) }
        repeat {
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
        } while try next(closing: UInt8(ascii: "}"), in: "an object")
        return .object(JSONObject(members: members))
    }

    private mutating func parseArray() throws(JSONParseError) -> JSON {
        var elements: [JSON] = []
        guard try open(closing: UInt8(ascii: "]")) else { return .array([]) }
        repeat {
            scanner.skipWhitespace()
            elements.append(try parseValue())
        } while try next(closing: UInt8(ascii: "]"), in: "an array")
        return .array(elements)
    }

    /// Enters the object or array whose opening bracket is at the scanner; `false` when it is empty (and
    /// already closed).
    private mutating func open(closing: UInt8) throws(JSONParseError) -> Bool {
        try scanner.enter()
        scanner.index += 1
        scanner.skipWhitespace()
        guard scanner.consume(closing) else { return true }
        scanner.leave()
        return false
    }

    /// After a member or element: `true` at a comma, `false` at `closing` (the container is closed).
    private mutating func next(closing: UInt8, in container: StaticString) throws(JSONParseError) -> Bool {
        scanner.skipWhitespace()
        guard let byte = scanner.current else { throw scanner.fail("unexpected end of input in \(container)") }
        if byte == UInt8(ascii: ",") {
            scanner.index += 1
            return true
        }
        guard byte == closing else { throw scanner.fail("expected ',' or '\(Character(Unicode.Scalar(closing)))'") }
        scanner.index += 1
        scanner.leave()
        return false
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
