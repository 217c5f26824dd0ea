import Foundation
import HearthDomain
import HearthPort

/// Decoders and encoders of the scalar wire forms shared by every message: strings, booleans, int32 and
/// int64 numbers, RFC 3339 timestamps, base64 bytes, resource names and canonical field paths.
enum Wire {
    // MARK: - Decoding

    static func string(_ json: JSON) throws(RESTDecodingError) -> String {
        guard case .string(let text) = json else { throw mismatch("a string", json) }
        return text
    }

    static func bool(_ json: JSON) throws(RESTDecodingError) -> Bool {
        guard case .bool(let flag) = json else { throw mismatch("a boolean", json) }
        return flag
    }

    static func object(_ json: JSON) throws(RESTDecodingError) -> JSONObject {
        guard case .object(let object) = json else { throw mismatch("an object", json) }
        return object
    }

    static func array<T>(_ json: JSON, _ decode: (JSON) throws(RESTDecodingError) -> T) throws(RESTDecodingError) -> [T]
    {
        guard case .array(let elements) = json else { throw mismatch("an array", json) }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(
                try RESTDecodingError.within(index: index) { () throws(RESTDecodingError) in try decode(element) })
        }
        return result
    }

    /// An int64: a decimal string (protobuf's output form) or a JSON number, integral and in range.
    static func int64(_ json: JSON) throws(RESTDecodingError) -> Int64 {
        let text: String
        switch json {
        case .number(let lexeme): text = lexeme
        case .string(let string):
            guard JSONNumberText.isValid(string) else {
                throw RESTDecodingError(reason: "expected an int64 as a decimal string, found \(quoted(string))")
            }
            text = string
        default: throw mismatch("an int64 (a decimal string or a number)", json)
        }
        switch JSONNumberText.int64(text) {
        case .value(let value): return value
        case .notIntegral: throw RESTDecodingError(reason: "expected an integer, found \(Excerpt.of(text))")
        case .outOfRange: throw RESTDecodingError(reason: "\(Excerpt.of(text)) is outside the int64 range")
        }
    }

    /// An int32: a JSON number (protobuf's output form) or a decimal string, integral and in range.
    static func int32(_ json: JSON) throws(RESTDecodingError) -> Int32 {
        let value = try int64(json)
        guard let narrow = Int32(exactly: value) else {
            throw RESTDecodingError(reason: "\(value) is outside the int32 range")
        }
        return narrow
    }

    /// A non-negative int32 as an `Int`.
    static func count(_ json: JSON) throws(RESTDecodingError) -> Int {
        let value = try int32(json)
        guard value >= 0 else { throw RESTDecodingError(reason: "expected a non-negative number, found \(value)") }
        return Int(value)
    }

    static func timestamp(_ json: JSON) throws(RESTDecodingError) -> Timestamp {
        guard case .string(let text) = json else { throw mismatch("an RFC 3339 timestamp string", json) }
        do {
            return try Timestamp(rfc3339: text)
        } catch {
            throw RESTDecodingError(reason: "invalid timestamp \(quoted(text))", underlying: error)
        }
    }

    static func bytes(_ json: JSON) throws(RESTDecodingError) -> [UInt8] {
        guard case .string(let text) = json else { throw mismatch("a base64 string", json) }
        guard let bytes = Base64.decode(text) else { throw RESTDecodingError(reason: "invalid base64 \(quoted(text))") }
        return bytes
    }

    static func transactionID(_ json: JSON) throws(RESTDecodingError) -> TransactionID {
        let bytes = try bytes(json)
        guard !bytes.isEmpty else { throw RESTDecodingError(reason: "a transaction ID must not be empty") }
        return TransactionID(bytes: bytes)
    }

    /// A full document name; when `database` is given, the name must belong to it.
    static func documentName(_ json: JSON, database: DatabaseID?) throws(RESTDecodingError) -> DocumentName {
        let text = try string(json)
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

    static func documentPath(_ json: JSON, database: DatabaseID?) throws(RESTDecodingError) -> DocumentPath {
        try documentName(json, database: database).path
    }

    /// A database name `projects/{p}/databases/{d}`; when `expected` is given, it must be that database.
    static func databaseName(_ json: JSON, expected: DatabaseID?) throws(RESTDecodingError) -> DatabaseID {
        let text = try string(json)
        let parts = UTF8Split.split(text, separator: UInt8(ascii: "/"))
        guard parts.count == 4, UTF8Order.equal(parts[0], "projects"), UTF8Order.equal(parts[2], "databases") else {
            throw RESTDecodingError(
                reason: "expected a database name projects/{p}/databases/{d}, found \(quoted(text))")
        }
        let database: DatabaseID
        do {
            database = try DatabaseID(projectID: parts[1], databaseID: parts[3])
        } catch {
            throw RESTDecodingError(reason: "invalid database name \(quoted(text))", underlying: error)
        }
        if let expected, database != expected {
            throw RESTDecodingError(reason: "database \(quoted(text)) is not \(expected.resourceName)")
        }
        return database
    }

    /// A field path in its canonical encoded form (`a.b`, `` `x.y`.z ``, `__name__`).
    static func fieldPath(_ json: JSON) throws(RESTDecodingError) -> FieldPath {
        let text = try string(json)
        do {
            return try FieldPath(canonical: text)
        } catch {
            throw RESTDecodingError(reason: "invalid field path \(quoted(text))", underlying: error)
        }
    }

    /// A `FieldReference` message: `{"fieldPath": "a.b"}`.
    static func fieldReference(_ json: JSON) throws(RESTDecodingError) -> FieldPath {
        try MessageReader(json, "FieldReference").required("fieldPath", fieldPath)
    }

    /// A `DocumentMask` message: `{"fieldPaths": [...]}` (absent means no paths).
    static func documentMask(_ json: JSON) throws(RESTDecodingError) -> [FieldPath] {
        try MessageReader(json, "DocumentMask").repeated("fieldPaths", fieldPath)
    }

    /// A protobuf enum: by name (a raw value of `E`), or by wire number as protobuf's JSON parsers also
    /// accept (`numbers`; the `…_UNSPECIFIED` value 0 is never listed, so it is rejected).
    static func enumeration<E: RawRepresentable & CaseIterable>(
        _ json: JSON, _: E.Type, numbers: [Int64: E]
    ) throws(RESTDecodingError) -> E
    where E.RawValue == String {
        if case .number = json {
            let number = try int64(json)
            guard let value = numbers[number] else { throw RESTDecodingError(reason: "unknown enum number \(number)") }
            return value
        }
        let text = try string(json)
        guard let value = E(rawValue: text) else {
            throw RESTDecodingError(
                reason: "unknown value \(quoted(text)); expected one of \(list(E.allCases.map(\.rawValue)))")
        }
        return value
    }

    /// A non-negative int32 wrapper (`google.protobuf.Int32Value`): a number or decimal string, or the
    /// legacy object form `{"value": n}` found in older conformance vectors.
    static func wrappedCount(_ json: JSON) throws(RESTDecodingError) -> Int {
        if case .object = json {
            return try MessageReader(json, "Int32Value").optional("value", count) ?? 0
        }
        return try count(json)
    }

    static func mismatch(_ expected: String, _ found: JSON) -> RESTDecodingError {
        RESTDecodingError(reason: "expected \(expected), found \(found.kindDescription)")
    }

    static func quoted(_ text: String) -> String {
        JSONWriter.string(.string(Excerpt.of(text)))
    }

    static func list(_ names: [String]) -> String {
        let shown = names.prefix(10).map { Excerpt.quoted($0) }.joined(separator: ", ")
        return names.count > 10 ? shown + ", … (\(names.count) names)" : shown
    }

    // MARK: - Encoding

    static func int64(_ value: Int64) -> JSON { .string(String(value)) }

    static func int32(_ value: Int) -> JSON { .number(String(value)) }

    static func timestamp(_ value: Timestamp) -> JSON { .string(value.rfc3339) }

    static func bytes(_ value: some Collection<UInt8>) -> JSON { .string(Base64.encode(value)) }

    static func transactionID(_ value: TransactionID) -> JSON { bytes(value.bytes) }

    static func documentName(_ path: DocumentPath, in database: DatabaseID) -> JSON {
        .string(path.resourceName(in: database))
    }

    static func fieldPath(_ path: FieldPath) -> JSON { .string(path.canonicalString) }

    static func fieldReference(_ path: FieldPath) -> JSON { .object(["fieldPath": fieldPath(path)]) }

    static func documentMask(_ paths: [FieldPath]) -> JSON {
        .object(["fieldPaths": .array(paths.map(fieldPath))])
    }
}
