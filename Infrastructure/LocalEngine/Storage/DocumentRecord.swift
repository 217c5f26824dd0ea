import Foundation
import HearthDomain

/// A stored document version in a compact byte form: its create and update times (omitted when equal
/// to the commit time) and its fields, with interned field names and variable-length numbers. The path
/// is not stored: the collection and the document ID give it. Decoded on read.
///
/// Layout: a flags byte (bit 0: update time == commit time; bit 1: create time == update time), the
/// times not implied, then the fields as a map. A map is a count, then per field a name and a value. A
/// name is `2 × id` for an interned name, or `2 × length + 1` and the UTF-8 bytes. A value is a tag byte
/// and its payload (see ``Tag``); integers are zigzag varints, doubles 8 bytes, texts a length and bytes.
struct DocumentRecord: Sendable {
    let bytes: [UInt8]

    enum Tag: UInt8 {
        case null, `false`, `true`, integer, double, timestamp, string, bytes, reference, geoPoint, array, map
    }

    // MARK: Encoding

    static func encode(_ document: Document, commitTime: Timestamp, names: inout FieldNameTable) -> DocumentRecord {
        var writer = RecordWriter()
        var flags: UInt8 = 0
        if document.updateTime == commitTime { flags |= 1 }
        if document.createTime == document.updateTime { flags |= 2 }
        writer.bytes.append(flags)
        if flags & 1 == 0 { writer.timestamp(document.updateTime) }
        if flags & 2 == 0 { writer.timestamp(document.createTime) }
        writer.map(document.fields, names: &names)
        return DocumentRecord(bytes: writer.bytes)
    }

    // MARK: Decoding

    /// The document at `path`. A record this type did not write decodes to whatever it can read, never traps.
    func decode(path: DocumentPath, commitTime: Timestamp, names: FieldNameTable) -> Document {
        bytes.withUnsafeBytes { buffer in
            var reader = RecordReader(buffer: buffer, names: names)
            let flags = reader.byte()
            let updateTime = flags & 1 != 0 ? commitTime : reader.timestamp()
            let createTime = flags & 2 != 0 ? updateTime : reader.timestamp()
            let fields = reader.map()
            return Document(path: path, fields: fields, createTime: createTime, updateTime: updateTime)
        }
    }

    /// The fields alone.
    func fields(names: FieldNameTable) -> MapValue {
        bytes.withUnsafeBytes { buffer in
            var reader = RecordReader(buffer: buffer, names: names)
            let flags = reader.byte()
            if flags & 1 == 0 { _ = reader.timestamp() }
            if flags & 2 == 0 { _ = reader.timestamp() }
            return reader.map()
        }
    }

    /// The value at `fieldPath` without decoding the rest of the record (`nil` when missing).
    func value(at fieldPath: FieldPath, names: FieldNameTable) -> Value? {
        bytes.withUnsafeBytes { buffer in
            var reader = RecordReader(buffer: buffer, names: names)
            let flags = reader.byte()
            if flags & 1 == 0 { _ = reader.timestamp() }
            if flags & 2 == 0 { _ = reader.timestamp() }
            let segments = fieldPath.segments
            var depth = 0
            while true {
                guard reader.seekField(segments[depth]) else { return nil }
                if depth == segments.count - 1 { return reader.value() }
                guard reader.peekTag() == Tag.map.rawValue else { return nil }
                reader.skipTag()
                depth += 1
            }
        }
    }
}

/// Appends the parts of a ``DocumentRecord``.
struct RecordWriter {
    var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(64)
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func timestamp(_ time: Timestamp) {
        signed(time.seconds)
        varint(UInt64(time.nanoseconds))
    }

