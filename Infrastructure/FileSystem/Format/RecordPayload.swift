import Foundation
import HearthDomain
import HearthLocalEngine

/// The payloads of the records in log and snapshot files (see Docs/FileFormat.md): one type byte, then
/// the fields of that type in the compact binary encoding of ``RecordPayload`` (varints, length-prefixed
/// UTF-8, tagged values).
enum RecordPayload: Sendable, Equatable {
    /// A committed batch (log files).
    case batch(CommittedBatch)
    /// The first record of a snapshot: its commit time, the first log generation still needed after it,
    /// and the number of documents that follow.
    case snapshotStart(SnapshotStart)
    /// Some of a snapshot's documents.
    case snapshotDocuments([Document])
    /// The last record of a snapshot: the number of documents, again.
    case snapshotEnd(documentCount: Int)

    enum Kind: UInt8 {
        case batch = 1
        case snapshotStart = 2
        case snapshotDocuments = 3
        case snapshotEnd = 4
    }
}

/// What the first record of a snapshot says.
struct SnapshotStart: Sendable, Equatable {
    var commitTime: Timestamp
    var firstLogGeneration: UInt64
    var documentCount: Int
    /// The database the store was written for (`projects/{p}/databases/{d}`), for information.
    var database: String
}

/// The tags of the encoded ``Value`` kinds.
enum ValueTag: UInt8 {
    case null = 0
    case `false` = 1
    case `true` = 2
    case integer = 3
    case double = 4
    case timestamp = 5
    case string = 6
    case bytes = 7
    case reference = 8
    case geoPoint = 9
    case array = 10
    case map = 11
}

// MARK: - Encoding

extension BinaryWriter {
    mutating func batch(_ batch: CommittedBatch) {
        byte(RecordPayload.Kind.batch.rawValue)
        timestamp(batch.commitTime)
        varint(batch.documents.count)
        for entry in batch.documents {
            string(entry.path.path)
            if let document = entry.document {
                byte(1)
                documentBody(document)
            } else {
                byte(0)
            }
        }
    }

    mutating func snapshotStart(_ start: SnapshotStart) {
        byte(RecordPayload.Kind.snapshotStart.rawValue)
        timestamp(start.commitTime)
        varint(start.firstLogGeneration)
        varint(start.documentCount)
        string(start.database)
    }

    mutating func snapshotDocumentsHeader(count: Int) {
        byte(RecordPayload.Kind.snapshotDocuments.rawValue)
        varint(count)
    }

    /// One document of a snapshot-documents record: its path, then its body.
    mutating func snapshotDocument(_ document: Document) {
        string(document.path.path)
        documentBody(document)
    }

    mutating func snapshotEnd(documentCount: Int) {
        byte(RecordPayload.Kind.snapshotEnd.rawValue)
        varint(documentCount)
    }

    mutating func documentBody(_ document: Document) {
        timestamp(document.createTime)
        timestamp(document.updateTime)
        fields(document.fields)
    }

    mutating func timestamp(_ time: Timestamp) {
        signedVarint(time.seconds)
        varint(UInt64(UInt32(bitPattern: time.nanoseconds)))
    }

    mutating func fields(_ map: MapValue) {
        varint(map.count)
        for field in map.fields {
            string(field.key)
            value(field.value)
        }
    }

    mutating func value(_ value: Value) {
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
            for element in elements { self.value(element) }
        case .map(let map):
            byte(ValueTag.map.rawValue)
            fields(map)
        }
    }
}

// MARK: - Decoding

extension BinaryReader {
    /// Nesting deeper than this is corruption (the engine allows 20 levels).
    static let maximumDepth = 100

