import HearthDomain
import HearthFirestoreCodec

/// Semantic comparison of proto3 JSON requests: member order is irrelevant, numbers compare by value,
/// and a member holding an empty array, or a `"fields"` member holding an empty object, equals an absent
/// one (proto3 does not distinguish them). Other empty messages (such as `"updateMask": {}`) stay
/// significant: an empty mask and no mask are different writes.
///
/// Equivalent spellings found in vectors written by other SDKs' serializers are normalized on both
/// sides: enum numbers (`"setToServerValue": 1`, allowed by proto3 JSON), protobuf.js `Long` objects
/// for `integerValue`, `Int32Value` wrappers (`"limit": {"value": 3}`), timestamps as
/// `{"seconds", "nanos"}` objects or with trailing fraction zeros, and the legacy request shape where
/// an update's transforms follow it as a separate `transform` write on the same document.
enum JSONComparison {
    static func normalized(_ json: JSON) -> JSON {
        switch json {
        case .array(let elements):
            return .array(elements.map(normalized))
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object {
                let value = normalized(member: member.key, normalized(member.value))
                if case .array(let elements) = value, elements.isEmpty { continue }
                if member.key == "fields", case .object(let fields) = value, fields.isEmpty { continue }
                members.append(JSONObject.Member(key: member.key, value: value))
            }
            return .object(JSONObject(members: members))
        default:
            return json
        }
    }

    /// Normalizes the value of the member named `key` (already normalized inside).
    private static func normalized(member key: String, _ value: JSON) -> JSON {
        switch (key, value) {
        case ("setToServerValue", .number("1")), ("setToServerValue", .string("1")):
            return .string("REQUEST_TIME")
        case ("direction", .number("1")), ("direction", .string("1")):
            return .string("ASCENDING")
        case ("direction", .number("2")), ("direction", .string("2")):
            return .string("DESCENDING")
        case ("integerValue", .object(let long)):
            return longString(long).map(JSON.string) ?? value
        case ("limit", .object(let wrapper)) where wrapper.count == 1:
            return wrapper["value"] ?? value
        case ("updateTime", _), ("timestampValue", _), ("readTime", _), ("commitTime", _), ("createTime", _):
            return canonicalTimestamp(value) ?? value
        case ("writes", .array(let writes)):
            return .array(foldingLegacyTransforms(writes))
        default:
            return value
        }
    }

    /// `{"high": h, "low": l, "unsigned": u}` (protobuf.js `Long`) as the decimal int64 string.
    private static func longString(_ long: JSONObject) -> String? {
        guard case .number(let highText)? = long["high"], case .number(let lowText)? = long["low"],
            let high = Int32(highText), let low = Int64(lowText)
        else { return nil }
        let bits = (UInt64(UInt32(bitPattern: high)) << 32) | UInt64(UInt32(truncatingIfNeeded: low))
        if case .bool(true)? = long["unsigned"] { return String(bits) }
        return String(Int64(bitPattern: bits))
    }

    /// An RFC 3339 string or a `{"seconds", "nanos"}` object, printed in one canonical form.
    private static func canonicalTimestamp(_ json: JSON) -> JSON? {
        switch json {
        case .string(let text):
            return (try? Timestamp(rfc3339: text)).map { .string($0.rfc3339) }
        case .object(let object):
            let seconds: Int64? =
                switch object["seconds"] {
                case .string(let text)?, .number(let text)?: Int64(text)
                case nil: 0
                default: nil
                }
            let nanos: Int32? =
                switch object["nanos"] {
                case .string(let text)?, .number(let text)?: Int32(text)
                case nil: 0
                default: nil
                }
            guard let seconds, let nanos, object.keys.allSatisfy({ $0 == "seconds" || $0 == "nanos" }),
                let timestamp = try? Timestamp(seconds: seconds, nanoseconds: nanos)
            else { return nil }
            return .string(timestamp.rfc3339)
        default:
            return nil
        }
    }

    /// Folds `[update of D, transform of D]` (the request shape before `updateTransforms` existed) into one
    /// update write carrying the transforms.
    private static func foldingLegacyTransforms(_ writes: [JSON]) -> [JSON] {
        var result: [JSON] = []
        for write in writes {
            if case .object(let transformWrite) = write, transformWrite.count == 1,
                case .object(let transform)? = transformWrite["transform"], let document = transform["document"],
                case .object(var previous)? = result.last, previous["updateTransforms"] == nil,
                case .object(let update)? = previous["update"], update["name"] == document
            {
                previous["updateTransforms"] = transform["fieldTransforms"] ?? .array([])
                result[result.count - 1] = .object(previous)
                continue
            }
            result.append(write)
        }
        return result
    }

    /// A description of the first difference (with its JSON path), or `nil` when equal.
    static func difference(expected: JSON, actual: JSON) -> String? {
        difference(normalized(expected), normalized(actual), at: "$")
    }

    private static func difference(_ expected: JSON, _ actual: JSON, at path: String) -> String? {
        switch (expected, actual) {
        case (.object(let left), .object(let right)):
            for key in left.keys where right[key] == nil { return "\(path).\(key): missing" }
            for key in right.keys where left[key] == nil { return "\(path).\(key): unexpected member" }
            for member in left {
                if let right = right[member.key],
                    let found = difference(member.value, right, at: "\(path).\(member.key)")
                {
                    return found
                }
            }
            return nil
        case (.array(let left), .array(let right)):
            guard left.count == right.count else {
                return "\(path): \(left.count) elements expected, \(right.count) found"
            }
            for (index, pair) in zip(left, right).enumerated() {
                if let found = difference(pair.0, pair.1, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case (.number(let left), .number(let right)):
            if left == right { return nil }
            if let l = Double(left), let r = Double(right), l == r { return nil }
            return "\(path): \(left) expected, \(right) found"
        default:
            return expected == actual
                ? nil : "\(path): \(JSONWriter.string(expected)) expected, \(JSONWriter.string(actual)) found"
        }
    }
}