    mutating func fixed(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func text(_ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func name(_ name: String, names: inout FieldNameTable) {
        if let id = names.intern(name) {
            varint(UInt64(id) << 1)
        } else {
            var copy = name
            copy.withUTF8 { utf8 in
                varint(UInt64(utf8.count) << 1 | 1)
                bytes.append(contentsOf: utf8)
            }
        }
    }

    mutating func map(_ map: MapValue, names: inout FieldNameTable) {
        varint(UInt64(map.count))
        for field in map {
            name(field.key, names: &names)
            value(field.value, names: &names)
        }
    }

    mutating func value(_ value: Value, names: inout FieldNameTable) {
        typealias Tag = DocumentRecord.Tag
        switch value {
        case .null:
            bytes.append(Tag.null.rawValue)
        case .boolean(let flag):
            bytes.append(flag ? Tag.true.rawValue : Tag.false.rawValue)
        case .integer(let integer):
            bytes.append(Tag.integer.rawValue)
            signed(integer)
        case .double(let double):
            bytes.append(Tag.double.rawValue)
            fixed(double.bitPattern)
        case .timestamp(let time):
            bytes.append(Tag.timestamp.rawValue)
            timestamp(time)
        case .string(let string):
            bytes.append(Tag.string.rawValue)
            text(string)
        case .bytes(let data):
            bytes.append(Tag.bytes.rawValue)
            varint(UInt64(data.count))
            bytes.append(contentsOf: data)
        case .reference(let reference):
            bytes.append(Tag.reference.rawValue)
            text(reference.database.projectID)
            text(reference.database.databaseID)
            varint(UInt64(reference.path.segments.count))
            for segment in reference.path.segments { text(segment) }
        case .geoPoint(let point):
            bytes.append(Tag.geoPoint.rawValue)
            fixed(point.latitude.bitPattern)
            fixed(point.longitude.bitPattern)
        case .array(let elements):
            bytes.append(Tag.array.rawValue)
            varint(UInt64(elements.count))
            for element in elements { self.value(element, names: &names) }
        case .map(let fields):
            bytes.append(Tag.map.rawValue)
            map(fields, names: &names)
        }
    }
}

/// Reads the parts of a ``DocumentRecord``. Reading past the end yields zeros, so a malformed record
/// decodes to something instead of trapping.
struct RecordReader {
    let buffer: UnsafeRawBufferPointer
    let names: FieldNameTable
    var offset = 0

    init(buffer: UnsafeRawBufferPointer, names: FieldNameTable) {
        self.buffer = buffer
        self.names = names
    }

    mutating func byte() -> UInt8 {
        guard offset < buffer.count else { return 0 }
        defer { offset += 1 }
        return buffer[offset]
    }

    func peekTag() -> UInt8 {
        offset < buffer.count ? buffer[offset] : 0
    }

    mutating func skipTag() {
        offset += 1
    }

    mutating func varint() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < buffer.count, shift < 64 {
            let byte = buffer[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return result
    }

    mutating func signed() -> Int64 {
        let raw = varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func timestamp() -> Timestamp {
        let seconds = signed()
        let nanoseconds = Int32(truncatingIfNeeded: varint())
        do {
            return try Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        } catch {
            return Timestamp.min
        }
    }

    mutating func fixed() -> UInt64 {
        var result: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { result |= UInt64(byte()) << UInt64(shift) }
        return result
    }

    private mutating func slice(_ length: Int) -> UnsafeRawBufferPointer {
        let start = min(offset, buffer.count)
        let end = min(start + length, buffer.count)
        offset = end
        return UnsafeRawBufferPointer(rebasing: buffer[start..<end])
    }

    mutating func text() -> String {
        let length = Int(clamping: varint())
        return String(decoding: slice(length), as: UTF8.self)
    }

    mutating func name() -> String {
        let raw = varint()
        if raw & 1 == 0 { return names.name(Int(clamping: raw >> 1)) ?? "" }
        return String(decoding: slice(Int(clamping: raw >> 1)), as: UTF8.self)
    }

    /// Skips a name, telling whether it is `name`.
    private mutating func nameMatches(_ name: String) -> Bool {
        let raw = varint()
        if raw & 1 == 0 { return names.name(Int(clamping: raw >> 1)).map { UTF8Order.equal($0, name) } ?? false }
        let bytes = slice(Int(clamping: raw >> 1))
        var copy = name
        return copy.withUTF8 { UTF8Order.compareBytes(UnsafeRawBufferPointer($0), bytes) == 0 }
    }

    /// Positions the reader on the value of field `name` of the map that starts here; `false` when absent.
    mutating func seekField(_ name: String) -> Bool {
        let count = varint()
        var index: UInt64 = 0
        while index < count, offset < buffer.count {
            if nameMatches(name) { return true }
            skipValue()
            index += 1
        }
        return false
    }

    mutating func map() -> MapValue {
        let count = Int(clamping: varint())
        var fields: [MapValue.Field] = []
        fields.reserveCapacity(min(count, buffer.count))
        var index = 0
        while index < count, offset < buffer.count {
            let key = name()
            fields.append(MapValue.Field(key: key, value: value()))
            index += 1
        }
        return MapValue(sortedUniqueFields: fields)
    }

    mutating func value() -> Value {
        guard let tag = DocumentRecord.Tag(rawValue: byte()) else { return .null }
        switch tag {
        case .null: return .null
        case .false: return .boolean(false)
        case .true: return .boolean(true)
        case .integer: return .integer(signed())
        case .double: return .double(Double(bitPattern: fixed()))
        case .timestamp: return .timestamp(timestamp())
        case .string: return .string(text())
        case .bytes: return .bytes(Data(slice(Int(clamping: varint()))))
        case .reference:
            let project = text()
            let database = text()
            let count = Int(clamping: varint())
            var segments: [String] = []
            var index = 0
            while index < count, offset < buffer.count {
                segments.append(text())
                index += 1
            }
            do {
                return .reference(DocumentName(database: try DatabaseID(projectID: project, databaseID: database), path: try DocumentPath(segments: segments)))
            } catch {
                return .null
            }
        case .geoPoint:
            let latitude = Double(bitPattern: fixed())
            let longitude = Double(bitPattern: fixed())
            do {
                return .geoPoint(try GeoPoint(latitude: latitude, longitude: longitude))
            } catch {
                return .null
            }
        case .array:
            let count = Int(clamping: varint())
            var elements: [Value] = []
            elements.reserveCapacity(min(count, buffer.count))
            var index = 0
            while index < count, offset < buffer.count {
                elements.append(value())
                index += 1
            }
            return .array(elements)
        case .map:
            return .map(map())
        }
    }

    mutating func skipValue() {
        guard let tag = DocumentRecord.Tag(rawValue: byte()) else { return }
        switch tag {
        case .null, .false, .true: return
        case .integer: _ = varint()
        case .double: offset += 8
        case .timestamp:
            _ = varint()
            _ = varint()
        case .string, .bytes: offset += Int(clamping: varint())
        case .reference:
            offset -= 1
            _ = value()
        case .array:
            let count = varint()
            var index: UInt64 = 0
            while index < count, offset < buffer.count {
                skipValue()
                index += 1
            }
        case .map:
            let count = varint()
            var index: UInt64 = 0
            while index < count, offset < buffer.count {
                let raw = varint()
                if raw & 1 == 1 { offset += Int(clamping: raw >> 1) }
                skipValue()
                index += 1
            }
        case .geoPoint: offset += 16
        }
    }
}
