import Foundation
import HearthDomain
import HearthLocalEngine

/// Writes a snapshot file the crash-safe way: to `snapshot.hearth.tmp`, flushed, renamed over
/// `snapshot.hearth`, and the directory flushed. A crash at any point leaves either the old or the new
/// snapshot in place, complete.
enum SnapshotWriter {
    /// Documents are grouped into records of about this many bytes.
    static let recordTarget = 256 << 10
    /// The buffer is written out when it grows past this.
    static let flushTarget = 1 << 20

    static func write(
        _ snapshot: PublishedSnapshot,
        firstLogGeneration: UInt64,
        database: DatabaseID,
        to directory: StoreDirectory,
        random: inout some RandomNumberGenerator
    ) throws(DocumentStoreError) {
        let temporary = StoreDirectory.snapshotName + StoreDirectory.temporarySuffix
        let header = FileHeader(kind: .snapshot, salt: random.next())
        let frame = RecordFrame(salt: header.salt)
        try directory.replace(StoreDirectory.snapshotName, through: temporary) { (file) throws(DocumentStoreError) in
            var buffer = BinaryWriter(capacity: flushTarget + recordTarget)
            buffer.bytes.append(contentsOf: header.encoded())

            var start = frame.begin(&buffer)
            buffer.snapshotStart(
                SnapshotStart(
                    commitTime: snapshot.commitTime,
                    firstLogGeneration: firstLogGeneration,
                    documentCount: snapshot.documents.count,
                    database: database.resourceName
                )
            )
            try finish(frame, &buffer, start, file)

            var index = 0
            let documents = snapshot.documents
            while index < documents.count {
                start = frame.begin(&buffer)
                let countOffset = buffer.count
                buffer.snapshotDocumentsHeader(count: 0)
                var body = BinaryWriter(capacity: recordTarget + 4096)
                var count = 0
                while index < documents.count, body.count < recordTarget {
                    body.snapshotDocument(documents[index])
                    index += 1
                    count += 1
                }
                buffer.bytes.removeLast(buffer.count - countOffset)
                buffer.snapshotDocumentsHeader(count: count)
                buffer.bytes.append(contentsOf: body.bytes)
                try finish(frame, &buffer, start, file)
                if buffer.count >= flushTarget {
                    try file.writeAll(buffer.bytes)
                    buffer.bytes.removeAll(keepingCapacity: true)
                }
            }

            start = frame.begin(&buffer)
            buffer.snapshotEnd(documentCount: documents.count)
            try finish(frame, &buffer, start, file)
            try file.writeAll(buffer.bytes)
        }
    }

    private static func finish(
        _ frame: RecordFrame, _ buffer: inout BinaryWriter, _ start: Int, _ file: POSIXFile
    ) throws(DocumentStoreError) {
        guard frame.finish(&buffer, start: start, epoch: 1) else {
            throw DocumentStoreError(.resourceExhausted, "A snapshot record of \(file.path) is too large.")
        }
    }
}
