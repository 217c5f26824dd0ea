import Foundation
import HearthPort
import HearthDomain

/// `Value` objects and field maps (the table of ``RESTValueCodec``).
extension RESTDecoder {
    /// A `Value` object: exactly one kind member.
    mutating func value() throws(RESTDecodingError) -> Value {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { throw mismatch("a Value object") }
        let start = scanner.index
        guard try beginObject() else {
            throw RESTDecodingError(
                reason: "a Value needs exactly one kind member (such as \"stringValue\"); found none")
        }
        try memberNameFollows()
        let result: Value
        // The canonical kind names, told apart by their first letter, then any other spelling.
        switch scanner.index + 1 < scanner.bytes.count ? scanner.bytes[scanner.index + 1] : 0 {
        case UInt8(ascii: "s") where try member("stringValue"): result = try payload(of: .string, spelled: nil)
        case UInt8(ascii: "i") where try member("integerValue"): result = try payload(of: .integer, spelled: nil)
        case UInt8(ascii: "d") where try member("doubleValue"): result = try payload(of: .double, spelled: nil)
        case UInt8(ascii: "t") where try member("timestampValue"): result = try payload(of: .timestamp, spelled: nil)
        case UInt8(ascii: "m") where try member("mapValue"): result = try payload(of: .map, spelled: nil)
        case UInt8(ascii: "a") where try member("arrayValue"): result = try payload(of: .array, spelled: nil)
        case UInt8(ascii: "n") where try member("nullValue"): result = try payload(of: .null, spelled: nil)
        case UInt8(ascii: "b") where try member("booleanValue"): result = try payload(of: .boolean, spelled: nil)
        case UInt8(ascii: "b") where try member("bytesValue"): result = try payload(of: .bytes, spelled: nil)
        case UInt8(ascii: "r") where try member("referenceValue"): result = try payload(of: .reference, spelled: nil)
        case UInt8(ascii: "g") where try member("geoPointValue"): result = try payload(of: .geoPoint, spelled: nil)
        default:
            let key = try memberName()
            try colon()
            guard let kind = ValueKind(name: key) else {
                // An unknown kind, unless the object has more than one member (that is the fault then).
                try skipValue()
                if try nextMember() { throw valueMemberCount(objectStart: start) }
                throw RESTDecodingError(path: [.key(key)], reason: "unknown Value kind \(Self.quoted(key))")
            }
            result = try payload(of: kind, spelled: key)
        }
        guard try !nextMember() else { throw valueMemberCount(objectStart: start) }
        return result
    }

    /// The payload of a kind member; errors are located in the member (`spelled` as written, or the
    /// kind's canonical name).
    @inline(__always)
    private mutating func payload(of kind: ValueKind, spelled: String?) throws(RESTDecodingError) -> Value {
        do {
            switch kind {
            case .null:
                try nullValue()
                return .null
            case .boolean: return .boolean(try bool())
            case .integer: return .integer(try int64())
            case .double: return .double(try double())
            case .timestamp: return .timestamp(try timestamp())
            case .string: return .string(try string())
            case .bytes: return .bytes(Data(try bytes()))
            case .reference: return .reference(try anyDocumentName())
            case .geoPoint: return .geoPoint(try geoPoint())
            case .array: return .array(try arrayValue())
            case .map: return .map(try mapValue())
            }
        } catch {
            throw error.prefixed(by: .key(spelled ?? kind.name))
        }
    }

    /// The kinds of `Value`, by their member names.
    enum ValueKind: Int, CaseIterable {
        case null, boolean, integer, double, timestamp, string, bytes, reference, geoPoint, array, map

        /// The member name (`integerValue`).
        var literal: StaticString {
            switch self {
            case .null: "nullValue"
            case .boolean: "booleanValue"
            case .integer: "integerValue"
            case .double: "doubleValue"
            case .timestamp: "timestampValue"
            case .string: "stringValue"
            case .bytes: "bytesValue"
            case .reference: "referenceValue"
            case .geoPoint: "geoPointValue"
            case .array: "arrayValue"
            case .map: "mapValue"
            }
        }

        var name: String { "\(literal)" }

        /// The original protobuf field name (`integer_value`).
        private var snakeCaseName: String {
            switch self {
            case .null: "null_value"
            case .boolean: "boolean_value"
            case .integer: "integer_value"
            case .double: "double_value"
            case .timestamp: "timestamp_value"
            case .string: "string_value"
            case .bytes: "bytes_value"
            case .reference: "reference_value"
            case .geoPoint: "geo_point_value"
            case .array: "array_value"
            case .map: "map_value"
            }
        }

        /// The kind named `name`, in lowerCamelCase or snake_case (as protobuf's JSON parsers accept).
        init?(name: String) {
            guard let kind = Self.allCases.first(where: { $0.name == name || $0.snakeCaseName == name }) else {
                return nil
            }
            self = kind
        }
    }

    /// The error for a `Value` object with more than one member, naming them (the object read again).
    private func valueMemberCount(objectStart start: Int) -> RESTDecodingError {
        RESTDecodingError(
            reason: "a Value needs exactly one kind member; found \(Self.list(memberNames(ofObjectAt: start)))")
    }

