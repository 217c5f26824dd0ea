import Foundation
import HearthApplication
import HearthDomain
import HearthFirestoreCodec
import HearthPort

/// A problem with a vector itself (malformed or unsupported input), as opposed to an error thrown by
/// Hearth. A harness error always fails the case, even when the case expects an error.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reading the inputs of a vector: the members of a kind's object and the client-side values written as
/// JSON (see the README of the vectors for the conventions).
struct VectorInput {
    let body: JSONObject

    func string(_ key: String) throws(HarnessError) -> String {
        guard case .string(let text)? = body[key] else { throw HarnessError("Missing string member '\(key)'.") }
        return text
    }

    func has(_ key: String) -> Bool { body[key] != nil }

    var isError: Bool {
        if case .bool(true)? = body["isError"] { return true }
        return false
    }

    /// `projects/{p}/databases/{d}/documents/...`, parsed.
    func documentName(_ key: String = "docRefPath") throws(HarnessError) -> DocumentName {
        let text = try string(key)
        do {
            return try DocumentName(parsing: text)
        } catch {
            throw HarnessError("'\(key)' is not a document name: \(error.message)")
        }
    }

    /// `{"exists": Bool}` or `{"updateTime": "RFC 3339"}`, when present.
    func precondition() throws(HarnessError) -> Precondition? {
        guard let json = body["precondition"] else { return nil }
        guard case .object(let object) = json, object.count == 1, let member = object.members.first else {
            throw HarnessError("Unsupported precondition \(JSONWriter.string(json)).")
        }
        switch (member.key, member.value) {
        case ("exists", .bool(let exists)):
            return .exists(exists)
        case ("updateTime", .string(let text)):
            do {
                return .updateTime(try Timestamp(rfc3339: text))
            } catch {
                throw HarnessError("Bad updateTime precondition: \(error.message)")
            }
        case ("updateTime", .object(let object)):
            // The protobuf object form some SDKs' vectors use: {"seconds": "42", "nanos": "0"}.
            func number(_ key: String) -> Int64? {
                switch object[key] {
                case nil: 0
                case .string(let text)?, .number(let text)?: Int64(text)
                default: nil
                }
            }
            guard let seconds = number("seconds"), let nanos = number("nanos").flatMap(Int32.init(exactly:)),
                let time = try? Timestamp(seconds: seconds, nanoseconds: nanos)
            else { throw HarnessError("Bad updateTime precondition \(JSONWriter.string(json)).") }
            return .updateTime(time)
        default:
            throw HarnessError("Unsupported precondition \(JSONWriter.string(json)).")
        }
    }

    /// A JSON text member holding client-side data (`jsonData`, `jsonValue`), as user data.
    func userData(_ key: String) throws(HarnessError) -> FieldValue {
        try Self.userData(text: try string(key), what: key)
    }

    /// A JSON text member holding a document's top-level fields (a JSON object).
    func userDocument(_ key: String) throws(HarnessError) -> [String: FieldValue] {
        let json: JSON
        do {
            json = try JSONParser.parse(try string(key))
        } catch let error as HarnessError {
            throw error
        } catch {
            throw HarnessError("'\(key)' is not JSON: \(error)")
        }
        guard case .object(let object) = json else { throw HarnessError("'\(key)' is not a JSON object.") }
        var fields: [String: FieldValue] = [:]
        for member in object { fields[member.key] = try Self.userData(member.value) }
        return fields
    }

    /// `{"field": ["a", "b"]}` as a field path. Constructing it is Hearth's own validation: an invalid
    /// path (an empty segment) throws `DocumentStoreError`, which counts as the expected error.
    static func fieldPath(_ json: JSON) throws -> FieldPath {
        guard case .object(let object) = json else {
            throw HarnessError("Expected a field path {\"field\": [...]}, found \(JSONWriter.string(json)).")
        }
        let segments = try repeated(object, "field")
        var texts: [String] = []
        for segment in segments {
            guard case .string(let text) = segment else { throw HarnessError("A field path segment is not a string.") }
            texts.append(text)
        }
        return try FieldPath(texts)
    }

    /// A repeated member: proto3 JSON omits empty ones, so a missing member is an empty list.
    static func repeated(_ object: JSONObject, _ key: String) throws(HarnessError) -> [JSON] {
        switch object[key] {
        case nil: return []
        case .array(let elements)?: return elements
        default: throw HarnessError("'\(key)' is not an array.")
        }
    }

    static func userData(text: String, what: String) throws(HarnessError) -> FieldValue {
        do {
            return try userData(try JSONParser.parse(text))
        } catch let error as HarnessError {
            throw error
        } catch {
            throw HarnessError("'\(what)' is not JSON: \(error)")
        }
    }

    /// The conventions: `"ServerTimestamp"`, `"Delete"`, `"NaN"`, `["ArrayUnion", ...]`,
    /// `["ArrayRemove", ...]`; integers are Int64, numbers with a fraction or exponent are doubles.
    static func userData(_ json: JSON) throws(HarnessError) -> FieldValue {
        switch json {
        case .null: return nil
        case .bool(let flag): return .value(.boolean(flag))
        case .number(let lexeme):
            if lexeme.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                guard let double = Double(lexeme) else { throw HarnessError("Bad number \(lexeme).") }
                return .value(.double(double))
            }
            guard let integer = Int64(lexeme) else { throw HarnessError("Integer \(lexeme) does not fit in 64 bits.") }
            return .value(.integer(integer))
        case .string("ServerTimestamp"): return .serverTimestamp()
        case .string("Delete"): return .delete()
        case .string("NaN"): return .value(.double(.nan))
        case .string(let text): return .value(.string(text))
        case .array(let elements):
            if case .string(let head)? = elements.first, head == "ArrayUnion" || head == "ArrayRemove" {
                var operands: [FieldValue] = []
                for element in elements.dropFirst() { operands.append(try userData(element)) }
                return head == "ArrayUnion" ? .arrayUnion(operands) : .arrayRemove(operands)
            }
            var values: [FieldValue] = []
            for element in elements { values.append(try userData(element)) }
            return .array(values)
        case .object(let object):
            var fields: [String: FieldValue] = [:]
            for member in object { fields[member.key] = try userData(member.value) }
            return .map(fields)
        }
    }
}
