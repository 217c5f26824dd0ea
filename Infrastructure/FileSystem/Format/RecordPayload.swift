import Foundation
import HearthDomain
import HearthLocalEngine

/// The payloads of the records in log and snapshot files (see Docs/FileFormat.md): one type byte, then
/// the fields of that type. Documents are ``DocumentRecord``s — in a batch, the very bytes the engine
/// keeps, copied — written with ``BinaryWriter``.
enum RecordPayload: Sendable, Equatable {
    /// A committed batch (log files).
    case batch(CommittedBatch)
    /// The first record of a snapshot: its commit time, the first log generation still needed after it,
    /// and the number of documents that follow.
    case snapshotStart(SnapshotStart)
    /// Some of a snapshot's documents, each read with its record (kept at its update time).
    case snapshotDocuments([CommittedDocument])
    /// The last record of a snapshot: the number of documents, again.
    case snapshotEnd(documentCount: Int)
    /// Some documents of one collection of a snapshot of format version 3, in order, each with its record
    /// (kept at its update time), checked but not decoded.
    case collectionDocuments(CollectionPath, [ImageDocument])
    /// Some keys of one index of one collection of a snapshot of format version 3 (an index's keys may
    /// continue in the next record).
    case collectionIndex(CollectionPath, IndexImage)

    enum Kind: UInt8 {
        case batch = 1
        case snapshotStart = 2
        case snapshotDocuments = 3
        case snapshotEnd = 4
        case collectionDocuments = 5
        case collectionIndex = 6
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

// MARK: - Encoding

extension BinaryWriter {
    /// A batch: its commit time, then per document its path and its record as the engine encoded it
    /// (copied, never encoded again; empty: deleted).
    mutating func batch(_ batch: CommittedBatch) {
        byte(RecordPayload.Kind.batch.rawValue)
        timestamp(batch.commitTime)
        varint(batch.documents.count)
        for entry in batch.documents {
            string(entry.path.path)
            lengthPrefixed(entry.record?.bytes ?? [])
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

    /// One document of a snapshot-documents record: its path, its update time, then its record kept at
    /// that time.
    mutating func snapshotDocument(_ document: Document) {
        string(document.path.path)
        timestamp(document.updateTime)
        lengthPrefixed(DocumentRecord.encode(document, commitTime: document.updateTime).bytes)
    }

    mutating func collectionDocumentsHeader(_ collection: CollectionPath, count: Int) {
        byte(RecordPayload.Kind.collectionDocuments.rawValue)
        string(collection.path)
        varint(count)
    }

    /// One document of a collection-documents record: its ID, its update time, then its record kept at
    /// that time.
    mutating func collectionDocument(_ document: ImageDocument) {
        string(document.identifier.rawValue)
        timestamp(document.updateTime)
        lengthPrefixed(document.record.bytes)
    }

    /// The start of a collection-index record: the collection, what the index holds (kind, then each
    /// field path as its segments), then the number of keys that follow, each written by
    /// ``indexKey(_:after:)``.
    mutating func collectionIndexHeader(_ collection: CollectionPath, _ index: IndexImage, count: Int) {
        byte(RecordPayload.Kind.collectionIndex.rawValue)
        string(collection.path)
        byte(index.kind.rawValue)
        varint(index.fields.count)
        for field in index.fields {
            varint(field.segments.count)
            for segment in field.segments { string(segment) }
        }
        varint(count)
    }

    /// A key of a collection-index record: the length of the prefix it shares with `previous` (the key
    /// before it in the record; empty for the first), then the rest, length-prefixed.
    mutating func indexKey(_ key: UnsafeRawBufferPointer, after previous: [UInt8]) {
        var shared = 0
        let most = min(previous.count, key.count)
        while shared < most, previous[shared] == key[shared] { shared += 1 }
        varint(shared)
        varint(key.count - shared)
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: key[shared...]))
    }

