import Foundation
import HearthDomain

/// Opaque, stateless page tokens: a format version, a fingerprint of the request the token belongs to,
/// and the position after the last returned entry (cursor values), in a compact binary form encoded as
/// URL-safe base64. Decoding checks everything and throws `invalidArgument` ("invalid page token").
enum PageTokenCodec {
    private static let version: UInt8 = 1

    static func encode(fingerprint: UInt64, values: [Value]) -> String {
        var writer = ByteWriter()
        writer.bytes.append(version)
        writer.append(fingerprint)
        writer.appendCount(values.count)
        for value in values { writer.append(value) }
        return Data(writer.bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ token: String, fingerprint: UInt64) throws(DocumentStoreError) -> [Value] {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64) else { throw invalid("it is not base64") }
        var reader = ByteReader(bytes: Array(data))
        guard try reader.byte() == version else { throw invalid("unknown format") }
        guard try reader.uint64() == fingerprint else {
            throw invalid("it belongs to a different request (parent, collection, order or show-missing differ)")
        }
        let count = try reader.count()
        var values: [Value] = []
        for _ in 0..<count { values.append(try reader.value(depth: 0)) }
        guard reader.isAtEnd else { throw invalid("trailing bytes") }
        return values
    }

    static func invalid(_ reason: String) -> DocumentStoreError {
        .invalidArgument("Invalid page token: \(reason).")
    }
}

private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func append(_ number: UInt64) {
        withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendCount(_ count: Int) {
        append(UInt64(count))
    }

    mutating func append(_ text: String) {
        appendCount(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ value: Value) {
        switch value {
        case .null:
            bytes.append(0)
        case .boolean(let flag):
            bytes.append(flag ? 2 : 1)
        case .integer(let number):
            bytes.append(3)
            append(UInt64(bitPattern: number))
        case .double(let number):
            bytes.append(4)
            append(number.bitPattern)
        case .timestamp(let time):
            bytes.append(5)
            append(UInt64(bitPattern: time.seconds))
            append(UInt64(UInt32(bitPattern: time.nanoseconds)))
        case .string(let text):
            bytes.append(6)
            append(text)
        case .bytes(let data):
            bytes.append(7)
            appendCount(data.count)
            bytes.append(contentsOf: data)
        case .reference(let name):
            bytes.append(8)
            append(name.database.projectID)
            append(name.database.databaseID)
            appendCount(name.path.segments.count)
            for segment in name.path.segments { append(segment) }
        case .geoPoint(let point):
            bytes.append(9)
            append(point.latitude.bitPattern)
            append(point.longitude.bitPattern)
        case .array(let elements):
            bytes.append(10)
            appendCount(elements.count)
            for element in elements { append(element) }
        case .map(let map):
            bytes.append(11)
            appendCount(map.count)
            for field in map {
                append(field.key)
                append(field.value)
            }
        }
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }

    mutating func byte() throws(DocumentStoreError) -> UInt8 {
        guard position < bytes.count else { throw PageTokenCodec.invalid("truncated") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint64() throws(DocumentStoreError) -> UInt64 {
        guard bytes.count - position >= 8 else { throw PageTokenCodec.invalid("truncated") }
        var result: UInt64 = 0
        for index in position..<(position + 8) { result = result << 8 | UInt64(bytes[index]) }
        position += 8
        return result
    }

    mutating func count() throws(DocumentStoreError) -> Int {
        let raw = try uint64()
        guard raw <= UInt64(bytes.count - position) + 1 else { throw PageTokenCodec.invalid("bad length") }
        return Int(raw)
    }

    mutating func data() throws(DocumentStoreError) -> [UInt8] {
        let length = try count()
        guard bytes.count - position >= length else { throw PageTokenCodec.invalid("truncated") }
        defer { position += length }
        return Array(bytes[position..<(position + length)])
    }

    mutating func text() throws(DocumentStoreError) -> String {
        let raw = try data()
        guard let text = String(validating: raw, as: UTF8.self) else { throw PageTokenCodec.invalid("bad text") }
        return text
    }

    mutating func value(depth: Int) throws(DocumentStoreError) -> Value {
        guard depth <= ValueRules.maximumDepth + 1 else { throw PageTokenCodec.invalid("too deep") }
        switch try byte() {
        case 0: return .null
        case 1: return .boolean(false)
        case 2: return .boolean(true)
        case 3: return .integer(Int64(bitPattern: try uint64()))
        case 4: return .double(Double(bitPattern: try uint64()))
        case 5:
            let seconds = Int64(bitPattern: try uint64())
            let nanos = try uint64()
            guard nanos < 1_000_000_000 else { throw PageTokenCodec.invalid("bad timestamp") }
            return .timestamp(try Timestamp(seconds: seconds, nanoseconds: Int32(nanos)))
        case 6: return .string(try text())
        case 7: return .bytes(Data(try data()))
        case 8:
            let database = try DatabaseID(projectID: try text(), databaseID: try text())
            let count = try count()
            var segments: [String] = []
            for _ in 0..<count { segments.append(try text()) }
            return .reference(DocumentName(database: database, path: try DocumentPath(segments: segments)))
        case 9:
            let latitude = Double(bitPattern: try uint64())
            let longitude = Double(bitPattern: try uint64())
            return .geoPoint(try GeoPoint(latitude: latitude, longitude: longitude))
        case 10:
            let count = try count()
            var elements: [Value] = []
            for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
            return .array(elements)
        case 11:
            let count = try count()
            var pairs: [(String, Value)] = []
            for _ in 0..<count { pairs.append((try text(), try value(depth: depth + 1))) }
            return .map(MapValue(pairs))
        default:
            throw PageTokenCodec.invalid("unknown value tag")
        }
    }
}
