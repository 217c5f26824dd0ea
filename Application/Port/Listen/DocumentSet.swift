public import HearthDomain

/// The documents of a listener snapshot: a set of documents, one per path, kept in a
/// ``DocumentOrdering``.
///
/// It is persistent: a listener derives each snapshot's set from the previous one in O(log n) per
/// changed document, and both stay valid and share their unchanged parts, so the cost of a snapshot
/// follows the size of the change, not the size of the results. Positional access (`set[i]`) and
/// ``index(of:)`` are O(log n); iterating is O(n) for the whole set.
public struct DocumentSet: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The order the documents are kept in.
    public let ordering: DocumentOrdering
    private let byOrder: AVLNode<Entry>?
    private let byPath: AVLNode<Entry>?

    /// An empty set.
    public init(ordering: DocumentOrdering) {
        self.init(ordering: ordering, byOrder: nil, byPath: nil)
    }

    /// A set of `documents` (for one path given twice, the last one is kept).
    public init(_ documents: some Sequence<Document>, ordering: DocumentOrdering) {
        var latest: [DocumentPath: Document] = [:]
        for document in documents { latest[document.path] = document }
        self.init(entries: latest.values.map { Entry(document: $0, key: ordering.sortKey(of: $0)) }, ordering: ordering)
    }

    /// A set of entries in any order, with distinct paths.
    package init(entries: [Entry], ordering: DocumentOrdering) {
        let sorted = entries.sorted { ordering.compare($0.key, $1.key) < 0 }
        let byPath = entries.sorted { Self.comparePaths($0.key.path, $1.key.path) < 0 }
        self.init(ordering: ordering, byOrder: AVLTree.build(sorted[...]), byPath: AVLTree.build(byPath[...]))
    }

    private init(ordering: DocumentOrdering, byOrder: AVLNode<Entry>?, byPath: AVLNode<Entry>?) {
        self.ordering = ordering
        self.byOrder = byOrder
        self.byPath = byPath
    }

    // MARK: Lookup

    /// The document at `path`, or `nil` when the set has none. O(log n).
    public func document(_ path: DocumentPath) -> Document? {
        entry(path)?.document
    }

    /// Whether the set holds a document at `path`. O(log n).
    public func contains(_ path: DocumentPath) -> Bool {
        entry(path) != nil
    }

    /// The position of the document at `path`, or `nil` when the set has none. O(log n).
    public func index(of path: DocumentPath) -> Int? {
        guard let entry = entry(path) else { return nil }
        return index(of: entry.key)
    }

    /// The documents in order, as an array. O(n).
    public var documents: [Document] { Array(self) }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { byOrder?.count ?? 0 }
    /// The number of documents. O(1).
    public var count: Int { endIndex }

    /// The document at `position` (0-based, in order); the position must be valid. O(log n).
    public subscript(position: Int) -> Document {
        precondition(position >= 0 && position < count, "DocumentSet index \(position) out of range 0..<\(count)")
        guard let byOrder else { preconditionFailure("DocumentSet is empty") }
        return AVLTree.element(at: position, in: byOrder).document
    }

    public func makeIterator() -> Iterator { Iterator(base: AVLIterator(byOrder)) }

    /// Walks the documents in order.
    public struct Iterator: IteratorProtocol {
        var base: AVLIterator<Entry>
        public mutating func next() -> Document? { base.next()?.document }
    }

    /// `DocumentSet(path, path, …)`: the paths in order, no field values.
    public var description: String {
        "DocumentSet(\(map(\.path.path).joined(separator: ", ")))"
    }

    /// Equal when both have the same ordering and the same documents (paths, fields and times) in the same
    /// order.
    public static func == (lhs: DocumentSet, rhs: DocumentSet) -> Bool {
        lhs.ordering == rhs.ordering && lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordering)
        hasher.combine(count)
        for document in self { hasher.combine(document) }
    }

    // MARK: Package operations

    /// A document with the key it is ordered by (computed from the whole document, so a projected
    /// document keeps its place). A class, so that the trees move one reference per entry instead of
    /// the document's and the key's several.
    package final class Entry: Sendable {
        package let document: Document
        package let key: SortKey

        package init(document: Document, key: SortKey) {
            self.document = document
            self.key = key
        }
    }

    /// The entry at `path`. O(log n).
    func entry(_ path: DocumentPath) -> Entry? {
        AVLTree.find(in: byPath) { Self.comparePaths(path, $0.key.path) }?.element
    }

    /// The position an entry with `key` has. O(log n).
    func index(of key: SortKey) -> Int? {
        AVLTree.find(in: byOrder) { ordering.compare(key, $0.key) }?.index
    }

    /// The entry at `position`. O(log n).
    package func entry(at position: Int) -> Entry? {
        guard position >= 0, position < count, let byOrder else { return nil }
        return AVLTree.element(at: position, in: byOrder)
    }

    /// The entries in order. O(n).
    var entries: [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(count)
        var iterator = AVLIterator(byOrder)
        while let entry = iterator.next() { result.append(entry) }
        return result
    }

    /// The set with `entry` in place of any entry at its path. O(log n).
    package func setting(_ entry: Entry) -> DocumentSet {
        let removed = removing(entry.key.path)
        return DocumentSet(
            ordering: ordering,
            byOrder: AVLTree.inserting(entry, into: removed.byOrder) { ordering.compare($0.key, $1.key) },
            byPath: AVLTree.inserting(entry, into: removed.byPath) { Self.comparePaths($0.key.path, $1.key.path) }
        )
    }

    /// The set without the entry at `path` (an equal set when there is none). O(log n).
    package func removing(_ path: DocumentPath) -> DocumentSet {
        guard let old = entry(path) else { return self }
        return DocumentSet(
            ordering: ordering,
            byOrder: AVLTree.removing(from: byOrder) { ordering.compare(old.key, $0.key) },
            byPath: AVLTree.removing(from: byPath) { Self.comparePaths(path, $0.key.path) }
        )
    }

    /// The same entries in another ordering. O(n log n), O(n) when `ordering` is this one reversed.
    package func reordered(_ ordering: DocumentOrdering) -> DocumentSet {
        if ordering == self.ordering { return self }
        if ordering == self.ordering.reversed {
            return DocumentSet(
                ordering: ordering, byOrder: AVLTree.build(Array(entries.reversed())[...]), byPath: byPath)
        }
        return DocumentSet(entries: entries, ordering: ordering)
    }

    private static func comparePaths(_ lhs: DocumentPath, _ rhs: DocumentPath) -> Int {
        DocumentOrdering.compare(lhs, rhs)
    }
}