    /// Any payload (a decoded one, written again: for tests and the fuzz targets; the writers write
    /// their records piece by piece).
    mutating func payload(_ payload: RecordPayload) {
        switch payload {
        case .batch(let batch): self.batch(batch)
        case .snapshotStart(let start): snapshotStart(start)
        case .snapshotDocuments(let entries):
            let documents = entries.compactMap(\.document)
            snapshotDocumentsHeader(count: documents.count)
            for document in documents { snapshotDocument(document) }
        case .snapshotEnd(let count): snapshotEnd(documentCount: count)
        case .collectionDocuments(let collection, let documents):
            collectionDocumentsHeader(collection, count: documents.count)
            for document in documents { collectionDocument(document) }
        case .collectionIndex(let collection, let index):
            collectionIndexHeader(collection, index, count: index.count)
            var previous: [UInt8] = []
            index.forEachKey { key in
                indexKey(key, after: previous)
                previous = Array(key)
            }
        }
    }

    mutating func snapshotEnd(documentCount: Int) {
        byte(RecordPayload.Kind.snapshotEnd.rawValue)
        varint(documentCount)
    }
}

// MARK: - Decoding

extension BinaryReader {
    /// The payload of a record in a file of format `version` (1 or 2; see ``FileHeader``).
    mutating func payload(version: UInt32) throws(FormatError) -> RecordPayload {
        let kindOffset = offset
        let kind = try byte()
        let payload: RecordPayload
        switch RecordPayload.Kind(rawValue: kind) {
        case .batch:
            payload = .batch(try batch(version: version))
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
            payload = .snapshotDocuments(
                try entries(minimumElementSize: 5) { (reader, path) throws(FormatError) in
                    if version == 1 {
                        return CommittedDocument(path: path, document: try reader.version1Document(path: path))
                    }
                    let updateTime = try reader.timestamp()
                    let recordOffset = reader.offset
                    let (document, record) = try reader.record(path: path, commitTime: updateTime)
                    guard let document else {
                        throw FormatError("the snapshot document \(path) has an empty record", offset: recordOffset)
                    }
                    return CommittedDocument(path: path, document: document, record: record)
                }
            )
        case .snapshotEnd:
            payload = .snapshotEnd(documentCount: try integer())
        case .collectionDocuments:
            let collection = try collectionPath()
            let count = try count(minimumElementSize: 5)
            var documents: [ImageDocument] = []
            documents.reserveCapacity(count)
            for _ in 0..<count {
                let idOffset = offset
                let documentID = try string()
                let identifier: DocumentIdentifier
                do {
                    identifier = try DocumentIdentifier(documentID)
                } catch {
                    throw FormatError("invalid document ID: \(error.message)", offset: idOffset)
                }
                let updateTime = try timestamp()
                let recordOffset = offset
                let bytes = try lengthPrefixed()
                guard !bytes.isEmpty else {
                    throw FormatError(
                        "the snapshot document \(collection.path)/\(documentID) has an empty record",
                        offset: recordOffset)
                }
                do {
                    documents.append(try ImageDocument(identifier, checking: bytes, keptAt: updateTime))
                } catch {
                    throw FormatError(
                        "\(error.reason) in the record of \(collection.path)/\(documentID)",
                        offset: offset - bytes.count + error.offset)
                }
            }
            payload = .collectionDocuments(collection, documents)
        case .collectionIndex:
            let collection = try collectionPath()
            payload = .collectionIndex(collection, try indexImage())
        case nil:
            throw FormatError("unknown record type \(kind)", offset: kindOffset)
        }
        guard isAtEnd else {
            throw FormatError("\(remaining) unexpected bytes after the record's content", offset: offset)
        }
        return payload
    }

