import Foundation
import Hearth
import HearthFirestoreCodec

/// The plain JSON the command reads and prints by default, and how it maps to Firestore values.
///
/// Reading: `null`, `true`/`false`, strings, arrays and objects (→ maps) as themselves; a number with a
/// fraction or an exponent (`1.0`, `2e3`) → double; a number without (`42`) → 64-bit integer (out of
/// range is an error). Printing is the same in reverse, with doubles always showing a fraction or an
/// exponent (`1.0`), so printed JSON reads back to the same values. Kinds plain JSON cannot tell apart
/// print as text and do not read back as themselves: timestamps (RFC 3339 text), bytes (base64 text),
/// references (the document's path), geo points (`{"latitude":…,"longitude":…}`), and NaN and the
/// infinities (`"NaN"`, `"Infinity"`, `"-Infinity"`). `--typed` uses Firestore's REST JSON instead,
/// which keeps every kind.
enum PlainJSON {
    static func json(_ value: Value) -> JSON {
        switch value {
        case .null: return .null
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .double(let number):
            if number.isNaN { return .string("NaN") }
            if number.isInfinite { return .string(number < 0 ? "-Infinity" : "Infinity") }
            return .number("\(number)")
        case .timestamp(let timestamp): return .string(timestamp.rfc3339)
        case .string(let text): return .string(text)
        case .bytes(let data): return .string(data.base64EncodedString())
        case .reference(let name): return .string(name.path.path)
        case .geoPoint(let point):
            return .object(["latitude": .number("\(point.latitude)"), "longitude": .number("\(point.longitude)")])
        case .array(let elements): return .array(elements.map(json))
        case .map(let fields): return json(fields)
        }
    }

    static func json(_ fields: MapValue) -> JSON {
        .object(JSONObject(members: fields.map { JSONObject.Member(key: $0.key, value: json($0.value)) }))
    }

    /// The value of plain JSON; `where` names the input in errors.
    static func value(_ json: JSON, at path: String = "$") throws(CommandFailure) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .boolean(flag)
        case .string(let text): return .string(text)
        case .number(let text):
            if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                guard let number = Double(text), number.isFinite else {
                    throw .usage("\(path): \(text) is out of the range of a double")
                }
                return .double(number)
            }
            guard let number = Int64(text) else {
                throw .usage("\(path): \(text) is out of the 64-bit integer range (write \(text).0 for a double)")
            }
            return .integer(number)
        case .array(let elements):
            var values: [Value] = []
            for (index, element) in elements.enumerated() { values.append(try value(element, at: "\(path)[\(index)]")) }
            return .array(values)
        case .object(let object):
            return .map(try fields(object, at: path))
        }
    }

    /// The fields of a plain JSON object.
    static func fields(_ object: JSONObject, at path: String = "$") throws(CommandFailure) -> MapValue {
        var pairs: [(String, Value)] = []
        for member in object { pairs.append((member.key, try value(member.value, at: "\(path).\(member.key)"))) }
        return MapValue(pairs)
    }

    /// Parses JSON text; `what` names the input in errors.
    static func parse(_ text: String, what: String) throws(CommandFailure) -> JSON {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw .usage("\(what) is not valid JSON (\(error)); strings need double quotes, e.g. '\"Ana\"'")
        }
    }
}
