import HearthDomain

/// One document of a ``CollectionImage``: its ID, its times and its record kept at its update time
/// (self-contained field names). Opening a snapshot checks the record without decoding it into a
/// ``Document`` (``DocumentRecord/check(_:commitTime:)``); reads decode it when they need it, as they decode
/// every record the engine keeps.
package struct ImageDocument: Sendable, Equatable {
    /// The document's ID in its collection.
    package let identifier: DocumentIdentifier
    /// When it was created.
    package var createTime: Timestamp
    /// When it was last updated: the time its record is kept at.
    package var updateTime: Timestamp
    /// The document, encoded.
    package var record: DocumentRecord
    /// The hash the engine's ID table files the identifier under, computed where the document is read
    /// (on the threads that decode a snapshot, not the one that restores it).
    let identifierHash: Int

    /// The document `identifier` whose record `bytes` (read from a file) is kept at `updateTime`, checked
    /// as ``DocumentRecord/check(_:commitTime:)`` checks it; its times are the record's.
    package init(
        _ identifier: DocumentIdentifier, checking bytes: UnsafeRawBufferPointer, keptAt updateTime: Timestamp
    ) throws(FormatError) {
        let times = try DocumentRecord.check(bytes, commitTime: updateTime)
        self.identifier = identifier
        identifierHash = CollectionStore.hash(identifier.rawValue)
        createTime = times.createTime
        self.updateTime = times.updateTime
        record = DocumentRecord(bytes: Array(bytes))
    }

    /// `document`, identified as `identifier`, encoded at its update time with spelled-out field names.
    package init(_ document: Document, identifier: DocumentIdentifier) {
        self.identifier = identifier
        identifierHash = CollectionStore.hash(identifier.rawValue)
        createTime = document.createTime
        updateTime = document.updateTime
        record = DocumentRecord.encode(document, commitTime: document.updateTime)
    }
}
