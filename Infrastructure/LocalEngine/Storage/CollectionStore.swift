import HearthDomain

/// A document ID and its versions. A free slot has no ID and an empty chain.
struct DocumentSlot: Sendable {
    var identifier: DocumentIdentifier?
    var chain: VersionChain

    var documentID: String { identifier?.rawValue ?? "" }
}

/// The documents of one collection and their indexes.
///
/// Documents live in a dense table of slots (ID and version chain; ``SlotTable``, copied on write a chunk
/// at a time); an open-addressing table of slot numbers finds a slot by ID. Index entries end with the
/// slot number, so an index scan reaches its documents without a lookup. The indexes hold the entries of every *retained* version (not only the
/// newest), so that a read at any allowed time finds a superset of its documents; a scan checks each
/// entry against the version current at its read time (see ``candidate(_:in:at:names:)``).
struct CollectionStore: Sendable {
    let path: CollectionPath
    private(set) var slots = SlotTable()
    private var freeSlots: [UInt32] = []
    /// By hash of the document ID: the slot number + 1 in the low 32 bits (0: empty), and the high 32
    /// bits of the ID's hash in the high ones, so that a probe compares IDs only when those match;
    /// linear probing, at most 3/4 full.
    private var buckets: [UInt64] = []
    /// Slots in use (paths with at least one version).
    private(set) var chainCount = 0
    private(set) var indexes: [IndexSelector: SortedKeyList] = [:]
    private(set) var composites: [CompositeIndexDefinition] = []
    /// Document IDs (existing or not) that have at least one registered subcollection.
    var documentsWithSubcollections: Set<TextKey> = []
    /// The storage's generation when a version was last installed or discarded here.
    private(set) var changedAt: UInt64 = 0

    init(path: CollectionPath) {
        self.path = path
    }

    var isEmpty: Bool { chainCount == 0 && documentsWithSubcollections.isEmpty }

    // MARK: Slots

    func slot(of documentID: String) -> UInt32? {
        guard !buckets.isEmpty else { return nil }
        return probe(documentID).slot
    }

    /// The empty bucket where `documentID` goes and its tag, found in one probe, or `nil` when a slot
    /// holds that ID (the table must have room).
    private func freeBucket(for documentID: String, hash: Int) -> (bucket: Int, tag: UInt64)? {
        let found = probe(documentID, hash: hash)
        return found.slot == nil ? (found.bucket, found.tag) : nil
    }

    /// The slot holding `documentID` (`nil`: none), else the empty bucket where the probe for it ended;
    /// and the ID's tag. The table must not be empty.
    private func probe(_ documentID: String, hash: Int? = nil) -> (slot: UInt32?, bucket: Int, tag: UInt64) {
        let mask = buckets.count - 1
        let hash = hash ?? Self.hash(documentID)
        let tag = Self.tag(hash)
        var bucket = hash & mask
        while buckets[bucket] != 0 {
            let entry = buckets[bucket]
            if entry & Self.tagMask == tag {
                let slot = UInt32(truncatingIfNeeded: entry) - 1
                if UTF8Order.equal(slots[Int(slot)].documentID, documentID) { return (slot, bucket, tag) }
            }
            bucket = (bucket + 1) & mask
        }
        return (nil, bucket, tag)
    }

    func chain(_ documentID: String) -> VersionChain? {
        slot(of: documentID).map { slots[Int($0)].chain }
    }

