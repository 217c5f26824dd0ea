import Foundation
import HearthPort
import HearthDomain

/// The one reader of Firestore REST JSON: the answers of the REST API, documents and values, decoded
/// straight from their bytes into domain values (no ``JSON`` tree, no Foundation JSON, no `Decodable`).
///
/// It reads protobuf's JSON mapping as Firestore writes and accepts it: member names in lowerCamelCase or
/// in their original snake_case, escaped or not; `null` for an unset member; unknown members of a message
/// ignored (but read as JSON); the scalar forms of ``RESTValueCodec``. Inside a `Value` it is strict.
/// Canonical input (what Firestore and its emulator send) takes a fast path: member names compared as raw
/// bytes, document names split without a `String` of the whole name.
///
/// Errors are ``RESTDecodingError``s naming the JSON path from the root of the text and the reason. Text
/// that is not JSON (strict RFC 8259 as ``JSONParser`` reads it: duplicate members, invalid UTF-8, nesting
/// deeper than ``JSONParser/maximumDepth``, trailing text) is reported as such, at the root with its byte
/// offset, wherever decoding stopped: on any failure the whole text is checked by ``JSONParser`` first.
/// Where one message has several faults, the first one in the text is reported.
///
/// Invariant: every string's bytes either become a `String` through UTF-8 validation or are accepted
/// only by an ASCII-only rule (numbers, timestamps, base64, ASCII names), so invalid UTF-8 is never accepted.
package struct RESTDecoder {
    var scanner: JSONScanner
    /// The database every document name must belong to; `nil` accepts any database.
    let database: DatabaseID?
    /// Whether answers are read as ``FirestoreJSONDecoder`` reads them: an `{"error": …}` member in a
    /// document or list answer is the server's error, and an answer object whose members are all unknown
    /// is refused (the answer of another call).
    let strict: Bool
    /// The error of the element of a streamed answer that carried one (see `stream`).
    var errorElement: RESTErrorBody?
    /// `projects/{p}/databases/{d}/documents/` of `database`, when its bytes are ASCII.
    let documentsPrefix: [UInt8]?

    private init(_ bytes: UnsafeBufferPointer<UInt8>, database: DatabaseID?, strict: Bool) {
        scanner = JSONScanner(bytes)
        self.database = database
        self.strict = strict
        if let database {
            let prefix = Array((database.documentsRoot + "/").utf8)
            documentsPrefix = prefix.allSatisfy { $0 < 0x80 } ? prefix : nil
        } else {
            documentsPrefix = nil
        }
    }

    // MARK: - Entry point

    /// Runs `body` on the whole of `bytes`: one JSON value, nothing after it but white space.
    static func decode<T>(
        _ bytes: some Collection<UInt8>,
        database: DatabaseID?,
        strict: Bool = false,
        _ body: (inout RESTDecoder) throws(RESTDecodingError) -> T
    ) throws(RESTDecodingError) -> T {
        func run(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<T, RESTDecodingError> {
            var decoder = RESTDecoder(buffer, database: database, strict: strict)
            do throws(RESTDecodingError) {
                let result = try body(&decoder)
                decoder.scanner.skipWhitespace()
                guard decoder.scanner.isAtEnd else {
                    throw RESTDecodingError(reason: "unexpected text after the JSON value")
                }
                return .success(result)
            } catch {
                // Text that is not JSON is reported as such, wherever the decoding stopped.
                do {
                    try JSONParser.validate(buffer)
                } catch {
                    return .failure(RESTDecodingError(error))
                }
                return .failure(error)
            }
        }
        if let result = bytes.withContiguousStorageIfAvailable(run) { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer(run).get()
    }

    // MARK: - Messages

    /// The member names of one protobuf message, in lowerCamelCase, by index (at most 32).
    final class Members: Sendable {
        /// A name as bytes to compare: its first eight (the rest zero), the mask of those bytes (both in
        /// memory order, as a word loaded from the input), and its length.
        struct Entry: Sendable {
            let head: UInt64
            let mask: UInt64
            let count: Int
            let literal: StaticString
        }

        let entries: [Entry]
        let names: [String]

        init(_ literals: StaticString...) {
            entries = literals.map { literal in
                var head: UInt64 = 0
                var mask: UInt64 = 0
                withUnsafeMutableBytes(of: &head) { word in
                    for index in 0..<min(8, literal.utf8CodeUnitCount) { word[index] = literal.utf8Start[index] }
                }
                withUnsafeMutableBytes(of: &mask) { word in
                    for index in 0..<min(8, literal.utf8CodeUnitCount) { word[index] = 0xFF }
                }
                return Entry(head: head, mask: mask, count: literal.utf8CodeUnitCount, literal: literal)
            }
            names = literals.map { "\($0)" }
        }
    }

    /// How many members a message had, and which known ones (by index, `null` or not).
    struct MessageShape {
        var members = 0
        var seen: UInt32 = 0
    }

    /// Reads the message object at the current position, following protobuf's JSON mapping: each member
    /// whose name (lowerCamelCase, or snake_case) is in `members` goes to `member` with its index, unless
    /// its value is `null` (unset); other members are read and ignored. Errors thrown by `member` are
    /// located inside the member, by its lowerCamelCase name. Throws when the value is not an object, or
    /// when it names one member twice (in both spellings).
    @inline(__always)
    @discardableResult
    mutating func message(
        _ message: StaticString,
        _ members: Members,
        _ member: (inout RESTDecoder, Int) throws(RESTDecodingError) -> Void
    ) throws(RESTDecodingError) -> MessageShape {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { throw mismatch("a \(message) object") }
        var shape = MessageShape()
        guard try beginObject() else { return shape }
        var unknown: [String] = []
        repeat {
            shape.members += 1
            try memberNameFollows()
            guard let index = try knownMember(members, unknown: &unknown) else {
                try skipValue()
                continue
            }
            let bit: UInt32 = 1 << UInt32(index)
            guard shape.seen & bit == 0 else { throw Self.twice(members.names[index]) }
            shape.seen |= bit
            if try skipNull() { continue }
            do {
                try member(&self, index)
            } catch {
                throw error.prefixed(by: .key(members.names[index]))
            }
        } while try nextMember()
        return shape
    }

    /// A message of two members (`members` names them), each read by its function; `nil` for one absent.
    mutating func message<First, Second>(
        _ message: StaticString,
        _ members: Members,
        _ first: (inout RESTDecoder) throws(RESTDecodingError) -> First,
        _ second: (inout RESTDecoder) throws(RESTDecodingError) -> Second
    ) throws(RESTDecodingError) -> (First?, Second?) {
        var values: (First?, Second?) = (nil, nil)
        try self.message(message, members) { (decoder, member) throws(RESTDecodingError) in
            if member == 0 { values.0 = try first(&decoder) } else { values.1 = try second(&decoder) }
        }
        return values
    }

    /// The index in `members` of the member name at the current position (consumed with its colon), or
    /// `nil` for another name (kept in `unknown`, so that a name given twice is refused).
    @inline(__always)
    private mutating func knownMember(_ members: Members, unknown: inout [String]) throws(RESTDecodingError) -> Int? {
        // The name's first eight bytes (fewer at the end of the input) select the candidate; its length
        // (the closing quote) and its remaining bytes confirm it.
        let start = scanner.index + 1
        let available = scanner.bytes.count - start
        if available > 8, let base = scanner.bytes.baseAddress {
            let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
            for index in members.entries.indices {
                let entry = members.entries[index]
                guard entry.count < available, base[start + entry.count] == UInt8(ascii: "\"") else { continue }
                guard word & entry.mask == entry.head,
                    entry.count <= 8 || Self.equalBytes(base + start + 8, entry.literal.utf8Start + 8, entry.count - 8)
                else { continue }
                scanner.index = start + entry.count + 1
                try colon()
                return index
            }
        }
        let name = Self.lowerCamelCase(try memberName())
        try colon()
        if let index = members.names.firstIndex(where: { UTF8Order.equal($0, name) }) { return index }
        if unknown.contains(where: { UTF8Order.equal($0, name) }) { throw Self.twice(name) }
        unknown.append(name)
        return nil
    }

    /// The error for a member named twice: in two spellings (`createTime`, `create_time`); a name repeated
    /// as is is not JSON, and the check of the whole text reports it.
    static func twice(_ name: String) -> RESTDecodingError {
        RESTDecodingError(reason: "member \"\(name)\" appears twice (in lowerCamelCase and snake_case)")
    }

    /// The error for a member name repeated as is (not JSON; the check of the whole text reports it).
    static func repeated(_ name: String) -> RESTDecodingError {
        RESTDecodingError(reason: "member \"\(name)\" appears twice")
    }

    /// `missing required member "name"`.
    static func missing(_ name: StaticString) -> RESTDecodingError {
        RESTDecodingError(reason: "missing required member \"\(name)\"")
    }

    /// The lowerCamelCase form of a protobuf field name (`create_time` → `createTime`), as protobuf's JSON
    /// mapping names members; a name without `_` is returned as is.
    package static func lowerCamelCase(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "_")) else { return name }
        var result = ""
        var upperNext = false
        for scalar in name.unicodeScalars {
            if scalar == "_" {
                upperNext = true
            } else if upperNext {
                result.append(String(scalar).uppercased())
                upperNext = false
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Under ``strict``, refuses a message object of an answer that had members but none of the first
    /// `count` of `members` (the answer of another call, which protobuf's rule of ignoring unknown members
    /// would read as empty). `start` is where the object starts, for naming its members.
    func expectKnownMember(
        _ shape: MessageShape, _ members: Members, first count: Int, from start: Int, _ what: String
    ) throws(RESTDecodingError) {
        guard strict, shape.members > 0, shape.seen & ((1 << UInt32(count)) - 1) == 0 else { return }
        let keys = memberNames(ofObjectAt: start)
        let known = Array(members.names.prefix(count))
        throw RESTDecodingError(reason: "expected \(what) (members \(Self.list(known))), found only \(Self.list(keys))")
    }

    /// The member names of the object that starts at `start` (a second look, for error messages).
    func memberNames(ofObjectAt start: Int) -> [String] {
        var copy = self
        copy.scanner.index = start
        var names: [String] = []
        do {
            guard try copy.beginObject() else { return names }
            repeat {
                try copy.memberNameFollows()
                names.append(try copy.memberName())
                try copy.colon()
                try copy.skipValue()
            } while try copy.nextMember()
        } catch {
            return names
        }
        return names
    }

    // MARK: - Structure

    /// Opens an object; returns `false` when it is empty (and already closed). The scanner is at `{`.
    mutating func beginObject() throws(RESTDecodingError) -> Bool {
        try open(closing: UInt8(ascii: "}"))
    }

    /// Opens an array; returns `false` when it is empty (and already closed).
    mutating func beginArray() throws(RESTDecodingError) -> Bool {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "[") else { throw mismatch("an array") }
        return try open(closing: UInt8(ascii: "]"))
    }

    /// Enters the object or array whose opening bracket is at the current position; `false` when it is
    /// empty (and already closed).
    @inline(__always)
    private mutating func open(closing: UInt8) throws(RESTDecodingError) -> Bool {
        try syntax { (scanner) throws(JSONParseError) in try scanner.enter() }
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.consume(closing) {
            scanner.leave()
            return false
        }
        return true
    }

    /// The decoded elements of the array at the current position, each error located at its element.
    @inline(__always)
    mutating func array<T>(
        _ element: (inout RESTDecoder) throws(RESTDecodingError) -> T
    ) throws(RESTDecodingError) -> [T] {
        var elements: [T] = []
        guard try beginArray() else { return elements }
        repeat {
            let index = elements.count
            elements.append(
                try RESTDecodingError.within(index: index) { () throws(RESTDecodingError) in try element(&self) })
        } while try nextElement()
        return elements
    }

    /// Checks that a member name follows (the scanner at its opening quote).
    @inline(__always)
    mutating func memberNameFollows() throws(RESTDecodingError) {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw Self.expected("a member name") }
    }

    /// Consumes the member name `literal` and its colon when that name is next, written as is (the
    /// scanner at its opening quote); `false`, consuming nothing, otherwise.
    @inline(__always)
    mutating func member(_ literal: StaticString) throws(RESTDecodingError) -> Bool {
        let count = literal.utf8CodeUnitCount
        let start = scanner.index + 1
        guard scanner.bytes.count - start > count, scanner.bytes[start + count] == UInt8(ascii: "\""),
            let base = scanner.bytes.baseAddress, Self.equalBytes(base + start, literal.utf8Start, count)
        else { return false }
        scanner.index = start + count + 1
        try colon()
        return true
    }

    /// Whether `count` bytes at `left` and `right` are equal: eight at a time, without a call (member
    /// names are short).
    @inline(__always)
    static func equalBytes(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            let a = UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self)
            guard a == b else { return false }
            offset += 8
        }
        while offset < count {
            guard left[offset] == right[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The member name at the current position, unescaped (its colon not yet consumed).
    mutating func memberName() throws(RESTDecodingError) -> String {
        try string()
    }

    @inline(__always)
    mutating func colon() throws(RESTDecodingError) {
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: ":")) else { throw Self.expected("':'") }
    }

    /// `expected <what>`: a syntax problem (the check of the whole text then reports it as the parser
    /// does). Out of line, so that the small steps that throw it stay small.
    @inline(never)
    static func expected(_ what: StaticString) -> RESTDecodingError {
        RESTDecodingError(reason: "expected \(what)")
    }

    /// After a member: `true` at a comma, `false` at the closing brace (the object is closed).
    @inline(__always)
    mutating func nextMember() throws(RESTDecodingError) -> Bool {
        try next(closing: UInt8(ascii: "}"), "',' or '}'")
    }

    /// After an element: `true` at a comma, `false` at the closing bracket (the array is closed).
    @inline(__always)
    mutating func nextElement() throws(RESTDecodingError) -> Bool {
        try next(closing: UInt8(ascii: "]"), "',' or ']'")
    }

    @inline(__always)
    private mutating func next(closing: UInt8, _ problem: StaticString) throws(RESTDecodingError) -> Bool {
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: ",")) { return true }
        guard scanner.consume(closing) else { throw Self.expected(problem) }
        scanner.leave()
        return false
    }

    /// Consumes a `null` (an unset member); `false` when the value is something else.
    mutating func skipNull() throws(RESTDecodingError) -> Bool {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "n") else { return false }
        try syntax { (scanner) throws(JSONParseError) in try scanner.expectLiteral("null") }
        return true
    }

    /// Reads and ignores any JSON value (an unknown member), checking it as ``JSONParser`` does.
    mutating func skipValue() throws(RESTDecodingError) {
        _ = try json()
    }

    /// Any JSON value, as a tree (the `details` of an error).
    mutating func json() throws(RESTDecodingError) -> JSON {
        scanner.skipWhitespace()
        return try syntax { (scanner) throws(JSONParseError) in try JSONParser.parseValue(&scanner) }
    }

    /// Runs a step of the scanner; a syntax error becomes a decoding error (the check of the whole text
    /// then reports it as the parser does).
    @inline(__always)
    mutating func syntax<R>(_ body: (inout JSONScanner) throws(JSONParseError) -> R) throws(RESTDecodingError) -> R {
        do {
            return try body(&scanner)
        } catch {
            throw RESTDecodingError(error)
        }
    }

    // MARK: - Errors

    /// `expected <expected>, found <the kind of the next value>`.
    func mismatch(_ expected: String) -> RESTDecodingError {
        RESTDecodingError(reason: "expected \(expected), found \(nextValueDescription)")
    }

    /// "an object", "a string", "the number 12", … for the value at the current position.
    var nextValueDescription: String {
        var copy = scanner
        copy.skipWhitespace()
        switch copy.current {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case let byte? where byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")):
            guard let lexeme = try? copy.parseNumber() else { return "a number" }
            return "the number \(lexeme)"
        default: return "something that is not JSON"
        }
    }

    /// `text` quoted for an error message (cut after `Excerpt.limit` bytes).
    package static func quoted(_ text: String) -> String {
        JSONWriter.string(.string(Excerpt.of(text)))
    }

    /// Names quoted and listed for an error message (at most ten shown).
    package static func list(_ names: [String]) -> String {
        let shown = names.prefix(10).map { Excerpt.quoted($0) }.joined(separator: ", ")
        return names.count > 10 ? shown + ", … (\(names.count) names)" : shown
    }
}
