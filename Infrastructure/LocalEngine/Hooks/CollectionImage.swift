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

/// One index of a ``CollectionImage``: what it indexes and its keys, strictly ascending (unsigned bytes, a
/// prefix first). The keys are kept as the engine's index keeps them (the chunks of a ``SortedKeyList``):
/// reading a snapshot appends them there, and restoring it checks them and keeps them as they are.
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
    /// The keys, in the order they were appended.
    private var list = SortedKeyList()
    /// Whether a key was appended that is not greater than the one before it or too short for a name
    /// suffix (restore then checks every key, to name the first bad one), or the keys came whole.
    private var suspect = false
    /// The highest slot number the keys name (when not ``suspect``).
    private var highestSlot: UInt32 = 0

    /// An index image without keys.
    package init(kind: Kind, fields: [FieldPath]) {
        self.kind = kind
        self.fields = fields
    }

    /// The number of keys.
    package var count: Int { list.count }

    /// The bytes of every key, together.
    package var byteCount: Int { list.chunks.reduce(0) { $0 + $1.byteCount } }

    /// Appends a key (the caller keeps the keys ascending; restore checks).
    package mutating func append(_ key: UnsafeRawBufferPointer) {
        let ascending = list.withLastKey { previous in previous.map { UTF8Order.compareBytes($0, key) < 0 } ?? true }
        list.appendGreatest(key)
        noteAppended(ascending: ascending)
    }

    /// Appends a key made of the first `shared` bytes of the last key, then `rest`; `false` (and nothing
    /// appended) when the last key is shorter than `shared`, or there is none and `shared` is not 0.
    /// Whether it is greater than the last key is told by `rest` alone.
    package mutating func append(sharing shared: Int, then rest: UnsafeRawBufferPointer) -> Bool {
        let ascending = list.withLastKey { previous in
            guard let previous, shared >= 0, shared <= previous.count else { return true }
            return UTF8Order.compareBytes(rest, UnsafeRawBufferPointer(rebasing: previous[shared...])) > 0
        }
        guard list.appendGreatest(sharing: shared, then: rest) else { return false }
        noteAppended(ascending: ascending)
        return true
    }

    /// Records what restore must know of the key just appended.
    private mutating func noteAppended(ascending: Bool) {
        let slot = list.withLastKey { key in key.map { $0.count >= 6 ? IndexKeyEncoding.slot(of: $0) : nil } }
        guard ascending, let slot = slot ?? nil else {
            suspect = true
            return
        }
        highestSlot = max(highestSlot, slot)
    }

    /// Appends the keys of `other` (an index's keys continued in the next record), without copying them.
    package mutating func append(contentsOf other: IndexImage) {
        let seamAscending = list.withLastKey { last in
            other.list.withFirstKey { first in
                guard let last, let first else { return true }
                return UTF8Order.compareBytes(last, first) < 0
            }
        }
        suspect = suspect || other.suspect || !seamAscending
        highestSlot = max(highestSlot, other.highestSlot)
        list.appendChunks(of: other.list)
    }

    /// Calls `body` with each key in order.
    package func forEachKey(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        for chunk in list.chunks {
            for index in 0..<chunk.count { try chunk.withKey(index, body) }
        }
    }

    /// Equal kinds, fields and keys.
    package static func == (lhs: IndexImage, rhs: IndexImage) -> Bool {
        guard lhs.kind == rhs.kind, lhs.fields == rhs.fields, lhs.count == rhs.count else { return false }
        var right: [[UInt8]] = []
        right.reserveCapacity(rhs.count)
        rhs.forEachKey { right.append(Array($0)) }
        var index = 0
        var equal = true
        lhs.forEachKey { key in
            if equal { equal = right[index].withUnsafeBytes { UTF8Order.compareBytes($0, key) == 0 } }
            index += 1
        }
        return equal
    }

    init(_ selector: IndexSelector, _ list: SortedKeyList) {
        switch selector {
        case .name: self.init(kind: .name, fields: [])
        case .value(let path): self.init(kind: .value, fields: [path])
        case .arrayContains(let path): self.init(kind: .arrayContains, fields: [path])
        case .composite(let definition): self.init(kind: .composite, fields: definition.fields)
        }
        self.list = list
        suspect = true  // not checked key by key: restoring it checks every key
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

    /// The keys as an index of a collection of `documents` documents (kept as they are, not copied), or
    /// why they cannot be: keys not strictly ascending, or shorter than a name suffix, or naming a
    /// document beyond the collection.
    func sortedKeyList(documents: Int) -> Result<SortedKeyList, ImageError> {
        // Read from a snapshot, each key was compared with the one before it as it was appended.
        if !suspect, list.isEmpty || Int(highestSlot) < documents { return .success(list) }
        var number = 0
        for (position, chunk) in list.chunks.enumerated() {
            let failure: ImageError? = chunk.bytes.withUnsafeBytes { bytes in
                var start = 0
                for (entry, end) in chunk.ends.enumerated() {
                    let key = UnsafeRawBufferPointer(rebasing: bytes[start..<Int(end)])
                    guard key.count >= 6, Int(IndexKeyEncoding.slot(of: key)) < documents else {
                        return ImageError("key \(number) names no document of the collection")
                    }
                    let ascending =
                        entry > 0
                        ? UTF8Order.compareBytes(UnsafeRawBufferPointer(rebasing: bytes[chunk.bounds(entry - 1)]), key)
                            < 0
                        : position == 0
                            || list.chunks[position - 1].withKey(list.chunks[position - 1].count - 1) {
                                UTF8Order.compareBytes($0, key) < 0
                            }
                    guard ascending else { return ImageError("its keys are not in order (key \(number))") }
                    number += 1
                    start = Int(end)
                }
                return nil
            }
            if let failure { return .failure(failure) }
        }
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