    mutating func payload() throws(FormatError) -> RecordPayload {
        let kindOffset = offset
        let kind = try byte()
        let payload: RecordPayload
        switch RecordPayload.Kind(rawValue: kind) {
        case .batch:
            payload = .batch(try batch())
        case .snapshotStart:
            payload = .snapshotStart(
                SnapshotStart(
                    commitTime: try timestamp(),
                    firstLogGeneration: try varint(),
                    documentCount: try integer(),
                    database: try string()
                )
            )
        case .snapshotDocuments:
            let count = try count(minimumElementSize: 5)
            var documents: [Document] = []
            documents.reserveCapacity(count)
            for _ in 0..<count {
                let path = try documentPath()
                documents.append(try documentBody(path: path))
            }
            payload = .snapshotDocuments(documents)
        case .snapshotEnd:
            payload = .snapshotEnd(documentCount: try integer())
        case nil:
            throw FormatError("unknown record type \(kind)", offset: kindOffset)
        }
        guard isAtEnd else { throw FormatError("\(remaining) unexpected bytes after the record's content", offset: offset) }
        return payload
    }

    mutating func batch() throws(FormatError) -> CommittedBatch {
        let commitTime = try timestamp()
        let count = try count(minimumElementSize: 3)
        var documents: [CommittedDocument] = []
        documents.reserveCapacity(count)
        for _ in 0..<count {
            let path = try documentPath()
            let stateOffset = offset
            switch try byte() {
            case 0: documents.append(CommittedDocument(path: path, document: nil))
            case 1: documents.append(CommittedDocument(path: path, document: try documentBody(path: path)))
            case let other: throw FormatError("unknown document state \(other)", offset: stateOffset)
            }
        }
        return CommittedBatch(commitTime: commitTime, documents: documents)
    }

    mutating func documentPath() throws(FormatError) -> DocumentPath {
        let start = offset
        let text = try string()
        do {
            return try DocumentPath(text)
        } catch {
            throw FormatError("invalid document path: \(error.message)", offset: start)
        }
    }

    mutating func documentBody(path: DocumentPath) throws(FormatError) -> Document {
        let createTime = try timestamp()
        let updateTime = try timestamp()
        let fields = try fields(depth: 0)
        return Document(path: path, fields: fields, createTime: createTime, updateTime: updateTime)
    }

    mutating func timestamp() throws(FormatError) -> Timestamp {
        let start = offset
        let seconds = try signedVarint()
        let nanos = try varint()
        guard nanos < 1_000_000_000 else { throw FormatError("timestamp nanoseconds \(nanos) out of range", offset: start) }
        do {
            return try Timestamp(seconds: seconds, nanoseconds: Int32(nanos))
        } catch {
            throw FormatError("invalid timestamp: \(error.message)", offset: start)
        }
    }

    mutating func fields(depth: Int) throws(FormatError) -> MapValue {
        let count = try count(minimumElementSize: 2)
        var fields: [MapValue.Field] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            let keyOffset = offset
            let key = try string()
            if let previous = fields.last, UTF8Order.compare(previous.key, key) >= 0 {
                throw FormatError("map keys out of order", offset: keyOffset)
            }
            fields.append(MapValue.Field(key: key, value: try value(depth: depth)))
        }
        return MapValue(sortedUniqueFields: fields)
    }

    mutating func value(depth: Int) throws(FormatError) -> Value {
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
        case .reference:
            let text = try string()
            do {
                return .reference(try DocumentName(parsing: text))
            } catch {
                throw FormatError("invalid reference: \(error.message)", offset: tagOffset)
            }
        case .geoPoint:
            let latitude = Double(bitPattern: try fixed64())
            let longitude = Double(bitPattern: try fixed64())
            do {
                return .geoPoint(try GeoPoint(latitude: latitude, longitude: longitude))
            } catch {
                throw FormatError("invalid geo point: \(error.message)", offset: tagOffset)
            }
        case .array:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            let count = try count()
            var elements: [Value] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
            return .array(elements)
        case .map:
            guard depth < Self.maximumDepth else { throw FormatError("values nested too deeply", offset: tagOffset) }
            return .map(try fields(depth: depth + 1))
        case nil:
            throw FormatError("unknown value tag \(tag)", offset: tagOffset)
        }
    }
}
