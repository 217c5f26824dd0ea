import HearthDomain

/// A token of the rules language.
struct RulesToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier(String)
        case int(Int64)
        case float(Double)
        case string(String)
        /// Punctuation and operators (`{`, `==`, `=**`, `$(` …).
        case symbol(String)
        case end
    }

    let kind: Kind
    let position: RulesPosition
    /// Whether white space or a comment came right before the token (a path ends at a space).
    let spaceBefore: Bool
}

/// Splits a rules file into tokens, on UTF-8 bytes. Comments (`//…`, `/*…*/`) and white space are
/// skipped. Errors are `invalidArgument` with the file's name, line and column.
struct RulesLexer {
    private let bytes: [UInt8]
    private let fileName: String
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: String, fileName: String) {
        self.bytes = Array(text.utf8)
        self.fileName = fileName
    }

    private static let symbols: [String] = [
        "=**", "&&", "||", "==", "!=", "<=", ">=", "$(", "{", "}", "(", ")", "[", "]", ";", ",", ".", ":", "?", "!",
        "<", ">", "=", "+", "-", "*", "/", "%",
    ].sorted { $0.utf8.count > $1.utf8.count }

    /// Every token of the file, the last one `.end`.
    mutating func tokens() throws(DocumentStoreError) -> [RulesToken] {
        var tokens: [RulesToken] = []
        while true {
            let spaced = try skipSpaceAndComments()
            let position = here
            guard offset < bytes.count else {
                tokens.append(RulesToken(kind: .end, position: position, spaceBefore: spaced))
                return tokens
            }
            let kind = try token(at: position)
            tokens.append(RulesToken(kind: kind, position: position, spaceBefore: spaced))
        }
    }

    private var here: RulesPosition { RulesPosition(line: line, column: offset - lineStart + 1) }

    func error(_ message: String, at position: RulesPosition) -> DocumentStoreError {
        DocumentStoreError(.invalidArgument, "\(fileName):\(position): \(message)")
    }

    private mutating func advance() {
        if bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        offset += 1
    }

    private func byte(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    /// Skips white space and comments; returns whether it skipped any.
    private mutating func skipSpaceAndComments() throws(DocumentStoreError) -> Bool {
        let start = offset
        while let byte = byte() {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                advance()
            } else if byte == UInt8(ascii: "/"), self.byte(1) == UInt8(ascii: "/") {
                while let next = self.byte(), next != 0x0A { advance() }
            } else if byte == UInt8(ascii: "/"), self.byte(1) == UInt8(ascii: "*") {
                let position = here
                advance()
                advance()
                while true {
                    guard let next = self.byte() else { throw error("a comment is not closed (*/)", at: position) }
                    if next == UInt8(ascii: "*"), self.byte(1) == UInt8(ascii: "/") {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else {
                break
            }
        }
        return offset > start
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func token(at position: RulesPosition) throws(DocumentStoreError) -> RulesToken.Kind {
        let first = bytes[offset]
        if Self.isIdentifierStart(first) {
            let start = offset
            while let byte = byte(), Self.isIdentifierStart(byte) || Self.isDigit(byte) { advance() }
            return .identifier(String(decoding: bytes[start..<offset], as: UTF8.self))
        }
        if Self.isDigit(first) { return try number(at: position) }
        if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") { return try string(quote: first, at: position) }
        for symbol in Self.symbols {
            let utf8 = Array(symbol.utf8)
            if offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 {
                for _ in utf8 { advance() }
                return .symbol(symbol)
            }
        }
        let shown = first < 0x80 ? "'\(String(UnicodeScalar(first)))'" : "byte 0x\(String(first, radix: 16))"
        throw error("unexpected character \(shown)", at: position)
    }

    private mutating func number(at position: RulesPosition) throws(DocumentStoreError) -> RulesToken.Kind {
        let start = offset
        while let byte = byte(), Self.isDigit(byte) { advance() }
        var isFloat = false
        if byte() == UInt8(ascii: "."), let next = byte(1), Self.isDigit(next) {
            isFloat = true
            advance()
            while let byte = byte(), Self.isDigit(byte) { advance() }
        }
        if let e = byte(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            let save = (offset, line, lineStart)
            advance()
            if let sign = byte(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { advance() }
            if let digit = byte(), Self.isDigit(digit) {
                isFloat = true
                while let byte = byte(), Self.isDigit(byte) { advance() }
            } else {
                (offset, line, lineStart) = save
            }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isFloat {
            guard let value = Double(text), value.isFinite else {
                throw error("the number \(text) is out of range", at: position)
            }
            return .float(value)
        }
        guard let value = Int64(text) else { throw error("the integer \(text) is out of range", at: position) }
        return .int(value)
    }

    private mutating func string(quote: UInt8, at position: RulesPosition) throws(DocumentStoreError) -> RulesToken.Kind
    {
        advance()
        var utf8: [UInt8] = []
        while true {
            guard let byte = byte(), byte != 0x0A else { throw error("a string is not closed", at: position) }
            advance()
            if byte == quote { break }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard let escaped = self.byte() else { throw error("a string is not closed", at: position) }
            let escapePosition = here
            advance()
            switch escaped {
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "."):
                utf8.append(escaped)
            default:
                // Regular expressions keep their escapes (`\\d`, `\\w`): the text goes to `matches` as written.
                _ = escapePosition
                utf8.append(UInt8(ascii: "\\"))
                utf8.append(escaped)
            }
        }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw error("a string is not valid UTF-8", at: position)
        }
        return .string(text)
    }
}