    private mutating func batch(version: UInt32) throws(FormatError) -> CommittedBatch {
        let commitTime = try timestamp()
        let documents = try entries(minimumElementSize: 3) { (reader, path) throws(FormatError) -> CommittedDocument in
            guard version == 1 else {
                let (document, record) = try reader.record(path: path, commitTime: commitTime)
                return CommittedDocument(path: path, document: document, record: record)
            }
            let stateOffset = reader.offset
            switch try reader.byte() {
            case 0: return CommittedDocument(path: path, document: nil)
            case 1: return CommittedDocument(path: path, document: try reader.version1Document(path: path))
            case let other: throw FormatError("unknown document state \(other)", offset: stateOffset)
            }
        }
        return CommittedBatch(commitTime: commitTime, documents: documents)
    }

    /// A varint count of entries (each at least `minimumElementSize` bytes), each a document path then
    /// what `entry` reads.
    private mutating func entries<Entry>(
        minimumElementSize: Int,
        _ entry: (inout BinaryReader, DocumentPath) throws(FormatError) -> Entry
    ) throws(FormatError) -> [Entry] {
        let count = try count(minimumElementSize: minimumElementSize)
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try documentPath()
            entries.append(try entry(&self, path))
        }
        return entries
    }

    /// A length-prefixed ``DocumentRecord`` kept at `commitTime`, checked by decoding it; empty: deleted.
    private mutating func record(
        path: DocumentPath, commitTime: Timestamp
    ) throws(FormatError) -> (document: Document?, record: DocumentRecord?) {
        let bytes = try lengthPrefixed()
        if bytes.isEmpty { return (nil, nil) }
        do {
            let document = try DocumentRecord.decode(bytes, path: path, commitTime: commitTime)
            return (document, DocumentRecord(bytes: Array(bytes)))
        } catch {
            throw FormatError("\(error.reason) in the record of \(path)", offset: offset - bytes.count + error.offset)
        }
    }

    /// A document as format version 1 wrote it: create time, update time, fields (whose encoding
    /// version 2 kept).
    private mutating func version1Document(path: DocumentPath) throws(FormatError) -> Document {
        let createTime = try timestamp()
        let updateTime = try timestamp()
        let fields = try fields(depth: 0, names: nil)
        return Document(path: path, fields: fields, createTime: createTime, updateTime: updateTime)
    }

    /// An index's kind, fields and keys (a collection-index record after its collection).
    private mutating func indexImage() throws(FormatError) -> IndexImage {
        let kindOffset = offset
        guard let kind = IndexImage.Kind(rawValue: try byte()) else {
            throw FormatError("unknown index kind", offset: kindOffset)
        }
        var fields: [FieldPath] = []
        for _ in 0..<(try count(minimumElementSize: 2)) {
            let fieldOffset = offset
            var segments: [String] = []
            for _ in 0..<(try count(minimumElementSize: 2)) { segments.append(try string()) }
            do {
                fields.append(try FieldPath(segments))
            } catch {
                throw FormatError("invalid field path: \(error.message)", offset: fieldOffset)
            }
        }
        let keyCount = try count(minimumElementSize: 2)
        var image = IndexImage(kind: kind, fields: fields)
        for _ in 0..<keyCount {
            let sharedOffset = offset
            let shared = try integer()
            guard image.append(sharing: shared, then: try lengthPrefixed()) else {
                throw FormatError("a key shares \(shared) bytes with a shorter key before it", offset: sharedOffset)
            }
        }
        return image
    }

    private mutating func collectionPath() throws(FormatError) -> CollectionPath {
        try path("collection path") { (text) throws(DocumentStoreError) in try CollectionPath(text) }
    }

    private mutating func documentPath() throws(FormatError) -> DocumentPath {
        try path("document path") { (text) throws(DocumentStoreError) in try DocumentPath(text) }
    }

    /// A string, parsed by `parse`; its error is a format error at the string, naming `what`.
    private mutating func path<Path>(
        _ what: String, _ parse: (String) throws(DocumentStoreError) -> Path
    ) throws(FormatError) -> Path {
        let start = offset
        let text = try string()
        do {
            return try parse(text)
        } catch {
            throw FormatError("invalid \(what): \(error.message)", offset: start)
        }
    }
}
