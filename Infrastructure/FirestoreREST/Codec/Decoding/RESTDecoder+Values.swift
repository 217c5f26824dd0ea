import Foundation
import HearthApplication
import HearthDomain

/// `Value` objects and field maps (the table of ``RESTValueCodec``).
extension RESTDecoder {
    /// A `Value` object: exactly one kind member.
    mutating func value() throws(RESTDecodingError) -> Value {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else { throw mismatch("a Value object") }
        let start = scanner.index
        guard try beginObject() else {
            throw RESTDecodingError(reason: "a Value needs exactly one kind member (such as \"stringValue\"); found none")
        }
        try memberNameFollows()
        let result: Value
        // The canonical kind names, told apart by their first letter; anything else takes `otherKind`.
        let first = scanner.index + 1 < scanner.bytes.count ? scanner.bytes[scanner.index + 1] : 0
        if first == UInt8(ascii: "s"), try member("stringValue") {
            result = .string(try within("stringValue") { (decoder) throws(RESTDecodingError) in try decoder.string() })
        } else if first == UInt8(ascii: "i"), try member("integerValue") {
            result = .integer(try within("integerValue") { (decoder) throws(RESTDecodingError) in try decoder.int64() })
        } else if first == UInt8(ascii: "d"), try member("doubleValue") {
            result = .double(try within("doubleValue") { (decoder) throws(RESTDecodingError) in try decoder.double() })
        } else if first == UInt8(ascii: "t"), try member("timestampValue") {
            result = .timestamp(try within("timestampValue") { (decoder) throws(RESTDecodingError) in try decoder.timestamp() })
        } else if first == UInt8(ascii: "b"), try member("booleanValue") {
            result = .boolean(try within("booleanValue") { (decoder) throws(RESTDecodingError) in try decoder.bool() })
        } else if first == UInt8(ascii: "m"), try member("mapValue") {
            result = .map(try within("mapValue") { (decoder) throws(RESTDecodingError) in try decoder.mapValue() })
        } else if first == UInt8(ascii: "a"), try member("arrayValue") {
            result = .array(try within("arrayValue") { (decoder) throws(RESTDecodingError) in try decoder.arrayValue() })
        } else if first == UInt8(ascii: "n"), try member("nullValue") {
            try within("nullValue") { (decoder) throws(RESTDecodingError) in try decoder.nullValue() }
            result = .null
        } else {
            result = try otherKind(objectStart: start)
        }
        guard try !nextMember() else { throw valueMemberCount(objectStart: start) }
        return result
    }

    /// A kind member not in its canonical spelling (snake_case, escaped), or of a kind the fast path
    /// leaves out (bytes, reference, geo point), or unknown.
    private mutating func otherKind(objectStart start: Int) throws(RESTDecodingError) -> Value {
        let key = try memberName()
        try colon()
        switch key {
        case "nullValue", "null_value":
            try within(key) { (decoder) throws(RESTDecodingError) in try decoder.nullValue() }
            return .null
        case "booleanValue", "boolean_value": return .boolean(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.bool() })
        case "integerValue", "integer_value": return .integer(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.int64() })
        case "doubleValue", "double_value": return .double(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.double() })
        case "timestampValue", "timestamp_value":
            return .timestamp(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.timestamp() })
        case "stringValue", "string_value": return .string(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.string() })
        case "bytesValue", "bytes_value": return .bytes(Data(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.bytes() }))
        case "referenceValue", "reference_value":
            return .reference(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.documentName(in: nil) })
        case "geoPointValue", "geo_point_value": return .geoPoint(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.geoPoint() })
        case "arrayValue", "array_value": return .array(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.arrayValue() })
        case "mapValue", "map_value": return .map(try within(key) { (decoder) throws(RESTDecodingError) in try decoder.mapValue() })
        default:
            // An unknown kind, unless the object has more than one member (that is the fault then).
            try skipValue()
            if try nextMember() { throw valueMemberCount(objectStart: start) }
            throw RESTDecodingError(path: [.key(key)], reason: "unknown Value kind \(Self.quoted(key))")
        }
    }

    /// The error for a `Value` object with more than one member, naming them (the object read again).
    private func valueMemberCount(objectStart start: Int) -> RESTDecodingError {
        RESTDecodingError(reason: "a Value needs exactly one kind member; found \(Self.list(memberNames(ofObjectAt: start)))")
    }

    /// Runs `body` with its errors located inside the member `key`.
    @inline(__always)
    private mutating func within<T>(_ key: String, _ body: (inout RESTDecoder) throws(RESTDecodingError) -> T) throws(RESTDecodingError) -> T {
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
            let value = try RESTDecodingError.within(key: text) { () throws(RESTDecodingError) in try self.value() }
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
        try onlyMember("fields", in: "a MapValue", expectedObject: "a MapValue object") { (decoder) throws(RESTDecodingError) in try decoder.fields() }
            ?? MapValue()
    }

    /// An `ArrayValue` message: `{}` or `{"values": […]}`.
    mutating func arrayValue() throws(RESTDecodingError) -> [Value] {
        try onlyMember("values", in: "an ArrayValue", expectedObject: "an ArrayValue object") { (decoder) throws(RESTDecodingError) in
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
                    throw RESTDecodingError(reason: "unknown member \(Self.quoted(key)) in \(what) (expected only \"\(name)\")")
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
        var latitude = 0.0
        var longitude = 0.0
        if try beginObject() {
            repeat {
                try memberNameFollows()
                let key = try memberName()
                try colon()
                if UTF8Order.equal(key, "latitude") {
                    latitude = try within(key) { (decoder) throws(RESTDecodingError) in try decoder.double() }
                } else if UTF8Order.equal(key, "longitude") {
                    longitude = try within(key) { (decoder) throws(RESTDecodingError) in try decoder.double() }
                } else {
                    throw RESTDecodingError(reason: "unknown member \(Self.quoted(key)) in a LatLng (expected \"latitude\", \"longitude\")")
                }
            } while try nextMember()
        }
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
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
