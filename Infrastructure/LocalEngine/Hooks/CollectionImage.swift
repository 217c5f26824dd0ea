import HearthDomain

/// One collection of an engine's published state as a snapshot of format version 3 holds it: its
/// documents in order, and each of its indexes (automatic composites included) as keys already sorted,
/// whose name suffixes number the documents in that order. Restoring it
/// (``LocalEngine/restore(collections:through:)``) copies the keys instead of deriving and sorting them.
package struct CollectionImage: Sendable, Equatable {
    /// The collection.
    package var path: CollectionPath
    /// Its documents, in the order the index keys number them (the first is 0).
    package var documents: [ImageDocument]
    /// Its indexes; the name index holds one key per document.
    package var indexes: [IndexImage]

    /// A collection image of `documents` and `indexes`.
    package init(path: CollectionPath, documents: [ImageDocument], indexes: [IndexImage]) {
        self.path = path
        self.documents = documents
        self.indexes = indexes
    }
}

/// One document of a ``CollectionImage``: its ID, its times and its record kept at its update time
/// (self-contained field names). Opening a snapshot checks the record without decoding it into a
/// ``Document`` (``DocumentRecord/check(_:commitTime:)``); reads decode it when they need it, as they decode
/// every record the engine keeps.
package struct ImageDocument: Sendable, Equatable {
    /// The document's ID in its collection.
    package var identifier: DocumentIdentifier
    /// When it was created.
    package var createTime: Timestamp
    /// When it was last updated: the time its record is kept at.
    package var updateTime: Timestamp
    /// The document, encoded.
    package var record: DocumentRecord

    /// A document of an image; `record` must hold a document of these times, kept at `updateTime`.
    package init(
        identifier: DocumentIdentifier, createTime: Timestamp, updateTime: Timestamp, record: DocumentRecord
    ) {
        self.identifier = identifier
        self.createTime = createTime
        self.updateTime = updateTime
        self.record = record
    }

    /// `document`, identified as `identifier`, encoded at its update time with spelled-out field names.
    package init(_ document: Document, identifier: DocumentIdentifier) {
        self.init(
            identifier: identifier, createTime: document.createTime, updateTime: document.updateTime,
            record: DocumentRecord.encode(document, commitTime: document.updateTime))
    }
}

