import Foundation
import HearthDomain
import HearthPort

/// Decodes the REST answers that carry documents (a document, `runQuery` and `batchGet` arrays, a
/// `listDocuments` page) straight from their bytes into domain values: no ``JSON`` tree, no
/// `JSONSerialization`, no `Decodable`.
///
/// It reads the canonical form that Firestore and its emulator send — lowerCamelCase member names
/// without escapes, no unknown members — with the lexical rules of ``JSONParser`` (the shared
/// ``JSONScanner``) and the scalar rules of the tree decoders (``JSONNumberText``, ``Base64``,
/// `Timestamp.parseRFC3339`, `DocumentPath(segments:)`, `Wire.documentName`). Anything else, valid or
/// not, it declines by throwing; the byte entry points then decode the ``JSON`` tree with the reference
/// decoders, which produce the result or the error (with its JSON path and reason). So errors are those
/// of the tree decoders by construction, and the byte decoder only has to be exact on what it accepts:
/// whenever it returns a value, the tree decoders return the same value (the tests run both on valid,
/// unusual and corrupted input).
///
/// Invariant: every string's bytes either become a `String` through `String(validating:)` or are
/// accepted only by an ASCII-only rule (numbers, timestamps, base64, ASCII names), so invalid UTF-8 is
/// never accepted.
struct RESTByteDecoder {
    private var scanner: JSONScanner
    private let database: DatabaseID?
    /// `projects/{p}/databases/{d}/documents/` of `database`, when its bytes are ASCII.
    private let documentsPrefix: [UInt8]?

    private init(_ bytes: UnsafeBufferPointer<UInt8>, database: DatabaseID?) {
        scanner = JSONScanner(bytes)
        self.database = database
        if let database {
            let prefix = Array((database.documentsRoot + "/").utf8)
            documentsPrefix = prefix.allSatisfy { $0 < 0x80 } ? prefix : nil
        } else {
            documentsPrefix = nil
        }
    }

    // MARK: - Entry points

    /// The elements of a `runQuery` answer, or `nil` when the byte decoder declines the input.
    static func runQueryResponse(
        _ bytes: some Collection<UInt8>, database: DatabaseID?
    ) -> [RESTRunQueryResponseElement]? {
        decode(bytes, database: database) { (decoder) throws(Declined) in
            try decoder.stream { (decoder) throws(Declined) in try decoder.runQueryElement() }
        }
    }

    /// The elements of a `batchGet` answer, or `nil` when the byte decoder declines the input.
    static func batchGetResponse(
        _ bytes: some Collection<UInt8>, database: DatabaseID?
    ) -> [RESTBatchGetResponseElement]? {
        decode(bytes, database: database) { (decoder) throws(Declined) in
            try decoder.stream { (decoder) throws(Declined) in try decoder.batchGetElement() }
        }
    }

    /// A `listDocuments` page, or `nil` when the byte decoder declines the input.
    static func listDocumentsResponse(_ bytes: some Collection<UInt8>, database: DatabaseID?) -> ListDocumentsResponse?
    {
        decode(bytes, database: database) { (decoder) throws(Declined) in try decoder.listDocumentsResponse() }
    }

    /// A stored document, or `nil` when the byte decoder declines the input.
    static func document(_ bytes: some Collection<UInt8>, database: DatabaseID?) -> Document? {
        decode(bytes, database: database) { (decoder) throws(Declined) in try decoder.document() }
    }

    /// A `Value` object, or `nil` when the byte decoder declines the input.
    static func value(_ bytes: some Collection<UInt8>) -> Value? {
        decode(bytes, database: nil) { (decoder) throws(Declined) in try decoder.value() }
    }

    private static func decode<T>(
        _ bytes: some Collection<UInt8>,
        database: DatabaseID?,
        _ body: (inout RESTByteDecoder) throws(Declined) -> T
    ) -> T? {
        func run(_ buffer: UnsafeBufferPointer<UInt8>) -> T? {
            var decoder = RESTByteDecoder(buffer, database: database)
            do {
                let result = try body(&decoder)
                decoder.scanner.skipWhitespace()
                return decoder.scanner.isAtEnd ? result : nil
            } catch {
                return nil
            }
        }
        if let result = bytes.withContiguousStorageIfAvailable(run) { return result }
        return Array(bytes).withUnsafeBufferPointer(run)
    }

    /// The byte decoder does not take this input (it may be valid; the tree decoders decide).
    struct Declined: Error {}

    // MARK: - Messages

