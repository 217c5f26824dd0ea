import HearthDomain

/// Any JSON value read through a Foundation decoder (`JSONDecoder`), so that Firestore REST JSON inside
/// other JSON can reach this module's codecs.
///
/// Objects and arrays become ``JSON/object(_:)`` and ``JSON/array(_:)`` (member order as the decoder
/// lists its keys); numbers become ``JSON/number(_:)`` with the digits of an integer that fits in
/// `Int64`/`UInt64`, otherwise the shortest text of the `Double` the decoder reads (exact number text is
/// kept only by ``JSONParser``). A value the decoder can read as none of these throws its `DecodingError`.
extension JSON: Decodable {
    public init(from decoder: any Decoder) throws {
        // Probing is the only way to learn a value's kind through `Decoder`: each failed `try?` is a kind
        // ruled out, never a lost error (the last probe throws).
        if let object = try? decoder.container(keyedBy: JSONMemberKey.self) {
            var members: [JSONObject.Member] = []
            members.reserveCapacity(object.allKeys.count)
            for key in object.allKeys {
                members.append(
                    JSONObject.Member(key: key.stringValue, value: try object.decode(JSON.self, forKey: key)))
            }
            self = .object(JSONObject(members: members))
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSON] = []
            while !array.isAtEnd { elements.append(try array.decode(JSON.self)) }
            self = .array(elements)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? value.decode(Int64.self) {
            self = .number(String(integer))
        } else if let integer = try? value.decode(UInt64.self) {
            self = .number(String(integer))
        } else if let number = try? value.decode(Double.self), number.isFinite {
            self = .number(JSONNumberText.text(number))
        } else {
            self = .string(try value.decode(String.self))
        }
    }
}

/// Any member name.
private struct JSONMemberKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    var intValue: Int? { nil }
}