    private mutating func makeSlot(for identifier: DocumentIdentifier) -> UInt32 {
        let documentID = identifier.rawValue
        if let existing = slot(of: documentID) { return existing }
        if (chainCount + 1) * 4 > buckets.count * 3 { rehash(capacity: max(16, buckets.count * 2)) }
        let slot: UInt32
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(slot)] = DocumentSlot(identifier: identifier, chain: .empty)
        } else {
            slot = UInt32(slots.count)
            slots.append(DocumentSlot(identifier: identifier, chain: .empty))
        }
        place(slot)
        chainCount += 1
        return slot
    }

    private mutating func place(_ slot: UInt32) {
        let mask = buckets.count - 1
        let hash = Self.hash(slots[Int(slot)].documentID)
        var bucket = hash & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = Self.tag(hash) | UInt64(slot + 1)
    }

    private mutating func rehash(capacity: Int) {
        buckets = Array(repeating: 0, count: capacity)
        for (index, entry) in slots.enumerated() where !entry.chain.isEmpty { place(UInt32(index)) }
    }

    private mutating func freeSlot(_ slot: UInt32) {
        let mask = buckets.count - 1
        var hole = Self.hash(slots[Int(slot)].documentID) & mask
        while UInt32(truncatingIfNeeded: buckets[hole]) != slot + 1 { hole = (hole + 1) & mask }
        var next = (hole + 1) & mask
        while buckets[next] != 0 {
            let ideal = Self.hash(slots[Int(UInt32(truncatingIfNeeded: buckets[next]) - 1)].documentID) & mask
            let movable = hole <= next ? (ideal <= hole || ideal > next) : (ideal <= hole && ideal > next)
            if movable {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
        slots[Int(slot)] = DocumentSlot(identifier: nil, chain: .empty)
        freeSlots.append(slot)
        chainCount -= 1
    }

    /// The positions of `hashes` grouped by the region of a table of `buckets` buckets (a power of two)
    /// their home bucket lies in, 256 regions in table order (a counting sort).
    private static func orderByRegion(_ hashes: [Int], buckets: Int) -> [Int] {
        let mask = buckets - 1
        let shift = max(0, buckets.trailingZeroBitCount - 8)
        var starts = [Int](repeating: 0, count: 257)
        for hash in hashes { starts[((hash & mask) >> shift) + 1] += 1 }
        for region in 1..<starts.count { starts[region] += starts[region - 1] }
        var order = [Int](repeating: 0, count: hashes.count)
        for (number, hash) in hashes.enumerated() {
            let region = (hash & mask) >> shift
            order[starts[region]] = number
            starts[region] += 1
        }
        return order
    }

    private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

    /// The high 32 bits of `hash`, in place, kept in a bucket beside the slot number.
    private static func tag(_ hash: Int) -> UInt64 {
        UInt64(UInt(bitPattern: hash)) & tagMask
    }

    /// The hash the ID table files `text` under (seeded per process, as Swift's `Hasher` is).
    static func hash(_ text: String) -> Int {
        var hasher = Hasher()
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }

    // MARK: Reads

    /// The document a stored version holds, with its path rebuilt from this collection and the ID.
    func document(_ version: StoredVersion, identifier: DocumentIdentifier?, names: FieldNameTable) -> Document? {
        guard let record = version.record, let identifier else { return nil }
        return record.decode(path: path.document(identifier), commitTime: version.commitTime, names: names)
    }

    func document(_ documentID: String, at time: Timestamp, names: FieldNameTable) -> Document? {
        guard let slot = slot(of: documentID) else { return nil }
        return document(inSlot: slot, at: time, names: names)
    }

    func document(inSlot slot: UInt32, at time: Timestamp, names: FieldNameTable) -> Document? {
        let entry = slots[Int(slot)]
        guard let version = entry.chain.version(at: time) else { return nil }
        return document(version, identifier: entry.identifier, names: names)
    }

    func head(_ documentID: String, names: FieldNameTable) -> DocumentVersion? {
        guard let slot = slot(of: documentID), let head = slots[Int(slot)].chain.head else { return nil }
        return DocumentVersion(
            commitTime: head.commitTime, document: document(head, identifier: slots[Int(slot)].identifier, names: names)
        )
    }

    func exists(_ documentID: String, at time: Timestamp) -> Bool {
        chain(documentID)?.version(at: time)?.record != nil
    }

    /// Calls `body` with every document that exists at `time`, in slot order, until it returns `false`.
    @discardableResult
    func forEachDocument(at time: Timestamp, names: FieldNameTable, _ body: (Document) -> Bool) -> Bool {
        for entry in slots {
            guard let version = entry.chain.version(at: time), version.record != nil else { continue }
            if let document = document(version, identifier: entry.identifier, names: names), !body(document) {
                return false
            }
        }
        return true
    }

    func hasDocument(at time: Timestamp) -> Bool {
        slots.contains { $0.chain.version(at: time)?.record != nil }
    }

    // MARK: Index reads

    func index(_ selector: IndexSelector) -> SortedKeyList? {
        indexes[selector]
    }

    /// The document an index entry leads to, if the entry belongs to the version current at `time`: a
    /// document is returned once per index scan however many of its retained versions have entries.
    func candidate(
        _ entry: UnsafeRawBufferPointer, in index: IndexSelector, at time: Timestamp, names: FieldNameTable
    ) -> Document? {
        let slot = IndexKeyEncoding.slot(of: entry)
        guard Int(slot) < slots.count else { return nil }
        let stored = slots[Int(slot)]
        guard let version = stored.chain.version(at: time), version.record != nil,
            let document = document(version, identifier: stored.identifier, names: names)
        else { return nil }
        if stored.chain.isSingle { return document }
        if case .name = index { return document }
        let suffix = IndexEntries.nameSuffix(documentID: stored.documentID, slot: slot)
        let current = IndexEntries.keys(in: index, fields: document.fields, suffix: suffix)
        let matches = current.contains { key in key.withUnsafeBytes { UTF8Order.compareBytes($0, entry) == 0 } }
        return matches ? document : nil
    }

    // MARK: Mutation

    /// Appends a version of the document `identifier` (kept as `record`, or encoded here when `nil`) and
    /// its index entries; `change` is the storage's generation for it. Returns the record kept.
    mutating func install(
        _ document: Document?,
        record: DocumentRecord?,
        identifier: DocumentIdentifier,
        commitTime: Timestamp,
        change: UInt64,
        names: inout FieldNameTable
    ) -> DocumentRecord? {
        changedAt = change
        let documentID = identifier.rawValue
        let slot = makeSlot(for: identifier)
        let record = document.map { record ?? DocumentRecord.encode($0, commitTime: commitTime, names: &names) }
        slots[Int(slot)].chain.append(StoredVersion(commitTime: commitTime, record: record))
        guard let document else { return nil }
        let suffix = IndexEntries.nameSuffix(documentID: documentID, slot: slot)
        IndexEntries.forEach(document.fields, suffix: suffix, composites: composites) { selector, key in
            indexes[selector, default: SortedKeyList()].insert(key)
        }
        return record
    }

    /// Installs the documents of an empty collection in bulk (a snapshot's, on open), each as a single
    /// version kept at its update time: slots in the given order, the ID table sized once, and each index
    /// built once from its sorted keys rather than key by key. Returns the first document ID that repeats
    /// (`nil`: none); the store is then unusable and must be dropped. Requires ``isBulkLoadable``.
    ///
    /// With `prebuilt` (a snapshot's indexes, their name suffixes numbering `entries` from 0), those are
    /// the indexes, the composite ones among them its automatic composite indexes, and no key is derived;
    /// else every entry carries its fields, and the indexes are built from them.
    mutating func installInBulk(
        _ entries: some RandomAccessCollection<some BulkInstallable>,
        prebuilt: [IndexSelector: SortedKeyList]? = nil,
        change: UInt64
    ) -> String? {
        changedAt = change
        var capacity = 16
        while (chainCount + entries.count) * 4 > capacity * 3 { capacity *= 2 }
        if capacity > buckets.count { rehash(capacity: capacity) }
        var builder = BulkIndexBuilder(composites: composites)
        var hashes: [Int] = []
        hashes.reserveCapacity(entries.count)
        for entry in entries {
            let documentID = entry.identifier.rawValue
            let slot = UInt32(slots.count)
            slots.append(
                DocumentSlot(
                    identifier: entry.identifier,
                    chain: .single(StoredVersion(commitTime: entry.updateTime, record: entry.record))))
            hashes.append(entry.identifierHash)
            if prebuilt == nil, let fields = entry.fields {
                builder.add(fields, suffix: IndexEntries.nameSuffix(documentID: documentID, slot: slot))
            }
        }
        // Placed a region of the table at a time (linear probing accepts any order): at a million
        // documents, one bucket after another at random was a cache miss each.
        let first = slots.count - entries.count
        for number in Self.orderByRegion(hashes, buckets: buckets.count) {
            let slot = first + number
            guard let free = freeBucket(for: slots[slot].documentID, hash: hashes[number]) else {
                return Self.firstRepeat(in: entries)
            }
            buckets[free.bucket] = free.tag | UInt64(slot + 1)
            chainCount += 1
        }
        if let prebuilt {
            composites = prebuilt.keys.compactMap { selector in
                if case .composite(let definition) = selector { return definition }
                return nil
            }
            indexes = prebuilt.filter { !$0.value.isEmpty }
        } else {
            indexes = builder.build()
        }
        return nil
    }

    /// The first document ID of `entries` that repeats one before it, in their order (the placement
    /// above goes by hash region, which would name a different repeat from run to run).
    private static func firstRepeat(in entries: some Collection<some BulkInstallable>) -> String? {
        var seen = Set<DocumentIdentifier>(minimumCapacity: entries.count)
        return entries.first { !seen.insert($0.identifier).inserted }?.identifier.rawValue
    }

    /// Whether ``installInBulk(_:prebuilt:change:)`` may be used: no document, no index yet.
    var isBulkLoadable: Bool { chainCount == 0 && slots.isEmpty && indexes.isEmpty }

    /// Removes the versions installed at or after `time` (a discarded commit) and their index entries.
    mutating func discardVersions(
        of documentID: String, installedAtOrAfter time: Timestamp, change: UInt64, names: FieldNameTable
    ) {
        changedAt = change
        guard let slot = slot(of: documentID) else { return }
        let removed = slots[Int(slot)].chain.removeVersions(installedAtOrAfter: time)
        removeEntries(of: removed, slot: slot, names: names)
        if slots[Int(slot)].chain.isEmpty { freeSlot(slot) }
    }

    /// Forgets the versions no read at or after `cutoff` can see, and their index entries.
    mutating func prune(_ documentID: String, before cutoff: Timestamp, names: FieldNameTable) {
        guard let slot = slot(of: documentID) else { return }
        var removed = slots[Int(slot)].chain.prune(before: cutoff)
        if slots[Int(slot)].chain.isObsolete(at: cutoff) {
            removed += slots[Int(slot)].chain.versions
            slots[Int(slot)].chain = .empty
        }
        removeEntries(of: removed, slot: slot, names: names)
        if slots[Int(slot)].chain.isEmpty { freeSlot(slot) }
    }

    /// Removes the entries of `removed` versions that no remaining version of the slot also has.
    private mutating func removeEntries(of removed: [StoredVersion], slot: UInt32, names: FieldNameTable) {
        let removedRecords = removed.compactMap(\.record)
        guard !removedRecords.isEmpty else { return }
        let documentID = slots[Int(slot)].documentID
        let suffix = IndexEntries.nameSuffix(documentID: documentID, slot: slot)
        var kept = Set<IndexEntry>()
        for version in slots[Int(slot)].chain.versions {
            guard let record = version.record else { continue }
            IndexEntries.forEach(record.fields(names: names), suffix: suffix, composites: composites) { selector, key in
                kept.insert(IndexEntry(index: selector, key: key))
            }
        }
        for record in removedRecords {
            IndexEntries.forEach(record.fields(names: names), suffix: suffix, composites: composites) { selector, key in
                guard !kept.contains(IndexEntry(index: selector, key: key)) else { return }
                indexes[selector]?.remove(key)
                if indexes[selector]?.isEmpty == true { indexes[selector] = nil }
            }
        }
    }

    /// Builds an automatic composite index over every retained version.
    mutating func addComposite(_ definition: CompositeIndexDefinition, names: FieldNameTable) {
        guard !composites.contains(definition) else { return }
        var run = IndexKeyRun()
        for (index, entry) in slots.enumerated() where !entry.chain.isEmpty {
            let suffix = IndexEntries.nameSuffix(documentID: entry.documentID, slot: UInt32(index))
            versions: for version in entry.chain.versions {
                guard let record = version.record else { continue }
                for field in definition.fields {
                    guard let value = record.value(at: field, names: names) else {
                        run.abandonKey()
                        continue versions
                    }
                    run.append(value)
                }
                run.endKey(suffix: suffix)
            }
        }
        composites.append(definition)
        if !run.isEmpty { indexes[.composite(definition)] = run.sortedKeyList() }
    }
}

/// A document installed in bulk (``CollectionStore/installInBulk(_:prebuilt:change:)``): kept as a single
/// version at its update time.
protocol BulkInstallable {
    var identifier: DocumentIdentifier { get }
    /// ``CollectionStore/hash(_:)`` of the identifier.
    var identifierHash: Int { get }
    var updateTime: Timestamp { get }
    /// The document encoded, kept at ``updateTime``.
    var record: DocumentRecord { get }
    /// Its fields, when its index entries are derived from them (`nil`: the indexes come prebuilt).
    var fields: MapValue? { get }
}

/// A document installed in bulk with its fields, its index entries derived from them.
struct BulkDocument: BulkInstallable, Sendable {
    let identifier: DocumentIdentifier
    let updateTime: Timestamp
    let record: DocumentRecord
    let fields: MapValue?

    var identifierHash: Int { CollectionStore.hash(identifier.rawValue) }
}

extension ImageDocument: BulkInstallable {
    /// None: a snapshot's documents come with their indexes.
    var fields: MapValue? { nil }
}

/// An index entry, for set arithmetic during maintenance.
struct IndexEntry: Hashable {
    let index: IndexSelector
    let key: [UInt8]
}