    private mutating func stream<T>(_ element: (inout RESTByteDecoder) throws(Declined) -> T) throws(Declined) -> [T] {
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "{") { return [try element(&self)] }
        var elements: [T] = []
        guard try beginArray() else { return elements }
        repeat {
            elements.append(try element(&self))
        } while try nextElement()
        return elements
    }

    private mutating func runQueryElement() throws(Declined) -> RESTRunQueryResponseElement {
        var document: Document?
        var transaction: TransactionID?
        var readTime: Timestamp?
        var skippedResults: Int?
        var done: Bool?
        var seen = MemberSet()
        if try beginObject() {
            repeat {
                try memberNameFollows()
                if try member("document") {
                    try seen.insert(0)
                    if try !skipNull() { document = try self.document() }
                } else if try member("readTime") {
                    try seen.insert(1)
                    if try !skipNull() { readTime = try timestamp() }
                } else if try member("transaction") {
                    try seen.insert(2)
                    if try !skipNull() { transaction = try transactionID() }
                } else if try member("skippedResults") {
                    try seen.insert(3)
                    if try !skipNull() { skippedResults = try count() }
                } else if try member("done") {
                    try seen.insert(4)
                    if try !skipNull() { done = try bool() }
                } else {
                    throw Declined()
                }
            } while try nextMember()
        }
        return RESTRunQueryResponseElement(
            document: document,
            transaction: transaction,
            readTime: readTime,
            skippedResults: skippedResults ?? 0,
            done: done ?? false
        )
    }

    private mutating func batchGetElement() throws(Declined) -> RESTBatchGetResponseElement {
        var read: DocumentRead?
        var transaction: TransactionID?
        var readTime: Timestamp?
        var seen = MemberSet()
        if try beginObject() {
            repeat {
                try memberNameFollows()
                if try member("found") {
                    try seen.insert(0)
                    if try !skipNull() {
                        guard read == nil else { throw Declined() }
                        read = .found(try document())
                    }
                } else if try member("missing") {
                    try seen.insert(1)
                    if try !skipNull() {
                        guard read == nil else { throw Declined() }
                        read = .missing(try documentPath())
                    }
                } else if try member("readTime") {
                    try seen.insert(2)
                    if try !skipNull() { readTime = try timestamp() }
                } else if try member("transaction") {
                    try seen.insert(3)
                    if try !skipNull() { transaction = try transactionID() }
                } else {
                    throw Declined()
                }
            } while try nextMember()
        }
        guard read != nil || transaction != nil else { throw Declined() }
        return RESTBatchGetResponseElement(read: read, transaction: transaction, readTime: readTime)
    }

    private mutating func listDocumentsResponse() throws(Declined) -> ListDocumentsResponse {
        var documents: [DocumentRead] = []
        var token: String?
        var seen = MemberSet()
        if try beginObject() {
            repeat {
                try memberNameFollows()
                if try member("documents") {
                    try seen.insert(0)
                    if try !skipNull(), try beginArray() {
                        repeat {
                            documents.append(try listedDocument())
                        } while try nextElement()
                    }
                } else if try member("nextPageToken") {
                    try seen.insert(1)
                    if try !skipNull() { token = try string() }
                } else {
                    throw Declined()
                }
            } while try nextMember()
        }
        return ListDocumentsResponse(documents: documents, nextPageToken: token.flatMap { $0.isEmpty ? nil : $0 })
    }

    private mutating func document() throws(Declined) -> Document {
        guard case .found(let document) = try documentMembers(listed: false) else { throw Declined() }
        return document
    }

    private mutating func listedDocument() throws(Declined) -> DocumentRead {
        try documentMembers(listed: true)
    }

    /// A `Document` message; with `listed`, one with only a name is a missing document.
    private mutating func documentMembers(listed: Bool) throws(Declined) -> DocumentRead {
        var path: DocumentPath?
        var fields: MapValue?
        var createTime: Timestamp?
        var updateTime: Timestamp?
        var seen = MemberSet()
        if try beginObject() {
            repeat {
                try memberNameFollows()
                if try member("name") {
                    try seen.insert(0)
                    if try !skipNull() { path = try documentPath() }
                } else if try member("fields") {
                    try seen.insert(1)
                    if try !skipNull() { fields = try self.fields() }
                } else if try member("createTime") {
                    try seen.insert(2)
                    if try !skipNull() { createTime = try timestamp() }
                } else if try member("updateTime") {
                    try seen.insert(3)
                    if try !skipNull() { updateTime = try timestamp() }
                } else {
                    throw Declined()
                }
            } while try nextMember()
        }
        guard let path else { throw Declined() }
        if listed, fields == nil, createTime == nil, updateTime == nil { return .missing(path) }
        guard let createTime, let updateTime else { throw Declined() }
        return .found(
            Document(path: path, fields: fields ?? MapValue(), createTime: createTime, updateTime: updateTime))
    }

    // MARK: - Values

    /// A `Value` object: exactly one kind member.
    mutating func value() throws(Declined) -> Value {
        guard try beginObject() else { throw Declined() }
        try memberNameFollows()
        let result: Value
        switch scanner.index + 1 < scanner.bytes.count ? scanner.bytes[scanner.index + 1] : 0 {
        case UInt8(ascii: "s"):
            guard try member("stringValue") else { throw Declined() }
            result = .string(try string())
        case UInt8(ascii: "i"):
            guard try member("integerValue") else { throw Declined() }
            result = .integer(try int64())
        case UInt8(ascii: "d"):
            guard try member("doubleValue") else { throw Declined() }
            result = .double(try double())
        case UInt8(ascii: "t"):
            guard try member("timestampValue") else { throw Declined() }
            result = .timestamp(try timestamp())
        case UInt8(ascii: "b"):
            if try member("booleanValue") {
                result = .boolean(try bool())
            } else if try member("bytesValue") {
                result = .bytes(Data(try base64()))
            } else {
                throw Declined()
            }
        case UInt8(ascii: "m"):
            guard try member("mapValue") else { throw Declined() }
            result = .map(try mapValue())
        case UInt8(ascii: "a"):
            guard try member("arrayValue") else { throw Declined() }
            result = .array(try arrayValue())
        case UInt8(ascii: "n"):
            guard try member("nullValue") else { throw Declined() }
            try nullValue()
            result = .null
        case UInt8(ascii: "r"):
            guard try member("referenceValue") else { throw Declined() }
            result = .reference(try reference())
        case UInt8(ascii: "g"):
            guard try member("geoPointValue") else { throw Declined() }
            result = .geoPoint(try geoPoint())
        default:
            throw Declined()
        }
        guard try !nextMember() else { throw Declined() }
        return result
    }

    /// A JSON object of `Value`s, keys taken verbatim, into a map sorted by UTF-8 key.
    mutating func fields() throws(Declined) -> MapValue {
        var fields: [MapValue.Field] = []
        guard try beginObject() else { return MapValue() }
        var sorted = true
        var previousKey: UnsafeBufferPointer<UInt8>?
        repeat {
            try memberNameFollows()
            let key = try decline { (scanner) throws(JSONParseError) in try scanner.scanString() }
            guard let text = key.string else { throw Declined() }
            try colon()
            let value = try value()
            if sorted, !fields.isEmpty {
                if let previous = previousKey, let raw = key.raw {
                    sorted = UTF8Order.compareBytes(UnsafeRawBufferPointer(previous), UnsafeRawBufferPointer(raw)) < 0
                } else {
                    sorted = UTF8Order.compare(fields[fields.count - 1].key, text) < 0
                }
            }
            previousKey = key.raw
            fields.append(MapValue.Field(key: text, value: value))
        } while try nextMember()
        if !sorted {
            fields.sort { UTF8Order.compare($0.key, $1.key) < 0 }
            for index in fields.indices.dropFirst() where UTF8Order.equal(fields[index - 1].key, fields[index].key) {
                throw Declined()
            }
        }
        return MapValue(sortedUniqueFields: fields)
    }

    /// A `MapValue` message: `{}` or `{"fields": {…}}`.
    private mutating func mapValue() throws(Declined) -> MapValue {
        guard try beginObject() else { return MapValue() }
        try memberNameFollows()
        guard try member("fields") else { throw Declined() }
        let fields = try fields()
        guard try !nextMember() else { throw Declined() }
        return fields
    }

    /// An `ArrayValue` message: `{}` or `{"values": […]}`.
    private mutating func arrayValue() throws(Declined) -> [Value] {
        guard try beginObject() else { return [] }
        try memberNameFollows()
        guard try member("values") else { throw Declined() }
        var values: [Value] = []
        if try beginArray() {
            repeat {
                values.append(try value())
            } while try nextElement()
        }
        guard try !nextMember() else { throw Declined() }
        return values
    }

    /// A `LatLng` message; a missing coordinate is 0.
    private mutating func geoPoint() throws(Declined) -> GeoPoint {
        var latitude = 0.0
        var longitude = 0.0
        var seen = MemberSet()
        if try beginObject() {
            repeat {
                try memberNameFollows()
                if try member("latitude") {
                    try seen.insert(0)
                    latitude = try double()
                } else if try member("longitude") {
                    try seen.insert(1)
                    longitude = try double()
                } else {
                    throw Declined()
                }
            } while try nextMember()
        }
        guard let point = try? GeoPoint(latitude: latitude, longitude: longitude) else { throw Declined() }
        return point
    }

    /// `null`, `"NULL_VALUE"` or the number `0`.
    private mutating func nullValue() throws(Declined) {
        scanner.skipWhitespace()
        switch scanner.current {
        case UInt8(ascii: "n"):
            try decline { (scanner) throws(JSONParseError) in try scanner.expectLiteral("null") }
        case UInt8(ascii: "\""):
            let text = try scanString()
            guard text.withBytes({ Self.matches($0, "NULL_VALUE") }) else { throw Declined() }
        case UInt8(ascii: "0"):
            let lexeme = try decline { (scanner) throws(JSONParseError) in try scanner.scanNumber() }
            guard lexeme.count == 1 else { throw Declined() }
        default:
            throw Declined()
        }
    }

    // MARK: - Scalars

    private mutating func string() throws(Declined) -> String {
        guard let text = try scanString().string else { throw Declined() }
        return text
    }

    private mutating func bool() throws(Declined) -> Bool {
        scanner.skipWhitespace()
        switch scanner.current {
        case UInt8(ascii: "t"):
            try decline { (scanner) throws(JSONParseError) in try scanner.expectLiteral("true") }
            return true
        case UInt8(ascii: "f"):
            try decline { (scanner) throws(JSONParseError) in try scanner.expectLiteral("false") }
            return false
        default:
            throw Declined()
        }
    }

    /// An int64: a decimal string or a JSON number, integral and in range (``Wire/int64(_:)``).
    private mutating func int64() throws(Declined) -> Int64 {
        scanner.skipWhitespace()
        let reading: JSONNumberText.IntegerReading
        if scanner.current == UInt8(ascii: "\"") {
            reading = try scanString().withBytes { bytes in
                JSONNumberText.isValid(bytes) ? JSONNumberText.int64(lexeme: bytes) : .notIntegral
            }
        } else {
            let lexeme = try number()
            reading = JSONNumberText.int64(lexeme: lexeme)
        }
        guard case .value(let value) = reading else { throw Declined() }
        return value
    }

    /// A non-negative int32 (``Wire/count(_:)``).
    private mutating func count() throws(Declined) -> Int {
        let value = try int64()
        guard let narrow = Int32(exactly: value), narrow >= 0 else { throw Declined() }
        return Int(narrow)
    }

    /// A finite number, or `"NaN"`, `"Infinity"`, `"-Infinity"`, or a numeric string
    /// (`RESTValueCodec.decodeDouble`).
    private mutating func double() throws(Declined) -> Double {
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "\"") {
            let text = try scanString()
            let value: Double? = text.withBytes { bytes in
                if Self.matches(bytes, "NaN") { return .nan }
                if Self.matches(bytes, "Infinity") { return .infinity }
                if Self.matches(bytes, "-Infinity") { return -.infinity }
                return JSONNumberText.isValid(bytes) ? JSONNumberText.double(lexeme: bytes) : nil
            }
            guard let value else { throw Declined() }
            return value
        }
        guard let value = JSONNumberText.double(lexeme: try number()) else { throw Declined() }
        return value
    }

    private mutating func timestamp() throws(Declined) -> Timestamp {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw Declined() }
        guard let timestamp = try scanString().withBytes(Timestamp.parseRFC3339) else { throw Declined() }
        return timestamp
    }

    private mutating func base64() throws(Declined) -> [UInt8] {
        guard let bytes = try scanString().withBytes(Base64.decode) else { throw Declined() }
        return bytes
    }

    private mutating func transactionID() throws(Declined) -> TransactionID {
        let bytes = try base64()
        guard !bytes.isEmpty else { throw Declined() }
        return TransactionID(bytes: bytes)
    }

    /// A reference value's document name, in any database (``Wire/documentName(_:database:)``).
    private mutating func reference() throws(Declined) -> DocumentName {
        let text = try string()
        guard let name = try? Wire.documentName(.string(text), database: nil) else { throw Declined() }
        return name
    }

    /// A document name in `database` (any database when `nil`), as its path.
    ///
    /// An ASCII name with the database's prefix is split here, without making a `String` of it first; any
    /// other name goes through ``Wire/documentPath(_:database:)``, which also cuts at `/` bytes
    /// (``UTF8Split``), so both paths give the same segments.
    private mutating func documentPath() throws(Declined) -> DocumentPath {
        let scanned = try scanString()
        if let prefix = documentsPrefix {
            let segments: [String]? = scanned.withBytes { bytes in
                guard bytes.count > prefix.count, scanned.isASCII || bytes.allSatisfy({ $0 < 0x80 }),
                    Self.hasPrefix(bytes, prefix)
                else { return nil }
                var segments: [String] = []
                var start = prefix.count
                for index in prefix.count...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/")
                {
                    segments.append(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    start = index + 1
                }
                return segments
            }
            if let segments {
                guard let path = try? DocumentPath(segments: segments) else { throw Declined() }
                return path
            }
        }
        guard let text = scanned.string, let path = try? Wire.documentPath(.string(text), database: database) else {
            throw Declined()
        }
        return path
    }

    // MARK: - Structure

    /// Opens an object; returns `false` when it is empty (and already closed).
    private mutating func beginObject() throws(Declined) -> Bool {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { throw Declined() }
        try decline { (scanner) throws(JSONParseError) in try scanner.enter() }
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "}")) {
            scanner.leave()
            return false
        }
        return true
    }

    /// Opens an array; returns `false` when it is empty (and already closed).
    private mutating func beginArray() throws(Declined) -> Bool {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "[") else { throw Declined() }
        try decline { (scanner) throws(JSONParseError) in try scanner.enter() }
        scanner.index += 1
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "]")) {
            scanner.leave()
            return false
        }
        return true
    }

    /// Skips to the next member name, which must follow.
    @inline(__always)
    private mutating func memberNameFollows() throws(Declined) {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw Declined() }
    }

    /// Consumes the member name `literal` and its colon when that name is next (the scanner at its
    /// opening quote); `false`, consuming nothing, for any other name. A name written with escapes never
    /// matches (the byte decoder declines it).
    @inline(__always)
    private mutating func member(_ literal: StaticString) throws(Declined) -> Bool {
        let count = literal.utf8CodeUnitCount
        let start = scanner.index + 1
        guard scanner.bytes.count - start > count, scanner.bytes[start + count] == UInt8(ascii: "\""),
            let base = scanner.bytes.baseAddress, memcmp(base + start, literal.utf8Start, count) == 0
        else { return false }
        scanner.index = start + count + 1
        try colon()
        return true
    }

    private mutating func colon() throws(Declined) {
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: ":")) else { throw Declined() }
    }

    /// After a member: `true` at a comma, `false` at the closing brace (the object is closed).
    private mutating func nextMember() throws(Declined) -> Bool {
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: ",")) { return true }
        guard scanner.consume(UInt8(ascii: "}")) else { throw Declined() }
        scanner.leave()
        return false
    }

    /// After an element: `true` at a comma, `false` at the closing bracket (the array is closed).
    private mutating func nextElement() throws(Declined) -> Bool {
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: ",")) { return true }
        guard scanner.consume(UInt8(ascii: "]")) else { throw Declined() }
        scanner.leave()
        return false
    }

    /// Consumes a `null` (an unset member); `false` when the value is something else.
    private mutating func skipNull() throws(Declined) -> Bool {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "n") else { return false }
        try decline { (scanner) throws(JSONParseError) in try scanner.expectLiteral("null") }
        return true
    }

    private mutating func scanString() throws(Declined) -> JSONScanner.ScannedString {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw Declined() }
        return try decline { (scanner) throws(JSONParseError) in try scanner.scanString() }
    }

    private mutating func number() throws(Declined) -> UnsafeBufferPointer<UInt8> {
        scanner.skipWhitespace()
        guard let byte = scanner.current,
            byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        else {
            throw Declined()
        }
        let range = try decline { (scanner) throws(JSONParseError) in try scanner.scanNumber() }
        return UnsafeBufferPointer(rebasing: scanner.bytes[range])
    }

    @inline(__always)
    private mutating func decline<R>(_ body: (inout JSONScanner) throws(JSONParseError) -> R) throws(Declined) -> R {
        do {
            return try body(&scanner)
        } catch {
            throw Declined()
        }
    }

    @inline(__always)
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
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

    /// The members of one message seen so far, by index: a second occurrence is a duplicate key.
    private struct MemberSet {
        private var bits: UInt32 = 0

        mutating func insert(_ member: Int) throws(Declined) {
            let bit: UInt32 = 1 << UInt32(member)
            guard bits & bit == 0 else { throw Declined() }
            bits |= bit
        }
    }
}
