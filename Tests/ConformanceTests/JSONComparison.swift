import HearthFirestoreCodec

/// Semantic comparison of proto3 JSON requests: member order is irrelevant, numbers compare by value,
/// and a member holding an empty array, or a `"fields"` member holding an empty object, equals an absent
/// one (proto3 does not distinguish them). Other empty messages (such as `"updateMask": {}`) stay
/// significant.
enum JSONComparison {
    static func normalized(_ json: JSON) -> JSON {
        switch json {
        case .array(let elements):
            return .array(elements.map(normalized))
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object {
                let value = normalized(member.value)
                if case .array(let elements) = value, elements.isEmpty { continue }
                if member.key == "fields", case .object(let fields) = value, fields.isEmpty { continue }
                members.append(JSONObject.Member(key: member.key, value: value))
            }
            return .object(JSONObject(members: members))
        default:
            return json
        }
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
                if let right = right[member.key], let found = difference(member.value, right, at: "\(path).\(member.key)") {
                    return found
                }
            }
            return nil
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return "\(path): \(left.count) elements expected, \(right.count) found" }
            for (index, pair) in zip(left, right).enumerated() {
                if let found = difference(pair.0, pair.1, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case (.number(let left), .number(let right)):
            if left == right { return nil }
            if let l = Double(left), let r = Double(right), l == r { return nil }
            return "\(path): \(left) expected, \(right) found"
        default:
            return expected == actual ? nil : "\(path): \(JSONWriter.string(expected)) expected, \(JSONWriter.string(actual)) found"
        }
    }
}
