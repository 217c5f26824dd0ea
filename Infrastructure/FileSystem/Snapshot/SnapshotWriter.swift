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

    /// Writes the state `view` holds, in format `version` (the current one; 2 only for tests of reading
    /// older snapshots): version 3 writes each collection's documents and then its indexes, version 2 the
    /// documents alone.
    static func write(
        _ view: PublishedView,
        firstLogGeneration: UInt64,
        database: DatabaseID,
        to directory: StoreDirectory,
        version: UInt32 = FileHeader.currentVersion,
        random: inout some RandomNumberGenerator
    ) throws(DocumentStoreError) {
        let temporary = StoreDirectory.snapshotName + StoreDirectory.temporarySuffix
        let header = FileHeader(kind: .snapshot, version: version, salt: random.next())
        let frame = RecordFrame(salt: header.salt)
        try directory.replace(StoreDirectory.snapshotName, through: temporary) { (file) throws(DocumentStoreError) in
            var output = Output(frame: frame, file: file)
            output.buffer.bytes.append(contentsOf: header.encoded())
            if version >= 3 {
                let expected = view.documentCount()
                try output.start(
                    view, database: database, firstLogGeneration: firstLogGeneration, documentCount: expected)
                var count = 0
                try view.forEachCollectionImage { (image) throws(DocumentStoreError) in
                    count += image.documents.count
                    try output.write(image)
                }
                guard count == expected else {
                    throw DocumentStoreError(
                        .internal, "The snapshot of \(expected) documents was written with \(count) documents.")
                }
                try output.end(documentCount: count)
            } else {
                let documents = view.documents()
                try output.start(
                    view, database: database, firstLogGeneration: firstLogGeneration, documentCount: documents.count)
                try output.writeVersion2(documents)
                try output.end(documentCount: documents.count)
            }
            try file.writeAll(output.buffer.bytes)
        }
    }

    /// The records being written, buffered.
    private struct Output {
        let frame: RecordFrame
        let file: POSIXFile
        var buffer = BinaryWriter(capacity: flushTarget + recordTarget)

        mutating func start(
            _ view: PublishedView, database: DatabaseID, firstLogGeneration: UInt64, documentCount: Int = 0
        ) throws(DocumentStoreError) {
            try record { buffer in
                buffer.snapshotStart(
                    SnapshotStart(
                        commitTime: view.commitTime,
                        firstLogGeneration: firstLogGeneration,
                        documentCount: documentCount,
                        database: database.resourceName
                    )
                )
            }
        }

        mutating func end(documentCount: Int) throws(DocumentStoreError) {
            try record { $0.snapshotEnd(documentCount: documentCount) }
        }

        /// A collection (format version 3): its documents, then each index, in records of about
        /// ``recordTarget`` bytes.
        mutating func write(_ image: CollectionImage) throws(DocumentStoreError) {
            try writeInRecords(image.documents, header: { $0.collectionDocumentsHeader(image.path, count: $1) }) {
                $0.collectionDocument($1)
            }
            for index in image.indexes { try write(index, of: image.path) }
        }

        /// The keys of `index`, each after the shared prefix with the one before it, in records of about
        /// ``recordTarget`` bytes (one record without keys for an index that has none). Each record is
        /// written as soon as it is full: no more than one record's keys are held.
        private mutating func write(_ index: IndexImage, of collection: CollectionPath) throws(DocumentStoreError) {
            var body = BinaryWriter(capacity: recordTarget + 4096)
            var count = 0
            var records = 0
            var previous: [UInt8] = []
            var failure: DocumentStoreError?
            func writeRecord(_ writer: inout Self) throws(DocumentStoreError) {
                try writer.record { buffer in
                    buffer.collectionIndexHeader(collection, index, count: count)
                    buffer.bytes.append(contentsOf: body.bytes)
                }
                records += 1
                body.bytes.removeAll(keepingCapacity: true)
                count = 0
                previous.removeAll(keepingCapacity: true)
            }
            index.forEachKey { key in
                guard failure == nil else { return }
                body.indexKey(key, after: previous)
                count += 1
                previous.removeAll(keepingCapacity: true)
                previous.append(contentsOf: key)
                guard body.count >= recordTarget else { return }
                do throws(DocumentStoreError) { try writeRecord(&self) } catch { failure = error }
            }
            if let failure { throw failure }
            if count > 0 || records == 0 { try writeRecord(&self) }
        }

        /// Documents as format version 2 writes them: each with its path, in records of about
        /// ``recordTarget`` bytes.
        mutating func writeVersion2(_ documents: [Document]) throws(DocumentStoreError) {
            try writeInRecords(documents, header: { buffer, count in buffer.snapshotDocumentsHeader(count: count) }) {
                $0.snapshotDocument($1)
            }
        }

        /// `elements` in records of about ``recordTarget`` bytes: each record's `header` (given how many
        /// elements follow), then its elements, each as `element` writes it.
        private mutating func writeInRecords<Element>(
            _ elements: [Element], header: (inout BinaryWriter, Int) -> Void,
            _ element: (inout BinaryWriter, Element) -> Void
        ) throws(DocumentStoreError) {
            var index = 0
            while index < elements.count {
                var body = BinaryWriter(capacity: recordTarget + 4096)
                var count = 0
                while index < elements.count, body.count < recordTarget {
                    element(&body, elements[index])
                    index += 1
                    count += 1
                }
                try record { buffer in
                    header(&buffer, count)
                    buffer.bytes.append(contentsOf: body.bytes)
                }
            }
        }

        /// Frames one record whose payload `body` writes, and writes the buffer out when it is full.
        private mutating func record(_ body: (inout BinaryWriter) -> Void) throws(DocumentStoreError) {
            let start = frame.begin(&buffer)
            body(&buffer)
            try SnapshotWriter.finish(frame, &buffer, start, file)
            if buffer.count >= flushTarget {
                try file.writeAll(buffer.bytes)
                buffer.bytes.removeAll(keepingCapacity: true)
            }
        }
    }

    fileprivate static func finish(
        _ frame: RecordFrame, _ buffer: inout BinaryWriter, _ start: Int, _ file: POSIXFile
    ) throws(DocumentStoreError) {
        guard frame.finish(&buffer, start: start, epoch: 1) else {
            throw DocumentStoreError(.resourceExhausted, "A snapshot record of \(file.path) is too large.")
        }
    }
}
