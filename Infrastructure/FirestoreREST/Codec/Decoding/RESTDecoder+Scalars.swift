import Foundation
import HearthPort
import HearthDomain

/// The scalar wire forms shared by every message: strings, booleans, int32 and int64 numbers, RFC 3339
/// timestamps, base64 bytes, transaction IDs and document names.
extension RESTDecoder {
    /// The string at the current position (its UTF-8 validated).
    mutating func string() throws(RESTDecodingError) -> String {
        let scanned = try scannedString("a string")
        guard let text = scanned.string else { throw RESTDecodingError(reason: "invalid UTF-8 in a string") }
        return text
    }

    /// The string at the current position, scanned but not yet made a `String`.
    @inline(__always)
    mutating func scannedString(
        _ expected: @autoclosure () -> String
    ) throws(RESTDecodingError) -> JSONScanner.ScannedString {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw mismatch(expected()) }
        return try syntax { (scanner) throws(JSONParseError) in try scanner.scanString() }
    }

    mutating func bool() throws(RESTDecodingError) -> Bool {
        scanner.skipWhitespace()
        switch scanner.current {
        case UInt8(ascii: "t"):
            try syntax { (scanner) throws(JSONParseError) in try scanner.expectLiteral("true") }
            return true
        case UInt8(ascii: "f"):
            try syntax { (scanner) throws(JSONParseError) in try scanner.expectLiteral("false") }
            return false
        default:
            throw mismatch("a boolean")
        }
    }

    /// The number lexeme at the current position (the scanner at its first byte).
    @inline(__always)
    mutating func numberLexeme() throws(RESTDecodingError) -> UnsafeBufferPointer<UInt8> {
        let range = try syntax { (scanner) throws(JSONParseError) in try scanner.scanNumber() }
        return UnsafeBufferPointer(rebasing: scanner.bytes[range])
    }

    /// Whether a number starts at the current position.
    @inline(__always)
    var atNumber: Bool {
        guard let byte = scanner.current else { return false }
        return byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// An int64: a decimal string (protobuf's output form) or a JSON number, integral and in range.
    mutating func int64() throws(RESTDecodingError) -> Int64 {
        scanner.skipWhitespace()
        let reading: JSONNumberText.IntegerReading
        if scanner.current == UInt8(ascii: "\"") {
            let scanned = try syntax { (scanner) throws(JSONParseError) in try scanner.scanString() }
            let valid = scanned.withBytes { JSONNumberText.isValid($0) }
            guard valid else {
                throw RESTDecodingError(
                    reason: "expected an int64 as a decimal string, found \(Self.quoted(scanned.string ?? ""))")
            }
            reading = scanned.withBytes { JSONNumberText.int64(lexeme: $0) }
            if case .value(let value) = reading { return value }
            throw Self.integerError(reading, scanned.withBytes { String(decoding: $0, as: UTF8.self) })
        }
        guard atNumber else { throw mismatch("an int64 (a decimal string or a number)") }
        let lexeme = try numberLexeme()
        reading = JSONNumberText.int64(lexeme: lexeme)
        if case .value(let value) = reading { return value }
        throw Self.integerError(reading, String(decoding: lexeme, as: UTF8.self))
    }

    private static func integerError(_ reading: JSONNumberText.IntegerReading, _ text: String) -> RESTDecodingError {
        if reading == .outOfRange { return RESTDecodingError(reason: "\(Excerpt.of(text)) is outside the int64 range") }
        return RESTDecodingError(reason: "expected an integer, found \(Excerpt.of(text))")
    }

    /// An int32: a JSON number (protobuf's output form) or a decimal string, integral and in range.
    mutating func int32() throws(RESTDecodingError) -> Int32 {
        let value = try int64()
        guard let narrow = Int32(exactly: value) else {
            throw RESTDecodingError(reason: "\(value) is outside the int32 range")
        }
        return narrow
    }

    /// A non-negative int32, as an `Int`.
    mutating func count() throws(RESTDecodingError) -> Int {
        let value = try int32()
        guard value >= 0 else { throw RESTDecodingError(reason: "expected a non-negative number, found \(value)") }
        return Int(value)
    }

    /// A finite number, or `"NaN"`, `"Infinity"`, `"-Infinity"`, or a numeric string.
    mutating func double() throws(RESTDecodingError) -> Double {
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "\"") {
            let scanned = try syntax { (scanner) throws(JSONParseError) in try scanner.scanString() }
            let special: Double? = scanned.withBytes { bytes in
                if Self.matches(bytes, "NaN") { return .nan }
                if Self.matches(bytes, "Infinity") { return .infinity }
                if Self.matches(bytes, "-Infinity") { return -.infinity }
                return nil
            }
            if let special { return special }
            guard scanned.withBytes({ JSONNumberText.isValid($0) }) else {
                throw RESTDecodingError(
                    reason:
                        "expected a number, \"NaN\", \"Infinity\" or \"-Infinity\", found \(Self.quoted(scanned.string ?? ""))"
                )
            }
            guard let value = scanned.withBytes({ JSONNumberText.double(lexeme: $0) }) else {
                throw RESTDecodingError(
                    reason:
                        "\(scanned.withBytes { String(decoding: $0, as: UTF8.self) }) is outside the range of a double")
            }
            return value
        }
        guard atNumber else { throw mismatch("a number") }
        let lexeme = try numberLexeme()
        guard let value = JSONNumberText.double(lexeme: lexeme) else {
            throw RESTDecodingError(
                reason: "\(String(decoding: lexeme, as: UTF8.self)) is outside the range of a double")
        }
        return value
    }

    mutating func timestamp() throws(RESTDecodingError) -> Timestamp {
        let scanned = try scannedString("an RFC 3339 timestamp string")
        if let timestamp = scanned.withBytes(Timestamp.parseRFC3339) { return timestamp }
        let text = scanned.string ?? ""
        do {
            return try Timestamp(rfc3339: text)
        } catch {
            throw RESTDecodingError(reason: "invalid timestamp \(Self.quoted(text))", underlying: error)
        }
    }

    /// Base64 bytes: the standard or URL-safe alphabet, padding optional.
    mutating func bytes() throws(RESTDecodingError) -> [UInt8] {
        let scanned = try scannedString("a base64 string")
        guard let bytes = scanned.withBytes(Base64.decode) else {
            throw RESTDecodingError(reason: "invalid base64 \(Self.quoted(scanned.string ?? ""))")
        }
        return bytes
    }

    mutating func transactionID() throws(RESTDecodingError) -> TransactionID {
        let bytes = try bytes()
        guard !bytes.isEmpty else { throw RESTDecodingError(reason: "a transaction ID must not be empty") }
        return TransactionID(bytes: bytes)
    }

    /// A document name in ``database`` (any database when it is `nil`): its path, and under ``strict``
    /// its database too (``FirestoreJSONDecoder`` keeps names whole; the other readers need the path only).
    ///
    /// An ASCII name with the database's prefix is split here, without making a `String` of it first;
    /// any other name goes through `DocumentName(parsing:)`, which also cuts at `/` bytes (`UTF8Split`),
    /// so both give the same segments.
    mutating func documentName() throws(RESTDecodingError) -> ReadName {
        let scanned = try scannedString("a string")
        if let prefix = documentsPrefix, let path = Self.path(scanned, after: prefix) {
            return ReadName(path: path, database: strict ? database : nil)
        }
        let name = try Self.documentName(scanned, in: database)
        return ReadName(path: name.path, database: strict ? name.database : nil)
    }

    /// A full document name in any database (a reference value).
    mutating func anyDocumentName() throws(RESTDecodingError) -> DocumentName {
        try Self.documentName(scannedString("a string"), in: nil)
    }

    /// The path of a scanned ASCII name that starts with `prefix` (a database's `…/documents/`), split at
    /// `/` without a `String` of the whole name; `nil` for any other name, or one that is not a valid path
    /// (the slow path then names the problem).
    private static func path(_ scanned: JSONScanner.ScannedString, after prefix: [UInt8]) -> DocumentPath? {
        let segments: [String]? = scanned.withBytes { bytes in
            guard bytes.count > prefix.count, scanned.isASCII || bytes.allSatisfy({ $0 < 0x80 }),
                hasPrefix(bytes, prefix)
            else {
                return nil
            }
            var segments: [String] = []
            var start = prefix.count
            for index in prefix.count...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                segments.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            return segments
        }
        guard let segments else { return nil }
        do {
            return try DocumentPath(segments: segments)
        } catch {
            return nil
        }
    }

    /// The document name `scanned` holds; when `database` is given, the name must belong to it.
    private static func documentName(
        _ scanned: JSONScanner.ScannedString, in database: DatabaseID?
    ) throws(RESTDecodingError) -> DocumentName {
        guard let text = scanned.string else { throw RESTDecodingError(reason: "invalid UTF-8 in a string") }
        let name: DocumentName
        do {
            name = try DocumentName(parsing: text)
        } catch {
            throw RESTDecodingError(reason: "invalid document name \(quoted(text))", underlying: error)
        }
        if let database, name.database != database {
            throw RESTDecodingError(
                reason: "document name \(quoted(text)) is not in the database \(database.resourceName)")
        }
        return name
    }

    /// A protobuf enum: by name (`names`, whose index is the case), or by wire number as protobuf's JSON
    /// parsers also accept (`numbers`; the `…_UNSPECIFIED` value 0 is never listed, so it is refused).
    mutating func enumeration<E>(
        _ cases: [(name: String, value: E)], numbers: [Int64: E]
    ) throws(RESTDecodingError) -> E {
        scanner.skipWhitespace()
        if atNumber {
            let number = try int64()
            guard let value = numbers[number] else { throw RESTDecodingError(reason: "unknown enum number \(number)") }
            return value
        }
        let text = try string()
        guard let found = cases.first(where: { UTF8Order.equal($0.name, text) }) else {
            throw RESTDecodingError(
                reason: "unknown value \(Self.quoted(text)); expected one of \(Self.list(cases.map(\.name)))")
        }
        return found.value
    }

    @inline(__always)
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base, literal.utf8Start, bytes.count) == 0
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        prefix.withUnsafeBufferPointer { prefix in
            guard bytes.count >= prefix.count, let left = bytes.baseAddress, let right = prefix.baseAddress else {
                return prefix.isEmpty
            }
            return memcmp(left, right, prefix.count) == 0
        }
    }
}