/// One index of a ``CollectionImage``: what it indexes and its keys, strictly ascending (unsigned bytes, a
/// prefix first), back to back.
package struct IndexImage: Sendable, Equatable {
    /// What an index holds.
    package enum Kind: UInt8, Sendable {
        /// Every document by name (no fields).
        case name = 0
        /// Every document holding the one field, by (value, name).
        case value = 1
        /// Every element of the array at the one field, by (element, name).
        case arrayContains = 2
        /// Every document holding all the fields (at least one), by (values, name): an automatic
        /// composite index.
        case composite = 3
    }

    /// What the index holds.
    package var kind: Kind
    /// Its fields: none for ``Kind/name``, one for ``Kind/value`` and ``Kind/arrayContains``.
    package var fields: [FieldPath]
    /// The keys, back to back.
    package var keys: [UInt8]
    /// The offset just past each key in ``keys``.
    package var ends: [UInt32]

    /// An index image; the caller keeps `ends` consistent with `keys`.
    package init(kind: Kind, fields: [FieldPath], keys: [UInt8] = [], ends: [UInt32] = []) {
        self.kind = kind
        self.fields = fields
        self.keys = keys
        self.ends = ends
    }

    /// The number of keys.
    package var count: Int { ends.count }

    /// Appends a key (the caller keeps the keys ascending; restore checks).
    package mutating func append(_ key: UnsafeRawBufferPointer) {
        keys.append(contentsOf: key)
        ends.append(UInt32(truncatingIfNeeded: keys.count))
    }

    /// Appends a key made of the first `shared` bytes of the last key, then `rest`; `false` (and nothing
    /// appended) when the last key is shorter than `shared`, or there is none and `shared` is not 0.
    package mutating func append(sharing shared: Int, then rest: UnsafeRawBufferPointer) -> Bool {
        let previousStart = ends.count >= 2 ? Int(ends[ends.count - 2]) : 0
        let previousEnd = Int(ends.last ?? 0)
        guard shared >= 0, shared <= previousEnd - previousStart else { return false }
        let start = keys.count
        keys.append(contentsOf: repeatElement(0, count: shared))
        keys.withUnsafeMutableBufferPointer { buffer in
            for position in 0..<shared { buffer[start + position] = buffer[previousStart + position] }
        }
        keys.append(contentsOf: rest)
        ends.append(UInt32(truncatingIfNeeded: keys.count))
        return true
    }

    /// Calls `body` with each key in order.
    package func forEachKey(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try keys.withUnsafeBytes { bytes in
            var start = 0
            for end in ends {
                try body(UnsafeRawBufferPointer(rebasing: bytes[start..<Int(end)]))
                start = Int(end)
            }
        }
    }

    init(_ selector: IndexSelector, _ list: SortedKeyList) {
        switch selector {
        case .name: self.init(kind: .name, fields: [])
        case .value(let path): self.init(kind: .value, fields: [path])
        case .arrayContains(let path): self.init(kind: .arrayContains, fields: [path])
        case .composite(let definition): self.init(kind: .composite, fields: definition.fields)
        }
        keys.reserveCapacity(list.chunks.reduce(0) { $0 + $1.byteCount })
        ends.reserveCapacity(list.count)
        for chunk in list.chunks {
            for index in 0..<chunk.count { chunk.withKey(index) { append($0) } }
        }
    }

    fileprivate var sortName: String { fields.map(\.canonicalString).joined(separator: "\u{0}") }

    /// The index this image describes (`nil`: fields that do not fit the kind).
    var selector: IndexSelector? {
        switch (kind, fields.count) {
        case (.name, 0): .name
        case (.value, 1): .value(fields[0])
        case (.arrayContains, 1): .arrayContains(fields[0])
        case (.composite, 1...): .composite(CompositeIndexDefinition(fields: fields))
        default: nil
        }
    }

    /// The keys as an index of a collection of `documents` documents, or why they cannot be: keys not
    /// strictly ascending, or shorter than a name suffix, or naming a document beyond the collection.
    func sortedKeyList(documents: Int) -> Result<SortedKeyList, ImageError> {
        var list = SortedKeyList()
        var failure: ImageError?
        keys.withUnsafeBytes { bytes in
            var start = 0
            var previous: UnsafeRawBufferPointer?
            for (number, end) in ends.enumerated() {
                guard Int(end) >= start, Int(end) <= bytes.count else {
                    failure = ImageError("key \(number) lies outside its index's bytes")
                    return
                }
                let key = UnsafeRawBufferPointer(rebasing: bytes[start..<Int(end)])
                guard key.count >= 6, Int(IndexKeyEncoding.slot(of: key)) < documents else {
                    failure = ImageError("key \(number) names no document of the collection")
                    return
                }
                if let previous, UTF8Order.compareBytes(previous, key) >= 0 {
                    failure = ImageError("its keys are not in order (key \(number))")
                    return
                }
                list.appendGreatest(key)
                previous = key
                start = Int(end)
            }
        }
        if let failure { return .failure(failure) }
        list.finishAppending()
        return .success(list)
    }
}

/// Why a ``CollectionImage`` cannot be restored.
struct ImageError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

extension PublishedView {
    /// The number of documents that exist at ``commitTime`` (without decoding them).
    package func documentCount() -> Int {
        var count = 0
        for store in storage.collections.values {
            for slot in store.slots where slot.chain.version(at: commitTime)?.record != nil { count += 1 }
        }
        return count
    }

    /// Calls `body` with each collection that holds documents at ``commitTime``, as a ``CollectionImage``:
    /// its documents in slot order, each encoded at its update time with spelled-out field names, and its
    /// indexes (the automatic composites it has included) built from those documents alone.
    package func forEachCollectionImage<Failure: Error>(
        _ body: (CollectionImage) throws(Failure) -> Void
    ) throws(Failure) {
        for (path, store) in storage.collections {
            var documents: [ImageDocument] = []
            var builder = BulkIndexBuilder(composites: store.composites)
            for slot in store.slots {
                guard let identifier = slot.identifier, let version = slot.chain.version(at: commitTime),
                    let document = store.document(version, identifier: identifier, names: storage.names)
                else { continue }
                let number = UInt32(truncatingIfNeeded: documents.count)
                documents.append(ImageDocument(document, identifier: identifier))
                builder.add(
                    document.fields, suffix: IndexEntries.nameSuffix(documentID: identifier.rawValue, slot: number))
            }
            guard !documents.isEmpty else { continue }
            let built = builder.build()
            var indexes = built.map { IndexImage($0.key, $0.value) }
            for definition in store.composites where built[.composite(definition)] == nil {
                indexes.append(IndexImage(kind: .composite, fields: definition.fields))  // no document has its fields
            }
            indexes.sort { ($0.kind.rawValue, $0.sortName) < ($1.kind.rawValue, $1.sortName) }
            try body(CollectionImage(path: path, documents: documents, indexes: indexes))
        }
    }
}
