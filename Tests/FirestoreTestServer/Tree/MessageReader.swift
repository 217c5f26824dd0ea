import HearthDomain
import HearthFirestoreCodec
import HearthPort
/// Reads the members of one protobuf message encoded as a JSON object, following protobuf's JSON mapping:
/// member names in lowerCamelCase (the original snake_case names are accepted too), JSON `null` meaning
/// "not set", unknown members ignored (forward compatibility). Errors thrown by member decoders are located
/// inside the member.
struct MessageReader {
    private let members: [JSONObject.Member]

    /// Throws when `json` is not an object, or names one member twice (once in each spelling).
    init(_ json: JSON, _ message: StaticString) throws(RESTDecodingError) {
        guard case .object(let object) = json else {
            throw RESTDecodingError(reason: "expected a \(message) object, found \(json.kindDescription)")
        }
        var members = object.members
        var renamed = false
        for index in members.indices where members[index].key.utf8.contains(UInt8(ascii: "_")) {
            members[index].key = RESTDecoder.lowerCamelCase(members[index].key)
            renamed = true
        }
        if renamed {
            var seen = Set<String>()
            for member in members where !seen.insert(member.key).inserted {
                throw RESTDecodingError(
                    reason: "member \"\(member.key)\" appears twice (in lowerCamelCase and snake_case)")
            }
        }
        self.members = members
    }

    /// The member's JSON, or `nil` when it is absent or `null`.
    func json(_ key: String) -> JSON? {
        for member in members where member.key == key {
            if case .null = member.value { return nil }
            return member.value
        }
        return nil
    }

    /// Whether the member is present and not `null`.
    func has(_ key: String) -> Bool { json(key) != nil }

    /// The decoded member; throws (located inside it) when it is absent or malformed.
    func required<T>(_ key: String, _ decode: (JSON) throws(RESTDecodingError) -> T) throws(RESTDecodingError) -> T {
        guard let value = json(key) else {
            throw RESTDecodingError(reason: "missing required member \"\(key)\"")
        }
        return try RESTDecodingError.within(key: key) { () throws(RESTDecodingError) in try decode(value) }
    }

    /// The decoded member, or `nil` when it is absent; throws (located inside it) when malformed.
    func optional<T>(_ key: String, _ decode: (JSON) throws(RESTDecodingError) -> T) throws(RESTDecodingError) -> T? {
        guard let value = json(key) else { return nil }
        return try RESTDecodingError.within(key: key) { () throws(RESTDecodingError) in try decode(value) }
    }

    /// The decoded elements of a repeated member (absent means empty); errors are located at the element.
    func repeated<T>(_ key: String, _ decode: (JSON) throws(RESTDecodingError) -> T) throws(RESTDecodingError) -> [T] {
        guard let value = json(key) else { return [] }
        return try RESTDecodingError.within(key: key) { () throws(RESTDecodingError) in try Wire.array(value, decode) }
    }

    /// Which of `keys` is set: `nil` for none; throws when more than one is (a oneof).
    func oneOf(_ keys: [String], _ what: StaticString) throws(RESTDecodingError) -> String? {
        var found: String?
        for key in keys where has(key) {
            if let found {
                throw RESTDecodingError(
                    reason: "\(what) must set only one of \(Wire.list(keys)); found \"\(found)\" and \"\(key)\"")
            }
            found = key
        }
        return found
    }

    /// Which of `keys` is set; throws when none or more than one is.
    func exactlyOne(_ keys: [String], _ what: StaticString) throws(RESTDecodingError) -> String {
        guard let key = try oneOf(keys, what) else {
            throw RESTDecodingError(reason: "\(what) must set one of \(Wire.list(keys))")
        }
        return key
    }
}

extension JSON {
    /// "an object", "a string", ... for error messages.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let lexeme): "the number \(lexeme)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