    /// Runs `body` with its errors located inside the member `key`.
    @inline(__always)
    private mutating func within<T>(
        _ key: String, _ body: (inout RESTDecoder) throws(RESTDecodingError) -> T
    ) throws(RESTDecodingError) -> T {
        try RESTDecodingError.within(key: key) { () throws(RESTDecodingError) in try body(&self) }
    }

    /// A JSON object of `Value`s (`{"name": Value, ...}`), keys taken verbatim, into a map sorted by
    /// UTF-8 key.
    mutating func fields() throws(RESTDecodingError) -> MapValue {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { throw mismatch("an object of fields") }
        var fields: [MapValue.Field] = []
        guard try beginObject() else { return MapValue() }
        var sorted = true
        var previousKey: UnsafeBufferPointer<UInt8>?
        repeat {
            try memberNameFollows()
            let key = try syntax { (scanner) throws(JSONParseError) in try scanner.scanString() }
            guard let text = key.string else { throw RESTDecodingError(reason: "invalid UTF-8 in a member name") }
            try colon()
            let value: Value
            do {
                value = try self.value()
            } catch {
                throw error.prefixed(by: .key(text))
            }
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
                // A repeated member: not JSON, which the check of the whole text reports.
                throw RESTDecodingError(reason: "the field \(Self.quoted(fields[index].key)) appears twice")
            }
        }
        return MapValue(sortedUniqueFields: fields)
    }

    /// A `MapValue` message: `{}` or `{"fields": {…}}`.
    mutating func mapValue() throws(RESTDecodingError) -> MapValue {
        try onlyMember("fields", in: "a MapValue", expectedObject: "a MapValue object") {
            (decoder) throws(RESTDecodingError) in try decoder.fields()
        }
            ?? MapValue()
    }

    /// An `ArrayValue` message: `{}` or `{"values": […]}`.
    mutating func arrayValue() throws(RESTDecodingError) -> [Value] {
        try onlyMember("values", in: "an ArrayValue", expectedObject: "an ArrayValue object") {
            (decoder) throws(RESTDecodingError) in
            try decoder.array { (decoder) throws(RESTDecodingError) in try decoder.value() }
        } ?? []
    }

    /// An object whose only allowed member is `name` (absent: `nil`); any other member throws.
    @inline(__always)
    private mutating func onlyMember<T>(
        _ name: StaticString,
        in what: StaticString,
        expectedObject: StaticString,
        _ body: (inout RESTDecoder) throws(RESTDecodingError) -> T
    ) throws(RESTDecodingError) -> T? {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { throw mismatch("\(expectedObject)") }
        guard try beginObject() else { return nil }
        var result: T?
        repeat {
            try memberNameFollows()
            if try member(name) {
                result = try within("\(name)", body)
            } else {
                let key = try memberName()
                guard UTF8Order.equal(key, "\(name)") else {
                    throw RESTDecodingError(
                        reason: "unknown member \(Self.quoted(key)) in \(what) (expected only \"\(name)\")")
                }
                try colon()
                result = try within(key, body)
            }
        } while try nextMember()
        return result
    }

    /// A `LatLng` message; a missing coordinate is 0.
    mutating func geoPoint() throws(RESTDecodingError) -> GeoPoint {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { throw mismatch("a LatLng object") }
        var latitude: Double?
        var longitude: Double?
        if try beginObject() {
            repeat {
                try memberNameFollows()
                let key = try memberName()
                try colon()
                // A repeated member is not JSON (RFC 8259 as JSONParser reads it): failing here makes the
                // decoder report it as such, as it reports every other syntax fault.
                if UTF8Order.equal(key, "latitude"), latitude == nil {
                    latitude = try within(key) { (decoder) throws(RESTDecodingError) in try decoder.double() }
                } else if UTF8Order.equal(key, "longitude"), longitude == nil {
                    longitude = try within(key) { (decoder) throws(RESTDecodingError) in try decoder.double() }
                } else {
                    throw RESTDecodingError(
                        reason: "unknown member \(Self.quoted(key)) in a LatLng (expected \"latitude\", \"longitude\")")
                }
            } while try nextMember()
        }
        do {
            return try GeoPoint(latitude: latitude ?? 0, longitude: longitude ?? 0)
        } catch {
            throw RESTDecodingError(reason: "invalid geo point", underlying: error)
        }
    }

    /// `null`, `"NULL_VALUE"` or the number `0`.
    mutating func nullValue() throws(RESTDecodingError) {
        scanner.skipWhitespace()
        let start = scanner
        switch scanner.current {
        case UInt8(ascii: "n"):
            try syntax { (scanner) throws(JSONParseError) in try scanner.expectLiteral("null") }
            return
        case UInt8(ascii: "\""):
            let text = try syntax { (scanner) throws(JSONParseError) in try scanner.scanString() }
            if text.withBytes({ Self.matches($0, "NULL_VALUE") }) { return }
        case UInt8(ascii: "0"):
            if try numberLexeme().count == 1 { return }
        default:
            break
        }
        scanner = start
        throw mismatch("null (or \"NULL_VALUE\")")
    }
}
