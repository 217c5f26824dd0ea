import Foundation
import HearthDomain

/// The tags of Hearth's one binary encoding of ``Value``s (Docs/FileFormat.md, "Values"): a tag byte,
/// then the content. Used by ``DocumentRecord`` (the engine's stored versions, which the file store's
/// log and snapshot hold as they are) and by page tokens.
enum ValueTag: UInt8 {
    // The raw values 0…11, in this order, are the format's tags.
    case null = 0, `false`, `true`, integer, double, timestamp, string, bytes, reference, geoPoint, array, map
}

// MARK: - Writing

extension BinaryWriter {
    /// Appends `time`: a signed varint of seconds, then a varint of nanoseconds.
    package mutating func timestamp(_ time: Timestamp) {
        signedVarint(time.seconds)
        varint(UInt64(UInt32(bitPattern: time.nanoseconds)))
    }

    /// Appends `value`: a tag byte, then its content; map keys as ``fields(_:names:)`` writes them.
    package mutating func value(_ value: Value, names: inout FieldNameTable) {
        switch value {
        case .null:
            byte(ValueTag.null.rawValue)
        case .boolean(let flag):
            byte(flag ? ValueTag.true.rawValue : ValueTag.false.rawValue)
        case .integer(let number):
            byte(ValueTag.integer.rawValue)
            signedVarint(number)
        case .double(let number):
            byte(ValueTag.double.rawValue)
            fixed64(number.bitPattern)
        case .timestamp(let time):
            byte(ValueTag.timestamp.rawValue)
            timestamp(time)
        case .string(let text):
            byte(ValueTag.string.rawValue)
            string(text)
        case .bytes(let data):
            byte(ValueTag.bytes.rawValue)
            self.data(data)
        case .reference(let name):
            byte(ValueTag.reference.rawValue)
            string(name.resourceName)
        case .geoPoint(let point):
            byte(ValueTag.geoPoint.rawValue)
            fixed64(point.latitude.bitPattern)
            fixed64(point.longitude.bitPattern)
        case .array(let elements):
            byte(ValueTag.array.rawValue)
            varint(elements.count)
            for element in elements { self.value(element, names: &names) }
        case .map(let map):
            byte(ValueTag.map.rawValue)
            fields(map, names: &names)
        }
    }

    /// Appends a map: a varint count, then per field its key and value, in the map's (UTF-8) key order.
    /// A key is a string when `names` does not intern (``FieldNameTable/selfContained``); otherwise a
    /// varint `2 × id` for an interned name, or `2 × length + 1` and the UTF-8 bytes.
    package mutating func fields(_ map: MapValue, names: inout FieldNameTable) {
        varint(map.count)
        for field in map.fields {
            if !names.interns {
                string(field.key)
            } else if let id = names.intern(field.key) {
                varint(UInt64(id) << 1)
            } else {
                var key = field.key
                key.withUTF8 { utf8 in
                    varint(UInt64(utf8.count) << 1 | 1)
                    bytes.append(contentsOf: utf8)
                }
            }
            value(field.value, names: &names)
        }
    }
}

// MARK: - Reading

extension BinaryReader {
    /// Values nested deeper than this are malformed (Firestore allows 20 levels).
    package static let maximumDepth = 100

    /// A timestamp; nanoseconds and range are checked as ``Timestamp`` checks them.
    package mutating func timestamp() throws(FormatError) -> Timestamp {
        let start = offset
        let seconds = try signedVarint()
        let nanos = try varint()
        guard nanos < 1_000_000_000 else {
            throw FormatError("timestamp nanoseconds \(nanos) out of range", offset: start)
        }
        do {
            return try Timestamp(seconds: seconds, nanoseconds: Int32(nanos))
        } catch {
            throw FormatError("invalid timestamp: \(error.message)", offset: start)
        }
    }

