import Foundation
import HearthDomain

/// One stored version of a document, encoded once (Docs/FileFormat.md, "Document records"): the bytes
/// the engine keeps for the version, and — unchanged — the bytes the file store's log writes for it.
/// The path is not part of the record: the engine knows it from where the record is kept, the log writes
/// it beside the record.
///
/// Layout: a flags byte (bit 0: the update time is the commit time the record is kept at; bit 1: the
/// create time is the update time; bit 2: field names are numbers of the engine's ``FieldNameTable``),
/// the update time and the create time unless a flag implies them, then the fields
/// (``BinaryWriter/fields(_:names:)``). A durable engine writes no bit 2 (``FieldNameTable/selfContained``),
/// so its records can be read back from a file without any table.
package struct DocumentRecord: Sendable, Hashable {
    /// The encoded record.
    package let bytes: [UInt8]

    private static let updateIsCommit: UInt8 = 1
    private static let createIsUpdate: UInt8 = 2
    private static let internedNames: UInt8 = 4

    /// A record of `bytes`: bytes a ``DocumentRecord`` was encoded to, or that ``decode(_:path:commitTime:)``
    /// accepted.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Encoding

    /// Encodes `document`, kept at `commitTime`; field names are interned in `names` when it interns.
    package static func encode(
        _ document: Document, commitTime: Timestamp, names: inout FieldNameTable
    ) -> DocumentRecord {
        var writer = BinaryWriter(capacity: 64)
        var flags: UInt8 = names.interns ? internedNames : 0
        if document.updateTime == commitTime { flags |= updateIsCommit }
        if document.createTime == document.updateTime { flags |= createIsUpdate }
        writer.byte(flags)
        if flags & updateIsCommit == 0 { writer.timestamp(document.updateTime) }
        if flags & createIsUpdate == 0 { writer.timestamp(document.createTime) }
        writer.fields(document.fields, names: &names)
        return DocumentRecord(bytes: writer.bytes)
    }

    /// Encodes `document`, kept at `commitTime`, with every field name spelled out (a record a file can hold).
    package static func encode(_ document: Document, commitTime: Timestamp) -> DocumentRecord {
        var names = FieldNameTable.selfContained
        return encode(document, commitTime: commitTime, names: &names)
    }

    // MARK: Decoding what a file holds

    /// The document at `path` that the record `bytes` (read from a file, kept at `commitTime`) holds.
    /// Throws a ``FormatError`` (offsets within `bytes`) unless `bytes` is exactly one well-formed record
    /// with spelled-out field names in order, valid times and values.
    package static func decode(
        _ bytes: UnsafeRawBufferPointer, path: DocumentPath, commitTime: Timestamp
    ) throws(FormatError) -> Document {
        try fromFile(bytes) { reader, flags throws(FormatError) in
            try read(&reader, flags: flags, path: path, commitTime: commitTime, names: nil)
        }
    }

    /// The create and update times of the document the record `bytes` (read from a file, kept at
    /// `commitTime`) holds, checked exactly as ``decode(_:path:commitTime:)`` checks it (it throws where
    /// that would, with the same error) but without building the document: opening a snapshot keeps the
    /// bytes, and reads decode them.
    package static func check(
        _ bytes: UnsafeRawBufferPointer, commitTime: Timestamp
    ) throws(FormatError) -> (createTime: Timestamp, updateTime: Timestamp) {
        try fromFile(bytes) { reader, flags throws(FormatError) in
            let times = try readTimes(&reader, flags: flags, commitTime: commitTime)
            try reader.checkFields(depth: 0)
            return times
        }
    }

    /// Runs `body` on a reader past the flags byte of a record read from a file: known flags, no
    /// interned names, and nothing left after `body`.
    private static func fromFile<Result>(
        _ bytes: UnsafeRawBufferPointer, _ body: (inout BinaryReader, UInt8) throws(FormatError) -> Result
    ) throws(FormatError) -> Result {
        var reader = BinaryReader(bytes)
        let flags = try reader.byte()
        guard flags & ~(updateIsCommit | createIsUpdate) == 0 else {
            throw FormatError("unknown record flags \(flags)", offset: 0)
        }
        let result = try body(&reader, flags)
        guard reader.isAtEnd else {
            throw FormatError("\(reader.remaining) unexpected bytes after the record", offset: reader.offset)
        }
        return result
    }

    // MARK: Decoding the engine's own records

    /// The document at `path` this record holds, kept at `commitTime` (`names`: the engine's table).
    package func decode(path: DocumentPath, commitTime: Timestamp, names: FieldNameTable) -> Document {
        trusted(fallback: Document(path: path, fields: MapValue(), createTime: commitTime, updateTime: commitTime)) {
            reader, flags throws(FormatError) in
            try Self.read(
                &reader, flags: flags, path: path, commitTime: commitTime,
                names: flags & Self.internedNames != 0 ? names : nil)
        }
    }

    /// The record's fields alone.
    package func fields(names: FieldNameTable) -> MapValue {
        trusted(fallback: MapValue()) { reader, flags throws(FormatError) in
            try Self.skipTimes(&reader, flags: flags)
            return try reader.fields(depth: 0, names: flags & Self.internedNames != 0 ? names : nil)
        }
    }

    /// The value at `fieldPath`, without decoding the rest of the record (`nil` when missing).
    package func value(at fieldPath: FieldPath, names: FieldNameTable) -> Value? {
        trusted(fallback: nil) { reader, flags throws(FormatError) -> Value? in
            try Self.skipTimes(&reader, flags: flags)
            let names = flags & Self.internedNames != 0 ? names : nil
            let segments = fieldPath.segments
            var depth = 0
            while true {
                guard try reader.seekField(segments[depth], depth: depth, names: names) else { return nil }
                if depth == segments.count - 1 { return try reader.value(depth: depth, names: names) }
                guard try reader.byte() == ValueTag.map.rawValue else { return nil }
                depth += 1
            }
        }
    }

    /// Runs `body` on a reader past the flags byte. The engine decodes only records it encoded or that
    /// ``decode(_:path:commitTime:)`` accepted, so `body` cannot fail; were it to, `fallback` is returned
    /// rather than trapping on a read path.
    private func trusted<Result>(
        fallback: @autoclosure () -> Result, _ body: (inout BinaryReader, UInt8) throws(FormatError) -> Result
    ) -> Result {
        bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(buffer)
            do {
                let flags = try reader.byte()
                return try body(&reader, flags)
            } catch {
                assertionFailure("A stored document record does not decode: \(error)")
                return fallback()
            }
        }
    }

    private static func read(
        _ reader: inout BinaryReader,
        flags: UInt8,
        path: DocumentPath,
        commitTime: Timestamp,
        names: FieldNameTable?
    ) throws(FormatError) -> Document {
        let (createTime, updateTime) = try readTimes(&reader, flags: flags, commitTime: commitTime)
        let fields = try reader.fields(depth: 0, names: names)
        return Document(path: path, fields: fields, createTime: createTime, updateTime: updateTime)
    }

    private static func readTimes(
        _ reader: inout BinaryReader, flags: UInt8, commitTime: Timestamp
    ) throws(FormatError) -> (createTime: Timestamp, updateTime: Timestamp) {
        let updateTime = flags & updateIsCommit != 0 ? commitTime : try reader.timestamp()
        let createTime = flags & createIsUpdate != 0 ? updateTime : try reader.timestamp()
        return (createTime, updateTime)
    }

    private static func skipTimes(_ reader: inout BinaryReader, flags: UInt8) throws(FormatError) {
        if flags & updateIsCommit == 0 { _ = try reader.timestamp() }
        if flags & createIsUpdate == 0 { _ = try reader.timestamp() }
    }
}
