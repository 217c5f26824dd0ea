import Foundation
import HearthDomain
import HearthFirestoreCodec

/// Hearth's export format, for backups and seeding: UTF-8 text, one document per line, each line the
/// document's Firestore REST JSON exactly as the REST API returns it —
/// `{"name":"projects/{p}/databases/{d}/documents/{path}","fields":{…},"createTime":"…","updateTime":"…"}`
/// — written compactly, in document-path order. Reading accepts `\n` or `\r\n` line endings, skips empty
/// lines, and streams (one line in memory at a time).
public enum DocumentExportFile {
    /// Streams the documents of the export file at `url` to `body`, in file order; returns how many.
    ///
    /// - Parameters:
    ///   - url: a file URL of the export file.
    ///   - database: when given, every document name must belong to it; `nil` accepts any database (the
    ///     document paths are kept, the database part of names is dropped).
    ///   - body: receives each document, in file order; what it throws ends the read and is rethrown.
    /// - Throws: `invalidArgument` naming the file and line for a line that is not a valid REST
    ///   document; file-system errors naming the file; and whatever `body` throws.
    public static func readDocuments(
        from url: URL,
        database: DatabaseID?,
        _ body: (Document) throws -> Void
    ) throws -> Int {
        var reader = try LineReader(path: url.path)
        defer { reader.close() }
        var count = 0
        while let document = try nextDocument(&reader, database: database) {
            try body(document)
            count += 1
        }
        return count
    }

    /// Writes `documents` to `url` in the export format, crash-safely: to a temporary file next to
    /// it, flushed, then renamed over `url`. Returns how many. Throws file-system errors naming the file.
    public static func write(
        _ documents: some Sequence<Document>, database: DatabaseID, to url: URL
    ) throws(DocumentStoreError) -> Int {
        let directory = StoreDirectory(path: url.deletingLastPathComponent().path, faults: .none)
        let name = url.lastPathComponent
        let temporary = name + ".\(UInt32.random(in: 0...UInt32.max))" + StoreDirectory.temporarySuffix
        return try directory.replace(name, through: temporary) { (file) throws(DocumentStoreError) in
            var count = 0
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20)
            for document in documents {
                var writer = JSONWriter()
                writer.write(RESTDocumentCodec.encode(document, database: database))
                buffer += writer.bytes
                buffer.append(UInt8(ascii: "\n"))
                count += 1
                if buffer.count >= 1 << 20 {
                    try file.writeAll(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try file.writeAll(buffer)
            return count
        }
    }

    /// The next document of `reader`, skipping empty lines; `nil` at the end.
    /// - Throws: `invalidArgument` naming the reader's file and line for a line that is not a REST document.
    package static func nextDocument(
        _ reader: inout LineReader, database: DatabaseID?
    ) throws(DocumentStoreError) -> Document? {
        while let line = try reader.next() {
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            do {
                let json = try JSONParser.parse(line)
                return try RESTDocumentCodec.decode(json, database: database)
            } catch let error as JSONParseError {
                throw invalidLine(reader, "\(error)")
            } catch let error as RESTDecodingError {
                throw invalidLine(reader, "\(error)")
            } catch {
                throw invalidLine(reader, "\(error)")
            }
        }
        return nil
    }

    private static func invalidLine(_ reader: LineReader, _ reason: String) -> DocumentStoreError {
        DocumentStoreError(
            .invalidArgument, "Line \(reader.lineNumber) of \(reader.name) is not a Firestore REST document: \(reason)")
    }
}