    /// A value at nesting level `depth`. References and geo points are validated as their Domain types
    /// validate them; map keys are read as `names` says (see ``fields(depth:names:)``).
    package mutating func value(depth: Int, names: FieldNameTable?) throws(FormatError) -> Value {
        let tagOffset = offset
        let tag = try byte()
        switch ValueTag(rawValue: tag) {
        case .null: return .null
        case .false: return .boolean(false)
        case .true: return .boolean(true)
        case .integer: return .integer(try signedVarint())
        case .double: return .double(Double(bitPattern: try fixed64()))
        case .timestamp: return .timestamp(try timestamp())
        case .string: return .string(try string())
        case .bytes: return .bytes(try data())
        case .reference: return .reference(try reference(at: tagOffset))
        case .geoPoint: return .geoPoint(try geoPoint(at: tagOffset))
        case .array:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            let count = try count()
            var elements: [Value] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try value(depth: depth + 1, names: names)) }
            return .array(elements)
        case .map:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            return .map(try fields(depth: depth + 1, names: names))
        case nil:
            throw FormatError("unknown value tag \(tag)", offset: tagOffset)
        }
    }

    /// A reference's document name, validated as ``DocumentName`` validates it (its tag at `tagOffset`).
    private mutating func reference(at tagOffset: Int) throws(FormatError) -> DocumentName {
        let text = try string()
        do {
            return try DocumentName(parsing: text)
        } catch {
            throw FormatError("invalid reference: \(error.message)", offset: tagOffset)
        }
    }

    /// A geo point, validated as ``GeoPoint`` validates it (its tag at `tagOffset`).
    private mutating func geoPoint(at tagOffset: Int) throws(FormatError) -> GeoPoint {
        let latitude = Double(bitPattern: try fixed64())
        let longitude = Double(bitPattern: try fixed64())
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw FormatError("invalid geo point: \(error.message)", offset: tagOffset)
        }
    }

    /// A map as ``BinaryWriter/fields(_:names:)`` writes it. With `names` `nil`, keys are strings and must
    /// be valid UTF-8 in strictly increasing byte order (anything else is a ``FormatError``); with a
    /// table, keys are numbers of that table or spelled out, and trusted to be in order (only this
    /// process's engine writes them).
    package mutating func fields(depth: Int, names: FieldNameTable?) throws(FormatError) -> MapValue {
        let count = try count(minimumElementSize: 2)
        var fields: [MapValue.Field] = []
        fields.reserveCapacity(count)
        var previous: UnsafeRawBufferPointer?
        for _ in 0..<count {
            let key: String
            if let names {
                key = try fieldName(names)
            } else {
                key = try spelledOutKey(after: &previous)
            }
            fields.append(MapValue.Field(key: key, value: try value(depth: depth, names: names)))
        }
        return MapValue(sortedUniqueFields: fields)
    }

    /// A spelled-out map key, which must be valid UTF-8 and come after `previous` in byte order (then
    /// `previous` is set to it).
    @inline(__always)
    private mutating func spelledOutKey(after previous: inout UnsafeRawBufferPointer?) throws(FormatError) -> String {
        let keyOffset = offset
        let bytes = try lengthPrefixed()
        if let previous, UTF8Order.compareBytes(previous, bytes) >= 0 {
            throw FormatError("map keys out of order", offset: keyOffset)
        }
        let key = String(decoding: bytes, as: UTF8.self)
        guard key.utf8.count == bytes.count else {
            throw FormatError("a map key is not valid UTF-8", offset: keyOffset)
        }
        previous = bytes
        return key
    }

    /// Checks one value nested at `depth`, with spelled-out map keys, as ``value(depth:names:)`` reads it
    /// (with `names` `nil`: from a file), without building it: it throws exactly where that would, with
    /// the same error.
    package mutating func checkValue(depth: Int) throws(FormatError) {
        let tagOffset = offset
        let tag = try byte()
        switch ValueTag(rawValue: tag) {
        case .null, .false, .true: return
        case .integer: _ = try signedVarint()
        case .double: _ = try fixed64()
        case .timestamp: _ = try timestamp()
        case .string, .bytes: _ = try lengthPrefixed()
        case .reference: _ = try reference(at: tagOffset)
        case .geoPoint: _ = try geoPoint(at: tagOffset)
        case .array:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            for _ in 0..<(try count()) { try checkValue(depth: depth + 1) }
        case .map:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            try checkFields(depth: depth + 1)
        case nil:
            throw FormatError("unknown value tag \(tag)", offset: tagOffset)
        }
    }

    /// Checks a map with spelled-out keys as ``fields(depth:names:)`` reads it (`names` `nil`), without
    /// building it (see ``checkValue(depth:)``).
    package mutating func checkFields(depth: Int) throws(FormatError) {
        var previous: UnsafeRawBufferPointer?
        for _ in 0..<(try count(minimumElementSize: 2)) {
            _ = try spelledOutKey(after: &previous)
            try checkValue(depth: depth)
        }
    }

    /// Skips one value (nested at `depth`) without decoding it.
    package mutating func skipValue(depth: Int, names: FieldNameTable?) throws(FormatError) {
        let tagOffset = offset
        let tag = try byte()
        switch ValueTag(rawValue: tag) {
        case .null, .false, .true: return
        case .integer: _ = try varint()
        case .double: try skip(8)
        case .geoPoint: try skip(16)
        case .timestamp:
            _ = try varint()
            _ = try varint()
        case .string, .bytes, .reference: _ = try lengthPrefixed()
        case .array:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            for _ in 0..<(try count()) { try skipValue(depth: depth + 1, names: names) }
        case .map:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            for _ in 0..<(try count(minimumElementSize: 2)) {
                _ = try fieldNameMatches(nil, names)
                try skipValue(depth: depth + 1, names: names)
            }
        case nil:
            throw FormatError("unknown value tag \(tag)", offset: tagOffset)
        }
    }

    /// Positions the reader on the value of field `name` of the map that starts here; `false` (and the
    /// reader somewhere inside the map) when the map has no such field.
    package mutating func seekField(_ name: String, depth: Int, names: FieldNameTable?) throws(FormatError) -> Bool {
        for _ in 0..<(try count(minimumElementSize: 2)) {
            if try fieldNameMatches(name, names) { return true }
            try skipValue(depth: depth, names: names)
        }
        return false
    }

    /// An interned or spelled-out field name (see ``BinaryWriter/fields(_:names:)``).
    @inline(__always)
    private mutating func fieldName(_ names: FieldNameTable) throws(FormatError) -> String {
        let start = offset
        let raw = try varint()
        if raw & 1 == 0 {
            guard raw >> 1 <= UInt64(Int.max), let name = names.name(Int(raw >> 1)) else {
                throw FormatError("unknown field name number \(raw >> 1)", offset: start)
            }
            return name
        }
        guard raw >> 1 <= UInt64(remaining) else {
            throw FormatError("a field name longer than the record", offset: start)
        }
        let length = Int(raw >> 1)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + length)]), as: UTF8.self)
        try skip(length)
        return text
    }

    /// Reads a field name, telling whether it is `name` (`nil`: skips it).
    private mutating func fieldNameMatches(_ name: String?, _ names: FieldNameTable?) throws(FormatError) -> Bool {
        let bytes: UnsafeRawBufferPointer
        if let names {
            let start = offset
            let raw = try varint()
            if raw & 1 == 0 {
                guard let name else { return false }
                guard raw >> 1 <= UInt64(Int.max), let interned = names.name(Int(raw >> 1)) else {
                    throw FormatError("unknown field name number \(raw >> 1)", offset: start)
                }
                return UTF8Order.equal(interned, name)
            }
            guard raw >> 1 <= UInt64(remaining) else {
                throw FormatError("a field name longer than the record", offset: start)
            }
            bytes = UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + Int(raw >> 1))])
            try skip(bytes.count)
        } else {
            bytes = try lengthPrefixed()
        }
        guard var name else { return false }
        return name.withUTF8 { UTF8Order.compareBytes(UnsafeRawBufferPointer($0), bytes) == 0 }
    }
}
